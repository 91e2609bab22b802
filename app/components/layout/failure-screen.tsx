import { isRouteErrorResponse } from 'react-router';

/**
 * The seed's generic failure screen: an application error happened while loading the site; look at the
 * browser console or the server logs. The digest is the id the server logged the failure with.
 */
export function FailureScreen({ error, serverDigest }: { error: unknown; serverDigest: string | null }) {
  const digest = serverDigest ?? (typeof document !== 'undefined' ? (document.getElementById('error-digest')?.textContent ?? null) : null);
  const side = typeof document === 'undefined' || digest ? 'do servidor' : 'do navegador';
  if (typeof window !== 'undefined' && !isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-paper p-6 text-ink">
      <title>Erro · Maratona</title>
      <section className="max-w-xl text-center">
        <h1 className="mb-3 font-serif text-2xl font-bold">Erro de aplicação</h1>
        <p className="mb-2">
          Ocorreu um erro de aplicação (no lado {side}) ao carregar o Maratona. Veja o console do navegador ou os logs do servidor para mais informações.
        </p>
        {digest ? (
          <p className="mb-4 text-sm text-muted">
            Digest: <code id="error-digest">{digest}</code>
          </p>
        ) : null}
        <button type="button" onClick={() => window.location.reload()} className="min-h-11 rounded-lg bg-mar px-5 py-2.5 font-semibold text-on-mar">
          Tentar de novo
        </button>
      </section>
    </main>
  );
}

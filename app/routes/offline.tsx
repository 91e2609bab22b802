import { useEffect, useState } from 'react';
import type { Route } from './+types/offline';
import { Foca } from '~/components/ui/foca';

export const meta: Route.MetaFunction = () => [{ title: 'Sem internet — Maratona' }];

/** Prerendered at build time; the service worker shows it when a page is not available offline. */
export default function Offline() {
  const [pages, setPages] = useState<string[]>([]);
  useEffect(() => {
    if (!('caches' in window)) return;
    void caches
      .open('paginas')
      .then((cache) => cache.keys())
      .then((requests) => setPages(requests.map((r) => new URL(r.url).pathname).filter((p) => p !== '/~offline')));
  }, []);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-8 text-center">
      <Foca mood="sleeping" size={140} />
      <h1 className="font-serif text-3xl font-bold">Você está sem internet</h1>
      <p className="text-muted">Assim que a conexão voltar, é só recarregar. Enquanto isso, estas páginas que você visitou continuam disponíveis:</p>
      {pages.length ? (
        <ul className="flex flex-col gap-1">
          {pages.map((p) => (
            <li key={p}>
              <a href={p}>{p}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Nenhuma página guardada ainda.</p>
      )}
      <button type="button" onClick={() => window.location.reload()} className="min-h-11 rounded-lg bg-mar px-5 py-2.5 font-semibold text-on-mar">
        Tentar de novo
      </button>
    </section>
  );
}

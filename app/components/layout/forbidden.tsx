import { Link } from '~/components/link';
import { Foca } from '~/components/ui/foca';

/** What a 403 answers with: a public thing the reader may see but not change (PRODUCT.md §1.2). */
export type ForbiddenData = { message: string; back?: { to: string; label: string } };

export function isForbiddenData(value: unknown): value is ForbiddenData {
  return typeof value === 'object' && value !== null && typeof (value as ForbiddenData).message === 'string';
}

/** The 403 page: what the reader may not do here, in Portuguese, and where to go instead. */
export function Forbidden({ message, back }: Partial<ForbiddenData>) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center">
      <title>Acesso restrito · Maratona</title>
      <Foca mood="sad" size={140} />
      <h1 className="font-serif text-3xl font-bold">Você não pode abrir esta página</h1>
      <p className="text-muted">{message ?? 'Esta página é de quem cuida deste conteúdo. Se acha que deveria ter acesso, fale com quem o organiza.'}</p>
      <Link to={back?.to ?? '/'} className="min-h-11 rounded-lg bg-mar px-5 py-2.5 font-semibold text-on-mar no-underline">
        {back?.label ?? 'Voltar para o início'}
      </Link>
    </section>
  );
}

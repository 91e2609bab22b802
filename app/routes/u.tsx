import { Form } from 'react-router';
import type { Route } from './+types/u';
import { Foca } from '~/components/ui/foca';
import { Pagination } from '~/components/ui/pagination';
import { ReaderList } from '~/features/profiles/components/reader-list';
import { searchReaders } from '~/features/profiles/queries.server';
import { readerSearchParams } from '~/features/profiles/validation';
import { formatNumber } from '~/lib/format';
import { getViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Leitores · Maratona' }];

/** Reader search: by name or username, without caring for case or accents. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const url = new URL(request.url);
  const { q, pagina } = readerSearchParams.parse(Object.fromEntries(url.searchParams));
  return { q, results: await searchReaders(viewer, q, pagina), search: url.search };
}

export default function ReadersPage({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">Leitores</h1>
      <Form method="get" role="search" className="flex gap-2">
        <label htmlFor="busca-leitores" className="sr-only">
          Nome ou nome de usuário
        </label>
        <input
          id="busca-leitores"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder="Nome ou @usuário"
          className="min-h-11 flex-1 rounded-lg border border-line bg-surface px-3 text-ink placeholder:text-muted"
        />
        <button type="submit" className="min-h-11 rounded-lg bg-mar px-4 font-semibold text-on-mar">
          Buscar
        </button>
      </Form>
      {!q ? (
        <p className="text-muted">Procure quem você conhece pelo nome ou pelo @usuário — com ou sem acentos.</p>
      ) : results.items.length > 0 ? (
        <>
          <p className="text-sm text-muted" role="status">
            {results.total === 1 ? '1 leitor encontrado' : `${formatNumber(results.total)} leitores encontrados`}
          </p>
          <ReaderList readers={results.items} />
          <Pagination page={results.page} pageSize={results.pageSize} total={results.total} search={loaderData.search} />
        </>
      ) : (
        <div className="flex flex-col items-center gap-2 py-8 text-center">
          <Foca mood="curious" size={96} />
          <p className="text-muted" role="status">
            Nenhum leitor com “{q}”. Confira a grafia ou procure pelo @usuário.
          </p>
        </div>
      )}
    </div>
  );
}

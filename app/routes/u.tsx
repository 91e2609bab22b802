import { Form, data } from 'react-router';
import type { Route } from './+types/u';
import { Foca } from '~/components/ui/foca';
import { Pagination } from '~/components/ui/pagination';
import { readerCacheTags } from '~/features/profiles/cache';
import { ReaderDirectory } from '~/features/profiles/components/reader-directory';
import { ReaderList } from '~/features/profiles/components/reader-list';
import { listMostFollowedReaders, listRecentlyActiveReaders } from '~/features/profiles/directory.server';
import { searchReaders } from '~/features/profiles/queries.server';
import { readerSearchParams } from '~/features/profiles/validation';
import { formatNumber } from '~/lib/format';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer } from '~/server/viewer.server';

/** Visitors get the cached directory, dropped when a reader it shows changes (decision 0036); searches are not stored. */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = () => [{ title: 'Leitores · Maratona' }];

/** Reader search: by name or username, without caring for case or accents; with nothing typed, readers to browse. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  const url = new URL(request.url);
  const { q, pagina } = readerSearchParams.parse(Object.fromEntries(url.searchParams));
  if (q) return { q, results: await searchReaders(viewer, q, pagina), directory: null, search: url.search };
  const [recent, mostFollowed] = await Promise.all([listRecentlyActiveReaders(viewer), listMostFollowedReaders(viewer)]);
  const tags = readerCacheTags([...recent, ...mostFollowed].map((reader) => reader.id));
  return data({ q, results: null, directory: { recent, mostFollowed }, search: url.search }, { headers: { 'X-Cache-Tags': tags.join(',') } });
}

export default function ReadersPage({ loaderData }: Route.ComponentProps) {
  const { q, results, directory } = loaderData;
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
      {directory ? (
        <ReaderDirectory recent={directory.recent} mostFollowed={directory.mostFollowed} />
      ) : !results ? null : results.items.length > 0 ? (
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

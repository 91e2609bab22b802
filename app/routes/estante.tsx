import type { Route } from './+types/estante';
import { Pagination } from '~/components/ui/pagination';
import { BookshelfList, BookshelfTabs, EmptyBookshelf } from '~/features/reading/components/bookshelf-view';
import { listBookshelf } from '~/features/reading/queries.server';
import { statusFromSlug } from '~/features/reading/statuses';
import { bookshelfParams } from '~/features/reading/validation';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Minha estante — Maratona' }];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const url = new URL(request.url);
  const params = bookshelfParams.parse(Object.fromEntries(url.searchParams));
  const status = params.situacao ? statusFromSlug(params.situacao) : undefined;
  return { status, search: url.search, bookshelf: await listBookshelf(viewer, { status, page: params.pagina }) };
}

export default function BookshelfPage({ loaderData }: Route.ComponentProps) {
  const { bookshelf, status } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">Minha estante</h1>
      <BookshelfTabs counts={bookshelf.counts} current={status} />
      {bookshelf.items.length === 0 ? <EmptyBookshelf status={status} /> : <BookshelfList items={bookshelf.items} />}
      <Pagination page={bookshelf.page} pageSize={bookshelf.pageSize} total={bookshelf.total} search={loaderData.search} />
    </div>
  );
}

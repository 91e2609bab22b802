import type { Route } from './+types/estante';
import { FormMessage } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { listBookshelf, moveShelfEntries } from '~/features/reading/shelves/bookshelf.server';
import { BookshelfBulkForm } from '~/features/reading/components/bookshelf-bulk';
import { BookshelfFilters, ViewToggle } from '~/features/reading/components/bookshelf-filters';
import { BookshelfGrid, BookshelfList, BookshelfTabs, EmptyBookshelf } from '~/features/reading/components/bookshelf-view';
import { listMyShelves } from '~/features/reading/shelves/custom-shelf-queries.server';
import { STATUS_LABELS } from '~/features/reading/statuses';
import { bookshelfParams, bulkMoveInput, filtersFromParams } from '~/features/reading/shelves/validation';
import { isSuccess } from '~/lib/form-result';
import { parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Minha estante · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const url = new URL(request.url);
  const params = bookshelfParams.parse(Object.fromEntries(url.searchParams));
  const filters = filtersFromParams(params);
  const [bookshelf, shelves] = await Promise.all([listBookshelf(viewer, { filters, sort: params.ordem, page: params.pagina }), listMyShelves(viewer)]);
  const { status, ...others } = filters;
  return { status, filtered: Object.values(others).some((v) => v !== undefined), params, search: url.search, bookshelf, shelves };
}

/** Bulk status change of the checked books (only the viewer's own entries move). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const form = await request.formData();
  const parsed = parseForm(form, bulkMoveInput, { entries: form.getAll('entrada').filter((v) => typeof v === 'string') });
  if (!parsed.ok) return parsed.failure;
  const moved = await moveShelfEntries(viewer, parsed.value.entries, parsed.value.status);
  const label = STATUS_LABELS[parsed.value.status];
  return { success: moved === 1 ? `1 livro movido para “${label}”.` : `${moved} livros movidos para “${label}”.` };
}

export default function BookshelfPage({ loaderData, actionData }: Route.ComponentProps) {
  const { bookshelf, status, params, search } = loaderData;
  const Items = params.visao === 'grade' ? BookshelfGrid : BookshelfList;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Minha estante</h1>
        <ViewToggle search={search} view={params.visao} />
      </div>
      <BookshelfTabs counts={bookshelf.counts} current={status} search={search} />
      <BookshelfFilters params={params} bookshelf={bookshelf} shelves={loaderData.shelves} />
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      {bookshelf.items.length === 0 ? (
        <EmptyBookshelf status={status} filtered={loaderData.filtered} />
      ) : (
        <BookshelfBulkForm result={actionData}>
          <Items items={bookshelf.items} selectable />
        </BookshelfBulkForm>
      )}
      <Pagination page={bookshelf.page} pageSize={bookshelf.pageSize} total={bookshelf.total} search={search} />
    </div>
  );
}

import { data, redirect } from 'react-router';
import type { Route } from './+types/estante.$id';
import { FormMessage } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { Prose } from '~/components/ui/prose';
import { ReportForm } from '~/features/moderation/components/report-form';
import { ReaderLink } from '~/features/profiles/components/reader-link';
import { ShelfOwnerTools } from '~/features/reading/components/shelf-owner-tools';
import { ShelfItems } from '~/features/reading/components/shelf-items';
import { VisibilityBadge } from '~/features/reading/components/shelf-list';
import { SHELF_ITEMS_PAGE_SIZE, getShelf, listAddableEntries, listShelfItems } from '~/features/reading/shelves/custom-shelf-queries.server';
import { addToShelf, deleteShelf, moveInShelf, removeFromShelf, updateShelf } from '~/features/reading/shelves/custom-shelves.server';
import { shelfPageInput, shelvesPageParams } from '~/features/reading/shelves/validation';
import { isSuccess } from '~/lib/form-result';
import { renderMarkdown } from '~/lib/markdown';
import { failureFromError, parseForm } from '~/server/forms.server';
import { getViewer, requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `${data.shelf.name} · Maratona` : 'Estante não encontrada · Maratona' }];

/** A custom shelf: anyone its visibility allows sees it; for everyone else it does not exist (404). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  const shelf = await getShelf(viewer, params.id);
  if (!shelf) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const { pagina } = shelvesPageParams.parse(Object.fromEntries(url.searchParams));
  const [page, addable] = await Promise.all([listShelfItems(viewer, shelf, pagina), viewer && shelf.mine ? listAddableEntries(viewer, shelf.id) : []]);
  // The description is safe Markdown (PRODUCT.md §1.6), rendered here so the browser gets no parser.
  return {
    shelf,
    canReport: viewer !== null && !shelf.mine,
    descriptionHtml: renderMarkdown(shelf.description),
    ...page,
    page: pagina,
    pageSize: SHELF_ITEMS_PAGE_SIZE,
    addable,
    search: url.search,
  };
}

/** The owner's forms; anyone else gets the same 404 as for a missing shelf. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const shelf = await getShelf(viewer, params.id);
  if (!shelf?.mine) throw data(null, { status: 404 });
  const parsed = parseForm(await request.formData(), shelfPageInput);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    switch (input.intent) {
      case 'editar':
        await updateShelf(viewer, shelf.id, { name: input.name, description: input.description, visibility: input.visibility });
        return { success: 'Estante salva.' };
      case 'excluir':
        await deleteShelf(viewer, shelf.id);
        return redirect('/estantes');
      case 'adicionar':
        await addToShelf(viewer, shelf.id, { entryId: input.entry });
        return { success: 'Livro adicionado.' };
      case 'tirar':
        await removeFromShelf(viewer, shelf.id, { entryId: input.entry });
        return { success: 'Livro tirado da estante.' };
      case 'subir':
      case 'descer':
        await moveInShelf(viewer, shelf.id, input.entry, input.intent === 'subir' ? 'up' : 'down');
        return { success: input.intent === 'subir' ? 'Livro subiu uma posição.' : 'Livro desceu uma posição.' };
    }
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function ShelfPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shelf, items } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-col gap-2">
        <h1 className="font-serif text-3xl font-bold">{shelf.name}</h1>
        <p className="flex flex-wrap items-center gap-3 text-muted">
          <span>
            {shelf.mine ? (
              'Sua estante'
            ) : (
              <>
                Estante de <ReaderLink reader={shelf.owner} />
              </>
            )}
          </span>
          <VisibilityBadge visibility={shelf.visibility} />
        </p>
        {shelf.description ? <Prose html={loaderData.descriptionHtml} /> : null}
        {shelf.hidden ? <FormMessage>A moderação ocultou esta estante depois de uma denúncia: só você a vê.</FormMessage> : null}
      </header>
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      {shelf.mine ? <ShelfOwnerTools shelf={shelf} addable={loaderData.addable} result={actionData} /> : null}
      {items.length > 0 ? (
        <ShelfItems items={items} owner={shelf.mine} firstPosition={loaderData.firstPosition} lastPosition={loaderData.lastPosition} />
      ) : (
        <p className="text-muted">Nenhum livro nesta estante ainda.</p>
      )}
      <Pagination page={loaderData.page} pageSize={loaderData.pageSize} total={shelf.itemCount} search={loaderData.search} />
      {loaderData.canReport ? <ReportForm kind="shelf" targetId={shelf.id} label="Denunciar estante" /> : null}
    </div>
  );
}

import { z } from 'zod';
import type { Route } from './+types/gerenciar.catalogo.historicos';
import { FormMessage } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { HistoryFilters, HistoryList } from '~/features/curation/components/history';
import { revertCatalogChange } from '~/features/curation/mutations.server';
import { listCatalogChanges } from '~/features/curation/queries.server';
import { historyParams, toHistoryFilters } from '~/features/curation/validation';
import { isFailure, isSuccess } from '~/lib/form-result';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Histórico do catálogo · Gerenciar · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const url = new URL(request.url);
  const params = historyParams.parse(Object.fromEntries(url.searchParams));
  return { params, search: url.search, changes: await listCatalogChanges(viewer, toHistoryFilters(params)) };
}

const revertInput = z.object({
  intent: z.literal('reverter', { error: 'Ação desconhecida.' }),
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Alteração inválida.'),
});

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const parsed = parseForm(await request.formData(), revertInput);
  if (!parsed.ok) return parsed.failure;
  try {
    await revertCatalogChange(viewer, parsed.value.id);
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
  return { success: 'Alteração revertida. A reversão entrou no histórico.' };
}

export default function CatalogHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { changes, params } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">Histórico do catálogo</h1>
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      {isFailure(actionData) ? <FormMessage>{actionData.formError || Object.values(actionData.fieldErrors)[0]}</FormMessage> : null}
      <HistoryFilters entity={params.entidade} actor={params.curador} code={params.codigo} />
      <HistoryList changes={changes.items} />
      <Pagination page={changes.page} pageSize={changes.pageSize} total={changes.total} search={loaderData.search} />
    </div>
  );
}

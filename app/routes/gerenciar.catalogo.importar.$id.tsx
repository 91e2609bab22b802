import { data, redirect } from 'react-router';
import type { Route } from './+types/gerenciar.catalogo.importar.$id';
import { FormMessage } from '~/components/ui/field';
import { ImportDetail } from '~/features/curation/components/imports';
import { confirmCatalogImport, getCatalogImport } from '~/features/curation/imports.server';
import { confirmImportInput, importIdParam, importRowsParams } from '~/features/curation/validation';
import { isFailure } from '~/lib/form-result';
import { orNotFound } from '~/server/errors';
import { parseForm } from '~/server/forms.server';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.detail.status === 'imported' ? 'Relatório' : 'Prévia'} da importação · Gerenciar · Maratona` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const url = new URL(request.url);
  const query = importRowsParams.parse(Object.fromEntries(url.searchParams));
  const id = importIdParam.safeParse(params.id);
  const detail = id.success ? await getCatalogImport(viewer, id.data, { outcome: query.situacao, page: query.pagina }) : null;
  if (!detail) throw data(null, { status: 404 });
  return { detail, filter: query.situacao, search: url.search };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const id = importIdParam.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const parsed = parseForm(await request.formData(), confirmImportInput);
  if (!parsed.ok) return parsed.failure;
  await orNotFound(confirmCatalogImport(viewer, id.data));
  return redirect(`/gerenciar/catalogo/importar/${id.data}`);
}

export default function ImportDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { detail } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">{detail.status === 'imported' ? 'Relatório da importação' : 'Prévia da importação'}</h1>
      {isFailure(actionData) ? <FormMessage>{actionData.formError || Object.values(actionData.fieldErrors)[0]}</FormMessage> : null}
      <ImportDetail detail={detail} filter={loaderData.filter} search={loaderData.search} />
    </div>
  );
}

import { data, redirect } from 'react-router';
import type { Route } from './+types/gerenciar.catalogo.importar.$id';
import { FormMessage } from '~/components/ui/field';
import { ImportDetail } from '~/features/curation/components/imports';
import { confirmCatalogImport, getCatalogImport } from '~/features/curation/imports.server';
import { confirmImportInput, importIdParam, importRowsParams } from '~/features/curation/validation';
import type { CatalogImportStatus } from '~/features/curation/types';
import { isFailure } from '~/lib/form-result';
import { useRevalidateWhile } from '~/lib/use-revalidate-while';
import { orNotFound } from '~/server/errors';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireRole } from '~/server/viewer.server';

const HEADINGS: Record<CatalogImportStatus, string> = {
  reading: 'Lendo o arquivo',
  preview: 'Prévia da importação',
  importing: 'Importando edições',
  imported: 'Relatório da importação',
};

/** While the job reads the file or creates the editions, the page asks again every two seconds: the bar moves by itself. */
const PROGRESS_POLL_MS = 2000;

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${HEADINGS[data?.detail.status ?? 'preview']} · Gerenciar · Maratona` }];

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
  try {
    await orNotFound(confirmCatalogImport(viewer, id.data));
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
  return redirect(`/gerenciar/catalogo/importar/${id.data}`);
}

export default function ImportDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { detail } = loaderData;
  useRevalidateWhile(detail.progress !== null, PROGRESS_POLL_MS);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">{HEADINGS[detail.status]}</h1>
      {isFailure(actionData) ? <FormMessage>{actionData.formError || Object.values(actionData.fieldErrors)[0]}</FormMessage> : null}
      <ImportDetail detail={detail} filter={loaderData.filter} search={loaderData.search} />
    </div>
  );
}

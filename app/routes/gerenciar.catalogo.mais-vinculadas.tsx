import { Link } from '~/components/link';
import type { Route } from './+types/gerenciar.catalogo.mais-vinculadas';
import { FormMessage } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { LinkedEditionsList, LinkedFilters, LinkedRefresh } from '~/features/curation/components/linked-editions';
import { listMostLinkedEditions, refreshLinkCountsNow } from '~/features/curation/linked-editions.server';
import { linkedParams, toLinkedFilters } from '~/features/curation/validation';
import { formatNumber } from '~/lib/format';
import { isSuccess } from '~/lib/form-result';
import { formFailure, typedFields } from '~/server/forms.server';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Mais vinculadas · Gerenciar · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const url = new URL(request.url);
  const filters = toLinkedFilters(linkedParams.parse({ sem: url.searchParams.getAll('sem'), pagina: url.searchParams.get('pagina') ?? undefined }));
  return { flags: filters.flags, search: url.search, ranking: await listMostLinkedEditions(viewer, filters) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const fields = typedFields(await request.formData());
  if (fields.intent !== 'recalcular') return formFailure(fields, 'Ação desconhecida.');
  await refreshLinkCountsNow(viewer);
  return { success: 'Contagens recalculadas.' };
}

export default function MostLinkedEditions({ loaderData, actionData }: Route.ComponentProps) {
  const { ranking, flags } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <Link to="/gerenciar/catalogo">← Catálogo</Link>
      </p>
      <h1 className="font-serif text-3xl font-bold">Edições mais vinculadas</h1>
      <p className="max-w-prose text-muted">
        As edições que os leitores mais usam, com o que falta nelas: corrija primeiro o que aparece para mais gente. Só entram edições com pelo menos um
        vínculo.
      </p>
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      <LinkedFilters flags={flags} />
      <LinkedRefresh refreshedAt={ranking.refreshedAt} />
      <p className="text-sm text-muted" aria-live="polite">
        {ranking.totalCapped
          ? `Mais de ${formatNumber(ranking.total)} edições`
          : `${formatNumber(ranking.total)} ${ranking.total === 1 ? 'edição' : 'edições'}`}
      </p>
      <LinkedEditionsList ranking={ranking} />
      <Pagination page={ranking.page} pageSize={ranking.pageSize} total={ranking.total} search={loaderData.search} />
    </div>
  );
}

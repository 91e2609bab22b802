import { Form, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/gerenciar.denuncias';
import { Button } from '~/components/ui/button';
import { FormMessage, SelectField } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { ReportGroupCard } from '~/features/moderation/components/report-group';
import { reportQueueAction } from '~/features/moderation/queue-action.server';
import { REPORT_GROUPS_PAGE, listReportGroups } from '~/features/moderation/queries.server';
import { REPORTABLE_KINDS, REPORTABLE_KIND_LABELS } from '~/features/moderation/reasons';
import { reportQueueParams } from '~/features/moderation/validation';
import { fieldError, isFailure, isSuccess, typed } from '~/lib/form-result';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Denúncias · Gerenciar · Maratona' }];

const STATUS = { abertas: 'open', resolvidas: 'resolved', dispensadas: 'dismissed' } as const;

/** Admins only: anyone else gets the 404 of a page that does not exist (like every /gerenciar section). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['admin']);
  const url = new URL(request.url);
  const params = reportQueueParams.parse(Object.fromEntries(url.searchParams));
  const { groups, total } = await listReportGroups(viewer, { status: STATUS[params.situacao], kind: params.tipo, page: params.pagina });
  return { groups, total, params, search: url.search, pageSize: REPORT_GROUPS_PAGE };
}

export const action = ({ request, context }: Route.ActionArgs) => reportQueueAction({ request, context });

export default function ReportQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, params } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const open = params.situacao === 'abertas';
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p>
          <Link to="/gerenciar">Gerenciar</Link>
        </p>
        <h1 className="font-serif text-3xl font-bold">Denúncias</h1>
        <nav aria-label="Situação das denúncias" className="flex flex-wrap gap-3">
          {(['abertas', 'resolvidas', 'dispensadas'] as const).map((s) => (
            <Link key={s} to={`?situacao=${s}`} aria-current={params.situacao === s ? 'page' : undefined} className="aria-[current=page]:font-bold">
              {s === 'abertas' ? 'Abertas' : s === 'resolvidas' ? 'Resolvidas' : 'Dispensadas'}
            </Link>
          ))}
        </nav>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="situacao" value={params.situacao} />
          <SelectField label="Tipo" name="tipo" defaultValue={params.tipo ?? ''}>
            <option value="">Todos</option>
            {REPORTABLE_KINDS.map((k) => (
              <option key={k} value={k}>
                {REPORTABLE_KIND_LABELS[k]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary">
            Filtrar
          </Button>
        </Form>
      </header>
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      {isFailure(actionData) && actionData.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      {groups.length === 0 ? (
        <p className="text-muted">{open ? 'Nenhuma denúncia esperando. Tudo em ordem por aqui.' : 'Nenhuma denúncia nesta lista.'}</p>
      ) : null}
      <ul className="flex flex-col gap-4">
        {groups.map((g) => (
          <ReportGroupCard
            key={`${g.kind}:${g.targetId}`}
            group={g}
            open={open}
            busy={busy}
            noteError={typed(actionData, 'report') === g.reportId ? fieldError(actionData, 'note') : undefined}
          />
        ))}
      </ul>
      <Pagination page={params.pagina} pageSize={loaderData.pageSize} total={loaderData.total} search={loaderData.search} />
    </div>
  );
}

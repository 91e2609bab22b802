import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { Form } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/gerenciar.catalogo.solicitacoes';
import { Button } from '~/components/ui/button';
import { SelectField } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { StatusBadge } from '~/features/curation/components/status-badge';
import { listChangeRequests } from '~/features/curation/queries.server';
import { ReaderLink } from '~/features/profiles/components/reader-link';
import { KIND_LABELS, KIND_SLUGS, STATUS_LABELS } from '~/features/curation/types';
import { queueParams, toQueueFilters } from '~/features/curation/validation';
import { formatDateTime } from '~/lib/format';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Solicitações · Gerenciar · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const url = new URL(request.url);
  const params = queueParams.parse(Object.fromEntries(url.searchParams));
  return { params, search: url.search, queue: await listChangeRequests(viewer, toQueueFilters(params)) };
}

export default function RequestQueue({ loaderData }: Route.ComponentProps) {
  const { params, queue } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <Link to="/gerenciar/catalogo">← Catálogo</Link>
      </p>
      <h1 className="font-serif text-3xl font-bold">Solicitações</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filtrar solicitações">
        <SelectField label="Tipo" name="tipo" defaultValue={params.tipo ?? ''}>
          <option value="">Todos</option>
          {Object.entries(KIND_SLUGS).map(([kind, slug]) => (
            <option key={slug} value={slug}>
              {KIND_LABELS[kind as keyof typeof KIND_LABELS]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Situação" name="situacao" defaultValue={params.situacao}>
          {Object.values(STATUS_LABELS).map((label) => (
            <option key={label} value={label}>
              {label.charAt(0).toUpperCase() + label.slice(1)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          Filtrar
        </Button>
      </Form>
      {queue.items.length === 0 ? <p className="text-muted">Nenhuma solicitação {params.situacao} com esses filtros.</p> : null}
      <ol className="flex flex-col gap-2">
        {queue.items.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-surface p-3">
            <span className="flex flex-col">
              <Link to={`/gerenciar/catalogo/solicitacoes/${r.code}`} className="font-semibold">
                {r.code} · {r.targetLabel}
              </Link>
              <span className="text-sm text-muted">
                {KIND_LABELS[r.kind]} ·{' '}
                {r.kind === 'duplicate'
                  ? `com ${r.duplicate?.label ?? 'registro removido'}`
                  : `${r.changes.length} ${r.changes.length === 1 ? 'campo' : 'campos'}`}{' '}
                · {r.requester ? <ReaderLink reader={r.requester}>@{r.requester.username}</ReaderLink> : REMOVED_READER} · {formatDateTime(r.createdAt)}
              </span>
            </span>
            <StatusBadge status={r.status} />
          </li>
        ))}
      </ol>
      <Pagination page={queue.page} pageSize={queue.pageSize} total={queue.total} search={loaderData.search} />
    </div>
  );
}

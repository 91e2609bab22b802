import { z } from 'zod';
import type { Route } from './+types/foca.logs';
import { Link } from '~/components/link';
import { Pagination } from '~/components/ui/pagination';
import { FocusSessionList } from '~/features/focus/components/session-list';
import { FOCUS_LOGS_PAGE_SIZE } from '~/features/focus/policy';
import { listFocusSessions } from '~/features/focus/queries.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Sessões de foco · Maratona' }];

const logsParams = z.object({ pagina: z.coerce.number().int().min(1).max(10_000).catch(1) });

/** Every session of the viewer, latest first, a page at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const url = new URL(request.url);
  const { pagina } = logsParams.parse(Object.fromEntries(url.searchParams));
  const { sessions, total } = await listFocusSessions(viewer, pagina);
  return { sessions, total, page: pagina, search: url.search };
}

export default function FocaLogsPage({ loaderData }: Route.ComponentProps) {
  const { sessions, total, page, search } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-serif text-3xl font-bold">Sessões de foco</h1>
        <p className="text-muted">
          <Link to="/foca">Voltar para a Foca</Link>
        </p>
      </header>
      {sessions.length ? <FocusSessionList sessions={sessions} /> : <p className="text-muted">Nenhuma sessão por aqui.</p>}
      <Pagination page={page} pageSize={FOCUS_LOGS_PAGE_SIZE} total={total} search={search} />
    </div>
  );
}

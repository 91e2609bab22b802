import { z } from 'zod';
import type { Route } from './+types/foca.logs';
import { closeExpiredSessionOf } from '~/features/focus/closing.server';
import { FocaTabs } from '~/features/focus/components/game';
import { FocusEventList } from '~/features/focus/components/event-list';
import { listFocusEvents } from '~/features/focus/game-queries.server';
import { Pagination } from '~/components/ui/pagination';
import { FocusSessionList } from '~/features/focus/components/session-list';
import { FOCUS_EVENTS_SHOWN, FOCUS_LOGS_PAGE_SIZE } from '~/features/focus/policy';
import { listFocusSessions } from '~/features/focus/queries.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Sessões de foco · Maratona' }];

const logsParams = z.object({ pagina: z.coerce.number().int().min(1).max(10_000).catch(1) });

/** Every session of the viewer, latest first, a page at a time; on the first page, the latest game events too. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  // A session left open past its end closes first (as on /foca), and is listed closed.
  await closeExpiredSessionOf(viewer.id);
  const url = new URL(request.url);
  const { pagina } = logsParams.parse(Object.fromEntries(url.searchParams));
  const [{ sessions, total }, events] = await Promise.all([listFocusSessions(viewer, pagina), pagina === 1 ? listFocusEvents(viewer, FOCUS_EVENTS_SHOWN) : []]);
  return { sessions, total, page: pagina, search: url.search, events };
}

export default function FocaLogsPage({ loaderData }: Route.ComponentProps) {
  const { sessions, total, page, search, events } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-serif text-3xl font-bold">Sessões de foco</h1>
        <FocaTabs current="/foca/logs" />
      </header>
      {events.length ? (
        <section aria-labelledby="eventos" className="flex flex-col gap-3">
          <h2 id="eventos" className="font-serif text-xl font-semibold">
            Ovinhos, bichinhos e tarefas
          </h2>
          <FocusEventList events={events} />
        </section>
      ) : null}
      <h2 className="font-serif text-xl font-semibold">Sessões</h2>
      {sessions.length ? <FocusSessionList sessions={sessions} /> : <p className="text-muted">Nenhuma sessão por aqui.</p>}
      <Pagination page={page} pageSize={FOCUS_LOGS_PAGE_SIZE} total={total} search={search} />
    </div>
  );
}

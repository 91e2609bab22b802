import { Link } from '~/components/link';
import { formatDateTime, formatNumber } from '~/lib/format';
import type { FocusEventView } from '../game-queries.server';
import { EGG_LABELS, EGG_SOURCE_LABELS } from '../vocabulary';
import { petDisplayName } from '../species';
import { TASKS } from '~/features/tasks/tasks';

function eventText(event: FocusEventView) {
  const pet = event.pet ? <Link to={`/foca/${event.pet.id}`}>{petDisplayName(event.pet)}</Link> : null;
  if (event.kind === 'egg_received' && event.egg) return `${EGG_LABELS[event.egg.rarity]} recebido (${EGG_SOURCE_LABELS[event.egg.source].toLowerCase()}).`;
  if (event.kind === 'egg_hatched') return <>Um ovinho chocou: {pet} nasceu.</>;
  if (event.kind === 'task_completed' && event.taskId) return `Tarefa concluída: ${TASKS[event.taskId].title}.`;
  return (
    <>
      {pet} chegou ao nível {formatNumber(event.level ?? 1)}.
    </>
  );
}

/** The game's log: eggs received and hatched, levels reached, tasks completed, latest first. */
export function FocusEventList({ events }: { events: readonly FocusEventView[] }) {
  return (
    <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
      {events.map((event) => (
        <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3">
          <span>{eventText(event)}</span>
          <span className="text-sm text-muted">{formatDateTime(event.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}

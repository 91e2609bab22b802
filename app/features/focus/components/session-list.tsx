import { Link } from '~/components/link';
import { formatDateTime, formatNumber } from '~/lib/format';
import type { FocusSessionRow } from '../types';
import { FOCUS_STATUS_LABELS } from '../vocabulary';

/** "chegou à página 120": the progress recorded when a session finished, or null. */
export const progressText = (session: Pick<FocusSessionRow, 'progressValue' | 'progressUnit'>) => {
  if (session.progressValue == null || !session.progressUnit) return null;
  if (session.progressUnit === 'percent') return `chegou a ${formatNumber(session.progressValue)}%`;
  return session.progressUnit === 'page' ? `chegou à página ${formatNumber(session.progressValue)}` : `chegou ao minuto ${formatNumber(session.progressValue)}`;
};

/** The reader's sessions: when, which book, how it ended and the minutes it gave. */
export function FocusSessionList({ sessions }: { sessions: readonly FocusSessionRow[] }) {
  return (
    <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
      {sessions.map((session) => {
        const progress = progressText(session);
        return (
          <li key={session.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3">
            <div className="flex min-w-0 flex-col">
              <Link to={`/ed/${session.edition.id}`} className="font-semibold">
                {session.edition.title}
              </Link>
              <span className="text-sm text-muted">
                {formatDateTime(session.startedAt)} · {formatNumber(session.plannedMinutes)} min planejados
                {progress ? ` · ${progress}` : ''}
              </span>
            </div>
            <span className="text-sm">
              {FOCUS_STATUS_LABELS[session.status]}
              {session.status === 'running' ? '' : ` · ${formatNumber(session.creditedMinutes)} min`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

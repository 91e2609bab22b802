import { formatDate, formatDateTime, formatTime } from '~/lib/format';
import type { ActivityKind } from '../vocabulary';

/**
 * When an activity happens, as a person reads it: a live meeting at its hours ("8 de dez. de 2026, 20:00 até 21:00"), an LC or
 * a marathon over its days ("1 de dez. de 2026 a 15 de dez. de 2026"), São Paulo time either way.
 */
export function activityWhen(activity: { kind: ActivityKind; startsAt: string; endsAt: string | null }): string {
  if (activity.kind === 'live')
    return activity.endsAt ? `${formatDateTime(activity.startsAt)} até ${formatTime(activity.endsAt)}` : formatDateTime(activity.startsAt);
  return activity.endsAt ? `${formatDate(activity.startsAt)} a ${formatDate(activity.endsAt)}` : formatDate(activity.startsAt);
}

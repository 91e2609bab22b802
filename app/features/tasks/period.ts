import { saoPauloInstant, saoPauloParts } from '~/features/clubs/activities/sao-paulo-time';
import type { TaskPeriod } from './vocabulary';

/**
 * A task period's first São Paulo day (decision 0085): the day itself, or the Monday of its week — as the focus
 * ranking's weeks (decision 0084). São Paulo is UTC−3 all year: 02:59 UTC is still the day before.
 */
export function periodStartOf(period: TaskPeriod, at: Date): string {
  const { day } = saoPauloParts(at);
  if (period === 'day') return day;
  const noon = new Date(`${day}T12:00:00Z`);
  const sinceMonday = (noon.getUTCDay() + 6) % 7;
  return new Date(noon.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** The instant a period's tasks start again: the next São Paulo midnight, or the next Monday's. */
export function nextResetOf(period: TaskPeriod, at: Date): Date {
  const start = new Date(`${periodStartOf(period, at)}T12:00:00Z`);
  const next = new Date(start.getTime() + (period === 'day' ? 1 : 7) * 86_400_000).toISOString().slice(0, 10);
  return saoPauloInstant(next);
}

/** "3 h 12 min", "45 min", "2 dias e 5 h": how long until a reset, in words. */
export function timeUntil(from: Date, to: Date): string {
  const minutes = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return hours > 0 ? `${days} ${days === 1 ? 'dia' : 'dias'} e ${hours} h` : `${days} ${days === 1 ? 'dia' : 'dias'}`;
  const rest = minutes % 60;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/**
 * Club activities are scheduled in São Paulo time (PRODUCT.md: dates and times in America/Sao_Paulo). Brazil has
 * had no daylight saving since 2019, so São Paulo is UTC−3 all year (as the weekly digest also assumes); a form's
 * date and time become an instant with that offset, and back.
 */
const OFFSET = '-03:00';
const OFFSET_MS = -3 * 3600 * 1000;

/** "2026-12-05" + "20:00" → the instant 2026-12-05T23:00:00Z. */
export function saoPauloInstant(day: string, time = '00:00'): Date {
  return new Date(`${day}T${time}:00${OFFSET}`);
}

/** The last second of a São Paulo day, the end of an activity given by dates only. */
export function saoPauloEndOfDay(day: string): Date {
  return new Date(`${day}T23:59:59${OFFSET}`);
}

/** An instant's São Paulo day and time, for an edit form: { day: "2026-12-05", time: "20:00" }. */
export function saoPauloParts(instant: Date | string): { day: string; time: string } {
  const local = new Date(new Date(instant).getTime() + OFFSET_MS).toISOString();
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
}

/** A real calendar day written YYYY-MM-DD (no 31 de fevereiro). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

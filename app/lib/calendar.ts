/**
 * "Today" as a calendar day (`YYYY-MM-DD`) in a time zone: the marathons' days, an age, an export's file name.
 * Intl takes microseconds a call and a page asks several times (a reader's age, a marathon's phase and
 * registration, each card of a list), so each zone keeps its formatter and the day of the last minute asked:
 * the day can only change on a minute's turn (every zone's offset since 1914 is whole minutes).
 */
const days = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();

export function todayIn(timeZone: string, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  let zone = days.get(timeZone);
  if (!zone) {
    zone = { format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), minute: Number.NaN, day: '' };
    days.set(timeZone, zone);
  }
  if (zone.minute !== minute) {
    zone.day = zone.format.format(now);
    zone.minute = minute;
  }
  return zone.day;
}

/** Today in São Paulo, the site's own time zone (PRODUCT.md: dates and times in America/Sao_Paulo). */
export const todayInSaoPaulo = (now: Date = new Date()): string => todayIn('America/Sao_Paulo', now);

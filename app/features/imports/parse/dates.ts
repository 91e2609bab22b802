import type { DateOrder, FileSummary } from '../vocabulary';

/** Dates as exports write them: `YYYY/MM/DD`, or day and month in an order the file as a whole settles. */

type DatePart = { a: number; b: number; year: number } | { iso: string };

export function datePart(token: string): DatePart | null {
  const text = token.trim();
  const ymd = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(text);
  if (ymd) return { iso: isoDate(Number(ymd[1]), Number(ymd[2]), Number(ymd[3])) ?? '' };
  const other = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (other) return { a: Number(other[1]), b: Number(other[2]), year: Number(other[3]) };
  return null;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DD` of a real day (29 February only in leap years), or null. */
function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function toIso(part: DatePart | null, order: DateOrder): string | null {
  if (!part) return null;
  if ('iso' in part) return part.iso || null;
  return order === 'dmy' ? isoDate(part.year, part.b, part.a) : isoDate(part.year, part.a, part.b);
}

/** Every date-like token of a cell: single dates, StoryGraph's ranges (`2025/04/19-2025/04/21`) and lists. */
export function dateTokens(cell: string): string[] {
  return cell
    .split(/[,;]|\s+-\s+|(?<=\d)-(?=\d{4}[/.-]|\d{1,2}[/.-]\d{1,2}[/.-]\d{4})/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/**
 * Day or month first, settled by a file's date cells as a whole: one day above 12 decides it (`detected`);
 * day/month dates all with day and month ≤ 12 leave it open (`ambiguous`, order `null`: the preview asks, day
 * first until then); a file without day/month dates (only `YYYY/MM/DD`, or none) has nothing to settle.
 */
export function settleDateOrder(cells: Iterable<string>): { order: DateOrder | null; dates: FileSummary['dates'] } {
  let dayMonthDates = false;
  for (const cell of cells) {
    for (const token of dateTokens(cell)) {
      const part = datePart(token);
      if (!part || 'iso' in part) continue;
      dayMonthDates = true;
      if (part.a > 12) return { order: 'dmy', dates: 'detected' };
      if (part.b > 12) return { order: 'mdy', dates: 'detected' };
    }
  }
  return dayMonthDates ? { order: null, dates: 'ambiguous' } : { order: 'dmy', dates: 'none' };
}

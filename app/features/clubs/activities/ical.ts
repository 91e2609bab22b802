/**
 * iCalendar (RFC 5545) text for a club's agenda and an LC's schedule: CRLF line endings, content lines folded at 75 octets (never
 * inside a UTF-8 character), TEXT values escaped (\\ ; , and newlines), every time in UTC. Pure, so tests read
 * the exact bytes.
 */
export type CalendarEvent = {
  uid: string;
  summary: string;
  description: string;
  url: string | null;
} & (
  | { start: Date; end: Date }
  /** An all-day event over São Paulo calendar days (an LC's etapa), both counted: YYYY-MM-DD. */
  | { firstDay: string; lastDay: string }
);

export type Calendar = { name: string; description: string; events: CalendarEvent[]; now: Date };

const CRLF = '\r\n';
const LINE_OCTETS = 75;

/** A TEXT value (§3.3.11): backslash, semicolon and comma escaped, every newline written as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A DATE-TIME in UTC (§3.3.5 form 2): 20261205T230000Z. */
export function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A DATE (§3.3.4) `days` after a calendar day: 20261205. DTEND of an all-day event is the day after its last. */
function dateStamp(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
}

/**
 * Folds one content line (§3.1): at most 75 octets per line, each continuation starting with a space (which
 * counts towards its 75). Splits fall between characters, so a multi-octet character is never cut.
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = pieces.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

/** The whole feed, ending with CRLF. */
export function buildCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Maratona//Agenda//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-CALDESC:${escapeText(calendar.description)}`,
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(calendar.now)}`,
      ...('start' in event
        ? [`DTSTART:${utcStamp(event.start)}`, `DTEND:${utcStamp(event.end)}`]
        : [`DTSTART;VALUE=DATE:${dateStamp(event.firstDay, 0)}`, `DTEND;VALUE=DATE:${dateStamp(event.lastDay, 1)}`]),
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

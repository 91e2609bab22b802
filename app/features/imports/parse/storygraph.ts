import type { ColumnMapping, DateOrder, ParsedReading } from '../vocabulary';
import { datePart, toIso } from './dates';

/** StoryGraph's library export: its header names, and its "Dates Read" list of readings. */

export const STORYGRAPH_HEADERS: ColumnMapping = {
  title: 'Title',
  authors: 'Authors',
  isbn: 'ISBN/UID',
  status: 'Read Status',
  dateAdded: 'Date Added',
  dateRead: 'Last Date Read',
  datesRead: 'Dates Read',
  readCount: 'Read Count',
  moods: 'Moods',
  pacing: 'Pace',
  exactRating: 'Star Rating',
  review: 'Review',
  contentWarnings: 'Content Warnings',
  shelves: 'Tags',
  owned: 'Owned?',
  format: 'Format',
};

/** Whether a header (folded names) is StoryGraph's. */
export const isStorygraphHeader = (names: ReadonlySet<string>) => names.has('read status') && names.has('title');

/** One StoryGraph "Dates Read" entry: `start-end`, `start-` (not finished yet) or a single date (the finish). */
function readingFrom(entry: string, order: DateOrder): ParsedReading | null {
  const open = /^(.+?\d)\s*-$/.exec(entry.trim());
  if (open) {
    const started = toIso(datePart(open[1]!), order);
    return started ? { started, finished: null, abandoned: null } : null;
  }
  const range = /^(.+?\d)\s*-\s*(\d.+)$/.exec(entry.trim());
  const [startText, endText] = range && datePart(range[1]!) && datePart(range[2]!) ? [range[1]!, range[2]!] : [null, entry];
  const finished = toIso(datePart(endText), order);
  const started = startText ? toIso(datePart(startText), order) : null;
  return finished || started ? { started, finished, abandoned: null } : null;
}

/** The readings of a "Dates Read" cell, those it can read. */
export const storygraphReadings = (cell: string, order: DateOrder): ParsedReading[] =>
  cell
    ? cell
        .split(/,\s*/)
        .map((e) => readingFrom(e, order))
        .filter((r): r is ParsedReading => r !== null)
    : [];

import type { ShelfStatus } from '~/features/reading/vocabulary';
import { NOTES_MAX } from '~/features/reading/shelves/policy';
import type { ImportedShelfEntry } from '~/features/reading/types';
import type { ParsedReading, RowFields } from './vocabulary';

/**
 * How an imported row merges into the reader's bookshelf, decided in memory (docs/decisions/0032) so the job
 * writes a whole batch in a few statements: an empty field takes the file's value and a filled one keeps the
 * reader's; the status moves up (down only when the file's date for it is newer); each dated reading is added
 * unless the entry has it (then only its missing dates are filled in); readings of unknown dates only make up
 * the read count; the review when the entry has none; the custom shelves. The same row twice changes nothing.
 */

/** A custom shelf's name folded as the database's `lower(name)` folds it: one shelf, whatever the case in the file. */
export const shelfKey = (name: string) => name.toLowerCase();

export type PlannedReading = { id: string; startedOn: string | null; finishedOn: string | null; abandonedOn: string | null; state: 'kept' | 'new' | 'filled' };

export type PlannedEntry = ImportedShelfEntry & {
  state: 'kept' | 'new' | 'changed';
  readings: PlannedReading[];
  hasReview: boolean;
  /** The review to write (only when the entry had none). */
  review: { body: string; spoiler: boolean } | null;
  /** Custom shelves by folded name: those it is on, and those the import adds. */
  shelves: Set<string>;
  /** `position`: the entry's place on the shelf as the file gives it ("Bookshelves with positions"), if it does. */
  newShelves: { key: string; name: string; position: number | null }[];
};

export type RowEffect = 'added' | 'updated' | 'unchanged';

/** A row as it merges: its status settled (the job gives a row without one the reader's choice, or leaves it out). */
export type RowToMerge = RowFields & { status: ShelfStatus };

/** The longest review the reviews table keeps (reviews_body_length_check). */
export const REVIEW_MAX = 20_000;
const MAX_UNDATED = 500;

/** lido > lendo > pausado/abandonado > quero-ler. */
const STATUS_RANK: Record<ShelfStatus, number> = { want_to_read: 0, paused: 1, abandoned: 1, reading: 2, read: 3 };

const endOf = (r: { finished: string | null; abandoned: string | null }) => r.finished ?? r.abandoned;
const latestDate = (dates: (string | null)[]) =>
  dates
    .filter((d): d is string => d != null)
    .sort()
    .at(-1) ?? null;
const isDated = (r: ParsedReading) => r.started != null || r.finished != null || r.abandoned != null;
const isOpen = (r: PlannedReading) => r.finishedOn == null && r.abandonedOn == null;

/**
 * The same reading as one already on the entry: the same end (finish or abandon) with starts that agree
 * (equal, or one unknown); or the entry's open reading, which the file's reading closes when their starts
 * agree — or when the open one has no start and this is the file's last reading.
 */
function sameReading(existing: PlannedReading, file: ParsedReading, isLast: boolean): boolean {
  const startsAgree = existing.startedOn == null || file.started == null || existing.startedOn === file.started;
  const fileEnd = endOf(file);
  const existingEnd = existing.finishedOn ?? existing.abandonedOn;
  if (fileEnd == null) return existingEnd == null;
  if (existingEnd != null) return existingEnd === fileEnd && (existing.finishedOn != null) === (file.finished != null) && startsAgree;
  return existing.startedOn != null ? existing.startedOn === file.started : isLast;
}

/** A new entry, as the file has it. */
export function newEntry(id: string, editionId: string, row: RowToMerge): PlannedEntry {
  return {
    id,
    editionId,
    state: 'new',
    status: row.status,
    ratingQuarters: row.ratingQuarters,
    owned: row.owned,
    ownedFormat: row.owned ? row.ownedFormat : null,
    favorite: row.favorite,
    notes: row.notes?.slice(0, NOTES_MAX) ?? null,
    moods: row.moods,
    pacing: row.pacing,
    contentWarnings: row.contentWarnings,
    undatedReadings: 0,
    addedAt: row.addedOn ? `${row.addedOn}T12:00:00-03:00` : null,
    readings: [],
    hasReview: false,
    review: null,
    shelves: new Set(),
    newShelves: [],
  };
}

/**
 * Merges one row into its entry (`entry` is null when the edition is not on the bookshelf yet) and says what
 * that did. `newId` names the readings (and the entry) it creates.
 */
export function planRow(
  entry: PlannedEntry | null,
  editionId: string,
  row: RowToMerge,
  newId: () => string,
): { entry: PlannedEntry; effect: RowEffect; finished: boolean } {
  const added = entry === null;
  const target = entry ?? newEntry(newId(), editionId, row);
  let changed = false;
  const set = <K extends keyof PlannedEntry>(key: K, value: PlannedEntry[K]) => {
    target[key] = value;
    changed = true;
  };

  if (!added) {
    if (target.ratingQuarters == null && row.ratingQuarters != null) set('ratingQuarters', row.ratingQuarters);
    if (!target.owned && row.owned) set('owned', true);
    if (!target.ownedFormat && row.ownedFormat && target.owned) set('ownedFormat', row.ownedFormat);
    if (!target.favorite && row.favorite) set('favorite', true);
    if (!target.notes && row.notes) set('notes', row.notes.slice(0, NOTES_MAX));
    if (!target.moods.length && row.moods.length) set('moods', row.moods);
    if (!target.pacing && row.pacing) set('pacing', row.pacing);
    if (!target.contentWarnings.length && row.contentWarnings.length) set('contentWarnings', row.contentWarnings);
    if (row.status !== target.status) {
      const fileDate = latestDate(row.readings.flatMap((r) => [r.started, r.finished, r.abandoned]));
      const entryDate = latestDate(target.readings.flatMap((r) => [r.startedOn, r.finishedOn, r.abandonedOn]));
      const newer = fileDate != null && (entryDate == null || fileDate > entryDate);
      if (STATUS_RANK[row.status] > STATUS_RANK[target.status] || newer) set('status', row.status);
    }
  }

  const datedBefore = target.readings.filter((r) => r.finishedOn != null).length;
  const dated = row.readings.filter(isDated);
  for (const [i, file] of dated.entries()) {
    const same = target.readings.find((r) => sameReading(r, file, i === dated.length - 1));
    if (!same) {
      // One open reading per entry (read_throughs_one_open_key).
      if (endOf(file) == null && target.readings.some(isOpen)) continue;
      target.readings.push({ id: newId(), startedOn: file.started, finishedOn: file.finished, abandonedOn: file.abandoned, state: 'new' });
      changed = true;
      continue;
    }
    const open = isOpen(same);
    const fill = {
      ...(same.startedOn == null && file.started ? { startedOn: file.started } : {}),
      ...(open && file.finished ? { finishedOn: file.finished } : {}),
      ...(open && !file.finished && file.abandoned ? { abandonedOn: file.abandoned } : {}),
    };
    if (Object.keys(fill).length) {
      Object.assign(same, fill);
      if (same.state === 'kept') same.state = 'filled';
      changed = true;
    }
  }
  // A reading in progress without a start date (lendo or pausado) is an open read-through.
  if ((target.status === 'reading' || target.status === 'paused') && !target.readings.some(isOpen)) {
    target.readings.push({ id: newId(), startedOn: null, finishedOn: null, abandonedOn: null, state: 'new' });
    changed = true;
  }

  // The read count: readings of unknown dates make up what the dated ones do not show, never counted twice.
  const fileTotal = row.readings.filter((r) => r.finished != null || (row.status === 'read' && !isDated(r))).length;
  const datedNow = target.readings.filter((r) => r.finishedOn != null).length;
  const undated = Math.min(MAX_UNDATED, Math.max(0, Math.max(datedBefore + target.undatedReadings, fileTotal) - datedNow));
  if (undated !== target.undatedReadings) set('undatedReadings', undated);

  if (row.review && !target.hasReview) {
    target.review = { body: row.review.slice(0, REVIEW_MAX), spoiler: row.spoiler };
    target.hasReview = true;
    changed = true;
  }

  for (const name of row.shelves) {
    const key = shelfKey(name);
    if (target.shelves.has(key)) continue;
    target.shelves.add(key);
    target.newShelves.push({ key, name, position: row.shelfPositions?.[key] ?? null });
    changed = true;
  }

  if (changed && target.state === 'kept') target.state = 'changed';
  return { entry: target, effect: added ? 'added' : changed ? 'updated' : 'unchanged', finished: dated.some((r) => r.finished != null) };
}

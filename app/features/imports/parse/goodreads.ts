import type { ShelfStatus } from '~/features/reading/vocabulary';
import type { ColumnMapping } from '../vocabulary';

/**
 * Goodreads' library export, in every layout real files come in: its header names, its 24 columns for a file
 * whose header a spreadsheet removed and its exclusive shelves (its series suffix: cleanSourceTitle).
 */

export const GOODREADS_HEADERS: ColumnMapping = {
  title: 'Title',
  authors: 'Author',
  additionalAuthors: 'Additional Authors',
  isbn: 'ISBN',
  isbn13: 'ISBN13',
  rating: 'My Rating',
  status: 'Exclusive Shelf',
  shelves: 'Bookshelves',
  shelfPositions: 'Bookshelves with positions',
  dateRead: 'Date Read',
  dateAdded: 'Date Added',
  review: 'My Review',
  spoiler: 'Spoiler',
  notes: 'Private Notes',
  readCount: 'Read Count',
  owned: 'Owned Copies',
  publisher: 'Publisher',
  format: 'Binding',
  pages: 'Number of Pages',
  yearPublished: 'Year Published',
  originalYear: 'Original Publication Year',
};

/** Goodreads' current library export, in order: what a file without its header row is read as. */
export const GOODREADS_COLUMNS = [
  'Book Id',
  'Title',
  'Author',
  'Author l-f',
  'Additional Authors',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Average Rating',
  'Publisher',
  'Binding',
  'Number of Pages',
  'Year Published',
  'Original Publication Year',
  'Date Read',
  'Date Added',
  'Bookshelves',
  'Bookshelves with positions',
  'Exclusive Shelf',
  'My Review',
  'Spoiler',
  'Private Notes',
  'Read Count',
  'Owned Copies',
] as const;

/** Whether a header (folded names) is Goodreads' or one of its kind (ours is told apart by its own columns). */
export const isGoodreadsLikeHeader = (names: ReadonlySet<string>) => names.has('title') && (names.has('exclusive shelf') || names.has('book id'));

/** Whether a first row is data, not a header: a Goodreads row starts with its numeric Book Id. */
export const looksLikeGoodreadsRow = (cells: string[]) => cells.length === GOODREADS_COLUMNS.length && /^\d+$/.test(cells[0]?.trim() ?? '');

/** The exclusive shelves' names (StoryGraph writes the same ones), folded, as statuses. */
export const SHELF_STATUS_NAMES: Record<string, ShelfStatus> = {
  'to-read': 'want_to_read',
  'currently-reading': 'reading',
  read: 'read',
  'did-not-finish': 'abandoned',
  paused: 'paused',
};

/**
 * Goodreads' "Bookshelves with positions" (`favorites (#5), to-read (#12)`): each shelf's place for the book, by
 * the shelf's name folded as our export writes it (lower case, spaces and commas as hyphens), so that a name
 * from the "Bookshelves" column or from our "Maratona Details" finds its position with `shelfPositionKey`.
 */
export function shelfPositions(cell: string): Map<string, number> {
  const positions = new Map<string, number>();
  for (const match of cell.matchAll(/([^,]+?)\s*\(#\s*(\d{1,9})\)/g)) positions.set(shelfPositionKey(match[1]!), Number(match[2]));
  return positions;
}

/** A shelf's name as "Bookshelves with positions" writes it: `Clássicos do Brasil` → `clássicos-do-brasil`. */
export const shelfPositionKey = (name: string) =>
  name
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/[\s,]+/g, '-');

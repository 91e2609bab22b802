import type { Visibility } from '~/features/social/vocabulary';
import type { EditionFormat } from '~/features/catalog/vocabulary';
import type { Mood, Pacing, ShelfStatus } from '~/features/reading/vocabulary';

/** The words and shapes of a reader import the schema stores (docs/decisions/0041): a leaf, the schema and the preview import it. */

export type ImportSource = 'goodreads' | 'storygraph' | 'maratona';
export type DateOrder = 'dmy' | 'mdy';

export const IMPORT_FIELDS = [
  'bookId',
  'title',
  'authors',
  'additionalAuthors',
  'isbn',
  'isbn13',
  'rating',
  'exactRating',
  'status',
  'shelves',
  'shelfPositions',
  'dateRead',
  'datesRead',
  'readings',
  'details',
  'dateAdded',
  'review',
  'spoiler',
  'notes',
  'readCount',
  'owned',
  'moods',
  'pacing',
  'contentWarnings',
  'publisher',
  'format',
  'pages',
  'yearPublished',
  'originalYear',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type ColumnMapping = Partial<Record<ImportField, string>>;

/**
 * How a row found its edition: by ISBN, by our own edition id (our export), by title and author; `confirm` when
 * the title is only near (the reader confirms or picks another), `chosen` once the reader did; `new` for none.
 */
export type MatchOutcome = 'isbn' | 'id' | 'title' | 'confirm' | 'chosen' | 'new';
export type RowOutcome = MatchOutcome | 'failed';

/** What a row of `reader_import_rows` keeps: the file's cells (for the failed-rows CSV) and what was read from them. */
export type ImportRowData = {
  cells: string[];
  row: RowFields | null;
  /** The edition a near title suggested, kept once the reader answered. */ suggestion?: string;
  /** The suggestion is another edition of the same work (another language), never the same edition. */
  otherEdition?: boolean;
  /** The reader said the row is another edition of the suggestion's work: its pending edition joins that work. */
  workId?: string;
};

/**
 * What the whole file gives the bookshelf, counted where it is read (parse/summary.ts) so the preview never
 * reads the file again: rows that import, by status, with a rating, per custom shelf; rows whose ISBN a
 * spreadsheet ruined; whether its day/month dates settled their order.
 */
export type FileSummary = {
  /** Rows per status the file gives; rows without one are the counts' `noStatus`. */
  statuses: Partial<Record<ShelfStatus, number>>;
  rated: number;
  /** Each custom shelf the rows go on (as the job names it), with how many rows, most first. */
  shelves: { name: string; books: number }[];
  /** Rows whose ISBN a spreadsheet turned into scientific notation (`9.78854E+12`). */
  scientificIsbns: number;
  /** `detected`: a day or month above 12 settled the order; `ambiguous`: the preview asks; `none`: no day/month dates at all. */
  dates: 'none' | 'detected' | 'ambiguous';
};

/**
 * The preview's counts per outcome and of rows without a status, with the file's summary (absent from imports
 * read before it was kept); then the job's: entries added to the shelf, entries changed, rows with nothing new,
 * rows without a status left out, and rows whose edition the catalogue had (`catalogMatched`) or the import
 * created as a pending edition (`catalogCreated`).
 */
export type ReaderImportCounts = Partial<Record<RowOutcome, number>> & {
  noStatus?: number;
  file?: FileSummary;
  added?: number;
  updated?: number;
  unchanged?: number;
  ignored?: number;
  catalogMatched?: number;
  catalogCreated?: number;
};

/** What the job does with a row whose status the file leaves empty, as the reader chose in the preview. */
export const NO_STATUS_CHOICES = ['want_to_read', 'ignore'] as const;
export type NoStatusChoice = (typeof NO_STATUS_CHOICES)[number];

export type ReaderImportStatus = 'preview' | 'queued' | 'done';

/** What a full archive (zip) adds to its bookshelf: the custom shelves' audience and description, the reading goals. */
export type ArchiveExtras = {
  /** `editions`: the shelf's editions (our ids) in its order. */
  shelves: { name: string; description: string; visibility: Visibility; editions: string[] }[];
  goals: { year: number; books: number | null; pages: number | null }[];
};

export type ParsedReading = { started: string | null; finished: string | null; abandoned: string | null };

/** The edition a row describes, as far as the file says (Goodreads' Publisher, Binding, pages and years; StoryGraph's Format). */
export type EditionFacts = {
  publisher: string | null;
  /** Null when the file names no format of ours ("Board book"): nothing is made up. */
  format: EditionFormat | null;
  pages: number | null;
  /** The edition's year ("Year Published"). */
  year: number | null;
  /** The work's first publication ("Original Publication Year"). */
  firstPublishedYear: number | null;
};

/** What a row says, as the import keeps it beside its cells (stored once) until the job writes it. */
export type RowFields = {
  line: number;
  /** Our own edition id, from our export's "Book Id" (a Goodreads file's Book Id is Goodreads' own, never read). */
  editionId: string | null;
  /** Cleaned as the catalogue keeps titles (cleanSourceTitle): no edition note, series or subtitle. */
  title: string;
  /** What followed the title's colon ("Sapiens: Uma Breve História", "Sapiens :: A Brief History"). */
  subtitle?: string;
  /** The language an edition note in the title named ("(Spanish Edition)" → es). */
  language?: string;
  /** Goodreads' series suffix, `(Duna, #2)`, taken off the title. */
  series: { name: string; position: number | null } | null;
  authors: string[];
  isbn13: string | null;
  /** Absent from rows a preview read before imports kept edition data (they import as before). */
  edition?: EditionFacts;
  /**
   * Null when the file leaves it empty (StoryGraph's "Read Status", Goodreads' "Exclusive Shelf"): such a row
   * has no readings, and the job makes it "quero ler" or leaves it out, as the reader chose (NoStatusChoice).
   */
  status: ShelfStatus | null;
  ratingQuarters: number | null;
  readings: ParsedReading[];
  addedOn: string | null;
  review: string | null;
  spoiler: boolean;
  notes: string | null;
  shelves: string[];
  /**
   * Each custom shelf's place for this book, by the shelf's folded name (shelfKey), from Goodreads' "Bookshelves
   * with positions"; absent from rows read before imports kept positions.
   */
  shelfPositions?: Record<string, number>;
  owned: boolean;
  /** Only our own export carries these two ("Maratona Details"). */
  ownedFormat: EditionFormat | null;
  favorite: boolean;
  moods: Mood[];
  pacing: Pacing | null;
  contentWarnings: string[];
  /** What was read but could not be used, in Portuguese (an ISBN in scientific notation…); the row still imports. */
  warnings: string[];
};

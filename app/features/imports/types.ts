import type { Visibility } from '~/features/social/visibility';
import type { RowFields } from './parse';

/**
 * How a row found its edition: by ISBN, by our own edition id (our export), by title and author; `confirm` when
 * the title is only near (the reader confirms or picks another), `chosen` once the reader did; `new` for none.
 */
export type MatchOutcome = 'isbn' | 'id' | 'title' | 'confirm' | 'chosen' | 'new';
export type RowOutcome = MatchOutcome | 'failed';

/** What a row of `reader_import_rows` keeps: the file's cells (for the failed-rows CSV) and what was read from them. */
export type ImportRowData = { cells: string[]; row: RowFields | null; /** The edition a near title suggested, kept once the reader answered. */ suggestion?: string };

/** The preview's counts per outcome, then the job's: entries added to the shelf, entries changed, rows with nothing new. */
export type ReaderImportCounts = Partial<Record<RowOutcome, number>> & { added?: number; updated?: number; unchanged?: number };

export type ReaderImportStatus = 'preview' | 'queued' | 'done';

/** What a full archive (zip) adds to its bookshelf: the custom shelves' audience and description, the reading goals. */
export type ArchiveExtras = {
  /** `editions`: the shelf's editions (our ids) in its order. */
  shelves: { name: string; description: string; visibility: Visibility; editions: string[] }[];
  goals: { year: number; books: number | null; pages: number | null }[];
};

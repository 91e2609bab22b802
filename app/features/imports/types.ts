import type { ParsedRow } from './parse';

/** How a row found its edition: by ISBN, by our own edition id (our export), by title and author, or none yet. */
export type MatchOutcome = 'isbn' | 'id' | 'title' | 'new';
export type RowOutcome = MatchOutcome | 'failed';

/** What a row of `reader_import_rows` keeps: the file's cells (for the failed-rows CSV) and what was read from them. */
export type ImportRowData = { cells: string[]; row: ParsedRow | null; warnings?: string[] };

/** The preview's counts per outcome, then the job's: entries added to the shelf, entries changed, rows with nothing new. */
export type ReaderImportCounts = Partial<Record<RowOutcome, number>> & { added?: number; updated?: number; unchanged?: number };

export type ReaderImportStatus = 'preview' | 'queued' | 'done';

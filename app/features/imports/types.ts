import type { Visibility } from '~/features/social/vocabulary';
import type { ColumnMapping, DateOrder, ImportSource, ReaderImportCounts, ReaderImportStatus, RowOutcome } from './vocabulary';

/** What the reader import's pages show: DTOs built by queries.server.ts. */

export type RowDecision = { kind: 'accept' } | { kind: 'new' } | { kind: 'other'; editionId: string };

export type ReaderImportSummary = {
  id: string;
  source: ImportSource;
  fileName: string;
  status: ReaderImportStatus;
  total: number;
  applied: number;
  counts: ReaderImportCounts;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export type ImportRowView = {
  line: number;
  outcome: RowOutcome;
  /** The edition's title once the row has one, else the file's. */
  title: string;
  fileTitle: string;
  authors: string[];
  editionId: string | null;
  /** A near title's suggested edition (kept after the reader answered), with its authors. */
  suggestion: { id: string; title: string; authors: string[] } | null;
  /** The suggestion is another edition of the same work (another language), never offered as the same edition. */
  otherEdition: boolean;
  /** The reader said so: the row's pending edition joins the suggestion's work. */
  sameWork: boolean;
  reason: string | null;
  warnings: string[];
};

export type ReaderImportDetail = ReaderImportSummary & {
  header: string[];
  mapping: ColumnMapping;
  dateOrder: DateOrder;
  dateOrderDetected: boolean;
  /** The custom shelves the file creates (names the reader has no shelf by), with how many of its books go on each. */
  newShelves: { name: string; books: number }[];
  /** The audience those shelves get (the reader's answer once confirmed; private until then). */
  shelfVisibility: Visibility;
  sample: ImportRowView[];
  toConfirm: ImportRowView[];
  failed: ImportRowView[];
  added: ImportRowView[];
};

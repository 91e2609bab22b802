import type { EditionCard } from '~/features/catalog/types';
import type { Emotion, ProgressUnit } from './progress';
import type { ShelfStatus } from './statuses';

export type ReadThrough = { id: string; startedOn: string | null; finishedOn: string | null; abandonedOn: string | null };

/** The viewer's own shelf entry of one edition, with every read-through, oldest first. */
export type MyShelfEntry = {
  id: string;
  status: ShelfStatus;
  rating: number | null;
  favorite: boolean;
  readThroughs: ReadThrough[];
  /** Finished read-throughs: "lido 2 vezes". */
  readCount: number;
};

export type BookshelfItem = {
  edition: EditionCard;
  status: ShelfStatus;
  rating: number | null;
  favorite: boolean;
  /** The latest read-through's dates, when there is one. */
  startedOn: string | null;
  finishedOn: string | null;
  /** The open reading's progress, 0–1, while the book is being read (progress, decision 0017). */
  progress: number | null;
  updatedAt: string;
};

export type Bookshelf = {
  items: BookshelfItem[];
  total: number;
  counts: Record<ShelfStatus, number>;
  page: number;
  pageSize: number;
};

// --- progress (docs/decisions/0017) ---

export type ProgressUpdate = {
  id: string;
  value: number;
  unit: ProgressUnit;
  fraction: number;
  comment: string | null;
  emotion: Emotion | null;
  spoiler: boolean;
  /** An explicit move backwards ("Corrigir progresso"). */
  correction: boolean;
  createdAt: string;
};

/** The viewer's progress on their open reading of an edition. */
export type MyProgress = {
  /** 0–1; 0 before the first update. */
  fraction: number;
  value: number | null;
  unit: ProgressUnit | null;
  /** The units this edition allows, and the one the form offers first. */
  units: ProgressUnit[];
  preferredUnit: ProgressUnit;
  /** "Faltam ~N dias no seu ritmo"; null when the pace is unknown. */
  daysLeft: number | null;
  /** The latest updates, newest first. */
  updates: ProgressUpdate[];
};

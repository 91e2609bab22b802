import type { EditionCard } from '~/features/catalog/types';
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
  updatedAt: string;
};

export type Bookshelf = {
  items: BookshelfItem[];
  total: number;
  counts: Record<ShelfStatus, number>;
  page: number;
  pageSize: number;
};

import type { CoverCard, EditionCard } from '~/features/catalog/types';
import type { Mood, Pacing, ShelfStatus, Emotion, ProgressUnit } from './vocabulary';
import type { Visibility } from '~/features/social/vocabulary';
import type { EditionFormat } from '~/features/catalog/vocabulary';

export type ReadThrough = { id: string; startedOn: string | null; finishedOn: string | null; abandonedOn: string | null };

/** The viewer's own shelf entry of one edition, with every read-through, oldest first. */
export type MyShelfEntry = {
  id: string;
  status: ShelfStatus;
  rating: number | null;
  favorite: boolean;
  owned: boolean;
  ownedFormat: EditionFormat | null;
  /** Private: only ever in the entry reader's own loader data. */
  notes: string | null;
  readThroughs: ReadThrough[];
  /** Finished read-throughs: "lido 2 vezes". */
  readCount: number;
  /** Finished readings of unknown dates (an import's), counted by readCount (docs/decisions/0032). */
  undatedReadings: number;
  /** How the reading felt (decision 0020). */
  moods: Mood[];
  pacing: Pacing | null;
  contentWarnings: string[];
};

export type BookshelfItem = {
  /** The shelf entry's id (the bulk form's checkboxes). */
  id: string;
  edition: CoverCard;
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
  /** What the filters can offer: years with a finished reading, languages of the reader's editions. */
  years: number[];
  languages: string[];
};

/** A custom shelf in a list (/estantes, the edition page's select, /estante's filter). */
export type ShelfSummary = {
  id: string;
  name: string;
  description: string;
  visibility: Visibility;
  itemCount: number;
  owner: { username: string; name: string };
  mine: boolean;
  /** Hidden by moderation: only the owner gets the shelf at all, with a notice. */
  hidden: boolean;
};

export type ShelfDetail = ShelfSummary & { updatedAt: string };

/**
 * A book on a custom shelf, as anyone allowed to see the shelf sees it (never the notes); `status` is null for
 * a book being read whose owner hides "lendo agora" from the viewer.
 */
export type ShelfItem = { entryId: string; edition: CoverCard; status: ShelfStatus | null; rating: number | null; position: number };

/** The viewer's shelves with whether one edition is on each (the edition page's "Adicionar a uma estante"). */
export type ShelfChoice = { id: string; name: string; contains: boolean };

/** /estante's filters, in code terms (the URL's Portuguese names are in shelves/validation.ts). */
export type BookshelfFilters = {
  status?: ShelfStatus | undefined;
  /** Finished a reading in this year. */
  year?: number | undefined;
  /** At least this many stars, or no rating at all. */
  rating?: number | 'none' | undefined;
  format?: EditionFormat | undefined;
  owned?: boolean | undefined;
  genre?: string | undefined;
  language?: string | undefined;
  /** One of the viewer's custom shelves. */
  shelfId?: string | undefined;
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

/** A book on /home's "Lendo agora", with its one-tap step (`nextValue` in `stepUnit`, null at the end). */
export type CurrentReading = {
  edition: CoverCard;
  length: { pages: number | null; audioMinutes: number | null; format: EditionFormat };
  fraction: number;
  value: number | null;
  unit: ProgressUnit | null;
  stepUnit: ProgressUnit;
  nextValue: number | null;
};

/** One shelf change of a followed reader, for /home's activity section. */
export type FollowingActivity = {
  id: string;
  reader: { username: string; name: string; image: string | null };
  edition: Pick<EditionCard, 'id' | 'title'>;
  status: ShelfStatus;
  at: string;
};
// --- reviews (docs/decisions/0020) ---

/** The viewer's own review of an edition, as the editor needs it: the published text and the draft apart. */
export type MyReview = {
  /** What others see; null while unpublished. */
  body: string | null;
  spoiler: boolean;
  visibility: Visibility;
  publishedAt: string | null;
  /** What the reader is writing; null when there is nothing newer than the published text. */
  draftBody: string | null;
  draftSpoiler: boolean;
  draftVisibility: Visibility;
  draftSavedAt: string | null;
  /** Taken down by the moderation: the author still sees it, with a notice; nobody else does. */
  hidden: boolean;
};

/** A published review on /ed/{id}/resenhas, as a viewer allowed to see it sees it (Markdown already rendered). */
export type EditionReview = {
  /** The review's shelf entry: what a report names. */
  id: string;
  mine: boolean;
  /** Taken down by the moderation: only its author is shown it, with a notice. */
  hidden: boolean;
  /** `id`: the reader a visitor's cached page is tagged with (decision 0036). */
  author: { id: string; username: string; name: string; image: string | null };
  html: string;
  spoiler: boolean;
  visibility: Visibility;
  rating: number | null;
  moods: Mood[];
  pacing: Pacing | null;
  contentWarnings: string[];
  publishedAt: string;
  edited: boolean;
};

/** A published review on a reader's profile (`/u/{username}/resenhas`): the review and the edition it is about. */
export type ReaderReview = EditionReview & { edition: CoverCard };

/** A reader with the edition on their bookshelf (/ed/{id}/leitores). */
export type EditionReader = { id: string; username: string; name: string; image: string | null; status: ShelfStatus; rating: number | null };

export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

/** A shelf entry as the reader import writes it: `addedAt` is when it was added on the other site (noon in Brazil), null for now. */
export type ImportedShelfEntry = {
  id: string;
  editionId: string;
  status: ShelfStatus;
  ratingQuarters: number | null;
  owned: boolean;
  ownedFormat: EditionFormat | null;
  favorite: boolean;
  notes: string | null;
  moods: Mood[];
  pacing: Pacing | null;
  contentWarnings: string[];
  undatedReadings: number;
  addedAt: string | null;
};

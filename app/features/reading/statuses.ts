import { SHELF_STATUSES, type ShelfStatus } from './vocabulary';

/** Portuguese for people (labels, URL slugs), English in code (PRODUCT.md §C, docs/glossary.md). */
export const STATUS_LABELS: Record<ShelfStatus, string> = {
  want_to_read: 'Quero ler',
  reading: 'Lendo',
  read: 'Lido',
  abandoned: 'Abandonado',
  paused: 'Pausado',
};

export const STATUS_SLUGS: Record<ShelfStatus, string> = {
  want_to_read: 'quero-ler',
  reading: 'lendo',
  read: 'lido',
  abandoned: 'abandonado',
  paused: 'pausado',
};

export const statusFromSlug = (slug: string): ShelfStatus | undefined => SHELF_STATUSES.find((status) => STATUS_SLUGS[status] === slug);

/** Ratings are 0.25–5 in quarter steps; stored as quarters. */
export const MIN_RATING = 0.25;
export const MAX_RATING = 5;
export const ratingFromQuarters = (quarters: number | null): number | null => (quarters == null ? null : quarters / 4);

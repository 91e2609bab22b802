import type { Mood, Pacing } from '../vocabulary';

/** The ratings histogram's buckets, in order (stored quarters 1–7 fall in the first, 20 alone in the last). */
export const RATING_BUCKETS = ['até 1,75', '2 a 2,75', '3 a 3,75', '4 a 4,75', '5'] as const;

export const MONTH_LABELS = ['jan.', 'fev.', 'mar.', 'abr.', 'maio', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'] as const;

export type ChartDatum = { label: string; value: number };

export type ReaderStats = {
  /** The year, or null for all time. */
  year: number | null;
  books: number;
  pages: number;
  /**
   * Books and pages per month of the year (`at` 1–12, all twelve), or per year of all time (`at` the year,
   * from the first to the last with reading), then the books read "sem data" (`at` null) when there are any.
   */
  timeline: { at: number | null; books: number; pages: number }[];
  genres: ChartDatum[];
  countries: ChartDatum[];
  /** Counts per bucket of RATING_BUCKETS. */
  ratings: number[];
};

export type EditionStats = {
  ratings: number[];
  ratingsCount: number;
  averageRating: number | null;
  /** Days from start to finish (both counted), averaged over finished read-throughs with both dates. */
  readingTime: { averageDays: number; count: number } | null;
  /** How readers said the book felt: how many readers ticked each mood (most first), out of `traitReaders`. */
  moods: { mood: Mood; readers: number }[];
  /** Readers per pacing, in PACINGS order (all three, zeros included). */
  pacing: { pacing: Pacing; readers: number }[];
  /** The content warnings readers named, most named first (at most TOP_WARNINGS). */
  contentWarnings: ChartDatum[];
  /** Readers who said anything about moods, pacing or warnings: what the percentages are of. */
  traitReaders: number;
};

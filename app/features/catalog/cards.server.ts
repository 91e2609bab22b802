import { sql } from 'drizzle-orm';
import type { CoverCard, EditionCard } from './types';
import type { EditionFormat } from './vocabulary';

/** An edition's authors in order, as JSON in the same query, so a list never costs one query per book. */
const authorsColumn = sql`COALESCE((SELECT json_agg(json_build_object('id', a.id, 'slug', a.slug, 'name', a.name) ORDER BY wa.position, a.name)
    FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id), '[]'::json) AS authors`;

/** The columns of an edition card (from `editions e`): catalogue lists, search results, collections. */
export const cardColumns = sql`e.id, e.title, e.subtitle, e.publisher, e.publication_date AS "publicationDate", e.format,
  e.cover_url AS "coverUrl", e.readers_count AS "readersCount", ${authorsColumn}`;

/**
 * The columns of a cover card (from `editions e`): a reader's lists show only the cover, title and authors, and
 * each field more is data the page carries twice (in its HTML and in its hydration data) for nothing.
 */
export const coverCardColumns = sql`e.id, e.title, e.cover_url AS "coverUrl", ${authorsColumn}`;

export type CardRow = {
  id: string;
  title: string;
  subtitle: string | null;
  publisher: string | null;
  publicationDate: string | null;
  format: EditionFormat;
  coverUrl: string | null;
  readersCount: number;
  authors: { id: string; slug: string; name: string }[];
};

export function toCard(row: CardRow): EditionCard {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    authors: row.authors,
    publisher: row.publisher,
    year: row.publicationDate?.slice(0, 4) ?? null,
    format: row.format,
    coverUrl: row.coverUrl,
    readersCount: Number(row.readersCount),
  };
}

export type CoverCardRow = Pick<CardRow, 'id' | 'title' | 'coverUrl' | 'authors'>;

export function toCoverCard(row: CoverCardRow): CoverCard {
  return { id: row.id, title: row.title, authors: row.authors, coverUrl: row.coverUrl };
}

import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { shelfEntries } from '~/db/schema';
import { type CoverCardRow, coverCardColumns, toCoverCard } from '~/features/catalog/cards.server';
import type { Viewer } from '~/server/viewer.server';
import { setShelfStatus } from './mutations.server';
import { ratingFromQuarters } from '../statuses';
import type { Bookshelf, BookshelfFilters, BookshelfItem } from '../types';
import type { BookshelfSort } from './validation';
import { SHELF_STATUSES, type ShelfStatus } from '../vocabulary';

export const BOOKSHELF_PAGE_SIZE = 30;

/** An entry of a bookshelf page as `bookshelfRowSql` reads it. */
export type BookshelfRow = CoverCardRow & {
  entry_id: string;
  status: ShelfStatus;
  rating_quarters: number | null;
  favorite: boolean;
  started_on: string | null;
  finished_on: string | null;
  progress_fraction: number | null;
  updated_at: Date | string;
};

/**
 * The columns of a bookshelf's entries and the tables they come from: `shelf_entries s`, its edition `e` and its
 * latest reading `r` (its progress only while it is open). The caller adds the WHERE, the order and the page.
 */
export const bookshelfRowSql = sql`
  SELECT ${coverCardColumns}, s.id AS entry_id, s.status, s.rating_quarters, s.favorite, s.updated_at, r.started_on, r.finished_on, r.progress_fraction
  FROM shelf_entries s JOIN editions e ON e.id = s.edition_id
  LEFT JOIN LATERAL (SELECT started_on, finished_on, CASE WHEN finished_on IS NULL AND abandoned_on IS NULL THEN progress_fraction END AS progress_fraction
    FROM read_throughs rt WHERE rt.shelf_entry_id = s.id ORDER BY rt.created_at DESC, rt.id DESC LIMIT 1) r ON true`;

/** A bookshelf's entry as its page shows it, with the progress the page gives it. */
export const toBookshelfItem = (row: BookshelfRow, progress: number | null): BookshelfItem => ({
  id: row.entry_id,
  edition: toCoverCard(row),
  status: row.status,
  rating: ratingFromQuarters(row.rating_quarters),
  favorite: row.favorite,
  startedOn: row.started_on,
  finishedOn: row.finished_on,
  progress,
  updatedAt: new Date(row.updated_at).toISOString(),
});

/**
 * Every filter but the status, as SQL on `shelf_entries s` alone (the tabs count with them applied). The
 * edition's filters look it up by key, so the status counts need no join with editions.
 */
function filterSql(viewer: Viewer, filters: BookshelfFilters): SQL {
  const parts: SQL[] = [sql`s.user_id = ${viewer.id}`];
  if (filters.year != null) {
    parts.push(sql`EXISTS (SELECT 1 FROM read_throughs ry WHERE ry.shelf_entry_id = s.id
      AND ry.finished_on >= make_date(${filters.year}::int, 1, 1) AND ry.finished_on < make_date(${filters.year}::int + 1, 1, 1))`);
  }
  if (filters.rating === 'none') parts.push(sql`s.rating_quarters IS NULL`);
  else if (filters.rating != null) parts.push(sql`s.rating_quarters >= ${filters.rating * 4}`);
  if (filters.owned != null) parts.push(sql`s.owned = ${filters.owned}`);
  if (filters.language) parts.push(sql`s.edition_language = ${filters.language}`);
  const edition: SQL[] = [];
  if (filters.format) edition.push(sql`fe.format = ${filters.format}`);
  if (filters.genre) edition.push(sql`EXISTS (SELECT 1 FROM works w WHERE w.id = fe.work_id AND ${filters.genre} = ANY (w.genres))`);
  if (edition.length > 0) parts.push(sql`EXISTS (SELECT 1 FROM editions fe WHERE fe.id = s.edition_id AND ${sql.join(edition, sql` AND `)})`);
  if (filters.shelfId) {
    parts.push(sql`EXISTS (SELECT 1 FROM shelf_items si JOIN shelves sh ON sh.id = si.shelf_id
      WHERE si.shelf_entry_id = s.id AND sh.id = ${filters.shelfId} AND sh.user_id = ${viewer.id})`);
  }
  return sql.join(parts, sql` AND `);
}

const ORDER: Record<BookshelfSort, SQL> = {
  recentes: sql`s.updated_at DESC, s.id`,
  titulo: sql`immutable_unaccent(lower(e.title)), s.id`,
  autor: sql`(SELECT a.sort_name FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id ORDER BY wa.position LIMIT 1) NULLS LAST, immutable_unaccent(lower(e.title)), s.id`,
  nota: sql`s.rating_quarters DESC NULLS LAST, s.updated_at DESC, s.id`,
  leitura: sql`(SELECT max(rf.finished_on) FROM read_throughs rf WHERE rf.shelf_entry_id = s.id) DESC NULLS LAST, s.updated_at DESC, s.id`,
};

/**
 * My bookshelf (`/estante`) with its filters and sort: one query for the page, one for the status counts
 * (with the other filters applied) and what the year and language filters can offer.
 */
export async function listBookshelf(viewer: Viewer, options: { filters?: BookshelfFilters; sort?: BookshelfSort; page: number }): Promise<Bookshelf> {
  const filters = options.filters ?? {};
  const where = filterSql(viewer, filters);
  const statusFilter = filters.status ? sql`AND s.status = ${filters.status}` : sql``;
  const offset = (options.page - 1) * BOOKSHELF_PAGE_SIZE;
  const [rows, facetRows] = await Promise.all([
    queryRows<BookshelfRow>(sql`
      ${bookshelfRowSql}
      WHERE ${where} ${statusFilter}
      ORDER BY ${ORDER[options.sort ?? 'recentes']}
      LIMIT ${BOOKSHELF_PAGE_SIZE} OFFSET ${offset}`),
    // One statement for the rest, a round trip less per page. The languages come from the entries' copy of
    // their edition's (migration 0030): looking each edition up cost 2,000 index probes per /estante for
    // bench:reading's reader.
    queryRows<{ kind: 'status' | 'year' | 'language'; value: string; n: number }>(sql`
      SELECT 'status' AS kind, s.status::text AS value, count(*)::int AS n FROM shelf_entries s WHERE ${where} GROUP BY s.status
      UNION ALL
      (SELECT DISTINCT 'year', extract(year FROM rt.finished_on)::int::text, 0
        FROM read_throughs rt WHERE rt.user_id = ${viewer.id} AND rt.finished_on IS NOT NULL
      UNION
      SELECT DISTINCT 'language', s.edition_language, 0 FROM shelf_entries s WHERE s.user_id = ${viewer.id})`),
  ]);
  const counts = Object.fromEntries(SHELF_STATUSES.map((status) => [status, 0])) as Record<ShelfStatus, number>;
  for (const row of facetRows) if (row.kind === 'status') counts[row.value as ShelfStatus] = Number(row.n);
  return {
    items: rows.map((row) => toBookshelfItem(row, row.status === 'reading' || row.status === 'paused' ? Number(row.progress_fraction ?? 0) : null)),
    total: filters.status ? counts[filters.status] : Object.values(counts).reduce((a, n) => a + n, 0),
    counts,
    page: options.page,
    pageSize: BOOKSHELF_PAGE_SIZE,
    years: facetRows
      .filter((f) => f.kind === 'year')
      .map((f) => Number(f.value))
      .sort((a, b) => b - a),
    languages: facetRows
      .filter((f) => f.kind === 'language')
      .map((f) => f.value)
      .sort(),
  };
}

/**
 * Bulk status change: each of the viewer's own checked entries goes through setShelfStatus, so dates follow
 * the same rules as one change (decision 0016). Ids of other readers' entries are ignored. Returns how many moved.
 */
export async function moveShelfEntries(viewer: Viewer, entryIds: string[], status: ShelfStatus): Promise<number> {
  if (entryIds.length === 0) return 0;
  const mine = await getDb()
    .select({ editionId: shelfEntries.editionId })
    .from(shelfEntries)
    .where(and(eq(shelfEntries.userId, viewer.id), inArray(shelfEntries.id, entryIds)));
  for (const entry of mine) await setShelfStatus(viewer, entry.editionId, status);
  return mine.length;
}

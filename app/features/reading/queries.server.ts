import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { readThroughs, shelfEntries } from '~/db/schema';
import { type CardRow, cardColumns, toCard } from '~/features/catalog/cards.server';
import type { Viewer } from '~/server/viewer.server';
import { SHELF_STATUSES, type ShelfStatus, ratingFromQuarters } from './statuses';
import type { Bookshelf, MyShelfEntry } from './types';

export const BOOKSHELF_PAGE_SIZE = 30;

/** The viewer's own entry of an edition (the viewer is the filter: nobody reads another's this way). */
export async function getMyShelfEntry(viewer: Viewer, editionId: string): Promise<MyShelfEntry | null> {
  const db = getDb();
  const [entry] = await db
    .select({ id: shelfEntries.id, status: shelfEntries.status, ratingQuarters: shelfEntries.ratingQuarters, favorite: shelfEntries.favorite })
    .from(shelfEntries)
    .where(and(eq(shelfEntries.userId, viewer.id), eq(shelfEntries.editionId, editionId)));
  if (!entry) return null;
  const reads = await db
    .select({ id: readThroughs.id, startedOn: readThroughs.startedOn, finishedOn: readThroughs.finishedOn, abandonedOn: readThroughs.abandonedOn })
    .from(readThroughs)
    .where(eq(readThroughs.shelfEntryId, entry.id))
    .orderBy(asc(readThroughs.createdAt), asc(readThroughs.id));
  return {
    id: entry.id,
    status: entry.status,
    rating: ratingFromQuarters(entry.ratingQuarters),
    favorite: entry.favorite,
    readThroughs: reads,
    readCount: reads.filter((r) => r.finishedOn).length,
  };
}

type BookshelfRow = CardRow & {
  status: ShelfStatus;
  rating_quarters: number | null;
  favorite: boolean;
  started_on: string | null;
  finished_on: string | null;
  progress_fraction: number | null;
  updated_at: Date | string;
};

/** My bookshelf (`/estante`): every entry, most recently changed first, optionally one status. */
export async function listBookshelf(viewer: Viewer, options: { status?: ShelfStatus; page: number }): Promise<Bookshelf> {
  const statusFilter = options.status ? sql`AND s.status = ${options.status}` : sql``;
  const offset = (options.page - 1) * BOOKSHELF_PAGE_SIZE;
  const [rows, countRows] = await Promise.all([
    queryRows<BookshelfRow>(sql`
      SELECT ${cardColumns}, s.status, s.rating_quarters, s.favorite, s.updated_at, r.started_on, r.finished_on, r.progress_fraction
      FROM shelf_entries s
      JOIN editions e ON e.id = s.edition_id
      LEFT JOIN LATERAL (SELECT started_on, finished_on, CASE WHEN finished_on IS NULL AND abandoned_on IS NULL THEN progress_fraction END AS progress_fraction FROM read_throughs rt WHERE rt.shelf_entry_id = s.id ORDER BY rt.created_at DESC, rt.id DESC LIMIT 1) r ON true
      WHERE s.user_id = ${viewer.id} ${statusFilter}
      ORDER BY s.updated_at DESC, s.id
      LIMIT ${BOOKSHELF_PAGE_SIZE} OFFSET ${offset}`),
    queryRows<{ status: ShelfStatus; n: number }>(sql`SELECT status, count(*)::int AS n FROM shelf_entries WHERE user_id = ${viewer.id} GROUP BY status`),
  ]);
  const counts = Object.fromEntries(SHELF_STATUSES.map((status) => [status, 0])) as Record<ShelfStatus, number>;
  for (const row of countRows) counts[row.status] = Number(row.n);
  return {
    items: rows.map((row) => ({
      edition: toCard(row),
      status: row.status,
      rating: ratingFromQuarters(row.rating_quarters),
      favorite: row.favorite,
      startedOn: dateOnly(row.started_on),
      finishedOn: dateOnly(row.finished_on),
      progress: row.status === 'reading' || row.status === 'paused' ? Number(row.progress_fraction ?? 0) : null,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
    total: options.status ? counts[options.status] : Object.values(counts).reduce((a, n) => a + n, 0),
    counts,
    page: options.page,
    pageSize: BOOKSHELF_PAGE_SIZE,
  };
}

/** PGlite and node-postgres both give `date` columns as "YYYY-MM-DD" through drizzle, but raw SQL may give a Date. */
function dateOnly(value: string | Date | null): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { readThroughs, shelfEntries } from '~/db/schema';
import { readingShownTo, visibleTo } from '~/features/social/audience.server';
import type { Viewer } from '~/server/viewer.server';
import { ratingFromQuarters } from '../statuses';
import type { EditionReader, MyShelfEntry, Paged } from '../types';
import type { ShelfStatus } from '../vocabulary';

export const EDITION_READERS_PAGE_SIZE = 40;

/** The viewer's own entry of an edition (the viewer is the filter: nobody reads another's this way). */
export async function getMyShelfEntry(viewer: Viewer, editionId: string): Promise<MyShelfEntry | null> {
  const db = getDb();
  const [entry] = await db
    .select({
      id: shelfEntries.id,
      status: shelfEntries.status,
      ratingQuarters: shelfEntries.ratingQuarters,
      favorite: shelfEntries.favorite,
      owned: shelfEntries.owned,
      ownedFormat: shelfEntries.ownedFormat,
      notes: shelfEntries.notes,
      moods: shelfEntries.moods,
      pacing: shelfEntries.pacing,
      contentWarnings: shelfEntries.contentWarnings,
      undatedReadings: shelfEntries.undatedReadings,
    })
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
    owned: entry.owned,
    ownedFormat: entry.ownedFormat,
    notes: entry.notes,
    readThroughs: reads,
    // Readings of unknown dates (docs/decisions/0032) count as readings too.
    readCount: reads.filter((r) => r.finishedOn).length + entry.undatedReadings,
    undatedReadings: entry.undatedReadings,
    moods: entry.moods,
    pacing: entry.pacing,
    contentWarnings: entry.contentWarnings,
  };
}

/**
 * Readers with the edition on their bookshelf, most recently active first, only those whose profile the viewer
 * may see: a shelf entry counts as a public item of its reader (`visibleTo` with the constant 'publico'). A
 * reader who hides "lendo agora" is left out while reading it (`readingShownTo`).
 */
export async function listEditionReaders(viewer: Viewer | null, editionId: string, page: number): Promise<Paged<EditionReader>> {
  const viewerId = viewer?.id ?? null;
  const where = sql`s.edition_id = ${editionId} AND ${visibleTo(viewerId, sql`s.user_id`, sql`'publico'`)} AND ${readingShownTo(viewerId, sql`s.user_id`, sql`s.status`)}`;
  const [rows, [total]] = await Promise.all([
    queryRows<{ id: string; username: string | null; name: string; image: string | null; status: ShelfStatus; rating_quarters: number | null }>(sql`
      SELECT u.id, u.username, u.name, u.image, s.status, s.rating_quarters
      FROM shelf_entries s JOIN users u ON u.id = s.user_id
      WHERE ${where}
      ORDER BY s.updated_at DESC, s.id
      LIMIT ${EDITION_READERS_PAGE_SIZE} OFFSET ${(page - 1) * EDITION_READERS_PAGE_SIZE}`),
    queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM shelf_entries s WHERE ${where}`),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      username: row.username ?? '',
      name: row.name,
      image: row.image,
      status: row.status,
      rating: ratingFromQuarters(row.rating_quarters),
    })),
    total: Number(total?.n ?? 0),
    page,
    pageSize: EDITION_READERS_PAGE_SIZE,
  };
}

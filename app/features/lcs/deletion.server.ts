import { type SQL, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { groupReadPageTags } from './cache';
import { dropPlaces } from './participants.server';

/**
 * Before a reader's account goes (its rows go by cascade): each LC where they hold a place frees it, so the
 * waiting list moves up and the count stays true; the LCs they host go with them, their covers and material files to be removed.
 * Returns the cached pages to drop and the files to remove once the deletion is committed.
 */
export async function releaseGroupReadsOf(tx: Tx, userId: string): Promise<{ tags: string[]; files: string[] }> {
  const places = await queryRows<{ id: string }>(
    sql`SELECT group_read_id AS id FROM group_read_participants WHERE user_id = ${userId} ORDER BY group_read_id`,
    tx,
  );
  const dropped = await dropPlaces(
    tx,
    userId,
    places.map(({ id }) => id),
  );
  const hosted = await goingGroupReads(tx, sql`g.host_user_id = ${userId}`);
  return { tags: [...new Set([...dropped, ...hosted.tags])], files: hosted.files };
}

/**
 * Before a club is deleted (its LCs go with it by cascade): the cached pages of its LCs to drop and their covers and
 * material files to remove, once the deletion is committed.
 */
export async function clubGroupReadsGoing(tx: Tx, clubId: string): Promise<{ tags: string[]; files: string[] }> {
  return goingGroupReads(tx, sql`g.host_club_id = ${clubId}`);
}

/**
 * The pages and files of the LCs `g` that `where` picks, locked: a cover or material uploaded meanwhile (under the
 * LC's lock) commits before this reads its key, or waits and then finds the LC gone.
 */
async function goingGroupReads(tx: Tx, where: SQL): Promise<{ tags: string[]; files: string[] }> {
  const rows = await queryRows<{ id: string; files: string[] }>(
    sql`SELECT g.id, array_remove(array_prepend(g.cover_key, ARRAY(SELECT m.file_key FROM group_read_materials m WHERE m.group_read_id = g.id AND m.file_key IS NOT NULL)), NULL) AS files
      FROM group_reads g WHERE ${where} ORDER BY g.id FOR UPDATE OF g`,
    tx,
  );
  return { tags: [...new Set(rows.flatMap(({ id }) => groupReadPageTags(id)))], files: rows.flatMap((lc) => lc.files) };
}

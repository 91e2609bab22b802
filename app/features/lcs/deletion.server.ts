import { sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { groupReadPageTags } from './cache';
import { dropPlaces } from './participants.server';

/**
 * Before a reader's account goes (its rows go by cascade): each LC where they hold a place frees it, so the
 * waiting list moves up and the count stays true; the LCs they host go with them, their covers to be removed.
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
  const hosted = await queryRows<{ id: string; cover_key: string | null }>(sql`SELECT id, cover_key FROM group_reads WHERE host_user_id = ${userId}`, tx);
  const tags = [...new Set([...dropped, ...hosted.flatMap(({ id }) => groupReadPageTags(id))])];
  return { tags, files: hosted.flatMap((lc) => (lc.cover_key ? [lc.cover_key] : [])) };
}

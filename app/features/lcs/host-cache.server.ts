import { eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { groupReads } from '~/db/schema';
import { invalidateTags } from '~/server/html-cache.server';
import { GROUP_READS_CACHE_TAG, groupReadCacheTag } from './cache';

/**
 * The visitors' cached pages that show a reader as an LC's host (its name and username on the card and the page,
 * or the LC at all once they are suspended): dropped when the reader renames or is suspended or restored.
 */
export async function hostedGroupReadTags(userId: string): Promise<string[]> {
  const rows = await getDb().select({ id: groupReads.id }).from(groupReads).where(eq(groupReads.hostUserId, userId));
  return rows.length ? [GROUP_READS_CACHE_TAG, ...rows.map((row) => groupReadCacheTag(row.id))] : [];
}

/** Drops them (after the change is committed). */
export async function dropHostedGroupReadPages(userId: string): Promise<void> {
  const tags = await hostedGroupReadTags(userId);
  if (tags.length) await invalidateTags(tags);
}

/**
 * A reader suspended or restored: the LCs they host (hostedGroupReadTags) and every LC whose threads carry a comment
 * of theirs — the visitors' cached discussao counts them, and stops (or starts again) counting them now, not when
 * the copy expires. Dropped after the change is committed.
 */
export async function dropGroupReadPagesOfSuspended(userId: string): Promise<void> {
  const commented = await queryRows<{ id: string }>(
    sql`SELECT DISTINCT group_read_id AS id FROM group_read_comments WHERE author_id = ${userId} AND deleted_at IS NULL`,
  );
  const tags = [...(await hostedGroupReadTags(userId)), ...commented.map((row) => groupReadCacheTag(row.id))];
  if (tags.length) await invalidateTags([...new Set(tags)]);
}

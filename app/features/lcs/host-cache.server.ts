import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
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

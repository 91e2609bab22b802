import { sql } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { blocks, follows, readThroughs, shelfEntries } from '~/db/schema';
import { newId } from '~/lib/ids';
import type { ShelfStatus } from '~/features/reading/vocabulary';

/**
 * A shelf entry with read-throughs on chosen dates, written straight into the tables: statistics and goals
 * need readings finished on given days (the pages only ever record "today").
 */
export async function shelve(
  userId: string,
  editionId: string,
  options: { status?: ShelfStatus; rating?: number; reads?: { started?: string; finished?: string }[]; undatedReadings?: number } = {},
): Promise<string> {
  const id = newId();
  const db = getDb();
  await db.insert(shelfEntries).values({
    id,
    userId,
    editionId,
    status: options.status ?? 'read',
    ratingQuarters: options.rating != null ? options.rating * 4 : null,
    undatedReadings: options.undatedReadings ?? 0,
  });
  for (const read of options.reads ?? []) {
    await db.insert(readThroughs).values({ id: newId(), userId, shelfEntryId: id, startedOn: read.started ?? null, finishedOn: read.finished ?? null });
  }
  return id;
}

export async function follow(followerId: string, followeeId: string, status: 'accepted' | 'pending' = 'accepted') {
  await getDb().insert(follows).values({ followerId, followeeId, status });
}

export async function block(blockerId: string, blockedId: string) {
  await getDb().insert(blocks).values({ blockerId, blockedId });
}

export async function suspend(userId: string) {
  await getDb().execute(sql`UPDATE users SET suspended_at = now() WHERE id = ${userId}`);
}

export async function restrict(userId: string) {
  await getDb().execute(sql`UPDATE users SET profile_visibility = 'restrito' WHERE id = ${userId}`);
}

import { and, desc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '~/db/client.server';
import { clubMembers, groupReadParticipants, groupReads } from '~/db/schema';
import type { Viewer } from '~/server/viewer.server';
import { saoPauloToday } from './policy';
import { cardColumns, hostClubs, hostShownTo, hostUsers, toCard } from './queries.server';
import { seeSql, standingJoins } from './standing.server';
import type { ReaderGroupReads } from './types';

/** LCs a profile tab lists at most (the latest first). */
export const PROFILE_GROUP_READS_MAX = 100;

const ownerPlaces = alias(groupReadParticipants, 'owner_places');

/**
 * /u/{username}/lcs: the LCs a reader hosts and those they read along in, as the viewer may see each one — a
 * club's LC only to its members, a private one only to whoever has a place in it (the policy's 'see', as the LC's
 * own page answers). The profile's own rules (restrito, blocks, suspension) are the tab's, checked before this.
 */
export async function listReaderGroupReads(viewer: Viewer | null, userId: string): Promise<ReaderGroupReads> {
  const joins = standingJoins(viewer);
  const rows = await getDb()
    .select({ ...cardColumns, hostUserId: groupReads.hostUserId })
    .from(groupReads)
    .leftJoin(hostUsers, eq(hostUsers.id, groupReads.hostUserId))
    .leftJoin(hostClubs, eq(hostClubs.id, groupReads.hostClubId))
    .leftJoin(ownerPlaces, and(eq(ownerPlaces.groupReadId, groupReads.id), eq(ownerPlaces.userId, userId)))
    .leftJoin(groupReadParticipants, joins.participant)
    .leftJoin(clubMembers, joins.club)
    .where(
      and(
        or(eq(groupReads.hostUserId, userId), eq(ownerPlaces.status, 'active')),
        // Only what the viewer may see (the policy's 'see', in SQL), before the limit, so hidden LCs never fill the tab.
        seeSql(viewer),
        // As on /lcs: not an LC of a suspended host or of one in a block with the viewer. A private club's public LC is its members' (effectiveVisibility).
        hostShownTo(viewer),
      ),
    )
    .orderBy(desc(groupReads.startsOn), desc(groupReads.createdAt), desc(groupReads.id))
    .limit(PROFILE_GROUP_READS_MAX);
  const today = saoPauloToday();
  const result: ReaderGroupReads = { hosting: [], joined: [] };
  for (const { hostUserId, ...card } of rows) (hostUserId === userId ? result.hosting : result.joined).push(toCard(card, today));
  return result;
}

import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { clubMembers, groupReadEditions, groupReadParticipants, groupReads } from '~/db/schema';
import { clubCacheTag } from '~/features/clubs/cache';
import { readerCacheTag } from '~/features/profiles/cache';
import type { Viewer } from '~/server/viewer.server';
import { saoPauloToday } from './policy';
import { cardColumns, hostClubs, hostShownTo, hostUsers, toCard } from './queries.server';
import { seeSql, standingJoins } from './standing.server';
import type { GroupReadCard } from './types';

/** LCs "LCs lendo este livro" shows at most: the ones starting first. */
export const EDITION_GROUP_READS_MAX = 6;

/**
 * An edition's "LCs lendo este livro": the LCs reading it that are open or running, as the viewer may see each one
 * (a visitor, the public ones only: the page is cached for visitors under `edition:<id>`, which migration 0047's
 * triggers drop when an LC adds or removes the book or changes what this list shows). Answers the cache tags of the
 * hosts it names besides, so a host's rename or suspension drops the page too.
 */
export async function listEditionGroupReads(viewer: Viewer | null, editionId: string): Promise<{ groupReads: GroupReadCard[]; tags: string[] }> {
  const today = saoPauloToday();
  const joins = standingJoins(viewer);
  const rows = await getDb()
    .select({ ...cardColumns, hostUserId: groupReads.hostUserId, hostClubId: groupReads.hostClubId })
    .from(groupReadEditions)
    .innerJoin(groupReads, eq(groupReads.id, groupReadEditions.groupReadId))
    .leftJoin(hostUsers, eq(hostUsers.id, groupReads.hostUserId))
    .leftJoin(hostClubs, eq(hostClubs.id, groupReads.hostClubId))
    .leftJoin(groupReadParticipants, joins.participant)
    .leftJoin(clubMembers, joins.club)
    .where(
      and(
        eq(groupReadEditions.editionId, editionId),
        isNull(groupReads.closedEarlyAt),
        gte(groupReads.endsOn, today),
        // Only the LCs the viewer may see (the policy's 'see', in SQL), before the limit, so hidden ones never fill it.
        seeSql(viewer),
        // As on /lcs: not a suspended host's, nor one in a block with the viewer. A private club's public LC is its members' (effectiveVisibility).
        hostShownTo(viewer),
      ),
    )
    .orderBy(asc(groupReads.startsOn), asc(groupReads.createdAt), asc(groupReads.id))
    .limit(EDITION_GROUP_READS_MAX);
  const tags = rows.map((row) => (row.hostUserId ? readerCacheTag(row.hostUserId) : clubCacheTag(row.hostClubId ?? '')));
  return { groupReads: rows.map((row) => toCard(row, today)), tags: [...new Set(tags)] };
}

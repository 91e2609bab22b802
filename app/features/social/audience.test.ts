import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { blocks, follows } from '~/db/schema';
import { useTestDatabase } from '../../../test/db';
import { createUser } from '../../../test/factories';
import { EXPECTED_AUDIENCE as EXPECTED } from '../../../test/visibility-matrix';
import { type Relation, audienceOf, isBlockedPair, maySee, maySeeProfile, visibleTo } from './audience.server';
import { VISIBILITIES } from './vocabulary';

useTestDatabase();

async function visibleInList(viewerId: string | null, authorId: string, visibility: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(sql`
    SELECT ${visibleTo(viewerId, sql`t.author`, sql`t.visibility`)} AS ok FROM (SELECT ${authorId}::text AS author, ${visibility}::text AS visibility) t`);
  return Boolean(row?.ok);
}

describe('audience', () => {
  for (const profile of ['publico', 'restrito'] as const) {
    it(`single items and lists agree on who sees what on a ${profile} profile`, async () => {
      const author = await createUser();
      const follower = await createUser();
      const stranger = await createUser();
      const requester = await createUser();
      const blocker = await createUser();
      const blockedFollower = await createUser();
      const db = getDb();
      await db.execute(sql`UPDATE users SET profile_visibility = ${profile} WHERE id = ${author.id}`);
      await db.insert(follows).values([
        { followerId: follower.id, followeeId: author.id, status: 'accepted' },
        { followerId: requester.id, followeeId: author.id, status: 'pending' },
        { followerId: blockedFollower.id, followeeId: author.id, status: 'accepted' },
      ]);
      // Blocked either way: the author blocked one, the other blocked the author.
      await db.insert(blocks).values([
        { blockerId: author.id, blockedId: blocker.id },
        { blockerId: blockedFollower.id, blockedId: author.id },
      ]);

      const cases: [string | null, Relation | 'visitor'][] = [
        [author.id, 'owner'],
        [follower.id, 'follower'],
        [stranger.id, 'stranger'],
        [requester.id, 'stranger'],
        [null, 'visitor'],
        [blocker.id, 'blocked'],
        [blockedFollower.id, 'blocked'],
      ];
      for (const [viewerId, relation] of cases) {
        const audience = (await audienceOf(viewerId, author.id))!;
        expect(audience.relation).toBe(relation === 'visitor' ? 'stranger' : relation);
        for (const visibility of VISIBILITIES) {
          const expected = EXPECTED[profile][relation][visibility];
          expect({ relation, visibility, single: maySee(audience, visibility) }).toEqual({ relation, visibility, single: expected });
          expect({ relation, visibility, list: await visibleInList(viewerId, author.id, visibility) }).toEqual({ relation, visibility, list: expected });
        }
        expect(maySeeProfile(audience)).toBe(EXPECTED[profile][relation].publico);
      }
      expect((await audienceOf(requester.id, author.id))!.followPending).toBe(true);
      expect(await isBlockedPair(author.id, blocker.id)).toBe(true);
      expect(await isBlockedPair(author.id, blockedFollower.id)).toBe(true);
      expect(await isBlockedPair(author.id, follower.id)).toBe(false);

      // A suspended author's content is hidden from everyone but the author.
      await db.execute(sql`UPDATE users SET suspended_at = now() WHERE id = ${author.id}`);
      for (const [viewerId, relation] of cases) {
        const audience = (await audienceOf(viewerId, author.id))!;
        for (const visibility of VISIBILITIES) {
          const expected = relation === 'owner';
          expect({ relation, visibility, single: maySee(audience, visibility) }).toEqual({ relation, visibility, single: expected });
          expect({ relation, visibility, list: await visibleInList(viewerId, author.id, visibility) }).toEqual({ relation, visibility, list: expected });
        }
      }
      expect(await audienceOf(stranger.id, 'nobody')).toBeNull();
    });
  }
});

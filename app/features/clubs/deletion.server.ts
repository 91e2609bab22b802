import { sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { clubGroupReadsGoing } from '~/features/lcs/deletion.server';
import { clubMarathonsGoing } from '~/features/marathons/deletion.server';
import { clubPageTags } from './cache';

/**
 * Before an account is deleted: each club it owns passes to its next in rank (admin, then moderator, then
 * member; the longest-standing first), who is told nothing more than the club page shows; a club with no one
 * else is deleted with everything in it (its LCs too). Answers the cache tags of the clubs they were in (and of
 * the deleted clubs' LCs) and the images and files of deleted clubs and their LCs to remove.
 */
export async function handOverOwnedClubs(tx: Tx, userId: string): Promise<{ tags: string[]; files: string[] }> {
  const owned = await queryRows<{ id: string; avatar_key: string | null; banner_key: string | null }>(
    sql`SELECT c.id, c.avatar_key, c.banner_key FROM clubs c JOIN club_members m ON m.club_id = c.id
        WHERE m.user_id = ${userId} AND m.role = 'owner' ORDER BY c.id FOR UPDATE OF c`,
    tx,
  );
  // Every club that counted them as a member shows one fewer.
  const memberOf = await queryRows<{ club_id: string }>(sql`SELECT club_id FROM club_members WHERE user_id = ${userId} AND status = 'active'`, tx);
  const tags = [...new Set(memberOf.flatMap((m) => clubPageTags(m.club_id)))];
  const files: string[] = [];
  for (const club of owned) {
    const [heir] = await queryRows<{ user_id: string }>(
      sql`SELECT user_id FROM club_members WHERE club_id = ${club.id} AND user_id <> ${userId} AND status = 'active'
          ORDER BY CASE role WHEN 'admin' THEN 0 WHEN 'moderator' THEN 1 ELSE 2 END, joined_at NULLS LAST, user_id LIMIT 1`,
      tx,
    );
    if (heir) {
      await tx.execute(sql`UPDATE club_members SET role = 'admin' WHERE club_id = ${club.id} AND user_id = ${userId}`);
      await tx.execute(sql`UPDATE club_members SET role = 'owner' WHERE club_id = ${club.id} AND user_id = ${heir.user_id}`);
    } else {
      // Its LCs and marathons go with it: their covers (and the LCs' material files) are removed too, their cached pages dropped.
      const groupReads = await clubGroupReadsGoing(tx, club.id);
      const marathons = await clubMarathonsGoing(tx, club.id);
      await tx.execute(sql`DELETE FROM clubs WHERE id = ${club.id}`);
      files.push(...[club.avatar_key, club.banner_key].filter((key): key is string => key !== null), ...groupReads.files, ...marathons.files);
      tags.push(...groupReads.tags, ...marathons.tags);
    }
  }
  return { tags: [...new Set(tags)], files };
}

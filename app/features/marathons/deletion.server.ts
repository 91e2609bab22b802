import { type SQL, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { marathonPageTags } from './cache';
import { withdrawFromTeams } from './scoring.server';

/**
 * Before a reader's account goes (its rows go by cascade): each marathon where they take part counts one fewer, and
 * their teams' scores lose theirs, and the marathons they organise go with them, their covers to be removed. Returns
 * the cached pages to drop and the files to remove once the deletion is committed.
 */
export async function releaseMarathonsOf(tx: Tx, userId: string): Promise<{ tags: string[]; files: string[] }> {
  // Their teams' scores lose theirs (their rows, links and completions go by cascade).
  await withdrawFromTeams(tx, userId, null);
  const joined = await queryRows<{ id: string }>(
    sql`UPDATE marathons m SET participant_count = m.participant_count - 1
      FROM marathon_participants p WHERE p.marathon_id = m.id AND p.user_id = ${userId} AND p.status = 'active' RETURNING m.id`,
    tx,
  );
  const organized = await goingMarathons(tx, sql`m.organizer_user_id = ${userId}`);
  const tags = [...joined.flatMap(({ id }) => marathonPageTags(id)), ...organized.tags];
  return { tags: [...new Set(tags)], files: organized.files };
}

/** Before a club is deleted (its marathons go with it by cascade): the cached pages of its marathons to drop, their covers to remove. */
export async function clubMarathonsGoing(tx: Tx, clubId: string): Promise<{ tags: string[]; files: string[] }> {
  return goingMarathons(tx, sql`m.organizer_club_id = ${clubId}`);
}

/** The pages and covers of the marathons `m` that `where` picks, locked: a cover uploaded meanwhile commits first or finds them gone. */
async function goingMarathons(tx: Tx, where: SQL): Promise<{ tags: string[]; files: string[] }> {
  const rows = await queryRows<{ id: string; cover_key: string | null }>(
    sql`SELECT m.id, m.cover_key FROM marathons m WHERE ${where} ORDER BY m.id FOR UPDATE OF m`,
    tx,
  );
  return { tags: rows.flatMap(({ id }) => marathonPageTags(id)), files: rows.flatMap(({ cover_key }) => (cover_key ? [cover_key] : [])) };
}

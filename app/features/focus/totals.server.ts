import { type SQL, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { invalidateTagsAtCommit } from '~/server/html-cache.server';
import { FOCUS_RANKING_CACHE_TAG } from './cache';
import { FOCUS_ALL_TIME_START } from './vocabulary';

/**
 * The ranking's totals (`focus_totals`, decision 0084): each reader's credited focus minutes in the São Paulo week
 * and month of the day they count on, and all time. The periods a day belongs to, as SQL rows (`period`, `starts_on`).
 */
const periodsOf = (day: SQL) => sql`(VALUES ('week', date_trunc('week', ${day})::date), ('month', date_trunc('month', ${day})::date),
  ('all', ${FOCUS_ALL_TIME_START}::date)) AS p(period, starts_on)`;

/**
 * Adds a close's minutes to the reader's totals, in the transaction that closes the session; `reached_at` moves to
 * the credit's moment. The visitors' cached rankings are dropped when it commits.
 */
export async function addToFocusTotals(tx: Tx, userId: string, day: string, minutes: number, at: Date): Promise<void> {
  await tx.execute(sql`INSERT INTO focus_totals AS t (period, starts_on, user_id, minutes, reached_at)
    SELECT p.period, p.starts_on, ${userId}, ${minutes}, ${at.toISOString()}::timestamptz FROM ${periodsOf(sql`${day}::date`)}
    ON CONFLICT (user_id, period, starts_on) DO UPDATE SET minutes = t.minutes + excluded.minutes, reached_at = greatest(t.reached_at, excluded.reached_at)`);
  await invalidateTagsAtCommit(tx, [FOCUS_RANKING_CACHE_TAG]);
}

/**
 * Counts the readers' totals again from their closed sessions and credited unSprint sprints (as migration 0058 first did): for sessions written
 * as history, the demo's and the bench's, which no close went through. Every reader's when `userIds` is null.
 */
export async function recountFocusTotals(userIds: readonly string[] | null): Promise<void> {
  const whose = userIds
    ? sql`AND f.user_id IN (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await getDb().transaction(async (tx) => {
    await tx.execute(
      userIds
        ? sql`DELETE FROM focus_totals WHERE user_id IN (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`DELETE FROM focus_totals`,
    );
    // unSprint sprints credit focus minutes too (decision 0093).
    await tx.execute(sql`INSERT INTO focus_totals (period, starts_on, user_id, minutes, reached_at)
      SELECT p.period, p.starts_on, f.user_id, sum(f.credited_minutes)::int, max(f.reached_at)
      FROM (SELECT user_id, credited_on, credited_minutes, least(finished_at, ends_at) AS reached_at FROM focus_sessions
          WHERE status <> 'running' AND credited_minutes > 0
        UNION ALL SELECT reader_id, credited_on, credited_minutes, updated_at FROM unsprint_participations
          WHERE reader_id IS NOT NULL AND credited_minutes > 0) f
        CROSS JOIN LATERAL ${periodsOf(sql`f.credited_on`)}
      WHERE TRUE ${whose}
      GROUP BY p.period, p.starts_on, f.user_id`);
    await invalidateTagsAtCommit(tx, [FOCUS_RANKING_CACHE_TAG]);
  });
}

/**
 * Takes minutes back from the reader's totals of `day` (an unSprint sprint cancelled after it was credited, decision
 * 0093): a total that would reach zero is removed (the ranking lists only readers with minutes).
 */
export async function removeFromFocusTotals(tx: Tx, userId: string, day: string, minutes: number): Promise<void> {
  const periods = sql`(SELECT p.period, p.starts_on FROM ${periodsOf(sql`${day}::date`)})`;
  await tx.execute(sql`DELETE FROM focus_totals WHERE user_id = ${userId} AND (period, starts_on) IN ${periods} AND minutes <= ${minutes}`);
  await tx.execute(
    sql`UPDATE focus_totals SET minutes = minutes - ${minutes} WHERE user_id = ${userId} AND (period, starts_on) IN ${periods} AND minutes > ${minutes}`,
  );
  await invalidateTagsAtCommit(tx, [FOCUS_RANKING_CACHE_TAG]);
}

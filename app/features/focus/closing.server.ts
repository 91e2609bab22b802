import { sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { creditReading } from '~/features/marathons/counting.server';
import { signalOverlays } from '~/features/overlays/live.server';
import { publish } from '~/server/realtime.server';
import type { ProgressUnit } from '~/features/reading/vocabulary';
import { lockReaderTasks, recordTaskEvent } from '~/features/tasks/record.server';
import { applyClosedSession } from './game.server';
import { closingCredit, closingStatus, dailyMinutesLeft } from './policy';
import { addToFocusTotals } from './totals.server';
import { roomChannel } from './rooms/queries.server';
import { FOCUS_FINISH_GRACE_MINUTES, FOCUS_TIME_ZONE, type FocusSessionStatus } from './vocabulary';

/**
 * Closing a focus session (decision 0079): once, by the locked `running` row, with its minutes credited to the
 * reader's day and marathons in the same transaction — whoever closes it (the reader, the sweep, a lazy read).
 */

export type RunningRow = { id: string; user_id: string; edition_id: string; planned_minutes: number; started_at: Date; ends_at: Date; now: Date };

/** The running sessions `where` selects, locked in user_id order, with the database's clock. */
export async function lockRunningSessions(tx: Tx, where: ReturnType<typeof sql>): Promise<RunningRow[]> {
  const rows = await queryRows<RunningRow>(
    sql`SELECT id, user_id, edition_id, planned_minutes, started_at, ends_at, now() AS now FROM focus_sessions WHERE status = 'running' AND ${where}
      ORDER BY user_id FOR UPDATE`,
    tx,
  );
  return rows.map((row) => ({ ...row, started_at: new Date(row.started_at), ends_at: new Date(row.ends_at), now: new Date(row.now) }));
}

/** The reader's running session (locked), with the database's clock. */
export async function lockRunning(tx: Tx, where: ReturnType<typeof sql>): Promise<RunningRow | undefined> {
  return (await lockRunningSessions(tx, where))[0];
}

/**
 * Closes a running session the caller locked: the minutes it earns (policy.closingCredit), cut by what is left of
 * the reader's 16 hours of that São Paulo day (unSprint sprints count there too, decision 0093), stored once and credited to their marathons at the same moment.
 * Minutes count once in marathons: when the progress logged with the finish (same transaction) already credited
 * listening minutes (an audiobook counted in minutes), the session credits only what it did not — the marathon gets
 * the larger of the two, never the sum. The game moves in the same transaction (game.server.applyClosedSession), so a
 * session's minutes reach its eggs and pets exactly once too.
 */
export async function closeSession(
  tx: Tx,
  row: RunningRow,
  status: Exclude<FocusSessionStatus, 'running'>,
  progress: { value: number; unit: ProgressUnit } | null = null,
  minutesCreditedByProgress = 0,
): Promise<number> {
  const { minutes, at } = closingCredit(status, row);
  const [day] = await queryRows<{ day: string; used: number }>(
    sql`SELECT d.day::text AS day, coalesce((SELECT sum(credited_minutes)::int FROM focus_sessions WHERE user_id = ${row.user_id} AND credited_on = d.day), 0)
        + coalesce((SELECT sum(credited_minutes)::int FROM unsprint_participations WHERE reader_id = ${row.user_id} AND credited_on = d.day), 0) AS used
      FROM (SELECT (${at.toISOString()}::timestamptz AT TIME ZONE ${FOCUS_TIME_ZONE})::date AS day) d`,
    tx,
  );
  const credited = Math.max(0, Math.min(minutes, dailyMinutesLeft(day!.used)));
  const [closed] = await queryRows<{ room_id: string | null }>(
    sql`UPDATE focus_sessions f SET status = ${status}, finished_at = now(), credited_minutes = ${credited}, credited_on = ${day!.day}::date,
      progress_value = ${progress?.value ?? null}, progress_unit = ${progress?.unit ?? null} WHERE id = ${row.id} AND status = 'running'
      RETURNING (SELECT s.room_id FROM focus_room_sprints s WHERE s.id = f.room_sprint_id) AS room_id`,
    tx,
  );
  // A room sprint's session: the room's members see its result (decision 0083).
  if (closed?.room_id) await publish(roomChannel(closed.room_id), { kind: 'sprint' }, tx);
  await creditReading(tx, { userId: row.user_id, pages: 0, minutes: Math.max(0, credited - minutesCreditedByProgress), at });
  if (credited > 0) await addToFocusTotals(tx, row.user_id, day!.day, credited, at);
  // After the marathons' rows (the lock order of decision 0082): eggs, pets and milestones, by the minutes credited —
  // the reader's task lock first, as every task event takes it before the pets (decision 0085).
  await lockReaderTasks(tx, row.user_id);
  await applyClosedSession(tx, row.user_id, { status, credited });
  // The minutes it credited count in the reader's tasks (a given-up session's half too, as in the ranking: decision 0085).
  await recordTaskEvent(tx, row.user_id, 'focus_minutes', credited, undefined, at);
  // The foca overlay stops its timer (decision 0092).
  await signalOverlays(row.user_id, tx);
  return credited;
}

/**
 * Closes a running session the caller locked as the reader's "Desistir" would (policy.closingStatus): before its end
 * given up, after it finished with the full minutes and no page, past the grace expired.
 */
export async function closeAsGivingUp(tx: Tx, row: RunningRow): Promise<{ status: Exclude<FocusSessionStatus, 'running'>; credited: number }> {
  const status = closingStatus(row);
  return { status, credited: await closeSession(tx, row, status) };
}

/** SQL: a running session whose end passed more than the grace ago (nobody came to finish it); `ends_at` alone on
 * one side, so the sweep reads a range of focus_sessions_running_ends_idx. */
export const expiredSql = sql`ends_at < now() - make_interval(mins => ${FOCUS_FINISH_GRACE_MINUTES})`;

/**
 * Closes the reader's session that was left open past its end (lazily: before a game page reads them, or they
 * start another): a plain read of the running session first (the one-running-session index), so a page without
 * one opens no transaction; true when one was closed.
 */
export async function closeExpiredSessionOf(userId: string): Promise<boolean> {
  const [due] = await queryRows<{ id: string }>(sql`SELECT id FROM focus_sessions WHERE user_id = ${userId} AND status = 'running' AND ${expiredSql}`);
  if (!due) return false;
  return getDb().transaction(async (tx) => {
    const row = await lockRunning(tx, sql`id = ${due.id} AND ${expiredSql}`);
    if (row) await closeSession(tx, row, 'expired');
    return row !== undefined;
  });
}

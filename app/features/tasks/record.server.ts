import { type SQL, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { giveCompanionXp, grantEgg, logEvent } from '~/features/focus/game.server';
import { periodStartOf } from './period';
import { COUNTED_ONCE_EVER, TASKS, tasksCounting } from './tasks';
import type { TaskId, TaskKind } from './vocabulary';

/**
 * The one door of the tasks (decision 0085): an event that counts, recorded in the transaction of the event itself
 * (a focus session's close, an att published, a progress update, a review's first publication, a room joined, a
 * marathon challenge done). Nothing else writes task_progress, and no route sends progress.
 *
 * For every task counting `kind`, the row of the reader's current period is upserted: `amount` added (or, with a
 * `key`, one more distinct key — the same book (its work), room or challenge counts once a period), up to the target. The
 * upsert holds the row's lock, so two events at once count one after the other; the one that reaches the target
 * sets `completedAt` (the update only touches a row not completed yet) and gives the reward in the same
 * transaction: an egg with the unique source key `task:{taskId}:{periodStart}`, the companion's XP. Exactly once,
 * whatever races. A suspended reader's events count nothing.
 *
 * A kind counted once ever (COUNTED_ONCE_EVER: a challenge, a review's work) first claims its key in
 * task_counted_keys: a key already there counts nothing, in any period.
 *
 * Lock order: the reader's task lock (lockReaderTasks), then the counted key and the task rows, then (a reward) the
 * egg's key and the reader's pets in id order — the pets last. A transaction may record several events (a review
 * published with its att, a progress update that completes a marathon challenge): the task lock, taken at its first
 * event, keeps every other transaction of the reader out of the task rows until it commits, so rows taken after a
 * reward's pets wait for no one. A session's close takes the task lock before its pets (closeSession).
 */
export async function recordTaskEvent(tx: Tx, userId: string, kind: TaskKind, amount: number, key?: string | SQL, at: Date = new Date()): Promise<TaskId[]> {
  const tasks = tasksCounting(kind);
  if (tasks.length === 0 || amount <= 0) return [];
  await lockReaderTasks(tx, userId);
  if (key !== undefined && COUNTED_ONCE_EVER.includes(kind)) {
    const [claimed] = await queryRows<{ key: string }>(
      sql`INSERT INTO task_counted_keys (user_id, kind, key) SELECT u.id, ${kind}, ${key}::text FROM users u
        WHERE u.id = ${userId} AND u.suspended_at IS NULL AND ${key}::text IS NOT NULL
        ON CONFLICT DO NOTHING RETURNING key`,
      tx,
    );
    if (!claimed) return [];
  }
  const step = key === undefined ? amount : 1;
  const rows = sql.join(
    tasks.map((task) => sql`(${task.id}, ${periodStartOf(task.period, at)}::date, ${task.target}::smallint)`),
    sql`, `,
  );
  const counted = await queryRows<{ task_id: TaskId; period_start: string; done: boolean }>(
    sql`INSERT INTO task_progress AS t (user_id, period_start, task_id, target, progress, keys, completed_at)
      SELECT u.id, v.period_start, v.task_id, v.target, least(v.target, ${step}::int), ${key === undefined ? sql`'{}'::text[]` : sql`ARRAY[${key}::text]`},
        CASE WHEN ${step}::int >= v.target THEN now() END
      FROM users u, (VALUES ${rows}) AS v (task_id, period_start, target)
      WHERE u.id = ${userId} AND u.suspended_at IS NULL
      ON CONFLICT (user_id, period_start, task_id) DO UPDATE SET
        progress = least(t.target, t.progress + ${step}::int),
        keys = ${key === undefined ? sql`t.keys` : sql`array_append(t.keys, ${key}::text)`},
        completed_at = CASE WHEN t.progress + ${step}::int >= t.target THEN now() END,
        updated_at = now()
      WHERE t.completed_at IS NULL ${key === undefined ? sql`` : sql`AND NOT (${key}::text = ANY (t.keys))`}
      RETURNING t.task_id, t.period_start::text AS period_start, t.completed_at IS NOT NULL AS done`,
    tx,
  );
  const completed = counted.filter((row) => row.done);
  for (const row of completed) await giveReward(tx, userId, row.task_id, row.period_start);
  return completed.map((row) => row.task_id);
}

/** A task just completed: its log line, its egg (once per period, by its source key) and its XP for the companion. */
async function giveReward(tx: Tx, userId: string, taskId: TaskId, periodStart: string): Promise<void> {
  const { reward } = TASKS[taskId];
  await logEvent(tx, userId, 'task_completed', { taskId });
  if (reward.egg) await grantEgg(tx, userId, { source: 'task', sourceKey: `task:${taskId}:${periodStart}`, rarity: reward.egg });
  if (reward.xp) {
    // The reader's pets in id order, as a session's close and choosing the companion take them.
    await tx.execute(sql`SELECT 1 FROM focus_pets WHERE user_id = ${userId} ORDER BY id FOR UPDATE`);
    await giveCompanionXp(tx, userId, reward.xp);
  }
}

/**
 * The reader's task lock (a transaction-scoped advisory lock): taken first by every transaction that records a task
 * event, and by a session's close before it locks the reader's pets — one lock order in every path (decision 0085).
 */
export async function lockReaderTasks(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`tasks:${userId}`}))`);
}

/** A book's key in the tasks: the edition's work, so two editions of one work are one book (decision 0085). */
export const workOf = (editionId: string): SQL => sql`(SELECT work_id FROM editions WHERE id = ${editionId})`;

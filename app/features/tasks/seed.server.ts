import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { newId } from '~/lib/ids';
import { periodStartOf } from './period';
import { TASKS } from './tasks';
import { TASK_TIME_ZONE, type TaskId } from './vocabulary';

/** lia's tasks today and this week, mid-way: [task, progress]. */
const DEMO_TASKS: readonly (readonly [TaskId, number])[] = [
  ['publicar-att', 1],
  ['ler-20-minutos', 12],
  ['atualizar-2-livros', 1],
  ['ler-3-horas', 65],
  ['publicar-5-atts', 2],
];

/**
 * A reader mid-way through today's tasks (decision 0085): one done (its log line written, its XP given as history:
 * the demo's pets already have theirs), others on their way, this week's started. Written as history for the
 * current São Paulo day and week, keys named after the demo (nothing else reads them). The demo's real events
 * (lia's att, progress, marathon board) went through recordTaskEvent before this runs: a task they already counted
 * keeps its row. Answers how many rows it wrote (none the second time).
 */
export async function seedDemoTasks(username: string, now: Date = new Date()): Promise<number> {
  const [reader] = await queryRows<{ id: string }>(sql`SELECT id FROM users WHERE username = ${username}`);
  if (!reader) return 0;
  let written = 0;
  for (const [taskId, progress] of DEMO_TASKS) {
    const task = TASKS[taskId];
    const start = periodStartOf(task.period, now);
    // Two hours ago, or the period's first minute if it began less than two hours ago.
    const doneAt = sql`greatest(now() - interval '2 hours', ${start}::date::timestamp AT TIME ZONE ${TASK_TIME_ZONE})`;
    const done = progress >= task.target;
    const keys = task.kind === 'focus_minutes' ? [] : Array.from({ length: progress }, (_, i) => `demo:${taskId}:${i + 1}`);
    const inserted = await queryRows(sql`INSERT INTO task_progress (user_id, period_start, task_id, target, progress, keys, completed_at)
      VALUES (${reader.id}, ${start}::date, ${taskId}, ${task.target}, ${progress}, ${sql`ARRAY[${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}]::text[]`}, ${done ? doneAt : null}) ON CONFLICT DO NOTHING RETURNING task_id`);
    if (!inserted.length) continue;
    written += 1;
    if (done)
      await getDb().execute(
        sql`INSERT INTO focus_events (id, user_id, kind, task_id, created_at) VALUES (${newId()}, ${reader.id}, 'task_completed', ${taskId}, ${doneAt})`,
      );
  }
  return written;
}

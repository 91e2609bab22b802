import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import type { Viewer } from '~/server/viewer.server';
import { nextResetOf, periodStartOf } from './period';
import { type Task, tasksOf } from './tasks';
import { TASK_PERIODS, type TaskPeriod } from './vocabulary';

/**
 * What /tarefas reads (decision 0085): the viewer's own progress in the current day and week — one statement, a
 * range of task_progress's primary key (the reader, the two period starts) and whether they have a companion (its
 * partial unique index), for the XP rewards' words.
 */
export type TaskView = Task & { progress: number; target: number; completedAt: string | null };
export type TaskSection = { period: TaskPeriod; periodStart: string; resetsAt: string; tasks: TaskView[] };
export type TaskBoard = { sections: TaskSection[]; hasCompanion: boolean };

type ProgressRow = { taskId: string; periodStart: string; progress: number; target: number; completedAt: string | null };

export async function getTaskBoard(viewer: Viewer, now: Date = new Date()): Promise<TaskBoard> {
  const starts = TASK_PERIODS.map((period) => periodStartOf(period, now));
  const [row] = await queryRows<{ rows: ProgressRow[]; companion: boolean }>(sql`
    SELECT coalesce((SELECT json_agg(json_build_object('taskId', t.task_id, 'periodStart', t.period_start, 'progress', t.progress, 'target', t.target,
        'completedAt', to_json(t.completed_at) #>> '{}'))
      FROM task_progress t WHERE t.user_id = ${viewer.id} AND t.period_start IN (${starts[0]}::date, ${starts[1]}::date)), '[]') AS rows,
      EXISTS (SELECT 1 FROM focus_pets p WHERE p.user_id = ${viewer.id} AND p.companion) AS companion`);
  const rows = row?.rows ?? [];
  const sections = TASK_PERIODS.map((period) => {
    const periodStart = periodStartOf(period, now);
    const tasks = tasksOf(period).map((task) => {
      const found = rows.find((r) => r.taskId === task.id && r.periodStart === periodStart);
      return { ...task, progress: found?.progress ?? 0, target: found?.target ?? task.target, completedAt: found?.completedAt ?? null };
    });
    return { period, periodStart, resetsAt: nextResetOf(period, now).toISOString(), tasks };
  });
  return { sections, hasCompanion: row?.companion ?? false };
}

/** SQL: how many of today's daily tasks the reader completed (for /foca's line), on the same primary key. */
export const dailyTasksDoneSql = (userId: string, now: Date = new Date()) =>
  sql`(SELECT count(*)::int FROM task_progress t WHERE t.user_id = ${userId} AND t.period_start = ${periodStartOf('day', now)}::date
    AND t.task_id IN (${sql.join(
      tasksOf('day').map((task) => sql`${task.id}`),
      sql`, `,
    )}) AND t.completed_at IS NOT NULL)`;

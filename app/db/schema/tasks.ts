import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { TASK_IDS, TASK_KINDS } from '~/features/tasks/vocabulary';
import { users } from './accounts';

/**
 * A reader's progress on one task (tarefa, PRODUCT.md §J2, decision 0085) in one period, from `periodStart` (the São
 * Paulo day, or the Monday of the week). Written only by recordTaskEvent, in the transaction of the event that counts;
 * `target` is the catalogue's when the row began; `keys` the distinct things counted (books, rooms, challenges), so
 * the same one never counts twice; `completedAt` set once, in the transaction that gave the reward.
 */
export const taskProgress = pgTable(
  'task_progress',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: date().notNull(),
    taskId: text({ enum: TASK_IDS }).notNull(),
    target: smallint().notNull(),
    progress: integer().notNull().default(0),
    keys: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    completedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.periodStart, t.taskId] }),
    check('task_progress_progress_check', sql`progress >= 0 AND progress <= target AND target > 0`),
  ],
);

/**
 * The things that count in the tasks once ever (decision 0085): a marathon challenge (key: the challenge) and a review
 * (key: the work), whatever the period. Unticked and ticked again, taken down and published again, deleted and
 * written again: the row is there, the event counts nothing. Written only by recordTaskEvent, before task_progress.
 */
export const taskCountedKeys = pgTable(
  'task_counted_keys',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: TASK_KINDS }).notNull(),
    key: text().notNull(),
    countedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.key] })],
);

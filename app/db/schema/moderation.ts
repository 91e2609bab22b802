import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A reader's report of a user or of something a user published (docs/decisions/0024). `target_kind` is a
 * key of the report-target registry (features/moderation/report-targets.server.ts), free text here so a new
 * reportable kind needs no migration; `target_author_id` is read from the target when the report is made,
 * so the queue can suspend its author even after the content is gone.
 */
export const reports = pgTable(
  'reports',
  {
    id: text().primaryKey(),
    reporterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: text().notNull(),
    targetId: text().notNull(),
    /** Null once the author deleted their account: what they left (a comment) can still be hidden. */
    targetAuthorId: text().references(() => users.id, { onDelete: 'set null' }),
    reason: text({ enum: ['spam', 'harassment', 'hate', 'sexual', 'violence', 'spoiler', 'impersonation', 'other'] }).notNull(),
    details: text().notNull().default(''),
    status: text({ enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedById: text().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // A reporter's second report of the same thing while the first is open updates it instead (duplicates collapse).
    uniqueIndex('reports_open_per_reporter_key')
      .on(t.reporterId, t.targetKind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_target_idx').on(t.status, t.targetKind, t.targetId),
    index('reports_target_author_idx').on(t.targetAuthorId),
  ],
);

/** The log of what admins did about a reported target: never updated, never deleted with the report. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: text().primaryKey(),
    /** The report the admin acted from; the action covers every open report of the same target. */
    reportId: text().references(() => reports.id, { onDelete: 'set null' }),
    targetKind: text().notNull(),
    targetId: text().notNull(),
    adminId: text().references(() => users.id, { onDelete: 'set null' }),
    action: text({ enum: ['hide', 'unhide', 'warn', 'suspend', 'dismiss'] }).notNull(),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_actions_target_idx').on(t.targetKind, t.targetId, t.createdAt)],
);

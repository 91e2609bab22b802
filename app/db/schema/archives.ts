import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A reader's full archive (PRODUCT.md §D, docs/decisions/0031): a zip with `data.json` and their images, built
 * by a job, kept in the private storage until `expiresAt`, then removed with its row. At most one is asked
 * for a day.
 */
export const archives = pgTable(
  'archives',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'ready', 'failed'] }).notNull().default('pending'),
    storageKey: text(),
    sizeBytes: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('archives_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()), index('archives_expires_idx').on(t.expiresAt)],
);

import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A file of the reader's data a job prepares (PRODUCT.md §D): their full archive, a zip with `data.json` and
 * their images (docs/decisions/0031), at most one asked for a day; or the Goodreads CSV of a bookshelf too
 * large to build on request (docs/decisions/0029). Kept in the private storage until `expiresAt`, then removed
 * with its row.
 */
export const archives = pgTable(
  'archives',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['archive', 'goodreads_csv'] })
      .notNull()
      .default('archive'),
    status: text({ enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    storageKey: text(),
    sizeBytes: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('archives_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()), index('archives_expires_idx').on(t.expiresAt)],
);

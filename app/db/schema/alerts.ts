import { boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { authors, collections, editions } from './catalog';

/**
 * A reader's switches for one notification type (features/social/notification-types.ts). No row means the
 * type's defaults, so new readers and new types need no backfill.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    inApp: boolean().notNull(),
    email: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** One row per reader and ISO week (`2026-W47`) whose weekly digest was sent: the job's idempotency key. */
export const digestSends = pgTable(
  'digest_sends',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);

export const authorFollows = pgTable(
  'author_follows',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: text()
      .notNull()
      .references(() => authors.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.authorId] }), index('author_follows_author_idx').on(t.authorId)],
);

export const collectionFollows = pgTable(
  'collection_follows',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collectionId: text()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.collectionId] }), index('collection_follows_collection_idx').on(t.collectionId)],
);

/**
 * Editions created since the last alert run: the catalogue writes here in its own transaction, and one
 * job drains the table so a bulk import becomes one notification per follower, not one per book.
 */
export const newEditionAlerts = pgTable('new_edition_alerts', {
  editionId: text()
    .primaryKey()
    .references(() => editions.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

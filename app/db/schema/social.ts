import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const notifications = pgTable(
  'notifications',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The reader whose act this tells of (a follow, a reaction, a comment): their account's deletion takes it away. */
    actorId: text().references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** Already in Portuguese: the producing domain words it when it notifies. */
    text: text().notNull(),
    link: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_actor_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} IS NOT NULL`),
  ],
);

/**
 * Who follows whom. A follow of a `restrito` profile starts `pending` until its owner approves it
 * (PRODUCT.md §1.3); only `accepted` rows count anywhere content is shown.
 */
export const follows = pgTable(
  'follows',
  {
    followerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ['accepted', 'pending'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('follows_followee_idx').on(t.followeeId, t.status)],
);

/** Blocking is two-way in effect: a row either way hides the pair from each other (PRODUCT.md §1.3). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const newsPosts = pgTable(
  'news_posts',
  {
    id: text().primaryKey(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    body: text().notNull(),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_posts_published_idx').on(t.publishedAt)],
);

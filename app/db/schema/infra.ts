import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Fixed-window counters of the one rate limiter (server/rate-limit.server.ts). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});

export const jobs = pgTable(
  'jobs',
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    payload: jsonb().$type<unknown>().notNull().default({}),
    status: text({ enum: ['pending', 'running', 'done', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp({ withTimezone: true }),
    workerId: text(),
    lastError: text(),
    /** Recurring jobs are keyed so that each occurrence is enqueued once, whichever server gets there first. */
    uniqueKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAt), uniqueIndex('jobs_unique_key').on(t.uniqueKey)],
);

/** Every email the site sends, kept so admins can read them when no SMTP server is configured. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: text().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    transport: text({ enum: ['smtp', 'log'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_emails_to_idx').on(t.to, t.createdAt)],
);

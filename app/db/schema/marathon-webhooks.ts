import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES } from '~/features/marathons/vocabulary';
import { users } from './accounts';
import { marathons } from './marathons';

/**
 * A marathon's webhook (PRODUCT.md §G, decision 0078): every participant update POSTs the participant's board to
 * `url` with `apiKey` in X-API-Key and an HMAC-SHA256 of the body with `secret`. The secret is shown to the organiser
 * once (when created or rotated) and never again; neither it nor the key leaves in exports or logs. One per marathon.
 */
export const marathonWebhooks = pgTable(
  'marathon_webhooks',
  {
    id: text().primaryKey(),
    marathonId: text()
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    apiKey: text().notNull(),
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    secretRotatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marathon_webhooks_marathon_key').on(t.marathonId),
    check('marathon_webhooks_url_check', sql`char_length(${t.url}) <= 2000 AND ${t.url} ~ '^https?://'`),
    check('marathon_webhooks_api_key_check', sql`char_length(${t.apiKey}) BETWEEN 1 AND 500`),
  ],
);

/**
 * One delivery of a participant's board to a webhook, and its log line: `pendente` waits for its next attempt (the
 * payload is built when it is sent, so the updates it gathers go as one, with the latest state), `enviando` is being
 * sent, then `entregue`, `falhou` (the attempts ran out), `cancelada` (webhook off, reader gone from the marathon) or
 * `substituida` (a newer delivery for the same reader carries its update). At most one `pendente` per reader and
 * webhook: that is the coalescing. Finished rows are kept 30 days and 1,000 per webhook.
 */
export const marathonWebhookDeliveries = pgTable(
  'marathon_webhook_deliveries',
  {
    id: text().primaryKey(),
    webhookId: text()
      .notNull()
      .references(() => marathonWebhooks.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pendente'),
    /** Attempts made so far (the one being sent included). */
    attempts: smallint().notNull().default(0),
    /** The last attempt's HTTP status, or null when no answer came (refused, timed out). */
    responseStatus: smallint(),
    durationMs: integer(),
    /** The last attempt's failure, in Portuguese, for the organiser: never the receiver's body, never the secret. */
    error: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('marathon_webhook_deliveries_pending_key')
      .on(t.webhookId, t.userId)
      .where(sql`${t.status} = 'pendente'`),
    index('marathon_webhook_deliveries_log_idx').on(t.webhookId, t.createdAt.desc()),
    index('marathon_webhook_deliveries_user_idx').on(t.userId),
    index('marathon_webhook_deliveries_finished_idx').on(t.finishedAt),
    check('marathon_webhook_deliveries_error_check', sql`char_length(${t.error}) <= 500`),
  ],
);

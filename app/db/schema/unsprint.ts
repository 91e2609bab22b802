import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Where a participation of an unSprint sprint stands (decision 0093). */
export const UNSPRINT_STATES = ['open', 'final', 'cancelled'] as const;

/**
 * One Twitch chatter in one unSprint sprint (decision 0093), as the bot reported it through a streamer: the latest
 * minutes (`open` while `atualizar` moves them; `final` after `encerrar`/`resgatar`; `cancelled` by `cancelar`), and
 * what of it is credited to the reader whose linked Twitch account it is (`credited_minutes`, on the São Paulo day of
 * its first credit). Keyed by the chatter's login within the sprint (the bot always sends it; the id only sometimes).
 * A chatter with no reader yet waits here, credited when they link their Twitch account.
 */
export const unsprintParticipations = pgTable(
  'unsprint_participations',
  {
    sprintId: text().notNull(),
    twitchLogin: text().notNull(),
    twitchUserId: text(),
    /** Whose bot reported it; null once that streamer deleted their account (the credit stays the reader's). */
    streamerId: text().references(() => users.id, { onDelete: 'set null' }),
    readerId: text().references(() => users.id, { onDelete: 'cascade' }),
    minutes: integer().notNull().default(0),
    state: text({ enum: UNSPRINT_STATES }).notNull().default('open'),
    creditedMinutes: integer().notNull().default(0),
    creditedOn: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sprintId, t.twitchLogin] }),
    index('unsprint_participations_reader_idx').on(t.readerId),
    index('unsprint_participations_streamer_idx').on(t.streamerId),
    index('unsprint_participations_waiting_idx')
      .on(t.twitchUserId)
      .where(sql`reader_id IS NULL`),
    check('unsprint_participations_minutes_check', sql`minutes >= 0 AND credited_minutes >= 0`),
  ],
);

/** A batch the bot sent for a streamer, with each item's result: the last ones show on /configuracoes/integracoes. */
export const unsprintBatches = pgTable(
  'unsprint_batches',
  {
    id: text().primaryKey(),
    streamerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    results: jsonb().$type<{ username: string; sprint: string; evento: string; minutos: number; resultado: string }[]>().notNull(),
  },
  (t) => [index('unsprint_batches_streamer_idx').on(t.streamerId, t.receivedAt.desc())],
);

import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FOCUS_SESSION_STATUSES } from '~/features/focus/vocabulary';
import { PROGRESS_UNITS } from '~/features/reading/vocabulary';
import { users } from './accounts';
import { editions } from './catalog';

/**
 * A focus session (PRODUCT.md §J, decision 0079): a reader reads an edition they are reading for `plannedMinutes`.
 * The server owns the clock: `startedAt` and `endsAt` come from the database's `now()`, never from the browser.
 * At most one `running` session per reader, by a partial unique index, so two starts at once cannot both win.
 * `creditedMinutes` is what the session gave (to the reader's day and their marathons), set once when it closes,
 * on `creditedOn` (the São Paulo day the 16-hour cap counts). Eggs, pets and rooms are later tables that point here.
 */
export const focusSessions = pgTable(
  'focus_sessions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    editionId: text()
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    plannedMinutes: smallint().notNull(),
    status: text({ enum: FOCUS_SESSION_STATUSES }).notNull().default('running'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    creditedMinutes: smallint().notNull().default(0),
    creditedOn: date({ mode: 'string' }),
    /** The progress the reader recorded when finishing (in the edition's unit), or null. */
    progressValue: doublePrecision(),
    progressUnit: text({ enum: PROGRESS_UNITS }),
  },
  (t) => [
    uniqueIndex('focus_sessions_one_running_key')
      .on(t.userId)
      .where(sql`status = 'running'`),
    index('focus_sessions_user_started_idx').on(t.userId, t.startedAt.desc(), t.id),
    index('focus_sessions_user_day_idx').on(t.userId, t.creditedOn),
    index('focus_sessions_running_ends_idx')
      .on(t.endsAt)
      .where(sql`status = 'running'`),
    index('focus_sessions_edition_idx').on(t.editionId),
    check('focus_sessions_planned_minutes_check', sql`planned_minutes BETWEEN 5 AND 180`),
    check('focus_sessions_credited_minutes_check', sql`credited_minutes >= 0 AND credited_minutes <= planned_minutes`),
    check('focus_sessions_ends_check', sql`ends_at > started_at`),
    check('focus_sessions_closed_check', sql`(status = 'running') = (finished_at IS NULL)`),
  ],
);

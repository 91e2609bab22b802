import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { EGG_SOURCES, FOCUS_EVENT_KINDS, FOCUS_SESSION_STATUSES, RARITIES, SPECIES_SLUGS } from '~/features/focus/vocabulary';
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

/**
 * An egg (PRODUCT.md §J, decision 0082), received from a source once: `sourceKey` is unique per reader
 * (`challenge:{id}`, `milestone:{slug}`, later `task:{id}`), so a grant repeated by a race or a retry inserts
 * nothing. The first INCUBATION_SLOTS unhatched eggs by (`receivedAt`, `id`) incubate; the others wait their turn.
 * `minutes` are the focus minutes it has had (finished or expired sessions only); it hatches at its rarity's
 * threshold, and `hatchedAt` is set in the transaction that creates its pet.
 */
export const focusEggs = pgTable(
  'focus_eggs',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rarity: text({ enum: RARITIES }).notNull(),
    source: text({ enum: EGG_SOURCES }).notNull(),
    sourceKey: text().notNull(),
    minutes: smallint().notNull().default(0),
    receivedAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    hatchedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('focus_eggs_source_key').on(t.userId, t.sourceKey),
    index('focus_eggs_unhatched_idx')
      .on(t.userId, t.receivedAt, t.id)
      .where(sql`hatched_at IS NULL`),
    check('focus_eggs_minutes_check', sql`minutes >= 0 AND minutes <= 600`),
  ],
);

/**
 * A pet (bichinho) hatched from an egg: one per egg, by the unique `eggId`. `name` null shows the species' name.
 * The companion (at most one per reader, by a partial unique index) gains `xp` (one per focus minute). `mood` is the
 * value at `moodAt`; it decays on read (policy.moodNow), never below a floor: pets never die.
 */
export const focusPets = pgTable(
  'focus_pets',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eggId: text()
      .notNull()
      .references(() => focusEggs.id, { onDelete: 'cascade' }),
    species: text({ enum: SPECIES_SLUGS }).notNull(),
    name: text(),
    xp: integer().notNull().default(0),
    mood: smallint().notNull().default(70),
    moodAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    companion: boolean().notNull().default(false),
    hatchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('focus_pets_egg_key').on(t.eggId),
    uniqueIndex('focus_pets_one_companion_key')
      .on(t.userId)
      .where(sql`companion`),
    index('focus_pets_user_hatched_idx').on(t.userId, t.hatchedAt, t.id),
    check('focus_pets_mood_check', sql`mood BETWEEN 0 AND 100`),
    check('focus_pets_xp_check', sql`xp >= 0`),
  ],
);

/** The game's log (/foca/logs): an egg received or hatched, a pet's level up — written with the change itself. */
export const focusEvents = pgTable(
  'focus_events',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: FOCUS_EVENT_KINDS }).notNull(),
    eggId: text().references(() => focusEggs.id, { onDelete: 'cascade' }),
    petId: text().references(() => focusPets.id, { onDelete: 'cascade' }),
    level: smallint(),
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('focus_events_user_created_idx').on(t.userId, t.createdAt.desc(), t.id), index('focus_events_pet_idx').on(t.petId)],
);

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  EGG_SOURCES,
  FOCUS_ALL_TIME_START,
  FOCUS_EVENT_KINDS,
  FOCUS_PERIODS,
  FOCUS_ROOM_VISIBILITIES,
  FOCUS_SESSION_STATUSES,
  RARITIES,
  SPECIES_SLUGS,
} from '~/features/focus/vocabulary';
import { PROGRESS_UNITS } from '~/features/reading/vocabulary';
import { TASK_IDS } from '~/features/tasks/vocabulary';
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
    /** The room sprint that started this session (decision 0083), or null for a reader's own session. */
    roomSprintId: text().references((): AnyPgColumn => focusRoomSprints.id, { onDelete: 'set null' }),
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
    index('focus_sessions_room_sprint_idx')
      .on(t.roomSprintId)
      .where(sql`room_sprint_id IS NOT NULL`),
    check('focus_sessions_planned_minutes_check', sql`planned_minutes BETWEEN 5 AND 180`),
    check('focus_sessions_credited_minutes_check', sql`credited_minutes >= 0 AND credited_minutes <= planned_minutes`),
    check('focus_sessions_ends_check', sql`ends_at > started_at`),
    check('focus_sessions_closed_check', sql`(status = 'running') = (finished_at IS NULL)`),
  ],
);

/**
 * A reader's focus minutes in one period of the ranking (decision 0084): the São Paulo week starting `startsOn` (a
 * Monday), the month starting `startsOn` (its 1st), or all time (`startsOn` = FOCUS_ALL_TIME_START). Kept in the
 * transaction that closes a session (closing.server.ts), so a ranking page is a walk of `focus_totals_ranking_idx`
 * instead of a sum over a year of everyone's sessions. `reachedAt` is when the total got its value (the credit's
 * moment): at equal minutes, whoever got there first is ahead. Counted again from `focus_sessions`, never exported.
 */
export const focusTotals = pgTable(
  'focus_totals',
  {
    period: text({ enum: FOCUS_PERIODS }).notNull(),
    startsOn: date({ mode: 'string' }).notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    minutes: integer().notNull(),
    reachedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.period, t.startsOn] }),
    index('focus_totals_ranking_idx').on(t.period, t.startsOn, t.minutes.desc(), t.reachedAt, t.userId),
    check('focus_totals_minutes_check', sql`minutes > 0`),
    check(
      'focus_totals_starts_on_check',
      sql`CASE period WHEN 'week' THEN extract(isodow FROM starts_on) = 1 WHEN 'month' THEN extract(day FROM starts_on) = 1 ELSE starts_on = ${sql.raw(`'${FOCUS_ALL_TIME_START}'`)} END`,
    ),
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
 * A focus room (sala, decision 0083): a host's room where members focus together. Public rooms are listed; a private
 * one is found only by its `code` (404 to anyone else). A room stays open until its host closes it (the row goes).
 */
export const focusRooms = pgTable(
  'focus_rooms',
  {
    id: text().primaryKey(),
    hostId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    visibility: text({ enum: FOCUS_ROOM_VISIBILITIES }).notNull(),
    /** The code that lets a reader join (private rooms; public ones have one too, unused). */
    code: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('focus_rooms_code_key').on(t.code),
    index('focus_rooms_host_idx').on(t.hostId),
    index('focus_rooms_public_idx')
      .on(t.createdAt.desc(), t.id)
      .where(sql`visibility = 'public'`),
    check('focus_rooms_name_check', sql`char_length(name) BETWEEN 3 AND 60`),
  ],
);

/**
 * A room's member: who joined, the book they chose for the sprints (one they are reading, or none: "sem livro"), and
 * when their page last told the server they are there (`seenAt`: the live connection's heartbeat, so every server
 * agrees on who is present; null once they left the page).
 */
export const focusRoomMembers = pgTable(
  'focus_room_members',
  {
    roomId: text()
      .notNull()
      .references(() => focusRooms.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    editionId: text().references(() => editions.id, { onDelete: 'set null' }),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('focus_room_members_user_idx').on(t.userId),
    index('focus_room_members_edition_idx').on(t.editionId),
  ],
);

/**
 * A sprint the host started: every member present with a book got a focus session (pointing here by
 * `focus_sessions.room_sprint_id`) with this start and end, the database's clock.
 */
export const focusRoomSprints = pgTable(
  'focus_room_sprints',
  {
    id: text().primaryKey(),
    roomId: text()
      .notNull()
      .references(() => focusRooms.id, { onDelete: 'cascade' }),
    plannedMinutes: smallint().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('focus_room_sprints_room_idx').on(t.roomId, t.startedAt.desc()),
    check('focus_room_sprints_planned_minutes_check', sql`planned_minutes BETWEEN 5 AND 180`),
    check('focus_room_sprints_ends_check', sql`ends_at > started_at`),
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

/**
 * The game's log (/foca/logs): an egg received or hatched, a pet's level up, a task completed (`taskId`, decision
 * 0085) — written with the change itself.
 */
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
    taskId: text({ enum: TASK_IDS }),
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('focus_events_user_created_idx').on(t.userId, t.createdAt.desc(), t.id), index('focus_events_pet_idx').on(t.petId)],
);

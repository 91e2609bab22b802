import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { MOODS, PACINGS, SHELF_STATUSES, EMOTIONS, PROGRESS_UNITS } from '~/features/reading/vocabulary';
import { VISIBILITIES } from '~/features/social/vocabulary';
import { editions } from './catalog';

/**
 * A reader × an edition (PRODUCT.md §C "leitura"): one per pair, whatever happened to it. Dates live on its
 * read-throughs, so changing the status never loses them.
 */
export const shelfEntries = pgTable(
  'shelf_entries',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    editionId: text()
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    status: text({ enum: SHELF_STATUSES }).notNull(),
    /** 0.25–5 in quarter steps, stored as quarters (1–20) so a rating is always exact. */
    ratingQuarters: smallint(),
    favorite: boolean().notNull().default(false),
    // --- owned copy and private notes (branch shelves) ---
    /** "Tenho": the reader owns a copy, in `ownedFormat` when they said which. */
    owned: boolean().notNull().default(false),
    ownedFormat: text({ enum: ['brochura', 'capa_dura', 'ebook', 'audiolivro'] }),
    /** Only ever shown to the entry's reader (≤ NOTES_MAX characters). */
    notes: text(),
    // --- end owned copy and private notes ---
    // --- how the reading felt (branch reviews, docs/decisions/0020) ---
    moods: text({ enum: MOODS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pacing: text({ enum: PACINGS }),
    /** Free tags, normalised (features/reading/vocabulary.ts), at most MAX_CONTENT_WARNINGS. */
    contentWarnings: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // --- end how the reading felt ---
    /**
     * Finished readings whose dates nobody knows (an imported "read" without a date, a read count above the
     * dated readings, docs/decisions/0032): counted by the read count, never by a year, a goal or a chart.
     */
    undatedReadings: smallint().notNull().default(0),
    /**
     * The edition's language, copied by triggers (migration 0030) whenever an entry is written or its edition's
     * language changes, so /estante's language filter and the languages it offers read the reader's entries alone.
     */
    editionLanguage: text().notNull().default('pt'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shelf_entries_user_edition_key').on(t.userId, t.editionId),
    index('shelf_entries_user_updated_idx').on(t.userId, t.updatedAt.desc().nullsFirst(), t.id),
    index('shelf_entries_edition_idx').on(t.editionId),
    // The site's newest changes, for the following activity (home.server.ts); the reader is the last key so
    // the walk reads the index alone.
    index('shelf_entries_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id, t.userId),
    check('shelf_entries_rating_check', sql`${t.ratingQuarters} BETWEEN 1 AND 20`),
    check('shelf_entries_undated_check', sql`${t.undatedReadings} BETWEEN 0 AND 500`),
    index('shelf_entries_user_status_idx').on(t.userId, t.status),
    index('shelf_entries_user_language_idx').on(t.userId, t.editionLanguage),
  ],
);

/**
 * One reading of a shelf entry (a "releitura" when it is not the first): its own start and end. Open while it
 * has neither a finish nor an abandon date; at most one is open per entry.
 */
export const readThroughs = pgTable(
  'read_throughs',
  {
    id: text().primaryKey(),
    // The entry's reader, copied so a reader's finished readings (the year's goal, the years on /estante)
    // are read from one index instead of every entry of theirs; an entry never changes reader.
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shelfEntryId: text()
      .notNull()
      .references(() => shelfEntries.id, { onDelete: 'cascade' }),
    startedOn: date(),
    finishedOn: date(),
    abandonedOn: date(),
    // --- progress (docs/decisions/0017): the furthest point reached, moved forward only by one conditional
    // UPDATE (or backwards by an explicit correction). `progressFraction` (0–1) compares across units.
    progressFraction: doublePrecision(),
    progressValue: integer(),
    progressUnit: text({ enum: PROGRESS_UNITS }),
    progressUpdatedAt: timestamp({ withTimezone: true }),
    // --- end progress
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('read_throughs_entry_idx').on(t.shelfEntryId, t.createdAt),
    index('read_throughs_user_finished_idx')
      .on(t.userId, t.finishedOn)
      .where(sql`${t.finishedOn} IS NOT NULL`),
    check('read_throughs_progress_check', sql`${t.progressFraction} BETWEEN 0 AND 1`),
    uniqueIndex('read_throughs_one_open_key')
      .on(t.shelfEntryId)
      .where(sql`${t.finishedOn} IS NULL AND ${t.abandonedOn} IS NULL`),
  ],
);

// --- progress entries (docs/decisions/0017) ---

/**
 * One progress update of a read-through ("progresso"): the value as typed with its unit, normalised to a
 * fraction of the book, with an optional comment, emotion and spoiler flag. `correction` marks an explicit
 * move backwards ("Corrigir progresso").
 */
export const progressEntries = pgTable(
  'progress_entries',
  {
    id: text().primaryKey(),
    readThroughId: text()
      .notNull()
      .references(() => readThroughs.id, { onDelete: 'cascade' }),
    value: integer().notNull(),
    unit: text({ enum: PROGRESS_UNITS }).notNull(),
    fraction: doublePrecision().notNull(),
    comment: text(),
    emotion: text({ enum: EMOTIONS }),
    spoiler: boolean().notNull().default(false),
    correction: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('progress_entries_read_through_idx').on(t.readThroughId, t.createdAt),
    check('progress_entries_fraction_check', sql`${t.fraction} BETWEEN 0 AND 1`),
    check('progress_entries_value_check', sql`${t.value} >= 0`),
    check('progress_entries_comment_check', sql`char_length(${t.comment}) <= 1000`),
  ],
);

// --- custom shelves (branch shelves, docs/decisions/0018) ---

/** A reader's own named list of shelf entries ("estante personalizada"), in the order the reader chose. */
export const shelves = pgTable(
  'shelves',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    visibility: text({ enum: VISIBILITIES }).notNull().default('publico'),
    /** Set when an admin hides the shelf after a report (docs/decisions/0024): only its owner still sees it. */
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shelves_user_idx').on(t.userId, t.createdAt), index('shelves_visibility_updated_idx').on(t.visibility, t.updatedAt.desc().nullsFirst(), t.id)],
);

/** An entry on a custom shelf; `position` orders the shelf (gaps allowed, moves swap neighbours). */
export const shelfItems = pgTable(
  'shelf_items',
  {
    shelfId: text()
      .notNull()
      .references(() => shelves.id, { onDelete: 'cascade' }),
    shelfEntryId: text()
      .notNull()
      .references(() => shelfEntries.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shelfId, t.shelfEntryId] }),
    index('shelf_items_entry_idx').on(t.shelfEntryId),
    index('shelf_items_order_idx').on(t.shelfId, t.position),
  ],
);
// --- end custom shelves ---

// --- reading goals (branch home, docs/decisions/0023) ---

/** A reader's goal for one calendar year ("meta de leitura"): books, pages, or both. */
export const readingGoals = pgTable(
  'reading_goals',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    booksTarget: integer(),
    pagesTarget: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.year] }),
    check('reading_goals_target_check', sql`${t.booksTarget} IS NOT NULL OR ${t.pagesTarget} IS NOT NULL`),
    check('reading_goals_positive_check', sql`coalesce(${t.booksTarget}, 1) > 0 AND coalesce(${t.pagesTarget}, 1) > 0`),
  ],
);

/**
 * The books and pages a reader finished in a calendar year, kept so the goal reads one row instead of every
 * read-through of the year (docs/decisions/0023). Triggers (migration 0028) insert the row, or bump `version`
 * and empty the figures, whenever something that counts changes; the next read of the goal recounts an empty
 * row and saves the figures only if `version` is still the one it read. No row: nothing finished that year.
 */
export const readingYearTotals = pgTable(
  'reading_year_totals',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    /** Null while a change waits to be recounted. */
    books: integer(),
    pages: integer(),
    version: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year] })],
);
// --- end reading goals ---
// --- reviews (branch reviews, docs/decisions/0020) ---

/**
 * The review of a shelf entry (one per entry, rereads included). `body`/`spoiler`/`visibility` are what others
 * see once `publishedAt` is set; `draftBody`/`draftSpoiler`/`draftVisibility` are what the reader is writing,
 * saved as they type, and never shown to anyone else until "Publicar" copies them over. `userId` and
 * `editionId` repeat the entry's so the edition's list filters on its own row (`visibleTo` on the author).
 */
export const reviews = pgTable(
  'reviews',
  {
    shelfEntryId: text()
      .primaryKey()
      .references(() => shelfEntries.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    editionId: text()
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    body: text(),
    spoiler: boolean().notNull().default(false),
    visibility: text({ enum: VISIBILITIES }).notNull().default('publico'),
    publishedAt: timestamp({ withTimezone: true }),
    draftBody: text(),
    draftSpoiler: boolean().notNull().default(false),
    draftVisibility: text({ enum: VISIBILITIES }).notNull().default('publico'),
    draftSavedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin hides the review after a report (docs/decisions/0024): only its author still sees it. */
    hiddenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('reviews_edition_published_idx')
      .on(t.editionId, t.publishedAt.desc().nullsFirst())
      .where(sql`${t.publishedAt} IS NOT NULL`),
    index('reviews_user_idx').on(t.userId),
    check('reviews_body_length_check', sql`char_length(${t.body}) <= 20000`),
    check('reviews_draft_length_check', sql`char_length(${t.draftBody}) <= 20000`),
    check('reviews_published_body_check', sql`${t.publishedAt} IS NULL OR ${t.body} IS NOT NULL`),
  ],
);
// --- end reviews ---

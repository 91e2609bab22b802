import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CHALLENGE_KINDS, MARATHON_MODES, MARATHON_PARTICIPANT_STATUSES, MARATHON_TIME_ZONES, MARATHON_VISIBILITIES } from '~/features/marathons/vocabulary';
import { users } from './accounts';
import { editions } from './catalog';
import { clubs } from './clubs';

/**
 * A marathon (PRODUCT.md §G). Its organiser is a reader, a club, or the site (official: run by site admins),
 * exactly one (a check). Dates are calendar days in the marathon's own time zone: it runs from the first minute of
 * `startsOn` to the last of `endsOn` there, and takes registrations from `registrationOpensOn` through
 * `registrationClosesOn`. The phase is derived, never stored. `participantCount` counts active participants.
 */
export const marathons = pgTable(
  'marathons',
  {
    id: text().primaryKey(),
    slug: text().notNull(),
    name: text().notNull(),
    /** Markdown (the safe subset of PRODUCT.md §1.6), as are the rules. */
    description: text().notNull().default(''),
    rules: text().notNull().default(''),
    /** The cover organisers upload (stored under marathons/{id}/, WebP); without one, the page shows none. */
    coverKey: text(),
    /** A reader-organised marathon goes with its organiser's account; a club's stays with the club. */
    organizerUserId: text().references(() => users.id, { onDelete: 'cascade' }),
    organizerClubId: text().references(() => clubs.id, { onDelete: 'cascade' }),
    official: boolean().notNull().default(false),
    /** Who created it (for a club's or an official one, the staff member), kept as "leitor removido" when gone. */
    createdById: text().references(() => users.id, { onDelete: 'set null' }),
    timeZone: text({ enum: MARATHON_TIME_ZONES }).notNull().default('America/Sao_Paulo'),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    registrationOpensOn: date({ mode: 'string' }).notNull(),
    registrationClosesOn: date({ mode: 'string' }).notNull(),
    visibility: text({ enum: MARATHON_VISIBILITIES }).notNull(),
    mode: text({ enum: MARATHON_MODES }).notNull().default('none'),
    participantCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marathons_slug_key').on(t.slug),
    index('marathons_name_trgm_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`),
    index('marathons_dates_idx').on(t.startsOn, t.endsOn),
    index('marathons_organizer_user_idx').on(t.organizerUserId),
    index('marathons_organizer_club_idx').on(t.organizerClubId),
    index('marathons_created_by_idx').on(t.createdById),
    check('marathons_one_organizer_check', sql`(${t.organizerUserId} IS NOT NULL)::int + (${t.organizerClubId} IS NOT NULL)::int + ${t.official}::int = 1`),
    check('marathons_club_visibility_check', sql`${t.visibility} <> 'clube' OR ${t.organizerClubId} IS NOT NULL`),
    check('marathons_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 120`),
    check('marathons_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(${t.slug}) BETWEEN 3 AND 60`),
    check('marathons_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check('marathons_registration_check', sql`${t.registrationClosesOn} >= ${t.registrationOpensOn} AND ${t.registrationClosesOn} <= ${t.endsOn}`),
    check('marathons_count_check', sql`${t.participantCount} >= 0`),
  ],
);

/** A slug a marathon used before: it answers 308 to the marathon's current one (PRODUCT.md §1.1). */
export const marathonSlugRedirects = pgTable(
  'marathon_slug_redirects',
  {
    slug: text().primaryKey(),
    marathonId: text()
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
  },
  (t) => [index('marathon_slug_redirects_marathon_idx').on(t.marathonId)],
);

/** A level of a marathon in levels mode, in order: a participant at level N does the challenges of levels 1…N. */
export const marathonLevels = pgTable(
  'marathon_levels',
  {
    id: text().primaryKey(),
    marathonId: text()
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    name: text().notNull(),
  },
  (t) => [
    uniqueIndex('marathon_levels_position_key').on(t.marathonId, t.position),
    check('marathon_levels_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
  ],
);

/** A team of a marathon in teams mode, in order. */
export const marathonTeams = pgTable(
  'marathon_teams',
  {
    id: text().primaryKey(),
    marathonId: text()
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    name: text().notNull(),
    // The team's scores: the sums of its active participants', kept incrementally with theirs.
    challengesDone: integer().notNull().default(0),
    points: integer().notNull().default(0),
    pages: integer().notNull().default(0),
    minutes: integer().notNull().default(0),
    scoredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marathon_teams_position_key').on(t.marathonId, t.position),
    check('marathon_teams_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
  ],
);

/** A category of challenges, in order. */
export const marathonCategories = pgTable(
  'marathon_categories',
  {
    id: text().primaryKey(),
    marathonId: text()
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    name: text().notNull(),
  },
  (t) => [
    uniqueIndex('marathon_categories_position_key').on(t.marathonId, t.position),
    check('marathon_categories_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 80`),
  ],
);

/**
 * A challenge (desafio) in a category. `revealsOn` (a day in the marathon's time zone) hides it from everyone but
 * the organisers' edit tool until that day begins there; `levelId` makes it part of that level and the ones above.
 */
export const marathonChallenges = pgTable(
  'marathon_challenges',
  {
    id: text().primaryKey(),
    marathonId: text()
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    categoryId: text()
      .notNull()
      .references(() => marathonCategories.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    kind: text({ enum: CHALLENGE_KINDS }).notNull(),
    description: text().notNull(),
    points: integer().notNull().default(1),
    revealsOn: date({ mode: 'string' }),
    /** A `leitura` challenge completes by itself when a linked edition is finished on the reader's shelf. */
    completesOnFinish: boolean().notNull().default(true),
    levelId: text().references(() => marathonLevels.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marathon_challenges_position_key').on(t.categoryId, t.position),
    index('marathon_challenges_marathon_idx').on(t.marathonId, t.revealsOn),
    index('marathon_challenges_level_idx').on(t.levelId),
    check('marathon_challenges_description_check', sql`char_length(${t.description}) BETWEEN 1 AND 500`),
    check('marathon_challenges_points_check', sql`${t.points} BETWEEN 0 AND 1000`),
  ],
);

/** A reader in a marathon: taking part (with the level or team chosen at registration) or banned. */
export const marathonParticipants = pgTable(
  'marathon_participants',
  {
    marathonId: text()
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: MARATHON_PARTICIPANT_STATUSES }).notNull(),
    levelId: text().references(() => marathonLevels.id, { onDelete: 'set null' }),
    teamId: text().references(() => marathonTeams.id, { onDelete: 'set null' }),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the row reached its status (a join, a ban). */
    statusAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Scores, kept incrementally as updates arrive (never recomputed per request): challenges done, their points,
    // pages and minutes read inside the marathon's window; `scoredAt` is when `points` reached its value (ties go
    // to whoever got there first).
    challengesDone: integer().notNull().default(0),
    points: integer().notNull().default(0),
    pages: integer().notNull().default(0),
    minutes: integer().notNull().default(0),
    scoredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.marathonId, t.userId] }),
    index('marathon_participants_ranking_idx').on(t.marathonId, t.status, t.points.desc(), t.scoredAt, t.userId),
    // The ranking filtered by level (levels mode): the same walk within one level.
    index('marathon_participants_level_ranking_idx').on(t.marathonId, t.levelId, t.status, t.points.desc(), t.scoredAt, t.userId),
    index('marathon_participants_user_idx').on(t.userId, t.status),
    index('marathon_participants_status_idx').on(t.marathonId, t.status, t.joinedAt),
    index('marathon_participants_level_idx').on(t.levelId),
    index('marathon_participants_team_idx').on(t.teamId),
  ],
);

/** A reader accepted /maratonas/aviso (once): they may create and join community marathons. */
export const marathonNoticeAcceptances = pgTable('marathon_notice_acceptances', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  acceptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// --- the participant's board, counting and scores (issue 29, second piece) ---

/**
 * An edition a participant linked to a `leitura` challenge on their board (PRODUCT.md §G "vinculados"): its own
 * progress (0–100), complete flag, rating (quarters, as shelf entries), comment and optional marked day. One link
 * per challenge × reader × edition; the challenge counts as done for the reader when one of its links is complete.
 */
export const marathonChallengeLinks = pgTable(
  'marathon_challenge_links',
  {
    id: text().primaryKey(),
    marathonId: text()
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    challengeId: text()
      .notNull()
      .references(() => marathonChallenges.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    editionId: text()
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    progress: smallint().notNull().default(0),
    complete: boolean().notNull().default(false),
    ratingQuarters: smallint(),
    comment: text(),
    markedOn: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marathon_challenge_links_key').on(t.challengeId, t.userId, t.editionId),
    index('marathon_challenge_links_board_idx').on(t.marathonId, t.userId),
    index('marathon_challenge_links_user_edition_idx').on(t.userId, t.editionId),
    index('marathon_challenge_links_edition_idx').on(t.editionId),
    check('marathon_challenge_links_progress_check', sql`${t.progress} BETWEEN 0 AND 100`),
    check('marathon_challenge_links_rating_check', sql`${t.ratingQuarters} BETWEEN 1 AND 20`),
    check('marathon_challenge_links_comment_check', sql`char_length(${t.comment}) <= 1000`),
  ],
);

/**
 * A challenge a participant has done: an `atividade` ticked, or a `leitura` with a complete link. Kept as a row so
 * scores move incrementally and ties are broken by when the score was reached.
 */
export const marathonChallengeCompletions = pgTable(
  'marathon_challenge_completions',
  {
    marathonId: text()
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    challengeId: text()
      .notNull()
      .references(() => marathonChallenges.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.userId] }), index('marathon_challenge_completions_board_idx').on(t.marathonId, t.userId)],
);

/**
 * A notice a participant got about a marathon (PRODUCT.md §G notifications): `subject` is `inicio` (it starts
 * today), `fim` (it ended) or `desafios:{day}` (challenges revealed that day). Written with the notification, claimed
 * with ON CONFLICT DO NOTHING, so however often the job runs a reader hears of each once.
 */
export const marathonNotices = pgTable(
  'marathon_notices',
  {
    marathonId: text()
      .notNull()
      .references(() => marathons.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.marathonId, t.userId, t.subject] }), index('marathon_notices_user_idx').on(t.userId)],
);

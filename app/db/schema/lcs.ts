import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { GROUP_READ_VISIBILITIES, MATERIAL_KINDS, PARTICIPANT_STATUSES, STAGE_MARK_KINDS, STAGE_UNITS } from '~/features/lcs/vocabulary';
import { users } from './accounts';
import { editions } from './catalog';
import { clubs } from './clubs';

/**
 * A group read (LC, PRODUCT.md §F). Its host is a reader or a club, exactly one (a check). Dates are São Paulo
 * calendar days; the phase (aberta, em andamento, encerrada) is derived from them and `closedEarlyAt`.
 * `participantCount` (active participants) is kept by the LCs' mutations under the LC's row lock, so the cap
 * holds and the directory shows it without counting.
 */
export const groupReads = pgTable(
  'group_reads',
  {
    id: text().primaryKey(),
    slug: text().notNull(),
    title: text().notNull(),
    /** Markdown (the safe subset of PRODUCT.md §1.6). */
    description: text().notNull().default(''),
    /** Storage key under group-reads/{id}/, re-encoded on upload. */
    coverKey: text(),
    /** A reader-hosted LC goes with its host's account; a club-hosted one stays with the club. */
    hostUserId: text().references(() => users.id, { onDelete: 'cascade' }),
    hostClubId: text().references(() => clubs.id, { onDelete: 'cascade' }),
    /** Who created it (for a club's LC, the staff member), kept as "leitor removido" when gone. */
    createdById: text().references(() => users.id, { onDelete: 'set null' }),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    /** Active participants at most (null: no cap); past it, readers join the waiting list. */
    participantCap: integer(),
    visibility: text({ enum: GROUP_READ_VISIBILITIES }).notNull(),
    participantCount: integer().notNull().default(0),
    closedEarlyAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_reads_slug_key').on(t.slug),
    index('group_reads_title_trgm_idx').using('gin', sql`immutable_unaccent(lower(${t.title})) gin_trgm_ops`),
    index('group_reads_dates_idx').on(t.startsOn, t.endsOn),
    index('group_reads_host_user_idx').on(t.hostUserId),
    index('group_reads_host_club_idx').on(t.hostClubId),
    index('group_reads_created_by_idx').on(t.createdById),
    check('group_reads_one_host_check', sql`(${t.hostUserId} IS NULL) <> (${t.hostClubId} IS NULL)`),
    check('group_reads_club_visibility_check', sql`${t.visibility} <> 'clube' OR ${t.hostClubId} IS NOT NULL`),
    check('group_reads_title_check', sql`char_length(${t.title}) BETWEEN 1 AND 120`),
    check('group_reads_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(${t.slug}) BETWEEN 3 AND 60`),
    check('group_reads_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check('group_reads_cap_check', sql`${t.participantCap} IS NULL OR ${t.participantCap} > 0`),
    check('group_reads_count_check', sql`${t.participantCount} >= 0 AND (${t.participantCap} IS NULL OR ${t.participantCount} <= ${t.participantCap})`),
  ],
);

/** A slug an LC used before: it answers 308 to the LC's current one (PRODUCT.md §1.1). */
export const groupReadSlugRedirects = pgTable(
  'group_read_slug_redirects',
  {
    slug: text().primaryKey(),
    groupReadId: text()
      .notNull()
      .references(() => groupReads.id, { onDelete: 'cascade' }),
  },
  (t) => [index('group_read_slug_redirects_group_read_idx').on(t.groupReadId)],
);

/** The editions an LC reads, in order (one or more, from the catalogue). */
export const groupReadEditions = pgTable(
  'group_read_editions',
  {
    groupReadId: text()
      .notNull()
      .references(() => groupReads.id, { onDelete: 'cascade' }),
    editionId: text()
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupReadId, t.editionId] }), index('group_read_editions_edition_idx').on(t.editionId)],
);

/**
 * A stage (etapa) of the schedule: a page or chapter range of one of the LC's editions, read by a date or over a
 * date range (`startsOn` = `endsOn` for one day). `position` orders the whole schedule; the spoiler gate of the
 * discussion reads `editionId`, `unit` and `toNumber` (a participant past `toNumber` of that edition passed it).
 */
export const groupReadStages = pgTable(
  'group_read_stages',
  {
    id: text().primaryKey(),
    groupReadId: text()
      .notNull()
      .references(() => groupReads.id, { onDelete: 'cascade' }),
    editionId: text()
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    unit: text({ enum: STAGE_UNITS }).notNull(),
    fromNumber: integer().notNull(),
    toNumber: integer().notNull(),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('group_read_stages_position_key').on(t.groupReadId, t.position),
    index('group_read_stages_edition_idx').on(t.editionId),
    check('group_read_stages_range_check', sql`${t.fromNumber} >= 1 AND ${t.toNumber} >= ${t.fromNumber}`),
    check('group_read_stages_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/**
 * A reader in an LC: active, invited, on the waiting list (`waitingPosition` orders it: the lowest is admitted
 * first when a place opens), or banned.
 */
export const groupReadParticipants = pgTable(
  'group_read_participants',
  {
    groupReadId: text()
      .notNull()
      .references(() => groupReads.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: PARTICIPANT_STATUSES }).notNull(),
    waitingPosition: integer(),
    invitedById: text().references(() => users.id, { onDelete: 'set null' }),
    /** When the row reached its status (an invitation, a place on the waiting list, a join, a ban). */
    statusAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.groupReadId, t.userId] }),
    index('group_read_participants_user_idx').on(t.userId, t.status),
    index('group_read_participants_status_idx').on(t.groupReadId, t.status, t.waitingPosition),
    index('group_read_participants_invited_by_idx').on(t.invitedById),
    check('group_read_participants_waiting_check', sql`(${t.status} = 'waiting') = (${t.waitingPosition} IS NOT NULL)`),
  ],
);

/** A material of an LC (PRODUCT.md §F): a link (https) or an uploaded file, with its title, in order. */
export const groupReadMaterials = pgTable(
  'group_read_materials',
  {
    id: text().primaryKey(),
    groupReadId: text()
      .notNull()
      .references(() => groupReads.id, { onDelete: 'cascade' }),
    kind: text({ enum: MATERIAL_KINDS }).notNull(),
    title: text().notNull(),
    url: text(),
    /** Storage key under group-reads/{id}/ for a file. */
    fileKey: text(),
    position: smallint().notNull(),
    createdById: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_read_materials_group_read_idx').on(t.groupReadId, t.position),
    index('group_read_materials_created_by_idx').on(t.createdById),
    check('group_read_materials_title_check', sql`char_length(${t.title}) BETWEEN 1 AND 120`),
    check('group_read_materials_kind_check', sql`(${t.kind} = 'link') = (${t.url} IS NOT NULL) AND (${t.kind} = 'file') = (${t.fileKey} IS NOT NULL)`),
  ],
);

/**
 * A comment in an etapa's thread of the discussion (discussao). A reply names the comment it answers (`parentId`,
 * one level: a reply to a reply answers the same top comment). Who may read its body is decided by the spoiler gate
 * (features/lcs/discussion.server.ts): the etapa passed or revealed, the host, a site admin. Deleted comments are
 * kept (`deletedAt`) so their replies keep their place; the host pins at most one per etapa (`pinnedAt`). The
 * moderation may hide one after a report (`hiddenAt`, decision 0072): then only its author sees it, with the notice.
 */
export const groupReadComments = pgTable(
  'group_read_comments',
  {
    id: text().primaryKey(),
    groupReadId: text()
      .notNull()
      .references(() => groupReads.id, { onDelete: 'cascade' }),
    stageId: text()
      .notNull()
      .references(() => groupReadStages.id, { onDelete: 'cascade' }),
    /** Kept as "leitor removido" when the author's account goes: the thread would lose its sense. */
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    parentId: text().references((): AnyPgColumn => groupReadComments.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    pinnedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_read_comments_stage_idx').on(t.stageId, t.parentId, t.createdAt, t.id),
    index('group_read_comments_group_read_idx').on(t.groupReadId, t.stageId),
    index('group_read_comments_author_idx').on(t.authorId, t.createdAt),
    index('group_read_comments_parent_idx').on(t.parentId, t.createdAt),
    // A thread's page in its order (pinned first, then oldest) and its count, with the author the viewer may be
    // kept from (blocks, suspensions), without reading the deleted; and each thread's count, from the index alone.
    index('group_read_comments_top_idx')
      .on(t.stageId, sql`(${t.pinnedAt} IS NULL)`, t.createdAt, t.id, t.authorId)
      .where(sql`${t.parentId} IS NULL AND ${t.deletedAt} IS NULL`),
    index('group_read_comments_live_idx')
      .on(t.stageId)
      .where(sql`${t.deletedAt} IS NULL`),
    check('group_read_comments_body_check', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);

/** A reader's mark on an etapa: "li esta etapa" (`read`) or "mostrar mesmo assim" (`revealed`); see STAGE_MARK_KINDS. */
export const groupReadStageMarks = pgTable(
  'group_read_stage_marks',
  {
    stageId: text()
      .notNull()
      .references(() => groupReadStages.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: STAGE_MARK_KINDS }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.stageId, t.userId, t.kind] }), index('group_read_stage_marks_user_idx').on(t.userId)],
);

/**
 * The notice a participant got that an etapa opens today (PRODUCT.md §F, "etapa abre"): one row per etapa and
 * reader, written with the notification, so the recurring job tells each reader once however often it runs.
 */
export const groupReadStageNotices = pgTable(
  'group_read_stage_notices',
  {
    stageId: text()
      .notNull()
      .references(() => groupReadStages.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.stageId, t.userId] }), index('group_read_stage_notices_user_idx').on(t.userId)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REACTIONS } from '~/features/atts/vocabulary';
import { ACTIVITY_KINDS, BENEFIT_KINDS, CLUB_ROLES, CLUB_VISIBILITIES, MEMBERSHIP_STATUSES, POST_KINDS, POST_VISIBILITIES } from '~/features/clubs/vocabulary';
import { users } from './accounts';
import { editions } from './catalog';

/**
 * A club (PRODUCT.md §E). Who owns it is a membership (role `owner`, exactly one: a partial unique index);
 * `memberCount` and `lastActivityAt` are kept by the clubs' mutations so the directory sorts on an index.
 */
export const clubs = pgTable(
  'clubs',
  {
    id: text().primaryKey(),
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    welcomeText: text().notNull().default(''),
    rules: text().notNull().default(''),
    visibility: text({ enum: CLUB_VISIBILITIES }).notNull(),
    /** 1–3 slugs of CLUB_CATEGORIES. */
    categories: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Active members at most (null: no cap). */
    memberCap: integer(),
    /** Members (not only staff) may open posts on /posts. */
    membersCanPost: boolean().notNull().default(false),
    /** Storage keys under clubs/{id}/, re-encoded on upload. */
    avatarKey: text(),
    bannerKey: text(),
    /** Hex colours (#rrggbb) of the club's pages, checked for WCAG AA contrast when saved. */
    primaryColor: text().notNull().default('#1f5f5b'),
    accentColor: text().notNull().default('#c2410c'),
    memberCount: integer().notNull().default(0),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clubs_slug_key').on(t.slug),
    index('clubs_name_trgm_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`),
    index('clubs_members_idx').on(t.memberCount.desc(), t.id),
    index('clubs_activity_idx').on(t.lastActivityAt.desc(), t.id),
    check('clubs_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 80`),
    check('clubs_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(${t.slug}) BETWEEN 3 AND 60`),
    check('clubs_member_cap_check', sql`${t.memberCap} IS NULL OR ${t.memberCap} > 0`),
  ],
);

/** A slug a club used before: it answers 308 to the club's current one (PRODUCT.md §1.1). */
export const clubSlugRedirects = pgTable('club_slug_redirects', {
  slug: text().primaryKey(),
  clubId: text()
    .notNull()
    .references(() => clubs.id, { onDelete: 'cascade' }),
});

/**
 * A paid or free plan of a club (§E "planos"). `priceCents` is the monthly price for new members; a member
 * keeps the price they joined at until renewal (clubMembers.planPriceCents). Archived plans take no one new.
 */
export const clubPlans = pgTable(
  'club_plans',
  {
    id: text().primaryKey(),
    clubId: text()
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    priceCents: integer().notNull().default(0),
    /** Members holding it at most (null: no cap). */
    memberCap: integer(),
    /** The plans' order on /planos, and their rank: a post for a plan is for it and every plan after it. */
    position: smallint().notNull().default(0),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('club_plans_club_idx').on(t.clubId, t.position),
    check('club_plans_price_check', sql`${t.priceCents} >= 0`),
    check('club_plans_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
  ],
);

/** A reader in a club: their role, the state of their membership, and the plan they hold. */
export const clubMembers = pgTable(
  'club_members',
  {
    clubId: text()
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: CLUB_ROLES }).notNull().default('member'),
    status: text({ enum: MEMBERSHIP_STATUSES }).notNull(),
    planId: text().references(() => clubPlans.id, { onDelete: 'set null' }),
    /** The monthly price the member holds the plan at (a price change reaches them at renewal). */
    planPriceCents: integer(),
    planStartedAt: timestamp({ withTimezone: true }),
    /** The plan ends then (a cancelled paid period); null while it renews or is free. */
    planEndsAt: timestamp({ withTimezone: true }),
    /** Who invited them (status invited) or answered their request. */
    invitedById: text().references(() => users.id, { onDelete: 'set null' }),
    banReason: text(),
    /** Listed on /u/{username}/clubes. */
    showOnProfile: boolean().notNull().default(true),
    /** When the row reached its status (a request, an invitation, a join, a ban). */
    statusAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId] }),
    uniqueIndex('club_members_one_owner_key')
      .on(t.clubId)
      .where(sql`${t.role} = 'owner'`),
    index('club_members_user_idx').on(t.userId, t.status),
    index('club_members_club_status_idx').on(t.clubId, t.status, t.joinedAt.desc(), t.userId),
    index('club_members_plan_idx').on(t.planId),
  ],
);

/**
 * A membership that ended: the member left, was banned or removed, or deleted their account. Written by a
 * trigger on club_members whatever the code path (migration 0043), without the reader (the figure is the
 * club's: /admin's members over time counts who was active at each week's end). Decision 0062.
 */
export const clubDepartures = pgTable(
  'club_departures',
  {
    clubId: text()
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    /** When the membership began (null: before joins were dated, counted as always). */
    joinedAt: timestamp({ withTimezone: true }),
    leftAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('club_departures_club_idx').on(t.clubId, t.leftAt)],
);

/** What a plan gives (§E "benefícios"); the plans that include it are clubPlanBenefits. */
export const clubBenefits = pgTable(
  'club_benefits',
  {
    id: text().primaryKey(),
    clubId: text()
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    kind: text({ enum: BENEFIT_KINDS }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('club_benefits_club_idx').on(t.clubId), check('club_benefits_title_check', sql`char_length(${t.title}) BETWEEN 1 AND 80`)],
);

export const clubPlanBenefits = pgTable(
  'club_plan_benefits',
  {
    planId: text()
      .notNull()
      .references(() => clubPlans.id, { onDelete: 'cascade' }),
    benefitId: text()
      .notNull()
      .references(() => clubBenefits.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.benefitId] }), index('club_plan_benefits_benefit_idx').on(t.benefitId)],
);

/**
 * A staff post on /posts or a members' thread on /comunidade (`kind`). `authorId` is null once its author
 * deleted their account: the club keeps the conversation, as "leitor removido". `hiddenAt` takes it down for
 * everyone but its author (moderation, docs/decisions/0024).
 */
export const clubPosts = pgTable(
  'club_posts',
  {
    id: text().primaryKey(),
    clubId: text()
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    kind: text({ enum: POST_KINDS }).notNull(),
    title: text().notNull(),
    body: text().notNull(),
    visibility: text({ enum: POST_VISIBILITIES }).notNull(),
    /** For `plano`: the lowest plan that reads it (that plan and the plans ranked after it). */
    minPlanId: text().references(() => clubPlans.id, { onDelete: 'set null' }),
    pinnedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp({ withTimezone: true }),
    hiddenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('club_posts_club_idx').on(t.clubId, t.kind, t.createdAt.desc(), t.id.desc()),
    index('club_posts_pinned_idx')
      .on(t.clubId, t.kind, t.pinnedAt.desc())
      .where(sql`${t.pinnedAt} IS NOT NULL`),
    index('club_posts_author_idx').on(t.authorId),
    check('club_posts_title_check', sql`char_length(${t.title}) BETWEEN 1 AND 150`),
    check('club_posts_body_check', sql`char_length(${t.body}) BETWEEN 1 AND 20000`),
  ],
);

/** A post's earlier text, one row per edit (the history shown to staff and the author). */
export const clubPostRevisions = pgTable(
  'club_post_revisions',
  {
    id: text().primaryKey(),
    postId: text()
      .notNull()
      .references(() => clubPosts.id, { onDelete: 'cascade' }),
    editorId: text().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('club_post_revisions_post_idx').on(t.postId, t.createdAt)],
);

/** A comment under a post or thread; `hiddenAt`, as on posts, shows it to its author alone. */
export const clubPostComments = pgTable(
  'club_post_comments',
  {
    id: text().primaryKey(),
    postId: text()
      .notNull()
      .references(() => clubPosts.id, { onDelete: 'cascade' }),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
    hiddenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('club_post_comments_post_idx').on(t.postId, t.createdAt),
    check('club_post_comments_body_check', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);

export const clubPostReactions = pgTable(
  'club_post_reactions',
  {
    postId: text()
      .notNull()
      .references(() => clubPosts.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: REACTIONS }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.kind] })],
);

/**
 * A scheduled club activity (§E "atividades"): LC do mês (with its book), a live meeting (with its link), a
 * club marathon. Shown on the club's page and in /clube/{id}/agenda.ics.
 */
export const clubActivities = pgTable(
  'club_activities',
  {
    id: text().primaryKey(),
    clubId: text()
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    kind: text({ enum: ACTIVITY_KINDS }).notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    /** A live meeting's address (https only). */
    link: text(),
    editionId: text().references(() => editions.id, { onDelete: 'set null' }),
    createdById: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('club_activities_club_idx').on(t.clubId, t.startsAt),
    index('club_activities_edition_idx').on(t.editionId),
    check('club_activities_title_check', sql`char_length(${t.title}) BETWEEN 1 AND 120`),
    check('club_activities_dates_check', sql`${t.endsAt} IS NULL OR ${t.endsAt} >= ${t.startsAt}`),
  ],
);

/**
 * The reminder a member got the day before a club activity (PRODUCT.md §E): one row per activity and member,
 * written with the notification, so the recurring job reminds each member once however often it runs.
 */
export const clubActivityReminders = pgTable(
  'club_activity_reminders',
  {
    activityId: text()
      .notNull()
      .references(() => clubActivities.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] }), index('club_activity_reminders_user_idx').on(t.userId)],
);

import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PROFILE_VISIBILITIES } from '~/features/social/vocabulary';
import { WHISPER_AUDIENCES } from '~/features/whispers/vocabulary';

/** Better Auth maps its models onto these tables by property name (see server/auth.server.ts). */
export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    username: text(),
    displayUsername: text(),
    role: text({ enum: ['reader', 'curator', 'admin'] })
      .notNull()
      .default('reader'),
    suspendedAt: timestamp({ withTimezone: true }),
    birthDate: date({ mode: 'string' }),
    pronouns: text(),
    bio: text(),
    links: jsonb().$type<string[]>().notNull().default([]),
    profileVisibility: text({ enum: PROFILE_VISIBILITIES }).notNull().default('publico'),
    /** Whether the profile shows "lendo agora" (the books being read and their %) to others. */
    showCurrentlyReading: boolean().notNull().default(true),
    /** Who may whisper the reader (decision 0088); under 18 it is never wider than `following`, whatever is stored. */
    whisperAudience: text({ enum: WHISPER_AUDIENCES }).notNull().default('everyone'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(t.username),
    // Reader search (/u) folds case and accents; a trigram index serves its substring matches.
    index('users_name_trgm_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    // "Not by a suspended reader" (comments, threads) looks in this small index instead of reading every reader.
    index('users_suspended_idx')
      .on(t.id)
      .where(sql`${t.suspendedAt} IS NOT NULL`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    token: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** A sign-in method of a user: the password ("credential") or a linked OAuth provider. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text().notNull(),
    providerId: text().notNull(),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId), uniqueIndex('auth_accounts_provider_key').on(t.providerId, t.accountId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** An old username keeps pointing at its reader for 30 days after a rename, then is freed. */
export const usernameRedirects = pgTable('username_redirects', {
  oldUsername: text().primaryKey(),
  userId: text()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

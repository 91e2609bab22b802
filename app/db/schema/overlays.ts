import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { OVERLAY_KINDS, OVERLAY_POSITIONS, OVERLAY_SIZES } from '~/features/overlays/vocabulary';
import { users } from './accounts';

/**
 * A reader's overlay token (decision 0092): one per reader, stored only as the SHA-256 of the token (the token itself
 * is shown once, when it is made). Rotating replaces the hash in place, so the old token is dead at the commit;
 * revoking deletes the row. The OBS pages find the reader by the hash alone (a unique index: an equality lookup on
 * the whole digest, never on a part of it).
 */
export const overlayTokens = pgTable(
  'overlay_tokens',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('overlay_tokens_hash_key').on(t.tokenHash)],
);

/** How one of the reader's two overlays looks (`kind`: the book's or the foca's); no row: the defaults. */
export const overlaySettings = pgTable(
  'overlay_settings',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: OVERLAY_KINDS }).notNull(),
    size: text({ enum: OVERLAY_SIZES }).notNull(),
    position: text({ enum: OVERLAY_POSITIONS }).notNull(),
    textColour: text().notNull(),
    cardColour: text().notNull(),
    accentColour: text().notNull(),
    showProgressBar: boolean().notNull(),
    showPercent: boolean().notNull(),
    showPetName: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check(
      'overlay_settings_colours_check',
      sql`${t.textColour} ~ '^#[0-9a-f]{6}$' AND ${t.cardColour} ~ '^#[0-9a-f]{6}$' AND ${t.accentColour} ~ '^#[0-9a-f]{6}$'`,
    ),
  ],
);

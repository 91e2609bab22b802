import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { VISIBILITIES } from '~/features/social/vocabulary';
import { users } from './accounts';
import { editions } from './catalog';
import { progressEntries, readThroughs } from './reading';
import { ATT_KINDS, REACTIONS } from '~/features/atts/vocabulary';

/**
 * An att (PRODUCT.md §C): a reading update about an edition, posted from a progress update, a finished book
 * or a published review, with up to four photos. Who sees it is the audience's rule on `visibility`
 * (docs/decisions/0019); `hiddenAt` takes it down for everyone but its author (moderation).
 */
export const atts = pgTable(
  'atts',
  {
    id: text().primaryKey(),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    editionId: text()
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    readThroughId: text().references(() => readThroughs.id, { onDelete: 'set null' }),
    progressEntryId: text().references(() => progressEntries.id, { onDelete: 'set null' }),
    kind: text({ enum: ATT_KINDS }).notNull(),
    text: text().notNull().default(''),
    spoiler: boolean().notNull().default(false),
    visibility: text({ enum: VISIBILITIES }).notNull().default('publico'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The author as a last key: the seguindo feed walks the site's newest atts on the index alone (queries.server.ts).
    index('atts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.authorId),
    index('atts_author_created_idx').on(t.authorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('atts_edition_created_idx').on(t.editionId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('atts_text_check', sql`char_length(${t.text}) <= 1000`),
  ],
);

/**
 * An att's photo. Stored under the private uploads prefix, never served by /arquivos: only
 * /att/{id}/imagens/{position}, after the same audience check as the att.
 */
export const attImages = pgTable(
  'att_images',
  {
    attId: text()
      .notNull()
      .references(() => atts.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    storageKey: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.attId, t.position] }), check('att_images_position_check', sql`${t.position} BETWEEN 1 AND 4`)],
);

/** One reaction of a reader to an att, from the fixed set; at most one of each kind per reader. */
export const attReactions = pgTable(
  'att_reactions',
  {
    attId: text()
      .notNull()
      .references(() => atts.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: REACTIONS }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attId, t.userId, t.kind] })],
);

/**
 * A comment on an att; deleting keeps the row (`deletedAt`) so a thread's notifications never point at nothing.
 * `authorId` is null once its author deleted their account: the thread keeps it as "leitor removido".
 */
export const attComments = pgTable(
  'att_comments',
  {
    id: text().primaryKey(),
    attId: text()
      .notNull()
      .references(() => atts.id, { onDelete: 'cascade' }),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
    hiddenAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('att_comments_att_idx').on(t.attId, t.createdAt), check('att_comments_text_check', sql`char_length(${t.text}) BETWEEN 1 AND 2000`)],
);

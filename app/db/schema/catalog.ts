import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A title folded for comparison: no case, accents or punctuation, words separated by one space. The index
 * editions_folded_title_idx holds it for editions' titles; catalogue search and imports compare with it.
 */
export const foldedTitle = (text: SQL | AnyColumn) => sql`btrim(regexp_replace(immutable_unaccent(lower(${text})), '[^a-z0-9]+', ' ', 'g'))`;

/** PostgreSQL full-text document; written only by the catalogue's search refresh (never by hand). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const authors = pgTable(
  'authors',
  {
    id: text().primaryKey(),
    /** The `identificador` of /autor/{identificador}. */
    slug: text().notNull(),
    name: text().notNull(),
    sortName: text().notNull(),
    /** Country in Portuguese ("Brasil"); empty when unknown — never guessed. */
    nationality: text(),
    birthYear: integer(),
    deathYear: integer(),
    bio: text(),
    photoUrl: text(),
    otherNames: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('authors_slug_key').on(t.slug), index('authors_name_trgm_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`)],
);

/** A work's title as editions of one work share it: no case, accents, punctuation or spaces ("Grande sertão veredas"). */
export const workTitleKey = (text: SQL | AnyColumn) => sql`regexp_replace(immutable_unaccent(lower(${text})), '[^a-z0-9]+', '', 'g')`;

export const works = pgTable(
  'works',
  {
    id: text().primaryKey(),
    title: text().notNull(),
    originalTitle: text(),
    originalLanguage: text(),
    firstPublishedYear: integer(),
    /** 1–3 slugs of the taxonomy in features/catalog/genres.ts. */
    genres: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    synopsis: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('works_title_key_idx').on(workTitleKey(t.title))],
);

export const workAuthors = pgTable(
  'work_authors',
  {
    workId: text()
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    authorId: text()
      .notNull()
      .references(() => authors.id),
    role: text({ enum: ['author', 'organizer', 'adapter'] })
      .notNull()
      .default('author'),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workId, t.authorId, t.role] }), index('work_authors_author_idx').on(t.authorId)],
);

export const editions = pgTable(
  'editions',
  {
    id: text().primaryKey(),
    workId: text()
      .notNull()
      .references(() => works.id),
    title: text().notNull(),
    subtitle: text(),
    isbn13: text(),
    isbn10: text(),
    asin: text(),
    publisher: text(),
    /** "2019", "2019-03" or "2019-03-14": catalogues often know only the year. */
    publicationDate: text(),
    pages: integer(),
    audioMinutes: integer(),
    format: text({ enum: ['brochura', 'capa_dura', 'ebook', 'audiolivro'] })
      .notNull()
      .default('brochura'),
    /** ISO 639-1 code. */
    language: text().notNull().default('pt'),
    coverUrl: text(),
    /** Maintained by the shelves domain once it exists (distinct readers with a shelf entry). */
    readersCount: integer().notNull().default(0),
    searchText: text().notNull().default(''),
    searchVector: tsvector(),
    /**
     * Set when a reader's import created the edition because nothing in the catalogue matched
     * (docs/decisions/0032): it is usable at once and waits in the curators' queue until one reviews it.
     */
    pendingSince: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('editions_isbn13_key').on(t.isbn13),
    index('editions_isbn10_idx').on(t.isbn10),
    index('editions_asin_idx').on(t.asin),
    index('editions_work_idx').on(t.workId),
    index('editions_readers_idx').on(t.readersCount.desc(), t.id),
    index('editions_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('editions_search_vector_idx').using('gin', t.searchVector),
    /** Exact-title lookups of search and imports. */
    index('editions_folded_title_idx').on(foldedTitle(t.title)),
    index('editions_pending_idx')
      .on(t.pendingSince)
      .where(sql`${t.pendingSince} IS NOT NULL`),
  ],
);

/** People credited on one edition rather than on the work: translators, illustrators, narrators. */
export const editionContributors = pgTable(
  'edition_contributors',
  {
    editionId: text()
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    authorId: text()
      .notNull()
      .references(() => authors.id),
    role: text({ enum: ['translator', 'illustrator', 'narrator', 'organizer'] }).notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.authorId, t.role] }), index('edition_contributors_author_idx').on(t.authorId)],
);

export const collections = pgTable(
  'collections',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    kind: text({ enum: ['series', 'publisher_collection', 'box'] })
      .notNull()
      .default('series'),
    publisher: text(),
    description: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collections_name_trgm_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`)],
);

export const collectionMembers = pgTable(
  'collection_members',
  {
    collectionId: text()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    editionId: text()
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    /** Volume order; fractional for in-between volumes ("5.5"); null when the order is unknown. */
    position: doublePrecision(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.editionId] }), index('collection_members_edition_idx').on(t.editionId)],
);

/** Ids that no longer exist (merged away, or an author's renamed identificador) keep answering with a 308. */
export const catalogRedirects = pgTable(
  'catalog_redirects',
  {
    kind: text({ enum: ['edition', 'work', 'author', 'author_slug', 'collection'] }).notNull(),
    fromId: text().notNull(),
    toId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.fromId] })],
);

/** One click on "comprar" (/amznto/{asin}). */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: text().primaryKey(),
    asin: text().notNull(),
    editionId: text().references(() => editions.id, { onDelete: 'set null' }),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    referrerPath: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliate_clicks_edition_idx').on(t.editionId, t.createdAt)],
);

/**
 * The vocabulary of the catalogue: every word (folded, 3+ letters) of the editions' search text, added by
 * the search refresh and never removed (a stale word only costs an empty lookup). Search corrects a
 * query word it does not know to its closest words here, so typos go through the full-text index.
 */
export const searchWords = pgTable('search_words', { word: text().primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import type { EditionSource } from '~/features/catalog/vocabulary';
import type { FieldChange } from '~/features/curation/vocabulary';

/**
 * A reader's proposal to the catalogue (PRODUCT.md §B). `changes` is the field-by-field diff; the target
 * columns are plain text, not foreign keys, because a target merged away later must not erase the request.
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: text().primaryKey(),
    /** The public `SOL-XXXXXX`. */
    code: text().notNull(),
    kind: text({ enum: ['edition_edit', 'author_edit', 'new_edition', 'new_author', 'edition_cover', 'duplicate'] }).notNull(),
    status: text({ enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    /** Null once the requester deleted their account: the contribution stays, as "leitor removido". */
    requesterId: text().references(() => users.id, { onDelete: 'set null' }),
    editionId: text(),
    authorId: text(),
    /** A `duplicate` report: the other record, which the curator may merge with the target or into which the target may be merged. */
    duplicateEditionId: text(),
    duplicateAuthorId: text(),
    /** A short label of the target as the requester saw it ("Dom Casmurro"), kept after any later edit. */
    targetLabel: text().notNull(),
    changes: jsonb().$type<FieldChange[]>().notNull(),
    note: text(),
    /** True when a trusted reader applied a small edit without review (ADR 0011). */
    appliedDirectly: boolean().notNull().default(false),
    reviewerId: text().references(() => users.id, { onDelete: 'set null' }),
    answer: text(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('change_requests_code_key').on(t.code),
    index('change_requests_queue_idx').on(t.status, t.createdAt),
    index('change_requests_requester_idx').on(t.requesterId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Every change ever made to the catalogue by a person, one row per field: the history curators read and
 * revert. A revert is itself a row, pointing at what it reverted.
 */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    id: text().primaryKey(),
    entityType: text({ enum: ['edition', 'work', 'author'] }).notNull(),
    entityId: text().notNull(),
    /** A field of catalog/editable-fields.ts, `created` for a record a request added, or `merged_into` (after: the survivor's id; before: the merged record's label). */
    field: text().notNull(),
    before: text(),
    after: text(),
    actorId: text().references(() => users.id, { onDelete: 'set null' }),
    changeRequestId: text().references(() => changeRequests.id, { onDelete: 'set null' }),
    revertOfId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('catalog_changes_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('catalog_changes_entity_idx').on(t.entityType, t.entityId, t.field, t.createdAt.desc().nullsFirst()),
    index('catalog_changes_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A curator's bulk import of editions (ADR 0014): the uploaded rows wait here between the preview and the
 * confirmation, and stay as the import's report afterwards.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: text().primaryKey(),
    /** Null once the curator deleted their account: the import stays as the catalogue's record. */
    curatorId: text().references(() => users.id, { onDelete: 'set null' }),
    fileName: text().notNull(),
    /**
     * `reading` while the job reads the file into rows, `preview` until the curator confirms, `importing`
     * while the job creates the editions, then `imported` (decision 0055).
     */
    status: text({ enum: ['reading', 'preview', 'importing', 'imported'] })
      .notNull()
      .default('reading'),
    /** The file's text, kept only while the job reads it. */
    fileText: text(),
    /** SHA-256 of the text: the same file sent again by its curator opens this import instead of a second one. */
    fileHash: text(),
    /** The file's rows (without the header). */
    total: integer().notNull().default(0),
    /** Rows still `new` when the curator confirmed: what the progress of `importing` counts up to. */
    toImport: integer().notNull().default(0),
    /** Header names no column was recognised in, shown in the preview. */
    ignoredColumns: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    importedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('catalog_imports_curator_idx').on(t.curatorId, t.createdAt.desc().nullsFirst()),
    index('catalog_imports_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('catalog_imports_file_idx').on(t.curatorId, t.fileHash),
  ],
);

/**
 * One row of an import file. `outcome` is what the preview expects (`new`, `duplicate` in the file,
 * `existing` in the catalogue, `error`) and, once imported, what happened (`new` becomes `created` or
 * `existing`). `editionId` is plain text like the history's targets: a later merge must not erase the report.
 */
export const catalogImportRows = pgTable(
  'catalog_import_rows',
  {
    importId: text()
      .notNull()
      .references(() => catalogImports.id, { onDelete: 'cascade' }),
    /** The line of the file the row starts on. */
    line: integer().notNull(),
    title: text().notNull(),
    isbn13: text(),
    source: jsonb().$type<EditionSource>(),
    outcome: text({ enum: ['new', 'duplicate', 'existing', 'error', 'created'] }).notNull(),
    /** The reason of an error, or the line a duplicate repeats. */
    message: text(),
    editionId: text(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] }), index('catalog_import_rows_outcome_idx').on(t.importId, t.outcome, t.line)],
);

/**
 * How many times each feature links an edition (the registry of features/curation/link-sources.server.ts),
 * recomputed as a whole by a recurring job: ranking 100,000 editions live on every page view costs a few
 * hundred milliseconds, reading this table a few (ADR 0015). Only editions with at least one link.
 */
export const editionLinkCounts = pgTable(
  'edition_link_counts',
  {
    editionId: text().primaryKey(),
    /** Links per source key, only the sources that link the edition. */
    counts: jsonb().$type<Record<string, number>>().notNull(),
    total: integer().notNull(),
    /**
     * The edition's gaps when the row was computed. The page filters on these (a partial index each keeps
     * a rare gap fast) and re-checks the live edition, so a gap fixed since simply drops out.
     */
    noCover: boolean().notNull(),
    noIsbn: boolean().notNull(),
    noPages: boolean().notNull(),
    refreshedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('edition_link_counts_rank_idx').on(t.total.desc().nullsLast(), t.editionId),
    index('edition_link_counts_no_cover_idx')
      .on(t.total.desc().nullsLast(), t.editionId)
      .where(sql`${t.noCover}`),
    index('edition_link_counts_no_isbn_idx')
      .on(t.total.desc().nullsLast(), t.editionId)
      .where(sql`${t.noIsbn}`),
    index('edition_link_counts_no_pages_idx')
      .on(t.total.desc().nullsLast(), t.editionId)
      .where(sql`${t.noPages}`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ArchiveExtras, ImportRowData, ReaderImportCounts, ColumnMapping, DateOrder, ImportSource, NoStatusChoice } from '~/features/imports/vocabulary';
import { VISIBILITIES, type Visibility } from '~/features/social/vocabulary';
import { users } from './accounts';
import { editions } from './catalog';

/**
 * A reader's import of their history from another site (PRODUCT.md §D, docs/decisions/0032). The uploaded
 * file is kept while the preview can still re-read it (another column mapping, the other date order) and
 * dropped once the import is confirmed; `applied` counts the rows the job has written, for the progress bar.
 */
export const readerImports = pgTable(
  'reader_imports',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text({ enum: ['goodreads', 'storygraph', 'maratona'] })
      .$type<ImportSource>()
      .notNull(),
    fileName: text().notNull(),
    fileText: text(),
    /** From a full archive (zip): what its CSV cannot carry, restored by the job. */
    extras: jsonb().$type<ArchiveExtras>(),
    mapping: jsonb().$type<ColumnMapping>().notNull(),
    header: jsonb().$type<string[]>().notNull(),
    dateOrder: text({ enum: ['dmy', 'mdy'] })
      .$type<DateOrder>()
      .notNull(),
    /** Whether the file itself settled the date order (a day above 12); the preview asks when it did not. */
    dateOrderDetected: boolean().notNull(),
    /** What the job does with rows whose status the file leaves empty: the reader's answer in the preview. */
    noStatus: text({ enum: ['want_to_read', 'ignore'] })
      .$type<NoStatusChoice>()
      .notNull()
      .default('want_to_read'),
    /** The audience of the custom shelves the job creates (not those the reader already has): the reader's answer in the preview. */
    shelfVisibility: text({ enum: VISIBILITIES }).$type<Visibility>().notNull().default('privado'),
    status: text({ enum: ['preview', 'queued', 'done'] })
      .notNull()
      .default('preview'),
    total: integer().notNull(),
    applied: integer().notNull().default(0),
    counts: jsonb().$type<ReaderImportCounts>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('reader_imports_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

/**
 * One line of an import's file: what was read from it, how it matched the catalogue, and once the job wrote
 * it, `applied` (a restarted job resumes at the first row not applied, so each row is written once).
 */
export const readerImportRows = pgTable(
  'reader_import_rows',
  {
    importId: text()
      .notNull()
      .references(() => readerImports.id, { onDelete: 'cascade' }),
    line: integer().notNull(),
    /**
     * `isbn`/`id`/`title`: found in the catalogue that way; `confirm`: a near title the reader may confirm
     * (`chosen` once they did, or picked another); `new`: a pending edition will be created; `failed`: not imported.
     */
    outcome: text({ enum: ['isbn', 'id', 'title', 'confirm', 'chosen', 'new', 'failed'] }).notNull(),
    editionId: text().references(() => editions.id, { onDelete: 'set null' }),
    data: jsonb().$type<ImportRowData>().notNull(),
    reason: text(),
    applied: boolean().notNull().default(false),
    /** Set by the job when this row put the edition on the shelf for the first time. */
    added: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    index('reader_import_rows_pending_idx')
      .on(t.importId, t.line)
      .where(sql`NOT ${t.applied}`),
    check('reader_import_rows_failed_check', sql`(${t.outcome} = 'failed') = (${t.reason} IS NOT NULL)`),
  ],
);

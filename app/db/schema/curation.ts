import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FieldChange } from '~/features/curation/types';
import { users } from './accounts';


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
    kind: text({ enum: ['edition_edit', 'author_edit', 'new_edition', 'new_author', 'duplicate'] }).notNull(),
    status: text({ enum: ['pending', 'approved', 'rejected', 'withdrawn'] }).notNull().default('pending'),
    requesterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    index('change_requests_requester_idx').on(t.requesterId, t.createdAt.desc()),
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
    index('catalog_changes_created_idx').on(t.createdAt.desc()),
    index('catalog_changes_entity_idx').on(t.entityType, t.entityId, t.field, t.createdAt.desc()),
    index('catalog_changes_actor_idx').on(t.actorId, t.createdAt.desc()),
  ],
);

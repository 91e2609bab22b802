import { sql } from 'drizzle-orm';
import { type Tx, jsonTextRows, queryRows } from '~/db/client.server';
import { editionCacheTag } from '~/features/catalog/cache';
import type { Mood, Pacing, ShelfStatus } from '~/features/reading/vocabulary';
import { MAX_ITEMS_PER_SHELF, MAX_SHELVES_PER_READER, SHELF_DESCRIPTION_MAX, SHELF_NAME_MAX } from '~/features/reading/shelves/policy';
import { editionStatsCacheTag } from '~/features/reading/stats/cache';
import {
  insertImportedReadings,
  insertImportedShelfEntries,
  insertImportedShelfItems,
  insertImportedShelves,
  updateImportedReadings,
  updateImportedShelfEntries,
  upsertImportedReviews,
} from '~/features/reading/imported.server';
import type { Visibility } from '~/features/social/vocabulary';
import { newId } from '~/lib/ids';
import { type PlannedEntry, type PlannedReading, type RowEffect, type RowToMerge, planRow } from './merge-plan';
import type { EditionFormat } from '~/features/catalog/vocabulary';

/**
 * The importing reader as the job sees them: imported reviews are published only for a verified reader
 * (drafts otherwise), with the audience of their profile (`publico`, or `seguidores` for a restricted one).
 * The custom shelves the import creates get the audience the reader chose in the preview (`shelfVisibility`)
 * — unless a full archive says a shelf's audience and description (by folded name) — never wider than the
 * profile's; each edition's place on them is the archive's, else the file's ("Bookshelves with positions").
 */
export type ImportReader = {
  id: string;
  verified: boolean;
  visibility: 'publico' | 'seguidores';
  shelfVisibility: Visibility;
  shelves: ReadonlyMap<string, { description: string; visibility: Visibility; positions: ReadonlyMap<string, number> }>;
};

export type RowToApply = { line: number; editionId: string; row: RowToMerge };

type EntryRow = {
  id: string;
  edition_id: string;
  status: ShelfStatus;
  rating_quarters: number | null;
  owned: boolean;
  owned_format: EditionFormat | null;
  favorite: boolean;
  notes: string | null;
  moods: Mood[];
  pacing: Pacing | null;
  content_warnings: string[];
  undated_readings: number;
  readings: Omit<PlannedReading, 'state'>[] | null;
  has_review: boolean;
  shelves: string[] | null;
};

/**
 * The reader's entries of these editions, locked, with their readings, whether they have a review, their
 * shelves. The pairs (reader, edition) are looked up in the unique index one by one: the planner's statistics
 * do not yet know the thousands of entries an import has just written, and would walk them all each batch.
 */
async function loadEntries(tx: Tx, readerId: string, editionIds: string[]): Promise<Map<string, PlannedEntry>> {
  const rows = await queryRows<EntryRow>(
    sql`SELECT s.id, s.edition_id, s.status, s.rating_quarters, s.owned, s.owned_format, s.favorite, s.notes, s.moods, s.pacing, s.content_warnings, s.undated_readings,
        (SELECT json_agg(json_build_object('id', r.id, 'startedOn', r.started_on, 'finishedOn', r.finished_on, 'abandonedOn', r.abandoned_on) ORDER BY r.created_at, r.id)
           FROM read_throughs r WHERE r.shelf_entry_id = s.id) AS readings,
        EXISTS (SELECT 1 FROM reviews v WHERE v.shelf_entry_id = s.id AND (v.body IS NOT NULL OR v.draft_body IS NOT NULL)) AS has_review,
        (SELECT array_agg(lower(sh.name)) FROM shelf_items i JOIN shelves sh ON sh.id = i.shelf_id WHERE i.shelf_entry_id = s.id) AS shelves
      FROM shelf_entries s
      WHERE (s.user_id, s.edition_id) IN (SELECT ${readerId}::text, q.id FROM ${jsonTextRows(editionIds, 'q(id)')})
      FOR UPDATE OF s`,
    tx,
  );
  return new Map(
    rows.map((r) => [
      r.edition_id,
      {
        id: r.id,
        editionId: r.edition_id,
        state: 'kept',
        status: r.status,
        ratingQuarters: r.rating_quarters,
        owned: r.owned,
        ownedFormat: r.owned_format,
        favorite: r.favorite,
        notes: r.notes,
        moods: r.moods,
        pacing: r.pacing,
        contentWarnings: r.content_warnings,
        undatedReadings: Number(r.undated_readings),
        addedAt: null,
        readings: (r.readings ?? []).map((x) => ({ ...x, state: 'kept' as const })),
        hasReview: r.has_review,
        review: null,
        shelves: new Set(r.shelves ?? []),
        newShelves: [],
      } satisfies PlannedEntry,
    ]),
  );
}

/** The custom shelves the planned entries join: found by folded name, or created with the audience the reader chose (within the limits). */
async function placeOnShelves(tx: Tx, reader: ImportReader, entries: PlannedEntry[]): Promise<void> {
  const wanted = entries.flatMap((e) => e.newShelves.map((s) => ({ entryId: e.id, editionId: e.editionId, ...s })));
  if (!wanted.length) return;
  const existing = await queryRows<{ id: string; key: string; items: number; last: number | null }>(
    sql`SELECT s.id, lower(s.name) AS key, count(i.shelf_entry_id)::int AS items, max(i.position) AS last
      FROM shelves s LEFT JOIN shelf_items i ON i.shelf_id = s.id WHERE s.user_id = ${reader.id} GROUP BY s.id`,
    tx,
  );
  const shelves = new Map(existing.map((s) => [s.key, { id: s.id, items: Number(s.items), last: Number(s.last ?? 0) }]));
  const created: { id: string; name: string; description: string; visibility: Visibility }[] = [];
  for (const { key, name } of wanted) {
    if (shelves.has(key) || shelves.size >= MAX_SHELVES_PER_READER) continue;
    const shelf = { id: newId(), items: 0, last: 0 };
    shelves.set(key, shelf);
    const archived = reader.shelves.get(key);
    const chosen = archived?.visibility ?? reader.shelfVisibility;
    const visibility = chosen === 'publico' && reader.visibility !== 'publico' ? reader.visibility : chosen;
    created.push({ id: shelf.id, name: name.slice(0, SHELF_NAME_MAX), description: (archived?.description ?? '').slice(0, SHELF_DESCRIPTION_MAX), visibility });
  }
  await insertImportedShelves(tx, reader.id, created);
  const items = wanted.flatMap(({ entryId, editionId, key, position: filePosition }) => {
    const shelf = shelves.get(key);
    if (!shelf || shelf.items >= MAX_ITEMS_PER_SHELF) return [];
    shelf.items += 1;
    // Its place on the archived shelf, else the file's, else after the last.
    const position = reader.shelves.get(key)?.positions.get(editionId) ?? filePosition ?? shelf.last + 1;
    shelf.last = Math.max(shelf.last, position);
    return [{ shelfId: shelf.id, shelfEntryId: entryId, position }];
  });
  await insertImportedShelfItems(tx, items);
}

/**
 * Rows of one batch onto the reader's bookshelf (merge-plan.ts decides each in memory, in file order, so two
 * rows of the same edition merge too), written in a fixed handful of statements whatever the batch's size.
 */
export async function applyImportedRows(
  tx: Tx,
  reader: ImportReader,
  rows: readonly RowToApply[],
): Promise<{ effects: Map<number, RowEffect>; tags: string[] }> {
  const entries = await loadEntries(tx, reader.id, [...new Set(rows.map((r) => r.editionId))]);
  const effects = new Map<number, RowEffect>();
  const tags = new Set<string>();
  for (const { line, editionId, row } of rows) {
    const planned = planRow(entries.get(editionId) ?? null, editionId, row, newId);
    entries.set(editionId, planned.entry);
    effects.set(line, planned.effect);
    if (planned.effect === 'added') tags.add(editionCacheTag(editionId));
    if (planned.effect !== 'unchanged' && (planned.finished || row.ratingQuarters != null)) tags.add(editionStatsCacheTag(editionId));
  }

  const planned = [...entries.values()];
  await insertImportedShelfEntries(
    tx,
    reader.id,
    planned.filter((e) => e.state === 'new'),
  );
  await updateImportedShelfEntries(
    tx,
    planned.filter((e) => e.state === 'changed'),
  );

  const readings = (state: PlannedReading['state']) =>
    planned.flatMap((e) =>
      e.readings
        .filter((r) => r.state === state)
        .map((r) => ({ id: r.id, shelfEntryId: e.id, startedOn: r.startedOn, finishedOn: r.finishedOn, abandonedOn: r.abandonedOn })),
    );
  await insertImportedReadings(tx, reader.id, readings('new'));
  await updateImportedReadings(tx, readings('filled'));

  // Reviews, when the entry had none: published for a verified reader, a draft otherwise.
  const reviews = planned.flatMap((e) => (e.review ? [{ shelfEntryId: e.id, editionId: e.editionId, body: e.review.body, spoiler: e.review.spoiler }] : []));
  await upsertImportedReviews(tx, reader, reviews);
  if (reader.verified) for (const r of reviews) tags.add(editionCacheTag(r.editionId));

  await placeOnShelves(tx, reader, planned);
  return { effects, tags: [...tags] };
}

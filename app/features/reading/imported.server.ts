import { sql } from 'drizzle-orm';
import { type Tx, jsonRecords, jsonTexts } from '~/db/client.server';
import type { Visibility } from '~/features/social/vocabulary';
import type { ImportedShelfEntry } from './types';

/**
 * The bookshelf's writes of a reader import (app/features/imports/job.server.ts), in batches: each function is
 * one statement however many rows it is given, inside the import's transaction. The import decides what to
 * write (its merge plan, the limits of shelves); these only write it, as the reading domain stores it.
 */

const ENTRY_COLUMNS =
  'id text, edition_id text, status text, rating_quarters smallint, owned boolean, owned_format text, favorite boolean, notes text, moods text[], pacing text, content_warnings text[], undated_readings smallint, added_at timestamptz';

const entryRecord = (e: ImportedShelfEntry) => ({
  id: e.id,
  edition_id: e.editionId,
  status: e.status,
  rating_quarters: e.ratingQuarters,
  owned: e.owned,
  owned_format: e.ownedFormat,
  favorite: e.favorite,
  notes: e.notes,
  moods: e.moods,
  pacing: e.pacing,
  content_warnings: e.contentWarnings,
  undated_readings: e.undatedReadings,
  added_at: e.addedAt,
});

/** New entries on the reader's bookshelf, and each edition's readers count with them. */
export async function insertImportedShelfEntries(tx: Tx, readerId: string, entries: readonly ImportedShelfEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx.execute(sql`
    INSERT INTO shelf_entries (id, user_id, edition_id, status, rating_quarters, owned, owned_format, favorite, notes, moods, pacing, content_warnings, undated_readings, created_at, updated_at)
    SELECT p.id, ${readerId}, p.edition_id, p.status, p.rating_quarters, p.owned, p.owned_format, p.favorite, p.notes, p.moods, p.pacing, p.content_warnings, p.undated_readings,
      coalesce(p.added_at, now()), coalesce(p.added_at, now())
    FROM ${jsonRecords(entries.map(entryRecord), ENTRY_COLUMNS)}`);
  // Editions' readers count is the number of shelf entries, kept in the same transaction.
  await tx.execute(sql`UPDATE editions SET readers_count = readers_count + 1 WHERE id IN ${jsonTexts(entries.map((e) => e.editionId))}`);
}

/** Entries the import changed (by id), every field of the entry as given. */
export async function updateImportedShelfEntries(tx: Tx, entries: readonly ImportedShelfEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx.execute(sql`
    UPDATE shelf_entries s SET status = p.status, rating_quarters = p.rating_quarters, owned = p.owned, owned_format = p.owned_format, favorite = p.favorite,
      notes = p.notes, moods = p.moods, pacing = p.pacing, content_warnings = p.content_warnings, undated_readings = p.undated_readings, updated_at = now()
    FROM ${jsonRecords(entries.map(entryRecord), ENTRY_COLUMNS)} WHERE s.id = p.id`);
}

export type ImportedReading = { id: string; shelfEntryId: string; startedOn: string | null; finishedOn: string | null; abandonedOn: string | null };

const READING_COLUMNS = 'id text, shelf_entry_id text, started_on date, finished_on date, abandoned_on date';
const readingRecord = (r: ImportedReading) => ({
  id: r.id,
  shelf_entry_id: r.shelfEntryId,
  started_on: r.startedOn,
  finished_on: r.finishedOn,
  abandoned_on: r.abandonedOn,
});

/** New readings of the reader's entries. */
export async function insertImportedReadings(tx: Tx, readerId: string, readings: readonly ImportedReading[]): Promise<void> {
  if (!readings.length) return;
  await tx.execute(sql`
    INSERT INTO read_throughs (id, user_id, shelf_entry_id, started_on, finished_on, abandoned_on)
    SELECT p.id, ${readerId}, p.shelf_entry_id, p.started_on, p.finished_on, p.abandoned_on FROM ${jsonRecords(readings.map(readingRecord), READING_COLUMNS)}
    ON CONFLICT DO NOTHING`);
}

/** Readings whose dates the import filled in (by id). */
export async function updateImportedReadings(tx: Tx, readings: readonly ImportedReading[]): Promise<void> {
  if (!readings.length) return;
  await tx.execute(sql`
    UPDATE read_throughs r SET started_on = p.started_on, finished_on = p.finished_on, abandoned_on = p.abandoned_on
    FROM ${jsonRecords(readings.map(readingRecord), READING_COLUMNS)} WHERE r.id = p.id`);
}

export type ImportedReview = { shelfEntryId: string; editionId: string; body: string; spoiler: boolean };

/**
 * The entries' reviews, with the audience given: published for a verified reader, a draft otherwise (replacing
 * what the entry had: the import only gives reviews to entries without one). A published review has no draft,
 * as after "Publicar" (publishReview): a draft beside it would be "alterações não publicadas" the reader never made.
 */
export async function upsertImportedReviews(
  tx: Tx,
  reader: { id: string; verified: boolean; visibility: Visibility },
  reviews: readonly ImportedReview[],
): Promise<void> {
  if (!reviews.length) return;
  const published = reader.verified;
  await tx.execute(sql`
    INSERT INTO reviews (shelf_entry_id, user_id, edition_id, body, spoiler, visibility, published_at, draft_body, draft_spoiler, draft_visibility, draft_saved_at)
    SELECT p.shelf_entry_id, ${reader.id}, p.edition_id, ${published ? sql`p.body` : sql`NULL`}, ${published ? sql`p.spoiler` : sql`false`}, ${reader.visibility},
      ${published ? sql`now()` : sql`NULL`}, ${published ? sql`NULL` : sql`p.body`}, p.spoiler, ${reader.visibility}, ${published ? sql`NULL` : sql`now()`}
    FROM ${jsonRecords(
      reviews.map((r) => ({ shelf_entry_id: r.shelfEntryId, edition_id: r.editionId, body: r.body, spoiler: r.spoiler })),
      'shelf_entry_id text, edition_id text, body text, spoiler boolean',
    )}
    ON CONFLICT (shelf_entry_id) DO UPDATE SET body = excluded.body, spoiler = excluded.spoiler, visibility = excluded.visibility, published_at = excluded.published_at,
      draft_body = excluded.draft_body, draft_spoiler = excluded.draft_spoiler, draft_visibility = excluded.draft_visibility, draft_saved_at = excluded.draft_saved_at, updated_at = now()`);
}

/** New custom shelves of the reader (names and descriptions already within their limits). */
export async function insertImportedShelves(
  tx: Tx,
  readerId: string,
  shelves: readonly { id: string; name: string; description: string; visibility: Visibility }[],
): Promise<void> {
  if (!shelves.length) return;
  await tx.execute(
    sql`INSERT INTO shelves (id, user_id, name, description, visibility) SELECT p.id, ${readerId}, p.name, p.description, p.visibility FROM ${jsonRecords(shelves, 'id text, name text, description text, visibility text')}`,
  );
}

/** Entries onto custom shelves at the given places; an entry already on the shelf stays where it is. */
export async function insertImportedShelfItems(tx: Tx, items: readonly { shelfId: string; shelfEntryId: string; position: number }[]): Promise<void> {
  if (!items.length) return;
  await tx.execute(
    sql`INSERT INTO shelf_items (shelf_id, shelf_entry_id, position) SELECT p.shelf_id, p.shelf_entry_id, p.position FROM ${jsonRecords(
      items.map((i) => ({ shelf_id: i.shelfId, shelf_entry_id: i.shelfEntryId, position: i.position })),
      'shelf_id text, shelf_entry_id text, position int',
    )} ON CONFLICT DO NOTHING`,
  );
}

/** An archive's reading goals, for the years the reader has none. */
export async function insertImportedGoals(
  tx: Tx,
  readerId: string,
  goals: readonly { year: number; books: number | null; pages: number | null }[],
): Promise<void> {
  if (!goals.length) return;
  await tx.execute(sql`
    INSERT INTO reading_goals (user_id, year, books_target, pages_target)
    SELECT ${readerId}, p.year, p.books, p.pages FROM ${jsonRecords(goals, 'year int, books int, pages int')}
    ON CONFLICT DO NOTHING`);
}

import { and, eq, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { editions, readThroughs, reviews, shelfEntries, shelfItems, shelves } from '~/db/schema';
import { editionCacheTag } from '~/features/catalog/cache';
import { MAX_ITEMS_PER_SHELF, MAX_SHELVES_PER_READER, NOTES_MAX, SHELF_NAME_MAX } from '~/features/reading/shelf-policy';
import { editionStatsCacheTag } from '~/features/reading/stats-cache';
import type { ShelfStatus } from '~/features/reading/statuses';
import { newId } from '~/lib/ids';
import type { ParsedReading, ParsedRow } from './parse';

/** The longest review the reviews table keeps (reviews_body_length_check). */
const REVIEW_MAX = 20_000;

/**
 * The importing reader as the job sees them: imported reviews are published only for a verified reader
 * (drafts otherwise), with the audience of their profile (`publico`, or `seguidores` for a restricted one),
 * as are the custom shelves the import creates. `shelves` caches their shelves by folded name.
 */
export type ImportReader = {
  id: string;
  verified: boolean;
  visibility: 'publico' | 'seguidores';
  shelves: Map<string, { id: string; items: number }> | null;
};

/** lido > lendo > pausado/abandonado > quero-ler: an import never moves a status down without a newer date. */
const STATUS_RANK: Record<ShelfStatus, number> = { want_to_read: 0, paused: 1, abandoned: 1, reading: 2, read: 3 };

type Reading = { id: string; startedOn: string | null; finishedOn: string | null; abandonedOn: string | null };

const endOf = (r: { finished: string | null; abandoned: string | null }) => r.finished ?? r.abandoned;
const latestDate = (dates: (string | null)[]) => dates.filter((d): d is string => d != null).sort().at(-1) ?? null;
const isDated = (r: ParsedReading) => r.started != null || r.finished != null || r.abandoned != null;

/**
 * The same reading as one already on the entry: the same end (finish or abandon) with starts that agree
 * (equal, or one unknown); or the entry's open reading, which the file's reading closes when their starts
 * agree — or when the open one has no start and this is the file's last reading.
 */
function sameReading(existing: Reading, file: ParsedReading, isLast: boolean): boolean {
  const startsAgree = existing.startedOn == null || file.started == null || existing.startedOn === file.started;
  const fileEnd = endOf(file);
  const existingEnd = existing.finishedOn ?? existing.abandonedOn;
  if (fileEnd == null) return existingEnd == null;
  if (existingEnd != null) return existingEnd === fileEnd && (existing.finishedOn != null) === (file.finished != null) && startsAgree;
  return existing.startedOn != null ? existing.startedOn === file.started : isLast;
}

/** The custom shelf called `name` (folded), created with the reader's audience when it does not exist yet; null past the limits. */
async function shelfFor(tx: Tx, reader: ImportReader, name: string): Promise<{ id: string; items: number } | null> {
  if (!reader.shelves) {
    const list = await queryRows<{ id: string; name: string; items: number }>(
      sql`SELECT s.id, lower(s.name) AS name, (SELECT count(*)::int FROM shelf_items i WHERE i.shelf_id = s.id) AS items FROM shelves s WHERE s.user_id = ${reader.id}`,
      tx,
    );
    reader.shelves = new Map(list.map((r) => [r.name, { id: r.id, items: Number(r.items) }]));
  }
  const key = name.toLowerCase();
  const known = reader.shelves.get(key);
  if (known) return known;
  if (reader.shelves.size >= MAX_SHELVES_PER_READER) return null;
  const shelf = { id: newId(), items: 0 };
  await tx.insert(shelves).values({ id: shelf.id, userId: reader.id, name: name.slice(0, SHELF_NAME_MAX), visibility: reader.visibility });
  reader.shelves.set(key, shelf);
  return shelf;
}

/**
 * One imported row onto the reader's bookshelf, merged with what is already there: an empty field takes the
 * file's value and a filled one keeps the reader's (rating, owned and its format, favourite, notes, moods, pace,
 * content warnings); the status moves up (or down only when the file's date
 * for it is newer); each dated reading is added unless the entry already has it; readings of unknown dates
 * only make up the read count; the review, when the entry has none; the custom shelves. Importing the same
 * row again changes nothing.
 */
export async function applyImportedRow(tx: Tx, reader: ImportReader, editionId: string, row: ParsedRow): Promise<{ effect: 'added' | 'updated' | 'unchanged'; tags: string[] }> {
  const tags: string[] = [];
  let changed = false;
  let [entry] = await tx
    .select()
    .from(shelfEntries)
    .where(and(eq(shelfEntries.userId, reader.id), eq(shelfEntries.editionId, editionId)))
    .for('update');
  const added = !entry;
  if (!entry) {
    // The day the reader added it on the other site, at noon in Brazil, so the calendar day survives any timezone.
    const addedAt = row.addedOn ? new Date(`${row.addedOn}T12:00:00-03:00`) : new Date();
    [entry] = await tx
      .insert(shelfEntries)
      .values({
        id: newId(),
        userId: reader.id,
        editionId,
        status: row.status,
        ratingQuarters: row.ratingQuarters,
        owned: row.owned,
        ownedFormat: row.owned ? row.ownedFormat : null,
        favorite: row.favorite,
        notes: row.notes?.slice(0, NOTES_MAX) ?? null,
        moods: row.moods,
        pacing: row.pacing,
        contentWarnings: row.contentWarnings,
        createdAt: addedAt,
        updatedAt: addedAt,
      })
      .returning();
    await tx.update(editions).set({ readersCount: sql`${editions.readersCount} + 1` }).where(eq(editions.id, editionId));
    tags.push(editionCacheTag(editionId));
  }
  if (!entry) throw new Error('shelf entry not written');

  const existing: Reading[] = added
    ? []
    : await tx
        .select({ id: readThroughs.id, startedOn: readThroughs.startedOn, finishedOn: readThroughs.finishedOn, abandonedOn: readThroughs.abandonedOn })
        .from(readThroughs)
        .where(eq(readThroughs.shelfEntryId, entry.id));

  if (!added) {
    const patch: Partial<typeof shelfEntries.$inferInsert> = {};
    if (entry.ratingQuarters == null && row.ratingQuarters != null) patch.ratingQuarters = row.ratingQuarters;
    if (!entry.owned && row.owned) patch.owned = true;
    if (!entry.ownedFormat && row.ownedFormat && (entry.owned || row.owned)) patch.ownedFormat = row.ownedFormat;
    if (!entry.favorite && row.favorite) patch.favorite = true;
    if (!entry.notes && row.notes) patch.notes = row.notes.slice(0, NOTES_MAX);
    if (!entry.moods.length && row.moods.length) patch.moods = row.moods;
    if (!entry.pacing && row.pacing) patch.pacing = row.pacing;
    if (!entry.contentWarnings.length && row.contentWarnings.length) patch.contentWarnings = row.contentWarnings;
    if (row.status !== entry.status) {
      const fileDate = latestDate(row.readings.flatMap((r) => [r.started, r.finished, r.abandoned]));
      const entryDate = latestDate(existing.flatMap((r) => [r.startedOn, r.finishedOn, r.abandonedOn]));
      const newer = fileDate != null && (entryDate == null || fileDate > entryDate);
      if (STATUS_RANK[row.status] > STATUS_RANK[entry.status] || newer) patch.status = row.status;
    }
    if (Object.keys(patch).length) {
      await tx.update(shelfEntries).set({ ...patch, updatedAt: sql`now()` }).where(eq(shelfEntries.id, entry.id));
      changed = true;
      if (patch.ratingQuarters != null || patch.status === 'read') tags.push(editionStatsCacheTag(editionId));
    }
  }

  // Readings: each dated one unless the entry has it (then only its missing start is filled in).
  const readings = [...existing];
  const dated = row.readings.filter(isDated);
  for (const [i, file] of dated.entries()) {
    const same = readings.find((r) => sameReading(r, file, i === dated.length - 1));
    if (same) {
      const fill: Partial<Reading> = {};
      if (same.startedOn == null && file.started) fill.startedOn = file.started;
      if (same.finishedOn == null && same.abandonedOn == null && file.finished) fill.finishedOn = file.finished;
      if (same.finishedOn == null && same.abandonedOn == null && file.abandoned) fill.abandonedOn = file.abandoned;
      if (Object.keys(fill).length) {
        await tx.update(readThroughs).set(fill).where(eq(readThroughs.id, same.id));
        Object.assign(same, fill);
        changed = true;
      }
      continue;
    }
    const reading = { id: newId(), startedOn: file.started, finishedOn: file.finished, abandonedOn: file.abandoned };
    const inserted = await tx
      .insert(readThroughs)
      .values({ ...reading, userId: reader.id, shelfEntryId: entry.id })
      .onConflictDoNothing()
      .returning({ id: readThroughs.id });
    if (inserted.length) {
      readings.push(reading);
      changed = true;
    }
  }
  // An undated reading in progress (lendo or pausado without a start date) is an open read-through.
  const status = (await tx.select({ status: shelfEntries.status }).from(shelfEntries).where(eq(shelfEntries.id, entry.id)))[0]!.status;
  if ((status === 'reading' || status === 'paused') && !readings.some((r) => r.finishedOn == null && r.abandonedOn == null)) {
    const inserted = await tx.insert(readThroughs).values({ id: newId(), userId: reader.id, shelfEntryId: entry.id }).onConflictDoNothing().returning({ id: readThroughs.id });
    if (inserted.length) changed = true;
  }
  if (dated.some((r) => r.finished)) tags.push(editionStatsCacheTag(editionId));

  // The read count: readings of unknown dates make up what the dated ones do not show, never counted twice.
  const fileTotal = row.readings.filter((r) => r.finished != null || (row.status === 'read' && !isDated(r))).length;
  const datedBefore = existing.filter((r) => r.finishedOn != null).length;
  const datedNow = readings.filter((r) => r.finishedOn != null).length;
  const undated = Math.min(500, Math.max(0, Math.max(datedBefore + entry.undatedReadings, fileTotal) - datedNow));
  if (undated !== entry.undatedReadings) {
    await tx.update(shelfEntries).set({ undatedReadings: undated }).where(eq(shelfEntries.id, entry.id));
    changed = true;
  }

  // The review, when the entry has none yet: published for a verified reader, a draft otherwise.
  if (row.review) {
    const [review] = await tx.select({ body: reviews.body, draftBody: reviews.draftBody }).from(reviews).where(eq(reviews.shelfEntryId, entry.id));
    if (!review || (review.body == null && review.draftBody == null)) {
      const body = row.review.slice(0, REVIEW_MAX);
      const values = reader.verified
        ? { body, spoiler: row.spoiler, visibility: reader.visibility, publishedAt: new Date(), draftBody: body, draftSpoiler: row.spoiler, draftVisibility: reader.visibility }
        : { draftBody: body, draftSpoiler: row.spoiler, draftVisibility: reader.visibility, draftSavedAt: new Date() };
      await tx
        .insert(reviews)
        .values({ shelfEntryId: entry.id, userId: reader.id, editionId, ...values })
        .onConflictDoUpdate({ target: reviews.shelfEntryId, set: { ...values, updatedAt: sql`now()` } });
      changed = true;
      if (reader.verified) tags.push(editionCacheTag(editionId));
    }
  }

  for (const name of row.shelves) {
    const shelf = await shelfFor(tx, reader, name);
    if (!shelf || shelf.items >= MAX_ITEMS_PER_SHELF) continue;
    const inserted = await tx
      .insert(shelfItems)
      .values({ shelfId: shelf.id, shelfEntryId: entry.id, position: shelf.items + 1 })
      .onConflictDoNothing()
      .returning({ shelfId: shelfItems.shelfId });
    if (inserted.length) {
      shelf.items += 1;
      changed = true;
    }
  }

  return { effect: added ? 'added' : changed ? 'updated' : 'unchanged', tags };
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { editions, readThroughs, shelfEntries } from '~/db/schema';
import { editionCacheTag } from '~/features/catalog/cache';
import { readingFinished } from '~/features/marathons/counting.server';
import { signalOverlays } from '~/features/overlays/live.server';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { NOTES_MAX } from './policy';
import { editionStatsCacheTag } from '../stats/cache';
import type { ShelfStatus } from '../vocabulary';
import type { EditionFormat } from '~/features/catalog/vocabulary';

/** "Today" is the reader's calendar day in Brazil, not the server's UTC one (docs/decisions/0016). */
const TODAY = sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date`;
const isOpen = and(isNull(readThroughs.finishedOn), isNull(readThroughs.abandonedOn));

async function lockEntry(tx: Tx, viewer: Viewer, editionId: string) {
  const [entry] = await tx
    .select({ id: shelfEntries.id, status: shelfEntries.status })
    .from(shelfEntries)
    .where(and(eq(shelfEntries.userId, viewer.id), eq(shelfEntries.editionId, editionId)))
    .for('update');
  return entry;
}

/** Editions' readers count is the number of shelf entries; kept in the same transaction as the entry. */
async function adjustReadersCount(tx: Tx, editionId: string, delta: 1 | -1) {
  await tx
    .update(editions)
    .set({ readersCount: sql`greatest(0, ${editions.readersCount} + ${delta})` })
    .where(eq(editions.id, editionId));
}

/**
 * What a status means for the dates: `lendo` opens a read-through started today (a new one — a reread —
 * when the last one ended), `lido` finishes the open one today (or records a reading finished today),
 * `abandonado` ends the open one. `quero-ler` and `pausado` touch no date, so no change loses one.
 */
async function applyStatus(tx: Tx, userId: string, entry: { id: string; editionId: string }, status: ShelfStatus) {
  const entryId = entry.id;
  const open = and(eq(readThroughs.shelfEntryId, entryId), isOpen);
  if (status === 'reading') {
    await tx.insert(readThroughs).values({ id: newId(), userId, shelfEntryId: entryId, startedOn: TODAY }).onConflictDoNothing();
  } else if (status === 'read') {
    const finished = await tx.update(readThroughs).set({ finishedOn: TODAY }).where(open).returning({ id: readThroughs.id });
    if (finished.length === 0) await tx.insert(readThroughs).values({ id: newId(), userId, shelfEntryId: entryId, finishedOn: TODAY });
    // A finished reading counts in the reader's running marathons: the rest of the book, and the links to it.
    await readingFinished(tx, { userId, editionId: entry.editionId, readThroughId: finished[0]?.id ?? null, at: new Date() });
  } else if (status === 'abandoned') {
    await tx.update(readThroughs).set({ abandonedOn: TODAY }).where(open);
  }
}

/**
 * Puts an edition on the viewer's bookshelf with a status, or changes the status of the entry there —
 * unless `onlyIfAbsent` (joining an LC puts its books on "quero ler" but never moves a book already shelved).
 */
export async function setShelfStatus(viewer: Viewer, editionId: string, status: ShelfStatus, options: { onlyIfAbsent?: boolean } = {}): Promise<void> {
  const created: boolean | null = await getDb().transaction(async (tx): Promise<boolean | null> => {
    let entry = await lockEntry(tx, viewer, editionId);
    let created = false;
    if (!entry) {
      const [edition] = await tx.select({ id: editions.id }).from(editions).where(eq(editions.id, editionId));
      if (!edition) throw new AppError('not_found');
      const inserted = await tx
        .insert(shelfEntries)
        .values({ id: newId(), userId: viewer.id, editionId, status })
        .onConflictDoNothing()
        .returning({ id: shelfEntries.id, status: shelfEntries.status });
      // Another tab of the same reader may have added it a moment ago: then this is a status change.
      created = inserted.length > 0;
      entry = inserted[0] ?? (await lockEntry(tx, viewer, editionId));
      if (!entry) throw new AppError('conflict');
      if (created) {
        await adjustReadersCount(tx, editionId, 1);
        await applyStatus(tx, viewer.id, { id: entry.id, editionId }, status);
        await signalOverlays(viewer.id, tx);
        return true;
      }
    }
    if (options.onlyIfAbsent || entry.status === status) return null;
    await tx
      .update(shelfEntries)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(shelfEntries.id, entry.id));
    await applyStatus(tx, viewer.id, { id: entry.id, editionId }, status);
    // The book overlay shows the most recently updated book being read: a status change may change which (decision 0092).
    await signalOverlays(viewer.id, tx);
    return false;
  });
  // A new entry changes the edition's readers count; a finished reading changes its statistics tab.
  if (created) await invalidateTags([editionCacheTag(editionId)]);
  else if (created === false && status === 'read') await invalidateTags([editionStatsCacheTag(editionId)]);
}

async function updateOwnEntry(viewer: Viewer, editionId: string, values: Partial<typeof shelfEntries.$inferInsert>) {
  const updated = await getDb()
    .update(shelfEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(shelfEntries.userId, viewer.id), eq(shelfEntries.editionId, editionId)))
    .returning({ id: shelfEntries.id });
  if (updated.length === 0) throw new AppError('invalid_input', 'Coloque o livro na sua estante antes.');
}

/** A rating of 0.25–5 in quarter steps (validated by the caller's schema, checked again by the table), or none. */
export async function rateShelfEntry(viewer: Viewer, editionId: string, rating: number | null): Promise<void> {
  const quarters = rating == null ? null : Math.round(rating * 4);
  if (quarters != null && (quarters < 1 || quarters > 20 || quarters / 4 !== rating))
    throw new AppError('invalid_input', 'A nota vai de 0,25 a 5, em passos de 0,25.', 'rating');
  await updateOwnEntry(viewer, editionId, { ratingQuarters: quarters });
  await invalidateTags([editionStatsCacheTag(editionId)]);
}

export async function setFavorite(viewer: Viewer, editionId: string, favorite: boolean): Promise<void> {
  await updateOwnEntry(viewer, editionId, { favorite });
}

/** "Tenho" with the format of the copy, and the private notes (validated by the caller, ≤ NOTES_MAX). */
export async function setEntryCopy(
  viewer: Viewer,
  editionId: string,
  copy: { owned: boolean; ownedFormat: EditionFormat | null; notes: string | null },
): Promise<void> {
  if (copy.notes != null && copy.notes.length > NOTES_MAX) throw new AppError('invalid_input', `Use no máximo ${NOTES_MAX} caracteres.`, 'notes');
  await updateOwnEntry(viewer, editionId, { owned: copy.owned, ownedFormat: copy.owned ? copy.ownedFormat : null, notes: copy.notes });
}

/** Takes the edition off the bookshelf with its read-throughs (the page asks for confirmation first). */
export async function removeShelfEntry(viewer: Viewer, editionId: string): Promise<void> {
  const removed = await getDb().transaction(async (tx) => {
    const deleted = await tx
      .delete(shelfEntries)
      .where(and(eq(shelfEntries.userId, viewer.id), eq(shelfEntries.editionId, editionId)))
      .returning({ id: shelfEntries.id });
    if (deleted.length > 0) {
      await adjustReadersCount(tx, editionId, -1);
      await signalOverlays(viewer.id, tx);
    }
    return deleted.length > 0;
  });
  if (removed) await invalidateTags([editionCacheTag(editionId)]);
}

import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { shelfEntries, shelfItems, shelves, users } from '~/db/schema';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { MAX_ITEMS_PER_SHELF, MAX_SHELVES_PER_READER } from './policy';
import type { ShelfInput } from './validation';

/** Which of the viewer's entries: by its id (the shelf page) or by its edition (the edition page). */
export type EntryRef = { entryId: string } | { editionId: string };

/** The viewer's own shelf, locked for the transaction; anyone else's is "not found", never "forbidden". */
async function lockOwnShelf(tx: Tx, viewer: Viewer, shelfId: string) {
  const [shelf] = await tx
    .select({ id: shelves.id, name: shelves.name })
    .from(shelves)
    .where(and(eq(shelves.id, shelfId), eq(shelves.userId, viewer.id)))
    .for('update');
  if (!shelf) throw new AppError('not_found', 'Essa estante não existe.');
  return shelf;
}

async function ownEntryId(tx: Tx, viewer: Viewer, ref: EntryRef): Promise<string> {
  const match = 'entryId' in ref ? eq(shelfEntries.id, ref.entryId) : eq(shelfEntries.editionId, ref.editionId);
  const [entry] = await tx
    .select({ id: shelfEntries.id })
    .from(shelfEntries)
    .where(and(eq(shelfEntries.userId, viewer.id), match));
  if (!entry) throw new AppError('invalid_input', 'Coloque o livro na sua estante antes.');
  return entry.id;
}

const touch = (tx: Tx, shelfId: string) =>
  tx
    .update(shelves)
    .set({ updatedAt: sql`now()` })
    .where(eq(shelves.id, shelfId));

export async function createShelf(viewer: Viewer, input: ShelfInput): Promise<string> {
  return getDb().transaction(async (tx) => {
    // The reader's row is the lock that keeps two tabs from passing the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update');
    const [owned] = await tx.select({ n: count() }).from(shelves).where(eq(shelves.userId, viewer.id));
    if ((owned?.n ?? 0) >= MAX_SHELVES_PER_READER)
      throw new AppError('invalid_input', `Você já tem ${MAX_SHELVES_PER_READER} estantes, o limite. Exclua uma para criar outra.`);
    const id = newId();
    await tx.insert(shelves).values({ id, userId: viewer.id, ...input });
    return id;
  });
}

export async function updateShelf(viewer: Viewer, shelfId: string, input: ShelfInput): Promise<void> {
  const updated = await getDb()
    .update(shelves)
    .set({ ...input, updatedAt: sql`now()` })
    .where(and(eq(shelves.id, shelfId), eq(shelves.userId, viewer.id)))
    .returning({ id: shelves.id });
  if (updated.length === 0) throw new AppError('not_found', 'Essa estante não existe.');
}

/** Deletes the shelf and its list; the books stay on the reader's bookshelf. */
export async function deleteShelf(viewer: Viewer, shelfId: string): Promise<void> {
  const deleted = await getDb()
    .delete(shelves)
    .where(and(eq(shelves.id, shelfId), eq(shelves.userId, viewer.id)))
    .returning({ id: shelves.id });
  if (deleted.length === 0) throw new AppError('not_found', 'Essa estante não existe.');
}

/**
 * Puts one of the viewer's entries at the end of one of the viewer's shelves (already there: nothing
 * changes). Returns the shelf's name for the confirmation.
 */
export async function addToShelf(viewer: Viewer, shelfId: string, ref: EntryRef): Promise<string> {
  return getDb().transaction(async (tx) => {
    const shelf = await lockOwnShelf(tx, viewer, shelfId);
    const entryId = await ownEntryId(tx, viewer, ref);
    const [stats] = await tx
      .select({ n: count(), last: sql<number | null>`max(${shelfItems.position})` })
      .from(shelfItems)
      .where(eq(shelfItems.shelfId, shelfId));
    if ((stats?.n ?? 0) >= MAX_ITEMS_PER_SHELF)
      throw new AppError('invalid_input', `Uma estante guarda até ${MAX_ITEMS_PER_SHELF.toLocaleString('pt-BR')} livros.`);
    const inserted = await tx
      .insert(shelfItems)
      .values({ shelfId, shelfEntryId: entryId, position: Number(stats?.last ?? 0) + 1 })
      .onConflictDoNothing()
      .returning({ shelfId: shelfItems.shelfId });
    if (inserted.length > 0) await touch(tx, shelfId);
    return shelf.name;
  });
}

/** Takes an entry off one of the viewer's shelves (it stays on the bookshelf). Returns the shelf's name. */
export async function removeFromShelf(viewer: Viewer, shelfId: string, ref: EntryRef): Promise<string> {
  return getDb().transaction(async (tx) => {
    const shelf = await lockOwnShelf(tx, viewer, shelfId);
    const entryId = await ownEntryId(tx, viewer, ref);
    const removed = await tx
      .delete(shelfItems)
      .where(and(eq(shelfItems.shelfId, shelfId), eq(shelfItems.shelfEntryId, entryId)))
      .returning({ shelfId: shelfItems.shelfId });
    if (removed.length > 0) await touch(tx, shelfId);
    return shelf.name;
  });
}

/** Swaps a book with its neighbour above or below; at either end nothing changes. */
export async function moveInShelf(viewer: Viewer, shelfId: string, entryId: string, direction: 'up' | 'down'): Promise<void> {
  await getDb().transaction(async (tx) => {
    await lockOwnShelf(tx, viewer, shelfId);
    const inShelf = (id: string) => and(eq(shelfItems.shelfId, shelfId), eq(shelfItems.shelfEntryId, id));
    const [item] = await tx.select({ position: shelfItems.position }).from(shelfItems).where(inShelf(entryId));
    if (!item) throw new AppError('not_found', 'Esse livro não está nesta estante.');
    const [neighbour] = await tx
      .select({ entryId: shelfItems.shelfEntryId, position: shelfItems.position })
      .from(shelfItems)
      .where(and(eq(shelfItems.shelfId, shelfId), direction === 'up' ? lt(shelfItems.position, item.position) : gt(shelfItems.position, item.position)))
      .orderBy(direction === 'up' ? sql`${shelfItems.position} DESC` : shelfItems.position)
      .limit(1);
    if (!neighbour) return;
    await tx.update(shelfItems).set({ position: neighbour.position }).where(inShelf(entryId));
    await tx.update(shelfItems).set({ position: item.position }).where(inShelf(neighbour.entryId));
    await touch(tx, shelfId);
  });
}

/**
 * Moderation hides or restores a shelf (docs/decisions/0024); the moderation domain authorizes the admin.
 * Returns whether the shelf exists.
 */
export async function setShelfHidden(tx: Tx, shelfId: string, hidden: boolean): Promise<boolean> {
  const rows = await tx
    .update(shelves)
    .set({ hiddenAt: hidden ? sql`coalesce(${shelves.hiddenAt}, now())` : null })
    .where(eq(shelves.id, shelfId))
    .returning({ id: shelves.id });
  return rows.length > 0;
}

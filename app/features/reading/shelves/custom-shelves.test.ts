import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { shelves } from '~/db/schema';
import { mergeEditions } from '~/features/curation/merge.server';
import { newId } from '~/lib/ids';
import type { Visibility } from '~/features/social/vocabulary';
import { useTestDatabase } from '../../../../test/db';
import { createEdition, createUser, testViewer } from '../../../../test/factories';
import { listBookshelf } from './bookshelf.server';
import { removeShelfEntry, setShelfStatus } from './mutations.server';
import { MAX_SHELVES_PER_READER } from './policy';
import { getShelf, listMyShelves, listPublicShelves, listShelfChoices, listShelfItems } from './custom-shelf-queries.server';
import { addToShelf, createShelf, deleteShelf, moveInShelf, removeFromShelf, updateShelf } from './custom-shelves.server';
import { getMyShelfEntry } from './queries.server';

useTestDatabase();

const shelfInput = (name: string, visibility: Visibility = 'publico') => ({ name, description: '', visibility });

async function titlesOn(viewer: ReturnType<typeof testViewer>, shelfId: string) {
  const shelf = await getShelf(viewer, shelfId);
  if (!shelf) throw new Error('shelf not visible');
  return (await listShelfItems(viewer, shelf, 1)).items.map((item) => item.edition.title);
}

describe('custom shelves', () => {
  it('are created, filled, reordered, emptied, renamed and deleted by their owner only', async () => {
    const reader = testViewer(await createUser());
    const stranger = testViewer(await createUser());
    const ids: string[] = [];
    // One at a time: they share an author, and PostgreSQL runs concurrent ingestions truly in parallel.
    for (const title of ['Macunaíma', 'Iracema', 'O Cortiço']) ids.push(await createEdition({ title, authors: ['Autor de Teste'] }));
    for (const id of ids) await setShelfStatus(reader, id, 'want_to_read');
    const entryIds = await Promise.all(ids.map(async (id) => (await getMyShelfEntry(reader, id))!.id));

    const shelfId = await createShelf(reader, { name: 'Modernistas', description: 'Para o clube', visibility: 'publico' });
    for (const entryId of entryIds) await addToShelf(reader, shelfId, { entryId });
    // Adding the same book again changes nothing; the edition page adds by edition.
    expect(await addToShelf(reader, shelfId, { editionId: ids[0]! })).toBe('Modernistas');
    expect(await titlesOn(reader, shelfId)).toEqual(['Macunaíma', 'Iracema', 'O Cortiço']);

    await moveInShelf(reader, shelfId, entryIds[2]!, 'up');
    expect(await titlesOn(reader, shelfId)).toEqual(['Macunaíma', 'O Cortiço', 'Iracema']);
    // At either end nothing moves.
    await moveInShelf(reader, shelfId, entryIds[0]!, 'up');
    await moveInShelf(reader, shelfId, entryIds[1]!, 'down');
    expect(await titlesOn(reader, shelfId)).toEqual(['Macunaíma', 'O Cortiço', 'Iracema']);
    await moveInShelf(reader, shelfId, entryIds[0]!, 'down');
    expect(await titlesOn(reader, shelfId)).toEqual(['O Cortiço', 'Macunaíma', 'Iracema']);

    // The bookshelf filters by the shelf; the edition page knows where the book is.
    const filtered = await listBookshelf(reader, { filters: { shelfId }, page: 1 });
    expect(filtered.items.map((i) => i.edition.title).sort()).toEqual(['Iracema', 'Macunaíma', 'O Cortiço']);
    expect(await listShelfChoices(reader, ids[0]!)).toEqual([{ id: shelfId, name: 'Modernistas', contains: true }]);

    // Who may not: a stranger cannot touch it, nor can the owner shelve someone else's entry.
    await setShelfStatus(stranger, ids[0]!, 'read');
    const strangersEntry = (await getMyShelfEntry(stranger, ids[0]!))!.id;
    await expect(addToShelf(stranger, shelfId, { entryId: strangersEntry })).rejects.toMatchObject({ code: 'not_found' });
    await expect(addToShelf(reader, shelfId, { entryId: strangersEntry })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(removeFromShelf(stranger, shelfId, { entryId: entryIds[0]! })).rejects.toMatchObject({ code: 'not_found' });
    await expect(moveInShelf(stranger, shelfId, entryIds[0]!, 'up')).rejects.toMatchObject({ code: 'not_found' });
    await expect(updateShelf(stranger, shelfId, shelfInput('Minha agora'))).rejects.toMatchObject({ code: 'not_found' });
    await expect(deleteShelf(stranger, shelfId)).rejects.toMatchObject({ code: 'not_found' });
    expect(await listBookshelf(stranger, { filters: { shelfId }, page: 1 })).toMatchObject({ items: [], total: 0 });

    await removeFromShelf(reader, shelfId, { entryId: entryIds[1]! });
    // Taking a book off the bookshelf takes it off every shelf.
    await removeShelfEntry(reader, ids[2]!);
    expect(await titlesOn(reader, shelfId)).toEqual(['Macunaíma']);

    await updateShelf(reader, shelfId, { name: 'Românticos', description: 'Outra ideia', visibility: 'privado' });
    expect(await getShelf(reader, shelfId)).toMatchObject({ name: 'Românticos', description: 'Outra ideia', visibility: 'privado', itemCount: 1, mine: true });

    await deleteShelf(reader, shelfId);
    expect(await getShelf(reader, shelfId)).toBeNull();
    expect(await getMyShelfEntry(reader, ids[1]!)).not.toBeNull();
  });

  it(`stop at ${MAX_SHELVES_PER_READER} shelves per reader`, async () => {
    const reader = testViewer(await createUser());
    await getDb()
      .insert(shelves)
      .values(Array.from({ length: MAX_SHELVES_PER_READER - 1 }, (_, i) => ({ id: newId(), userId: reader.id, name: `Estante ${i}` })));
    await createShelf(reader, shelfInput('A centésima'));
    await expect(createShelf(reader, shelfInput('Uma a mais'))).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await listMyShelves(reader)).toHaveLength(MAX_SHELVES_PER_READER);
  });

  it('are seen by whom their visibility allows (the whole matrix is in social/audience.test.ts)', async () => {
    const owner = testViewer(await createUser());
    const other = testViewer(await createUser());
    const edition = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'] });
    await setShelfStatus(owner, edition, 'read');
    const matrix: Record<Visibility, { owner: boolean; other: boolean; visitor: boolean }> = {
      publico: { owner: true, other: true, visitor: true },
      seguidores: { owner: true, other: false, visitor: false },
      privado: { owner: true, other: false, visitor: false },
    };
    const made: Record<string, string> = {};
    for (const visibility of Object.keys(matrix) as Visibility[]) {
      const id = await createShelf(owner, shelfInput(`Estante ${visibility}`, visibility));
      await addToShelf(owner, id, { editionId: edition });
      made[visibility] = id;
      const seen = { owner: (await getShelf(owner, id)) !== null, other: (await getShelf(other, id)) !== null, visitor: (await getShelf(null, id)) !== null };
      expect({ visibility, ...seen }).toEqual({ visibility, ...matrix[visibility] });
    }
    // Discovery lists other readers' public shelves only (never one's own, never an empty one).
    await createShelf(owner, shelfInput('Vazia'));
    expect((await listPublicShelves(other, 1)).items.map((s) => s.name)).toEqual(['Estante publico']);
    expect((await listPublicShelves(null, 1)).total).toBe(1);
    expect((await listPublicShelves(owner, 1)).items).toEqual([]);
    // A suspended reader's shelves disappear for everyone else.
    await getDb().execute(sql`UPDATE users SET suspended_at = now() WHERE id = ${owner.id}`);
    expect(await getShelf(other, made.publico!)).toBeNull();
    expect((await listPublicShelves(other, 1)).items).toEqual([]);
  });

  it('keep their place through a catalogue merge', async () => {
    const reader = testViewer(await createUser());
    const survivor = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], publisher: 'Penguin' });
    const loser = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], publisher: 'Outra' });
    const other = await createEdition({ title: 'Quincas Borba', authors: ['Machado de Assis'] });
    await setShelfStatus(reader, loser, 'read');
    await setShelfStatus(reader, survivor, 'want_to_read');
    await setShelfStatus(reader, other, 'read');
    const shelfId = await createShelf(reader, shelfInput('Machado'));
    await addToShelf(reader, shelfId, { editionId: loser });
    await addToShelf(reader, shelfId, { editionId: other });
    await mergeEditions(testViewer(await createUser({ role: 'curator' }), 'curator'), loser, survivor);
    const shelf = await getShelf(reader, shelfId);
    expect((await listShelfItems(reader, shelf!, 1)).items.map((i) => i.edition.id)).toEqual([survivor, other]);
  });
});

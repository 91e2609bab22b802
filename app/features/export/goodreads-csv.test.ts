import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { reviews, shelfItems, shelves } from '~/db/schema';
import { parseCsv } from '~/lib/csv';
import { newId } from '~/lib/ids';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { shelve } from '../../../test/reading-factories';
import { GOODREADS_COLUMNS, MARATONA_COLUMNS, goodreadsCsv } from './goodreads-csv.server';

useTestDatabase();

describe('the Goodreads-compatible CSV', () => {
  it('holds every entry of mine and nobody else’s, in Goodreads’ columns, with the exact rating and every reading', async () => {
    const [me, other] = [await createUser(), await createUser()];
    const casmurro = await createEdition({
      title: 'Dom Casmurro', subtitle: 'Edição comentada', authors: ['Machado de Assis', 'Fulana de Tal'], isbn: '9788535914849',
      publisher: 'Penguin, Companhia', publicationDate: '2016-05-01', pages: 256, format: 'capa_dura', firstPublishedYear: 1899,
    });
    const sertao = await createEdition({ title: 'Grande Sertão: Veredas', authors: ['João Guimarães Rosa'], pages: 560 });
    const quinze = await createEdition({ title: 'O Quinze', authors: ['Rachel de Queiroz'] });

    const read = await shelve(me.id, casmurro, { status: 'read', rating: 3.75, reads: [{ started: '2024-01-02', finished: '2024-01-20' }, { started: '2025-04-19', finished: '2025-04-21' }] });
    await shelve(me.id, sertao, { status: 'reading', reads: [{ started: '2026-02-01' }] });
    await shelve(other.id, quinze, { status: 'read', rating: 1 });
    await shelve(other.id, casmurro, { status: 'read', rating: 5 });
    const db = getDb();
    await db.execute(sql`UPDATE shelf_entries SET owned = true, notes = '=HYPERLINK("http://x","clique")' WHERE id = ${read}`);
    await db.insert(reviews).values({ shelfEntryId: read, userId: me.id, editionId: casmurro, body: 'Capitu, "olhos de ressaca",\nsempre.', spoiler: true, publishedAt: new Date() });
    const shelfId = newId();
    await db.insert(shelves).values({ id: shelfId, userId: me.id, name: 'Clássicos do Brasil', visibility: 'privado' });
    await db.insert(shelfItems).values({ shelfId, shelfEntryId: read, position: 3 });

    const { filename, body } = await goodreadsCsv(testViewer(me));
    expect(filename).toMatch(new RegExp(`^maratona-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(body);
    expect(header).toEqual([...GOODREADS_COLUMNS, ...MARATONA_COLUMNS]);
    expect(rows).toHaveLength(2);
    const record = (row: string[]) => Object.fromEntries(header!.map((name, i) => [name, row[i]]));
    const [first, second] = rows.map(record);
    expect(first).toMatchObject({
      'Book Id': casmurro,
      Title: 'Dom Casmurro: Edição comentada',
      Author: 'Machado de Assis',
      'Additional Authors': 'Fulana de Tal',
      ISBN13: '9788535914849',
      'My Rating': '4',
      'Average Rating': '4.38',
      Publisher: 'Penguin, Companhia',
      Binding: 'Hardcover',
      'Number of Pages': '256',
      'Year Published': '2016',
      'Original Publication Year': '1899',
      'Date Read': '2025/04/21',
      Bookshelves: 'clássicos-do-brasil, read',
      'Bookshelves with positions': 'clássicos-do-brasil (#3), read',
      'Exclusive Shelf': 'read',
      'My Review': 'Capitu, "olhos de ressaca",\nsempre.',
      Spoiler: 'true',
      'Private Notes': `'=HYPERLINK("http://x","clique")`,
      'Read Count': '2',
      'Owned Copies': '1',
      'Maratona Rating': '3.75',
    });
    expect(first?.['Author l-f']).toMatch(/Assis/);
    expect(JSON.parse(first?.['Maratona Readings'] ?? '')).toEqual([
      { started: '2024-01-02', finished: '2024-01-20', abandoned: null },
      { started: '2025-04-19', finished: '2025-04-21', abandoned: null },
    ]);
    expect(second).toMatchObject({ Title: 'Grande Sertão: Veredas', 'Exclusive Shelf': 'currently-reading', 'My Rating': '0', 'Date Read': '', 'Read Count': '0', 'Owned Copies': '0', 'Maratona Rating': '' });
  });

  it('is a header alone for an empty bookshelf', async () => {
    const { body } = await goodreadsCsv(testViewer(await createUser()));
    expect(parseCsv(body)).toEqual([[...GOODREADS_COLUMNS, ...MARATONA_COLUMNS]]);
  });
});

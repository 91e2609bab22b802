import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { reviews, shelfItems, shelves } from '~/db/schema';
import { parseCsv } from '~/lib/csv';
import { newId } from '~/lib/ids';
import { useTestDatabase } from '../../../test/db';
import { runJobsOnce } from '~/server/jobs.server';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../../test/factories';
import { shelve } from '../../../test/reading-factories';
import { type Failure, call, statusOf } from '../../../test/routes';
import * as exportPage from '../../routes/configuracoes.exportar';
import * as download from '../../routes/configuracoes.exportar.arquivo.$id';
import * as csvRoute from '../../routes/configuracoes.exportar.goodreads[.]csv';
import { listExportFiles } from './archive.server';
import { GOODREADS_COLUMNS } from '~/features/imports/parse/goodreads';
import { CSV_ON_REQUEST_MAX, MARATONA_COLUMNS, goodreadsCsv, goodreadsCsvText } from './goodreads-csv.server';

useTestDatabase();

describe('the Goodreads-compatible CSV', () => {
  it('holds every entry of mine and nobody else’s, in Goodreads’ columns, with the exact rating and every reading', async () => {
    const [me, other] = [await createUser(), await createUser()];
    const casmurro = await createEdition({
      title: 'Dom Casmurro',
      subtitle: 'Edição comentada',
      authors: ['Machado de Assis', 'Fulana de Tal'],
      isbn: '9788535914849',
      publisher: 'Penguin, Companhia',
      publicationDate: '2016-05-01',
      pages: 256,
      format: 'capa_dura',
      firstPublishedYear: 1899,
    });
    const sertao = await createEdition({ title: 'Grande Sertão: Veredas', authors: ['João Guimarães Rosa'], pages: 560 });
    const quinze = await createEdition({ title: 'O Quinze', authors: ['Rachel de Queiroz'] });

    const read = await shelve(me.id, casmurro, {
      status: 'read',
      rating: 3.75,
      reads: [
        { started: '2024-01-02', finished: '2024-01-20' },
        { started: '2025-04-19', finished: '2025-04-21' },
      ],
    });
    await shelve(me.id, sertao, { status: 'reading', reads: [{ started: '2026-02-01' }] });
    await shelve(other.id, quinze, { status: 'read', rating: 1 });
    await shelve(other.id, casmurro, { status: 'read', rating: 5 });
    const db = getDb();
    await db.execute(sql`UPDATE shelf_entries SET owned = true, notes = '=HYPERLINK("http://x","clique")' WHERE id = ${read}`);
    await db
      .insert(reviews)
      .values({ shelfEntryId: read, userId: me.id, editionId: casmurro, body: 'Capitu, "olhos de ressaca",\nsempre.', spoiler: true, publishedAt: new Date() });
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
    expect(second).toMatchObject({
      Title: 'Grande Sertão: Veredas',
      'Exclusive Shelf': 'currently-reading',
      'My Rating': '0',
      'Date Read': '',
      'Read Count': '0',
      'Owned Copies': '0',
      'Maratona Rating': '',
    });
  });

  it('is a header alone for an empty bookshelf', async () => {
    const { body } = await goodreadsCsv(testViewer(await createUser()));
    expect(parseCsv(body)).toEqual([[...GOODREADS_COLUMNS, ...MARATONA_COLUMNS]]);
  });
});

describe('the CSV of a large bookshelf', () => {
  it('is read a page at a time into the same file; past the limit a job prepares it, for its reader only, once an hour', async () => {
    const [me, other] = [await createUser(), await createUser()];
    const viewer = testViewer(me);
    const first = await createEdition({ title: 'Livro 0', authors: ['Autora Prolífica'] });
    // One more entry than the limit, all added at the same instant: the pages break the tie by the entry's id.
    await getDb().execute(sql`
      INSERT INTO editions (id, work_id, title) SELECT 'ed-grande-' || n, (SELECT work_id FROM editions WHERE id = ${first}), 'Livro ' || n FROM generate_series(1, ${CSV_ON_REQUEST_MAX}) n`);
    await getDb().execute(sql`
      INSERT INTO shelf_entries (id, user_id, edition_id, status, created_at)
      SELECT 'se-' || e.id, ${me.id}, e.id, 'want_to_read', '2025-01-01T12:00:00Z' FROM editions e WHERE e.id = ${first} OR e.id LIKE 'ed-grande-%'`);

    const whole = await goodreadsCsvText(me.id, CSV_ON_REQUEST_MAX + 10);
    expect(await goodreadsCsvText(me.id, 997)).toBe(whole);
    const lines = parseCsv(whole);
    expect(lines).toHaveLength(CSV_ON_REQUEST_MAX + 2);
    expect(new Set(lines.slice(1).map((line) => line[0])).size).toBe(CSV_ON_REQUEST_MAX + 1);

    // Too large to build on request: the address sends the reader to the export page, which offers the job.
    const onRequest = (await call(csvRoute.loader, getRequest('/configuracoes/exportar/goodreads.csv', me.cookie)).catch(
      (thrown: unknown) => thrown,
    )) as Response;
    expect([onRequest.status, onRequest.headers.get('Location')]).toEqual([302, '/configuracoes/exportar']);
    expect(await call(exportPage.loader, getRequest('/configuracoes/exportar', me.cookie))).toMatchObject({
      entries: CSV_ON_REQUEST_MAX + 1,
      onRequestMax: CSV_ON_REQUEST_MAX,
    });
    expect(await call(exportPage.action, formRequest('/configuracoes/exportar', { intent: 'csv' }, { cookie: me.cookie }))).toMatchObject({
      intent: 'csv',
      success: expect.stringContaining('Estamos preparando seu CSV'),
    });
    const again = (await call(exportPage.action, formRequest('/configuracoes/exportar', { intent: 'csv' }, { cookie: me.cookie }))) as Failure;
    expect([again.init.status, again.data.fields.intent, again.data.formError]).toEqual([
      429,
      'csv',
      expect.stringContaining('Você já pediu um CSV na última hora'),
    ]);
    while ((await runJobsOnce('teste')) > 0);

    const { goodreads_csv: csv, archive } = await listExportFiles(viewer);
    expect(csv.files).toMatchObject([{ status: 'ready' }]);
    expect(csv.nextAllowedAt).not.toBeNull();
    // The full archive keeps its own rule: asking for a CSV does not use up the day's archive.
    expect(archive).toEqual({ files: [], nextAllowedAt: null });
    const id = csv.files[0]!.id;
    const response = (await call(download.loader, getRequest(`/configuracoes/exportar/arquivo/${id}`, me.cookie), { id })) as Response;
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Content-Disposition')).toMatch(new RegExp(`^attachment; filename="maratona-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(Buffer.from(await response.arrayBuffer()).toString('utf8')).toBe(whole);
    expect(await statusOf(call(download.loader, getRequest(`/configuracoes/exportar/arquivo/${id}`, other.cookie), { id }))).toBe(404);
  });
});

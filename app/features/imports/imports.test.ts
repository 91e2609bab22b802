import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { readThroughs, readerImportRows, reviews, shelfEntries, shelfItems, shelves } from '~/db/schema';
import { goodreadsCsv } from '~/features/export/goodreads-csv.server';
import { parseCsv } from '~/lib/csv';
import { newId } from '~/lib/ids';
import { runJobsOnce } from '~/server/jobs.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { shelve } from '../../../test/reading-factories';
import { surnameOf } from './match.server';
import { applyNextBatch, runReaderImport } from './job.server';
import { acceptAllSuggestions, adjustReaderImport, confirmReaderImport, createReaderImport, decideImportRow } from './mutations.server';
import { failedRowsCsv, readReaderImport } from './queries.server';

useTestDatabase();

const GOODREADS_HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';
const STORYGRAPH_HEADER =
  'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?';

const csvLine = (header: string, fields: Record<string, string>) =>
  header
    .split(',')
    .map((c) => fields[c] ?? '')
    .map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v))
    .join(',');
const goodreads = (...rows: Record<string, string>[]) => [GOODREADS_HEADER, ...rows.map((r) => csvLine(GOODREADS_HEADER, r))].join('\r\n');
const storygraph = (...rows: Record<string, string>[]) => [STORYGRAPH_HEADER, ...rows.map((r) => csvLine(STORYGRAPH_HEADER, r))].join('\n');

const verified = async (): Promise<Viewer> => ({ ...testViewer(await createUser({ verified: true })), emailVerified: true });

async function importFile(viewer: Viewer, text: string, fileName = 'goodreads_library_export.csv') {
  const { id } = await createReaderImport(viewer, { fileName, text });
  await confirmReaderImport(viewer, id);
  await runReaderImport(id);
  return readReaderImport(viewer, id);
}

type EntryRow = {
  title: string;
  status: string;
  rating_quarters: number | null;
  undated_readings: number;
  readings: { started: string | null; finished: string | null; abandoned: string | null }[] | null;
};
const bookshelf = (userId: string) =>
  queryRows<EntryRow>(sql`
    SELECT e.title, s.status, s.rating_quarters, s.undated_readings,
      (SELECT json_agg(json_build_object('started', r.started_on, 'finished', r.finished_on, 'abandoned', r.abandoned_on) ORDER BY r.started_on NULLS FIRST, r.finished_on)
         FROM read_throughs r WHERE r.shelf_entry_id = s.id) AS readings
    FROM shelf_entries s JOIN editions e ON e.id = s.edition_id WHERE s.user_id = ${userId} ORDER BY e.title`);

describe('importing a Goodreads export', () => {
  it('checks an author by the surname, skipping the suffixes of Brazilian names', () => {
    expect(['Itamar Vieira Junior', 'João Guimarães Rosa', 'Mário de Andrade Filho', 'J.R.R. Tolkien', 'Ailton Krenak Neto'].map(surnameOf)).toEqual([
      'vieira',
      'rosa',
      'andrade',
      'tolkien',
      'krenak',
    ]);
  });

  it('matches by ISBN, by title and author (series and subtitle aside), creates pending editions for the rest, and reports the rows that failed', async () => {
    const viewer = await verified();
    const torto = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], isbn: '9786580309313' });
    const hora = await createEdition({ title: 'A Hora da Estrela', authors: ['Clarice Lispector'] });
    const duna = await createEdition({ title: 'Duna', authors: ['Frank Herbert'] });
    const sapiens = await createEdition({ title: 'Sapiens', authors: ['Yuval Noah Harari'] });
    const file = goodreads(
      {
        Title: 'Torto arado',
        Author: 'Itamar Vieira Junior',
        ISBN13: '="9786580309313"',
        'My Rating': '5',
        'Date Read': '2025/04/21',
        'Date Added': '2025/03/01',
        'Exclusive Shelf': 'read',
        Bookshelves: 'favoritos',
        'My Review': 'Bibiana e Belonísia.',
        'Read Count': '1',
        'Owned Copies': '1',
      },
      { Title: 'A hora da estrela', Author: 'Clarice Lispector', ISBN13: '=""', 'Exclusive Shelf': 'read', 'Read Count': '2' },
      { Title: 'Duna (Crônicas de Duna, #1)', Author: 'Frank Herbert', 'Exclusive Shelf': 'currently-reading', 'Date Added': '2025/05/02' },
      { Title: 'Sapiens: Uma breve história da humanidade', Author: 'Yuval Noah Harari', 'Exclusive Shelf': 'to-read' },
      {
        Title: 'Um livro que o catálogo não tem',
        Author: 'Autora Desconhecida',
        ISBN13: '9.78854E+12',
        'Exclusive Shelf': 'did-not-finish',
        'Date Read': '2024/01/10',
      },
      { Title: '', Author: 'Ninguém', ISBN13: '=""', 'Exclusive Shelf': 'read', 'Private Notes': '=HYPERLINK("http://x")' },
    );
    const { id } = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: file });
    const preview = await readReaderImport(viewer, id);
    expect(preview).toMatchObject({ source: 'goodreads', status: 'preview', total: 6, counts: { isbn: 1, title: 3, new: 1, failed: 1 } });
    expect(preview.sample.map((r) => [r.line, r.outcome, r.editionId])).toEqual([
      [2, 'isbn', torto],
      [3, 'title', hora],
      [4, 'title', duna],
      [5, 'title', sapiens],
      [6, 'new', null],
      [7, 'failed', null],
    ]);
    expect(preview.sample[4]!.warnings[0]).toMatch(/notação científica/);
    expect(preview.failed).toMatchObject([{ line: 7, reason: 'A linha não tem título.' }]);
    // Nothing is on the bookshelf before the reader confirms.
    expect(await bookshelf(viewer.id)).toEqual([]);

    await confirmReaderImport(viewer, id);
    expect(await runJobsOnce('test')).toBeGreaterThan(0);
    const report = await readReaderImport(viewer, id);
    expect(report).toMatchObject({ status: 'done', applied: 6, counts: { added: 5, failed: 1 } });
    expect(report.added.map((r) => r.title)).toEqual(['Torto Arado', 'A Hora da Estrela', 'Duna', 'Sapiens', 'Um livro que o catálogo não tem']);

    expect(await bookshelf(viewer.id)).toEqual([
      { title: 'A Hora da Estrela', status: 'read', rating_quarters: null, undated_readings: 2, readings: null },
      { title: 'Duna', status: 'reading', rating_quarters: null, undated_readings: 0, readings: [{ started: null, finished: null, abandoned: null }] },
      { title: 'Sapiens', status: 'want_to_read', rating_quarters: null, undated_readings: 0, readings: null },
      {
        title: 'Torto Arado',
        status: 'read',
        rating_quarters: 20,
        undated_readings: 0,
        readings: [{ started: null, finished: '2025-04-21', abandoned: null }],
      },
      {
        title: 'Um livro que o catálogo não tem',
        status: 'abandoned',
        rating_quarters: null,
        undated_readings: 0,
        readings: [{ started: null, finished: null, abandoned: '2024-01-10' }],
      },
    ]);
    const [torto_] = await queryRows<{ added: string; owned: boolean; body: string; published: boolean; shelf: string; readers: number }>(sql`
      SELECT to_char(s.created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS added, s.owned, r.body, r.published_at IS NOT NULL AS published,
        (SELECT sh.name FROM shelf_items i JOIN shelves sh ON sh.id = i.shelf_id WHERE i.shelf_entry_id = s.id) AS shelf, e.readers_count AS readers
      FROM shelf_entries s JOIN reviews r ON r.shelf_entry_id = s.id JOIN editions e ON e.id = s.edition_id WHERE s.edition_id = ${torto}`);
    expect(torto_).toEqual({ added: '2025-03-01', owned: true, body: 'Bibiana e Belonísia.', published: true, shelf: 'favoritos', readers: 1 });
    const [pending] = await queryRows<{ pending: boolean }>(
      sql`SELECT pending_since IS NOT NULL AS pending FROM editions WHERE title = 'Um livro que o catálogo não tem'`,
    );
    expect(pending).toEqual({ pending: true });

    // The failed rows come back with the file's own header, to fix and send again; a cell a spreadsheet would
    // run as a formula is defused with an apostrophe, which the importer takes off again.
    const csv = await failedRowsCsv(viewer, id);
    expect(csv?.filename).toBe('goodreads_library_export-linhas-com-erro.csv');
    const failedRow = GOODREADS_HEADER.split(',').map(
      (c) => ({ Author: 'Ninguém', ISBN13: `'=""`, 'Exclusive Shelf': 'read', 'Private Notes': `'=HYPERLINK("http://x")` })[c] ?? '',
    );
    expect(parseCsv(csv!.body.replace(/^\uFEFF/, ''))).toEqual([GOODREADS_HEADER.split(','), failedRow]);
    const fixed = await importFile(viewer, csv!.body.replace('"","Ninguém"', '"Livro Corrigido","Ninguém"'));
    expect(fixed.counts).toMatchObject({ new: 1, added: 1 });
    const [notes] = await queryRows<{ notes: string }>(
      sql`SELECT s.notes FROM shelf_entries s JOIN editions e ON e.id = s.edition_id WHERE e.title = 'Livro Corrigido'`,
    );
    expect(notes).toEqual({ notes: '=HYPERLINK("http://x")' });
  });

  it('changes nothing when the same file comes twice, and the same unknown book in two imports is one pending edition', async () => {
    const viewer = await verified();
    await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], isbn: '9786580309313' });
    const file = goodreads(
      {
        Title: 'Torto Arado',
        Author: 'Itamar Vieira Junior',
        ISBN13: '9786580309313',
        'My Rating': '4',
        'Date Read': '2025/04/21',
        'Exclusive Shelf': 'read',
        Bookshelves: 'favoritos, 2025',
        'Read Count': '2',
      },
      { Title: 'Livro Inédito', Author: 'Fulana de Tal', 'Exclusive Shelf': 'to-read' },
    );
    const first = await importFile(viewer, file);
    expect(first.counts).toMatchObject({ added: 2 });
    const before = await bookshelf(viewer.id);
    expect(before.find((e) => e.title === 'Torto Arado')).toMatchObject({ undated_readings: 1, readings: [{ finished: '2025-04-21' }] });
    const counts = async () =>
      (
        await queryRows<{ entries: number; readings: number; editions: number; shelves: number; items: number }>(sql`
      SELECT (SELECT count(*)::int FROM shelf_entries) AS entries, (SELECT count(*)::int FROM read_throughs) AS readings, (SELECT count(*)::int FROM editions) AS editions,
        (SELECT count(*)::int FROM shelves) AS shelves, (SELECT count(*)::int FROM shelf_items) AS items`)
      )[0]!;
    const tally = await counts();

    const second = await importFile(viewer, file);
    expect(second.counts).toMatchObject({ unchanged: 2 });
    expect(second.counts.added ?? 0).toBe(0);
    expect(await bookshelf(viewer.id)).toEqual(before);
    expect(await counts()).toEqual(tally);

    // Another reader with the same unknown book finds the pending edition the first import created.
    const other = await verified();
    const theirs = await importFile(other, goodreads({ Title: 'Livro inédito', Author: 'Fulana de Tal', 'Exclusive Shelf': 'read' }));
    expect(theirs.counts).toMatchObject({ title: 1, added: 1 });
    expect((await counts()).editions).toBe(tally.editions);
  });

  it('merges a StoryGraph export of the same library without duplicates: start dates filled in, readings counted once', async () => {
    const viewer = await verified();
    await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], isbn: '9786580309313' });
    await importFile(
      viewer,
      goodreads({
        Title: 'Torto Arado',
        Author: 'Itamar Vieira Junior',
        ISBN13: '9786580309313',
        'My Rating': '4',
        'Date Read': '2025/04/21',
        'Exclusive Shelf': 'read',
        'Read Count': '2',
      }),
    );
    const sg = await importFile(
      viewer,
      storygraph({
        Title: 'Torto Arado',
        Authors: 'Itamar Vieira Junior',
        'ISBN/UID': '9786580309313',
        'Read Status': 'read',
        'Dates Read': '2023/01/02-2023/01/20, 2025/04/01-2025/04/21',
        'Read Count': '2',
        'Star Rating': '4.25',
        Moods: 'reflective, sad',
        Pace: 'slow',
      }),
      'storygraph.csv',
    );
    expect(sg).toMatchObject({ source: 'storygraph', counts: { isbn: 1, updated: 1 } });
    const [entry] = await bookshelf(viewer.id);
    // The Goodreads rating stays (a filled field keeps the reader's value); the readings are the two StoryGraph knows.
    expect(entry).toEqual({
      title: 'Torto Arado',
      status: 'read',
      rating_quarters: 16,
      undated_readings: 0,
      readings: [
        { started: '2023-01-02', finished: '2023-01-20', abandoned: null },
        { started: '2025-04-01', finished: '2025-04-21', abandoned: null },
      ],
    });
    const [feel] = await queryRows<{ moods: string[]; pacing: string }>(sql`SELECT moods, pacing FROM shelf_entries WHERE user_id = ${viewer.id}`);
    expect(feel).toEqual({ moods: ['reflective', 'sad'], pacing: 'slow' });
  });

  it('never moves a status back unless the file’s date for it is newer', async () => {
    const viewer = await verified();
    const editionId = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], isbn: '9788535910663' });
    await shelve(viewer.id, editionId, { status: 'read', reads: [{ finished: '2024-06-01' }] });
    await importFile(viewer, goodreads({ Title: 'Dom Casmurro', Author: 'Machado de Assis', ISBN13: '9788535910663', 'Exclusive Shelf': 'to-read' }));
    expect((await bookshelf(viewer.id))[0]).toMatchObject({ status: 'read' });
    await importFile(
      viewer,
      storygraph({
        Title: 'Dom Casmurro',
        Authors: 'Machado de Assis',
        'ISBN/UID': '9788535910663',
        'Read Status': 'currently-reading',
        'Dates Read': '2025/02/10-',
      }),
      'sg.csv',
    );
    // "2025/02/10-" is a reading started and not finished: newer than the 2024 finish, so a reread.
    expect((await bookshelf(viewer.id))[0]).toMatchObject({ status: 'reading' });
  });

  /** An import of five new books, confirmed, its first batch of two applied. */
  async function fiveRowsTwoApplied() {
    const viewer = await verified();
    const rows = Array.from({ length: 5 }, (_, i) => ({
      Title: `Livro Número ${i + 1}`,
      Author: 'Autora Nova',
      'Exclusive Shelf': 'read',
      'Date Read': `2025/01/0${i + 1}`,
    }));
    const { id } = await createReaderImport(viewer, { fileName: 'g.csv', text: goodreads(...rows) });
    await confirmReaderImport(viewer, id);
    expect(await applyNextBatch(id, 2)).toBe(true);
    return { viewer, id };
  }

  it('resumes where it stopped: rows applied in a batch before a restart are not written again', async () => {
    const { viewer, id } = await fiveRowsTwoApplied();
    expect(await readReaderImport(viewer, id)).toMatchObject({ status: 'queued', applied: 2, total: 5 });
    // The server stops here; the job runs again from the queue and goes on with line 4.
    await runJobsOnce('after-restart');
    expect(await readReaderImport(viewer, id)).toMatchObject({ status: 'done', applied: 5, counts: { added: 5 } });
    const [written] = await queryRows<{ readings: number }>(sql`SELECT count(*)::int AS readings FROM read_throughs WHERE user_id = ${viewer.id}`);
    expect(written?.readings).toBe(5);
    expect(await getDb().select().from(readerImportRows).where(eq(readerImportRows.importId, id))).toHaveLength(5);
  });

  it('survives a crash inside a batch: nothing of that batch stays, and the job run again writes every row once', async () => {
    const { viewer, id } = await fiveRowsTwoApplied();
    // The server dies inside the next batch: after its writes, before its commit (the batch's last statement fails).
    await queryRows(sql`CREATE FUNCTION die() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'killed'; END $$`);
    await queryRows(sql`CREATE TRIGGER die BEFORE UPDATE OF applied ON reader_imports FOR EACH ROW WHEN (NEW.applied > 2) EXECUTE FUNCTION die()`);
    await expect(applyNextBatch(id, 2)).rejects.toThrow();
    const tally = async () =>
      (
        await queryRows<{ entries: number; readings: number; editions: number }>(sql`
        SELECT (SELECT count(*)::int FROM shelf_entries WHERE user_id = ${viewer.id}) AS entries, (SELECT count(*)::int FROM read_throughs WHERE user_id = ${viewer.id}) AS readings,
          (SELECT count(*)::int FROM editions) AS editions`)
      )[0]!;
    expect(await tally()).toEqual({ entries: 2, readings: 2, editions: 2 });
    expect(await readReaderImport(viewer, id)).toMatchObject({ status: 'queued', applied: 2 });
    // Started again, the job goes on from line 4: each row once, each pending edition once.
    await queryRows(sql`DROP TRIGGER die ON reader_imports`);
    await runReaderImport(id);
    expect(await readReaderImport(viewer, id)).toMatchObject({ status: 'done', applied: 5, counts: { added: 5 } });
    expect(await tally()).toEqual({ entries: 5, readings: 5, editions: 5 });
  });

  it('reads the file again with another column and the other date order while it is a preview', async () => {
    const viewer = await verified();
    const text = ['Title,Author,Nome alternativo,Exclusive Shelf,Date Read', 'The Hour of the Star,Clarice Lispector,A Hora da Estrela,read,03/04/2025'].join(
      '\n',
    );
    const { id } = await createReaderImport(viewer, { fileName: 'planilha.csv', text });
    const first = await readReaderImport(viewer, id);
    expect(first).toMatchObject({ dateOrder: 'dmy', dateOrderDetected: false, mapping: { title: 'Title' } });
    await adjustReaderImport(viewer, id, { mapping: { ...first.mapping, title: 'Nome alternativo' }, dateOrder: 'mdy' });
    const second = await readReaderImport(viewer, id);
    expect(second.sample[0]).toMatchObject({ title: 'A Hora da Estrela' });
    await confirmReaderImport(viewer, id);
    await runReaderImport(id);
    expect((await bookshelf(viewer.id))[0]).toMatchObject({ readings: [{ finished: '2025-03-04' }] });
    await expect(adjustReaderImport(viewer, id, { mapping: first.mapping, dateOrder: 'dmy' })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('is private: another reader’s import is not found, nor its failed rows', async () => {
    const owner = await verified();
    const stranger = await verified();
    const { id } = await createReaderImport(owner, {
      fileName: 'g.csv',
      text: goodreads({ Title: '', 'Exclusive Shelf': 'read' }, { Title: 'Algo', 'Exclusive Shelf': 'read' }),
    });
    await expect(readReaderImport(stranger, id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(failedRowsCsv(stranger, id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(confirmReaderImport(stranger, id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(adjustReaderImport(stranger, id, { mapping: {}, dateOrder: 'dmy' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses files it cannot read, with the reason for the file field', async () => {
    const viewer = await verified();
    await expect(createReaderImport(viewer, { fileName: 'x.csv', text: 'nome,idade\nana,3' })).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'arquivo',
    });
    await expect(createReaderImport(viewer, { fileName: 'x.csv', text: GOODREADS_HEADER })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'O arquivo só tem o cabeçalho: não há livros para importar.',
    });
  });

  it('brings our own export back as it was: import(export(x)) reproduces x', async () => {
    const [a, b] = [await verified(), await verified()];
    const db = getDb();
    const casmurro = await createEdition({
      title: 'Dom Casmurro',
      subtitle: 'Edição comentada',
      authors: ['Machado de Assis'],
      isbn: '9788535914849',
      format: 'capa_dura',
      pages: 256,
      publisher: 'Penguin-Companhia',
      publicationDate: '2016',
      firstPublishedYear: 1899,
    });
    const sertao = await createEdition({
      title: 'Grande Sertão: Veredas',
      authors: ['João Guimarães Rosa'],
      format: 'ebook',
      pages: 560,
      publisher: 'Companhia das Letras',
      publicationDate: '2019',
    });
    const quinze = await createEdition({ title: 'O Quinze', authors: ['Rachel de Queiroz'], format: 'audiolivro', publisher: 'José Olympio' });
    const read = await shelve(a.id, casmurro, {
      status: 'read',
      rating: 3.75,
      reads: [
        { started: '2024-01-02', finished: '2024-01-20' },
        { started: '2025-04-19', finished: '2025-04-21' },
      ],
    });
    await db
      .update(shelfEntries)
      .set({
        undatedReadings: 1,
        owned: true,
        ownedFormat: 'capa_dura',
        favorite: true,
        notes: '=HYPERLINK("http://x","clique")',
        moods: ['reflective', 'sad'],
        pacing: 'slow',
        contentWarnings: ['morte'],
        createdAt: new Date('2023-12-01T12:00:00-03:00'),
      })
      .where(eq(shelfEntries.id, read));
    await db
      .insert(reviews)
      .values({ shelfEntryId: read, userId: a.id, editionId: casmurro, body: 'Capitu, "olhos de ressaca",\nsempre.', spoiler: true, publishedAt: new Date() });
    const shelfId = newId();
    await db.insert(shelves).values({ id: shelfId, userId: a.id, name: 'Clássicos do Brasil', visibility: 'publico' });
    await db.insert(shelfItems).values({ shelfId, shelfEntryId: read, position: 2 });
    // The shelf's order is not the entries' order: the book shelved last comes first ("Bookshelves with positions").
    const reading = await shelve(a.id, sertao, { status: 'reading', reads: [{ started: '2025-05-01' }] });
    await db.insert(shelfItems).values({ shelfId, shelfEntryId: reading, position: 1 });
    const dropped = await shelve(a.id, quinze, { status: 'abandoned' });
    await db.insert(readThroughs).values({ id: newId(), userId: a.id, shelfEntryId: dropped, startedOn: '2024-01-15', abandonedOn: '2024-02-02' });

    const { body } = await goodreadsCsv(a);
    const imported = await importFile(b, body, 'maratona.csv');
    expect(imported).toMatchObject({ source: 'maratona', counts: { id: 3, added: 3 } });

    const snapshot = (userId: string) =>
      queryRows(sql`
        SELECT s.edition_id, s.status, s.rating_quarters, s.favorite, s.owned, s.owned_format, s.notes, s.moods, s.pacing, s.content_warnings, s.undated_readings,
          to_char(s.created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS added,
          (SELECT json_agg(json_build_object('started', r.started_on, 'finished', r.finished_on, 'abandoned', r.abandoned_on) ORDER BY r.started_on, r.finished_on) FROM read_throughs r WHERE r.shelf_entry_id = s.id) AS readings,
          (SELECT json_build_object('body', v.body, 'spoiler', v.spoiler, 'visibility', v.visibility, 'published', v.published_at IS NOT NULL) FROM reviews v WHERE v.shelf_entry_id = s.id) AS review,
          (SELECT json_agg(sh.name) FROM shelf_items i JOIN shelves sh ON sh.id = i.shelf_id WHERE i.shelf_entry_id = s.id) AS shelves
        FROM shelf_entries s WHERE s.user_id = ${userId} ORDER BY s.edition_id`);
    const original = await snapshot(a.id);
    expect(original).toHaveLength(3);
    expect(await snapshot(b.id)).toEqual(original);
    const shelfOrder = (userId: string) =>
      queryRows<{ name: string; visibility: string; editions: string[] }>(sql`
        SELECT sh.name, sh.visibility, (SELECT json_agg(s.edition_id ORDER BY i.position) FROM shelf_items i JOIN shelf_entries s ON s.id = i.shelf_entry_id WHERE i.shelf_id = sh.id) AS editions
        FROM shelves sh WHERE sh.user_id = ${userId}`);
    expect(await shelfOrder(a.id)).toEqual([{ name: 'Clássicos do Brasil', visibility: 'publico', editions: [sertao, casmurro] }]);
    expect((await shelfOrder(b.id)).map((s) => s.editions)).toEqual([[sertao, casmurro]]);

    // In a catalogue without these editions (another Maratona, or this one before a curator added them), the
    // export brings them back as pending editions with their format, pages, publisher and years: exported again,
    // the edition columns are the same.
    const editionColumns = (csv: string) => {
      const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
      const columns = ['Author', 'Publisher', 'Binding', 'Number of Pages', 'Year Published', 'Original Publication Year'].map((c) => header!.indexOf(c));
      return rows.map((row) => columns.map((i) => row[i])).sort((x, y) => x[0]!.localeCompare(y[0]!));
    };
    expect(editionColumns(body)).toEqual([
      ['João Guimarães Rosa', 'Companhia das Letras', 'ebook', '560', '2019', ''],
      ['Machado de Assis', 'Penguin-Companhia', 'Hardcover', '256', '2016', '1899'],
      ['Rachel de Queiroz', 'José Olympio', 'Audiobook', '', '', ''],
    ]);
    await db.execute(sql`TRUNCATE editions, works, authors CASCADE`);
    const c = await verified();
    expect(await importFile(c, body, 'maratona.csv')).toMatchObject({ counts: { new: 3, added: 3 } });
    expect(editionColumns((await goodreadsCsv(c)).body)).toEqual(editionColumns(body));
    const positions = (csv: string) => {
      const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
      const [title, column] = [header!.indexOf('Title'), header!.indexOf('Bookshelves with positions')];
      return rows.map((row) => [row[title], row[column]]).sort((x, y) => x[0]!.localeCompare(y[0]!));
    };
    expect(positions((await goodreadsCsv(c)).body)).toEqual(positions(body));
  });

  it('asks about near titles: the reader confirms one suggestion and picks another edition for the other, answers change until confirmed, and unanswered ones are never linked on a guess', async () => {
    const viewer = await verified();
    const bras = await createEdition({ title: 'Memórias Póstumas de Brás Cubas', authors: ['Machado de Assis'] });
    const cortico = await createEdition({ title: 'O Cortiço', authors: ['Aluísio Azevedo'], isbn: '9788508133291' });
    const casmurro = await createEdition({ title: 'Dom Casmurro e Outros', authors: ['Machado de Assis'] });
    const pocket = await createEdition({ title: 'Dom Casmurro Edição de Bolso', authors: ['Machado de Assis'], isbn: '9788535910663' });
    const file = goodreads(
      { Title: 'Memórias Póstumas', Author: 'Machado de Assis', 'Exclusive Shelf': 'read' },
      { Title: 'O Cortiço', Author: 'Aluísio Azevedo', 'Exclusive Shelf': 'read' },
      { Title: 'Dom Casmurro', Author: 'Machado de Assis', 'Exclusive Shelf': 'to-read' },
    );
    const { id } = await createReaderImport(viewer, { fileName: 'g.csv', text: file });
    let preview = await readReaderImport(viewer, id);
    expect(preview.counts).toMatchObject({ confirm: 2, title: 1 });
    expect(preview.toConfirm.map((r) => [r.line, r.fileTitle, r.suggestion?.id])).toEqual([
      [2, 'Memórias Póstumas', bras],
      [4, 'Dom Casmurro', casmurro],
    ]);
    expect(preview.sample.find((r) => r.line === 3)).toMatchObject({ outcome: 'title', editionId: cortico });
    // A row that matched for sure has nothing to answer.
    await expect(decideImportRow(viewer, id, 3, { kind: 'new' })).rejects.toMatchObject({ code: 'not_found' });

    await decideImportRow(viewer, id, 2, { kind: 'new' });
    await decideImportRow(viewer, id, 2, { kind: 'accept' });
    await expect(decideImportRow(viewer, id, 4, { kind: 'other', editionId: 'naoexiste99' })).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'edicao_4',
    });
    await decideImportRow(viewer, id, 4, { kind: 'other', editionId: pocket });
    preview = await readReaderImport(viewer, id);
    expect(preview.counts).toMatchObject({ chosen: 2, title: 1 });
    expect(preview.counts.confirm ?? 0).toBe(0);
    // The answered rows stay listed with their suggestion, so an answer can still change.
    expect(preview.toConfirm.map((r) => [r.line, r.outcome, r.editionId, r.suggestion?.id])).toEqual([
      [2, 'chosen', bras, bras],
      [4, 'chosen', pocket, casmurro],
    ]);

    await confirmReaderImport(viewer, id);
    await expect(decideImportRow(viewer, id, 4, { kind: 'new' })).rejects.toMatchObject({ code: 'conflict' });
    await runReaderImport(id);
    const shelf = await queryRows<{ edition_id: string }>(sql`SELECT edition_id FROM shelf_entries WHERE user_id = ${viewer.id} ORDER BY edition_id`);
    expect(shelf.map((r) => r.edition_id)).toEqual([bras, cortico, pocket].sort());

    // "É o mesmo livro em todas" links every suggestion; without any answer, none is linked.
    const second = await verified();
    const again = await createReaderImport(second, { fileName: 'g.csv', text: file });
    await acceptAllSuggestions(second, again.id);
    expect((await readReaderImport(second, again.id)).counts).toMatchObject({ chosen: 2, title: 1 });
    const third = await verified();
    const unanswered = await createReaderImport(third, { fileName: 'g.csv', text: file });
    await confirmReaderImport(third, unanswered.id);
    await runReaderImport(unanswered.id);
    const linked = await queryRows<{ edition_id: string }>(sql`SELECT edition_id FROM shelf_entries WHERE user_id = ${third.id}`);
    expect(linked).toHaveLength(3);
    expect(linked.map((r) => r.edition_id)).not.toContain(bras);
    expect(linked.map((r) => r.edition_id)).not.toContain(casmurro);
  });

  it('writes a batch at once, and when the database refuses one of its rows, that row alone fails with its reason', async () => {
    const viewer = await verified();
    const refused = await createEdition({ title: 'O Livro Recusado', authors: ['Autora Teimosa'], isbn: '9788535914849' });
    await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], isbn: '9788501010468' });
    // A stand-in for anything the database may refuse (a constraint, a trigger, a lost lock).
    await getDb().execute(
      sql.raw(`CREATE FUNCTION refuse_entry() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.edition_id = '${refused}' THEN RAISE EXCEPTION 'recusada'; END IF; RETURN NEW; END $$`),
    );
    await getDb().execute(sql`CREATE TRIGGER refuse_entry BEFORE INSERT ON shelf_entries FOR EACH ROW EXECUTE FUNCTION refuse_entry()`);
    const report = await importFile(
      viewer,
      goodreads(
        { Title: 'Vidas Secas', Author: 'Graciliano Ramos', ISBN13: '9788501010468', 'Exclusive Shelf': 'read', 'Date Read': '2025/01/05' },
        { Title: 'O Livro Recusado', Author: 'Autora Teimosa', ISBN13: '9788535914849', 'Exclusive Shelf': 'read' },
      ),
    );
    await getDb().execute(sql`DROP TRIGGER refuse_entry ON shelf_entries`);
    expect(report).toMatchObject({ status: 'done', counts: { added: 1, failed: 1 } });
    expect(report.failed).toMatchObject([{ line: 3, reason: 'Não conseguimos gravar esta linha. Tente importá-la de novo.' }]);
    expect((await bookshelf(viewer.id)).map((e) => e.title)).toEqual(['Vidas Secas']);
  });
});

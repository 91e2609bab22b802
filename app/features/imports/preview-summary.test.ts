import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { renderPage } from '../../../test/render';
import { call } from '../../../test/routes';
import * as importPage from '../../routes/configuracoes.importacoes.$id';
import { runReaderImport } from './job.server';
import { acceptAllSuggestions, adjustReaderImport, confirmReaderImport, createReaderImport } from './mutations.server';
import { parseReaderImportFile } from './parse/read-file';
import { readReaderImport } from './queries.server';

useTestDatabase();

/**
 * Issue 26, item 9: a Goodreads file of 20 rows a spreadsheet went through (day/month dates, four rows with the
 * ISBN in scientific notation, three of them past the preview's 15-row sample), with every status, ratings and
 * two custom shelves whose books are spread over the whole file.
 */
const FILE = readFileSync(path.join(import.meta.dirname, 'fixtures', 'goodreads-preview-summary.csv'), 'utf8');
/** The same file with its one day above 12 (row 17, past the sample) made ambiguous, and with no dates at all. */
const AMBIGUOUS = FILE.replace('25/11/2023', '05/11/2023');
const UNDATED = FILE.replace(/\d{2}\/\d{2}\/\d{4}/g, '');

const reader = async () => {
  const user = await createUser({ verified: true });
  return { user, viewer: { ...testViewer(user), emailVerified: true } satisfies Viewer };
};

/** The import's page as the reader sees it, its text without tags. */
async function pageText(cookie: string, id: string): Promise<string> {
  const url = `http://localhost:3000/configuracoes/importacoes/${id}`;
  const data = await call(importPage.loader, new Request(url, { headers: { Cookie: cookie } }), { id });
  return renderPage(importPage.default, data, `/configuracoes/importacoes/${id}`)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:])/g, '$1');
}

describe('the preview of a reader import says what the bookshelf gets, over the whole file', () => {
  it('counts the rows by status, with a rating and per custom shelf, past the sample', async () => {
    const parsed = parseReaderImportFile(FILE);
    expect(parsed.summary).toEqual({
      statuses: { read: 9, want_to_read: 6, reading: 2, abandoned: 1, paused: 1 },
      rated: 7,
      shelves: [
        { name: 'favorites', books: 5 },
        { name: 'clássicos', books: 2 },
      ],
      scientificIsbns: 4,
      dates: 'detected',
    });

    const { user, viewer } = await reader();
    const { id } = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: FILE });
    const preview = await readReaderImport(viewer, id);
    // The sample shows 15 rows; the counts are the whole file's.
    expect(preview.sample).toHaveLength(15);
    expect(preview.counts).toMatchObject({ noStatus: 1, file: parsed.summary });

    const text = await pageText(user.cookie, id);
    expect(text).toContain('Na sua estante: 9 lidos, 6 quero ler, 2 lendo, 1 abandonado, 1 pausado.');
    expect(text).toContain('1 linha não tem status');
    expect(text).toContain('7 com nota.');
    expect(text).toContain('Nas estantes personalizadas: favorites: 5 livros; clássicos: 2 livros.');
  });

  it('gives the total of rows whose ISBN a spreadsheet put in scientific notation, not only those of the sample', async () => {
    const { user, viewer } = await reader();
    const { id } = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: FILE });
    // The sample shows 15 rows, with one of the four ruined ISBNs (the fifth ruined cell shares a row with another).
    const preview = await readReaderImport(viewer, id);
    expect(preview.sample.filter((row) => row.warnings.some((w) => w.includes('notação científica')))).toHaveLength(1);
    expect(await pageText(user.cookie, id)).toContain(
      '4 linhas têm o ISBN em notação científica (como “9.78854E+12”): uma planilha estragou o número, e esses livros são procurados pelo título e autor.',
    );
  });

  it('keeps the summary while the reader answers suggestions, and counts it again when the file is read with another column', async () => {
    const { viewer } = await reader();
    const { id } = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: FILE });
    const first = await readReaderImport(viewer, id);
    // Every answer counts the outcomes again from the rows.
    await acceptAllSuggestions(viewer, id);
    expect((await readReaderImport(viewer, id)).counts).toMatchObject({ noStatus: 1, file: first.counts.file });

    // Without the ISBN13 column, only the ISBN column's one ruined cell is left.
    await adjustReaderImport(viewer, id, { mapping: { ...first.mapping, isbn13: '' } });
    expect((await readReaderImport(viewer, id)).counts.file).toMatchObject({ scientificIsbns: 1, rated: 7 });
  });
});

describe('the date order of a reader import', () => {
  it('is asked only when the file’s dates leave it open; an order the file settles is said, and a file without dates says nothing', async () => {
    const { user, viewer } = await reader();
    const question = 'Como as datas estão escritas?';

    const detected = await createReaderImport(viewer, { fileName: 'detectado.csv', text: FILE });
    const detectedText = await pageText(user.cookie, detected.id);
    expect(detectedText).not.toContain(question);
    expect(detectedText).toContain('Datas lidas como dia/mês/ano (31/12/2025)');

    const undated = await createReaderImport(viewer, { fileName: 'sem-datas.csv', text: UNDATED });
    expect((await readReaderImport(viewer, undated.id)).counts.file?.dates).toBe('none');
    const undatedText = await pageText(user.cookie, undated.id);
    expect(undatedText).not.toContain(question);
    expect(undatedText).not.toContain('Datas lidas como');

    const ambiguous = await createReaderImport(viewer, { fileName: 'ambiguo.csv', text: AMBIGUOUS });
    const ambiguousText = await pageText(user.cookie, ambiguous.id);
    expect(ambiguousText).toContain(question);
    expect(ambiguousText).toContain('não dá para saber sozinho');

    // Read again through the page's form, which sends no order when it asked none: the file's own stands.
    const columns = Object.entries((await readReaderImport(viewer, detected.id)).mapping).map(([field, name]) => [`coluna_${field}`, name]);
    const url = `http://localhost:3000/configuracoes/importacoes/${detected.id}`;
    const body = new URLSearchParams([['intent', 'ajustar'], ...columns]);
    const headers = { Origin: 'http://localhost:3000', Cookie: user.cookie };
    expect(await call(importPage.action, new Request(url, { method: 'POST', body, headers }), { id: detected.id })).toEqual({
      success: 'Lemos o arquivo de novo com as suas escolhas.',
    });
    expect(await readReaderImport(viewer, detected.id)).toMatchObject({ dateOrder: 'dmy', dateOrderDetected: true });
    // The reader's answer, when asked, wins.
    await adjustReaderImport(viewer, ambiguous.id, { mapping: (await readReaderImport(viewer, ambiguous.id)).mapping, dateOrder: 'mdy' });
    expect(await readReaderImport(viewer, ambiguous.id)).toMatchObject({ dateOrder: 'mdy', dateOrderDetected: false });
  });
});

describe('the report of a reader import', () => {
  it('repeats how many rows found their edition in the catalogue and how many entered it as pending editions', async () => {
    const { user, viewer } = await reader();
    await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], isbn: '9786580309313' });
    await createEdition({ title: 'Tudo É Rio', authors: ['Carla Madeira'], isbn: '9786555600735' });
    await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'] });
    const { id } = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: FILE });
    await confirmReaderImport(viewer, id);
    await runReaderImport(id);

    expect((await readReaderImport(viewer, id)).counts).toMatchObject({ added: 20, catalogMatched: 3, catalogCreated: 17 });
    const text = await pageText(user.cookie, id);
    expect(text).toContain('3 livros encontrados no catálogo');
    expect(text).toContain('17 livros entraram no catálogo como edições novas, marcadas para os curadores revisarem');

    // The same file again: every row finds the edition the first import created.
    const again = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: FILE });
    await confirmReaderImport(viewer, again.id);
    await runReaderImport(again.id);
    expect((await readReaderImport(viewer, again.id)).counts).toMatchObject({ unchanged: 20, catalogMatched: 20 });
    expect((await readReaderImport(viewer, again.id)).counts.catalogCreated).toBeUndefined();
  });
});

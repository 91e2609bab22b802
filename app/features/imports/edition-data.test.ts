import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { call, type Failure } from '../../../test/routes';
import * as importPage from '../../routes/configuracoes.importacoes.$id';
import { runReaderImport } from './job.server';
import { confirmReaderImport, createReaderImport } from './mutations.server';
import { readReaderImport } from './queries.server';

useTestDatabase();

/** Small files of the shape real exports have (issue 26): Goodreads' edition columns, StoryGraph's Format and an empty status. */
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const GOODREADS = fixture('goodreads-edition-data.csv');
const STORYGRAPH = fixture('storygraph-format-and-empty-status.csv');

const reader = async () => {
  const user = await createUser({ verified: true });
  return { user, viewer: { ...testViewer(user), emailVerified: true } satisfies Viewer };
};

type EditionRow = {
  title: string;
  format: string;
  pages: number | null;
  publisher: string | null;
  published: string | null;
  first: number | null;
  pending: boolean;
};
const editionsByTitle = async (titles: string[]) =>
  queryRows<EditionRow>(sql`
    SELECT e.title, e.format, e.pages, e.publisher, e.publication_date AS published, w.first_published_year AS first, e.pending_since IS NOT NULL AS pending
    FROM editions e JOIN works w ON w.id = e.work_id
    WHERE e.title IN (SELECT jsonb_array_elements_text(${JSON.stringify(titles)}::jsonb)) ORDER BY e.title`);

type ShelfRow = { title: string; status: string; undated_readings: number; readings: number };
const shelfOf = (userId: string) =>
  queryRows<ShelfRow>(sql`
    SELECT e.title, s.status, s.undated_readings, (SELECT count(*)::int FROM read_throughs r WHERE r.shelf_entry_id = s.id) AS readings
    FROM shelf_entries s JOIN editions e ON e.id = s.edition_id WHERE s.user_id = ${userId} ORDER BY e.title`);

describe('a reader import keeps the edition data of the file', () => {
  it('gives pending editions the format, pages, publisher and years of a Goodreads file, and proposes what a matched edition lacks to the curators', async () => {
    const { viewer } = await reader();
    const rio = await createEdition({ title: 'Tudo É Rio', authors: ['Carla Madeira'], isbn: '9786555600735' });
    const torto = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], isbn: '9786580309313', publisher: 'Todavia', pages: 264 });

    const { id } = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: GOODREADS });
    expect((await readReaderImport(viewer, id)).counts).toMatchObject({ new: 5, isbn: 3 });
    await confirmReaderImport(viewer, id);
    await runReaderImport(id);

    expect(await editionsByTitle(['O Avesso da Pele', 'Os Supridores', 'Pequeno Manual Antirracista', 'Solitária', 'Vista Chinesa'])).toEqual([
      { title: 'O Avesso da Pele', format: 'ebook', pages: 192, publisher: 'Companhia das Letras', published: '2020', first: 2020, pending: true },
      { title: 'Os Supridores', format: 'brochura', pages: 304, publisher: 'Todavia', published: '2020', first: 2020, pending: true },
      { title: 'Pequeno Manual Antirracista', format: 'audiolivro', pages: null, publisher: 'Audible Studios', published: '2021', first: 2019, pending: true },
      { title: 'Solitária', format: 'capa_dura', pages: 168, publisher: 'Companhia das Letras', published: '2022', first: 2022, pending: true },
      // "Board book" is none of our formats: the default stays, nothing is made up.
      { title: 'Vista Chinesa', format: 'brochura', pages: 112, publisher: 'Todavia', published: '2021', first: null, pending: true },
    ]);

    // The matched editions are not touched: what they lack waits for a curator, one request per edition (the
    // file has Tudo É Rio twice), and only for the fields that are empty (Torto Arado has its pages and publisher).
    expect(await editionsByTitle(['Torto Arado', 'Tudo É Rio'])).toMatchObject([
      { title: 'Torto Arado', pages: 264, publisher: 'Todavia', published: null, pending: false },
      { title: 'Tudo É Rio', pages: null, publisher: null, published: null, pending: false },
    ]);
    const requests = () =>
      queryRows<{ edition_id: string; kind: string; status: string; requester_id: string; applied_directly: boolean; changes: unknown }>(
        sql`SELECT edition_id, kind, status, requester_id, applied_directly, changes FROM change_requests ORDER BY target_label`,
      );
    expect(await requests()).toEqual([
      {
        edition_id: torto,
        kind: 'edition_edit',
        status: 'pending',
        requester_id: viewer.id,
        applied_directly: false,
        changes: [{ field: 'publicationDate', before: null, after: '2019' }],
      },
      {
        edition_id: rio,
        kind: 'edition_edit',
        status: 'pending',
        requester_id: viewer.id,
        applied_directly: false,
        changes: [
          { field: 'publisher', before: null, after: 'Record' },
          { field: 'publicationDate', before: null, after: '2021' },
          { field: 'pages', before: null, after: '210' },
        ],
      },
    ]);

    // The same file again proposes nothing new: the requests are still waiting.
    const again = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: GOODREADS });
    await confirmReaderImport(viewer, again.id);
    await runReaderImport(again.id);
    expect(await requests()).toHaveLength(2);
  });
});

describe('rows without a status', () => {
  it('never become read nor invent a reading: the preview counts them, "quero ler" by default, and StoryGraph’s Format is kept', async () => {
    const { viewer } = await reader();
    const { id } = await createReaderImport(viewer, { fileName: 'storygraph.csv', text: STORYGRAPH });
    expect((await readReaderImport(viewer, id)).counts).toMatchObject({ new: 4, noStatus: 2 });
    await confirmReaderImport(viewer, id);
    await runReaderImport(id);
    expect(await shelfOf(viewer.id)).toEqual([
      { title: 'A Vida Invisível de Eurídice Gusmão', status: 'read', undated_readings: 0, readings: 1 },
      { title: 'Becos da Memória', status: 'want_to_read', undated_readings: 0, readings: 0 },
      { title: "Olhos d'Água", status: 'want_to_read', undated_readings: 0, readings: 0 },
      { title: 'Ponciá Vicêncio', status: 'want_to_read', undated_readings: 0, readings: 0 },
    ]);
    expect(
      (await editionsByTitle(['A Vida Invisível de Eurídice Gusmão', 'Becos da Memória', "Olhos d'Água", 'Ponciá Vicêncio'])).map((e) => [e.title, e.format]),
    ).toEqual([
      ['A Vida Invisível de Eurídice Gusmão', 'ebook'],
      ['Becos da Memória', 'audiolivro'],
      ["Olhos d'Água", 'brochura'],
      ['Ponciá Vicêncio', 'capa_dura'],
    ]);
  });

  it('are left out when the reader says so in the preview; a wrong answer keeps the preview, with the reason next to the question', async () => {
    const { user, viewer } = await reader();
    const { id } = await createReaderImport(viewer, { fileName: 'storygraph.csv', text: STORYGRAPH });
    const post = (fields: Record<string, string>) =>
      call(
        importPage.action,
        new Request(`http://localhost:3000/configuracoes/importacoes/${id}`, {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: { Origin: 'http://localhost:3000', Cookie: user.cookie },
        }),
        { id },
      );

    const refused = (await post({ intent: 'confirmar', sem_status: 'talvez' })) as Failure;
    expect(refused.init.status).toBe(400);
    expect(refused.data.fields.sem_status).toBe('talvez');
    expect(refused.data.fieldErrors.sem_status).toBe('Escolha o que fazer com as linhas sem status.');
    expect((await readReaderImport(viewer, id)).status).toBe('preview');

    const done = (await post({ intent: 'confirmar', sem_status: 'ignorar' })) as Response;
    expect(done.status).toBe(302);
    await runReaderImport(id);
    expect((await readReaderImport(viewer, id)).counts).toMatchObject({ added: 2, ignored: 2 });
    expect((await shelfOf(viewer.id)).map((e) => e.title)).toEqual(['A Vida Invisível de Eurídice Gusmão', "Olhos d'Água"]);
    // No pending edition is created for a row left out.
    expect(await editionsByTitle(['Becos da Memória', 'Ponciá Vicêncio'])).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import { archiveData } from '~/features/export/archive.server';
import { setReadingGoal } from '~/features/reading/goals/goals.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { publishReview } from '~/features/reading/reviews/reviews.server';
import { addToShelf, createShelf } from '~/features/reading/shelves/custom-shelves.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { shelve } from '../../../test/reading-factories';
import { readMaratonaArchive, readMaratonaData } from './archive.server';
import { runReaderImport } from './job.server';
import { confirmReaderImport, createReaderImport } from './mutations.server';
import { readReaderImport } from './queries.server';
import { ImportFileError } from './parse/read-file';

useTestDatabase();

const verified = async (): Promise<Viewer> => ({ ...testViewer(await createUser({ verified: true })), emailVerified: true });

async function importArchive(viewer: Viewer, bytes: Uint8Array) {
  const { id } = await createReaderImport(viewer, { fileName: 'maratona.zip', ...(await readMaratonaArchive(bytes)) });
  await confirmReaderImport(viewer, id);
  await runReaderImport(id);
  return readReaderImport(viewer, id);
}

/** A reader's reading life as the pages show it, without ids: entries, readings, review, shelves, goals. */
async function readingLife(userId: string) {
  const entries = await queryRows(sql`
    SELECT e.title, s.status, s.rating_quarters, s.undated_readings, s.favorite, s.notes,
      (SELECT json_agg(json_build_object('started', r.started_on, 'finished', r.finished_on) ORDER BY r.started_on NULLS FIRST, r.finished_on) FROM read_throughs r WHERE r.shelf_entry_id = s.id) AS readings,
      (SELECT v.body FROM reviews v WHERE v.shelf_entry_id = s.id AND v.published_at IS NOT NULL) AS review
    FROM shelf_entries s JOIN editions e ON e.id = s.edition_id WHERE s.user_id = ${userId} ORDER BY e.title`);
  const shelves = await queryRows(sql`
    SELECT sh.name, sh.description, sh.visibility, (SELECT json_agg(e.title ORDER BY i.position) FROM shelf_items i JOIN shelf_entries s ON s.id = i.shelf_entry_id JOIN editions e ON e.id = s.edition_id WHERE i.shelf_id = sh.id) AS books
    FROM shelves sh WHERE sh.user_id = ${userId} ORDER BY sh.name`);
  const goals = await queryRows(sql`SELECT year, books_target, pages_target FROM reading_goals WHERE user_id = ${userId} ORDER BY year`);
  return { entries, shelves, goals };
}

describe('importing a full archive (zip)', () => {
  it('brings the bookshelf back as it was, with the custom shelves’ audience and description and the reading goals; twice changes nothing', async () => {
    const before = await verified();
    const torto = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], isbn: '9786580309313' });
    const hora = await createEdition({ title: 'A Hora da Estrela', authors: ['Clarice Lispector'] });
    await shelve(before.id, torto, { status: 'read', rating: 4.25, reads: [{ started: '2025-04-01', finished: '2025-04-21' }, { finished: '2023-01-10' }] });
    await queryRows(sql`UPDATE shelf_entries SET notes = 'Reler em 2027.', favorite = true, undated_readings = 1 WHERE user_id = ${before.id}`);
    await publishReview(before, torto, { body: 'Bibiana e Belonísia.', spoiler: false, visibility: 'publico' });
    await setShelfStatus(before, hora, 'reading');
    const secret = await createShelf(before, { name: 'Só para mim', description: 'Os que me marcaram', visibility: 'privado' });
    await addToShelf(before, secret, { editionId: hora });
    await addToShelf(before, secret, { editionId: torto });
    await setReadingGoal(before, 2025, { books: 30, pages: null });
    const { data } = await archiveData(before.id);
    const zip = zipSync({ 'data.json': strToU8(JSON.stringify(data)), 'imagens/avatar.webp': new Uint8Array([1, 2, 3]) });

    // The same person in a new account (the old one deleted, say).
    const after = await verified();
    const report = await importArchive(after, zip);
    expect(report).toMatchObject({ source: 'maratona', status: 'done', counts: { id: 2, added: 2 } });
    const expected = await readingLife(before.id);
    expect(expected.shelves).toEqual([
      { name: 'Só para mim', description: 'Os que me marcaram', visibility: 'privado', books: ['A Hora da Estrela', 'Torto Arado'] },
    ]);
    expect(await readingLife(after.id)).toEqual(expected);

    const again = await importArchive(after, zip);
    expect(again.counts).toMatchObject({ unchanged: 2 });
    expect(await readingLife(after.id)).toEqual(expected);
  });

  it('never makes a shelf wider than a restricted profile allows, nor replaces the reader’s own goal', async () => {
    const before = await verified();
    const torto = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'] });
    await setShelfStatus(before, torto, 'read');
    const open = await createShelf(before, { name: 'Para todo mundo', description: '', visibility: 'publico' });
    await addToShelf(before, open, { editionId: torto });
    await setReadingGoal(before, 2025, { books: 30, pages: null });
    const { data } = await archiveData(before.id);

    const after = await verified();
    await queryRows(sql`UPDATE users SET profile_visibility = 'restrito' WHERE id = ${after.id}`);
    await setReadingGoal(after, 2025, { books: 12, pages: null });
    const { id } = await createReaderImport(after, { fileName: 'data.json', ...readMaratonaData(JSON.stringify(data)) });
    await confirmReaderImport(after, id);
    await runReaderImport(id);
    const life = await readingLife(after.id);
    expect(life.shelves).toEqual([{ name: 'Para todo mundo', description: '', visibility: 'seguidores', books: ['Torto Arado'] }]);
    expect(life.goals).toEqual([{ year: 2025, books_target: 12, pages_target: null }]);
  });

  it('explains in Portuguese a zip that is not an archive of ours, a damaged one, and one from a newer version', async () => {
    const message = async (read: () => unknown) => {
      try {
        await read();
      } catch (error) {
        if (error instanceof ImportFileError) return error.message;
        throw error;
      }
      return null;
    };
    expect(await message(() => readMaratonaArchive(strToU8('não é um zip')))).toMatch(/Não conseguimos abrir este \.zip/);
    expect(await message(() => readMaratonaArchive(zipSync({ 'outro.txt': strToU8('oi') })))).toMatch(/não encontramos o data\.json/);
    expect(await message(() => readMaratonaArchive(zipSync({ 'data.json': strToU8('{"format": "maratona", "version": 1') })))).toMatch(/danificado/);
    expect(await message(() => readMaratonaData(JSON.stringify({ format: 'maratona', version: 99, bookshelf: [] })))).toMatch(/versão mais nova/);
    expect(await message(() => readMaratonaData(JSON.stringify({ format: 'outro', version: 1 })))).toMatch(/não está no formato do Maratona/);
  });
});

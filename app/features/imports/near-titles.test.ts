import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import { searchEditions } from '~/features/catalog/search.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { runReaderImport } from './job.server';
import { sameBook } from './match.server';
import { acceptAllSuggestions, confirmReaderImport, createReaderImport, decideImportRow } from './mutations.server';
import { readReaderImport } from './queries.server';

useTestDatabase();

/**
 * Issue 26, items 7 and 8: a Goodreads file of the shape real exports have — sequels, volumes and omnibuses of
 * books the catalogue has, other-language editions, and the raw titles Goodreads writes.
 */
const FILE = readFileSync(path.join(import.meta.dirname, 'fixtures', 'goodreads-near-titles.csv'), 'utf8');

const reader = async (): Promise<Viewer> => ({ ...testViewer(await createUser({ verified: true })), emailVerified: true });

describe('near titles', () => {
  it('never takes a sequel, a volume or a longer title for the same book, and tells another language apart', () => {
    expect(sameBook('Ready Player Two', 'Ready Player One')).toBeNull();
    expect(sameBook('Ready Player Two', 'Ready Player')).toBeNull();
    expect(sameBook('Duna II', 'Duna')).toBeNull();
    expect(sameBook('Duna #2', 'Duna #1')).toBeNull();
    expect(sameBook('1Q84 #1-2', '1Q84')).toBeNull();
    expect(sameBook('The Housemaid’s Secret', 'The Housemaid')).toBeNull();
    expect(sameBook('Elevación', 'Elevation')).toBe('work');
    expect(sameBook('Elevation', 'Elevation', 'es')).toBe('work');
    expect(sameBook('La vegetariana', 'The Vegetarian')).toBe('work');
    // Near titles of one edition stay suggestions: a shortened title, an edition note, a typo, an article.
    expect(sameBook('Memórias Póstumas', 'Memórias Póstumas de Brás Cubas')).toBe('edition');
    expect(sameBook('Dom Casmurro', 'Dom Casmurro Edição de Bolso')).toBe('edition');
    expect(sameBook('Torto Arrado', 'Torto Arado')).toBe('edition');
    expect(sameBook('Senhor dos Anéis', 'O Senhor dos Anéis')).toBe('edition');
    expect(sameBook('1984', '1984')).toBe('edition');
  });

  it('suggests no different book, offers another language as another edition of the work, and "all the same" leaves those alone', async () => {
    const viewer = await reader();
    await createEdition({ title: 'The Housemaid', authors: ['Freida McFadden'] });
    await createEdition({ title: 'Ready Player One', authors: ['Ernest Cline'] });
    await createEdition({ title: '1Q84', authors: ['Haruki Murakami'] });
    const elevation = await createEdition({ title: 'Elevation', authors: ['Stephen King'], language: 'en' });
    const vegetarian = await createEdition({ title: 'The Vegetarian', authors: ['Han Kang'], language: 'en' });
    const vidas = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'] });
    const bras = await createEdition({ title: 'Memórias Póstumas de Brás Cubas', authors: ['Machado de Assis'] });

    const { id } = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: FILE });
    const preview = await readReaderImport(viewer, id);
    const outcome = (line: number) => preview.sample.find((r) => r.line === line)?.outcome;
    // The sequel, the next volume, the omnibus: new books, not suggestions.
    expect([outcome(2), outcome(3), outcome(4)]).toEqual(['new', 'new', 'new']);
    expect(outcome(7)).toBe('title');
    expect(preview.sample.find((r) => r.line === 7)?.editionId).toBe(vidas);
    expect(preview.toConfirm.map((r) => [r.line, r.suggestion?.id, r.otherEdition])).toEqual([
      [5, elevation, true],
      [6, vegetarian, true],
      [8, bras, false],
    ]);

    // "É o mesmo livro em todas" covers only the suggestions of the same edition.
    await acceptAllSuggestions(viewer, id);
    const after = await readReaderImport(viewer, id);
    expect(after.toConfirm.map((r) => [r.line, r.outcome])).toEqual([
      [5, 'confirm'],
      [6, 'confirm'],
      [8, 'chosen'],
    ]);
    // "É a mesma obra": a new edition of that work, never the suggested edition itself.
    await decideImportRow(viewer, id, 5, { kind: 'accept' });
    expect((await readReaderImport(viewer, id)).toConfirm.find((r) => r.line === 5)).toMatchObject({ outcome: 'new', editionId: null, sameWork: true });

    await confirmReaderImport(viewer, id);
    await runReaderImport(id);
    const [elevacion] = await queryRows<{ id: string; title: string; language: string; same_work: boolean }>(sql`
      SELECT e.id, e.title, e.language, e.work_id = (SELECT work_id FROM editions WHERE id = ${elevation}) AS same_work
      FROM editions e WHERE e.title = 'Elevación'`);
    expect(elevacion).toMatchObject({ title: 'Elevación', language: 'es', same_work: true });
    expect(elevacion!.id).not.toBe(elevation);
  });

  it('cleans the titles of the editions an import creates, and ranks them below reviewed ones in search', async () => {
    const viewer = await reader();
    const { id } = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: FILE });
    await confirmReaderImport(viewer, id);
    await runReaderImport(id);
    const created = await queryRows<{ title: string; subtitle: string | null; language: string; series: string | null; position: string | null }>(sql`
      SELECT e.title, e.subtitle, e.language, c.name AS series, m.position::text AS position
      FROM editions e LEFT JOIN collection_members m ON m.edition_id = e.id LEFT JOIN collections c ON c.id = m.collection_id
      WHERE e.pending_since IS NOT NULL AND e.title IN ('Cien años de soledad', 'Sapiens', 'Fourth Wing', 'O Avesso da Pele') ORDER BY e.title`);
    expect(created).toEqual([
      { title: 'Cien años de soledad', subtitle: null, language: 'es', series: null, position: null },
      { title: 'Fourth Wing', subtitle: null, language: 'pt', series: 'The Empyrean', position: '1' },
      { title: 'O Avesso da Pele', subtitle: null, language: 'pt', series: null, position: null },
      { title: 'Sapiens', subtitle: 'A Brief History of Humankind', language: 'pt', series: null, position: null },
    ]);
    const raw = await queryRows<{ title: string }>(sql`SELECT title FROM editions WHERE title LIKE '%Edition)%' OR title LIKE '%::%' OR title LIKE '%#%'`);
    expect(raw.filter((r) => r.title !== '1Q84 #1-2')).toEqual([]);

    // A reviewed edition of the same title comes first, however many readers the pending one has.
    const reviewed = await createEdition({ title: 'Cien años de soledad', authors: ['Gabriel García Márquez'], isbn: '9780307474728', language: 'es' });
    await queryRows(sql`UPDATE editions SET readers_count = 50 WHERE title = 'Cien años de soledad' AND pending_since IS NOT NULL`);
    const found = await searchEditions('cien años de soledad');
    expect(found.items[0]?.id).toBe(reviewed);
    expect(found.items).toHaveLength(2);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { useTestDatabase } from '../../../test/db';
import { ingestEdition, ingestEditions } from './ingest/editions.server';
import type { EditionSource } from './vocabulary';

useTestDatabase();

const ingest = (sources: EditionSource[]) => getDb().transaction((tx) => ingestEditions(tx, sources));
const count = async (table: string) => Number((await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n);

describe('ingesting editions in one go', () => {
  it('gives what taking them one by one would: one author, work and edition for the same book given twice, in the list or already there', async () => {
    const before = await getDb().transaction((tx) =>
      ingestEdition(tx, { title: 'Vidas Secas', authors: ['Graciliano Ramos'], isbn: '9788501000002', publisher: 'Record' }),
    );
    const results = await ingest([
      // The same ISBN as the catalogue: that edition.
      { title: 'Vidas secas (outra grafia)', authors: ['Outro Nome'], isbn: '978-85-01-00000-2' },
      // A new book by a new author, twice in the list (second time without ISBN, same publisher): one edition.
      { title: 'O Livro Novo', authors: ['Autora  Nova'], isbn: '9788535914849', publisher: 'Companhia' },
      { title: 'O livro novo', authors: ['Autora Nova'], publisher: 'companhia' },
      // The same ISBN twice in the list: the first source's edition.
      { title: 'Repetido', authors: ['Terceira Autora'], isbn: '9788575591000' },
      { title: 'Repetido de novo', authors: ['Quarta Autora'], isbn: '9788575591000' },
      // Another edition (other publisher) of a work already there: the same work, enriched, not overwritten.
      { title: 'Vidas Secas!', authors: ['Graciliano Ramos'], publisher: 'José Olympio', originalTitle: 'Vidas Secas', genres: ['romance', 'classicos'] },
      // A work credited to nobody meets only another such work.
      { title: 'Revista Piauí', authors: [], publisher: 'Alvinegra' },
      { title: 'Revista Piauí', authors: [], publisher: 'Alvinegra' },
    ]);

    expect(results.map((r) => r.created)).toEqual([false, true, false, true, false, true, true, false]);
    expect(results[0]).toEqual({ ...before, created: false });
    expect(results[2]!.editionId).toBe(results[1]!.editionId);
    expect(results[4]!.editionId).toBe(results[3]!.editionId);
    expect(results[5]!.workId).toBe(before.workId);
    expect(results[7]!.editionId).toBe(results[6]!.editionId);
    expect(new Set(results.map((r) => r.editionId)).size).toBe(5);

    // "Outro Nome" and "Quarta Autora" came only with an edition already known: nobody creates them.
    const names = (await queryRows<{ name: string }>(sql`SELECT name FROM authors ORDER BY name`)).map((r) => r.name);
    expect(names).toEqual(['Autora Nova', 'Graciliano Ramos', 'Terceira Autora']);
    expect(await count('works')).toBe(4);
    const [work] = await queryRows<{ original_title: string; genres: string[] }>(sql`SELECT original_title, genres FROM works WHERE id = ${before.workId}`);
    expect(work).toEqual({ original_title: 'Vidas Secas', genres: ['romance', 'classicos'] });
    // Followers of the authors hear about each new edition once.
    expect(await count('new_edition_alerts')).toBe(5);
  });

  it('finds or creates contributors and collections once, each edition in its place', async () => {
    const results = await ingest([
      { title: 'A Sociedade do Anel', authors: ['J.R.R. Tolkien'], translators: ['Lenita Esteves'], collection: { name: 'O Senhor dos Anéis', position: 1 } },
      {
        title: 'As Duas Torres',
        authors: ['J.R.R. Tolkien'],
        translators: ['Lenita Esteves', 'Almiro Pisetta'],
        collection: { name: 'o senhor dos aneis', position: 2 },
      },
    ]);
    expect(results.every((r) => r.created)).toBe(true);
    expect(results[1]!.workId).not.toBe(results[0]!.workId);
    expect(await queryRows(sql`SELECT name, kind FROM collections`)).toEqual([{ name: 'O Senhor dos Anéis', kind: 'series' }]);
    const members = await queryRows<{ edition_id: string; position: number }>(sql`SELECT edition_id, position FROM collection_members ORDER BY position`);
    expect(members).toEqual([
      { edition_id: results[0]!.editionId, position: 1 },
      { edition_id: results[1]!.editionId, position: 2 },
    ]);
    const credits = await queryRows(
      sql`SELECT a.name, c.position FROM edition_contributors c JOIN authors a ON a.id = c.author_id WHERE c.edition_id = ${results[1]!.editionId} ORDER BY c.position`,
    );
    expect(credits).toEqual([
      { name: 'Lenita Esteves', position: 0 },
      { name: 'Almiro Pisetta', position: 1 },
    ]);
    expect(await count('authors')).toBe(3);
  });
});

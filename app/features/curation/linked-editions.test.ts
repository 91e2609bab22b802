import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { getDb } from '~/db/client.server';
import { LINK_SOURCES, type LinkSource } from './link-sources.server';
import { listMostLinkedEditions, refreshLinkCounts } from './linked-editions.server';
import { createChangeRequest, withdrawChangeRequest } from './mutations.server';

useTestDatabase();

async function linkFixtures() {
  const reader = await createUser();
  const popular = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176, isbn: '9788501008237' });
  const middle = await createEdition({ title: 'São Bernardo', authors: ['Graciliano Ramos'] });
  const clicked = await createEdition({ title: 'Angústia', authors: ['Graciliano Ramos'], pages: 280 });
  const unlinked = await createEdition({ title: 'Caetés', authors: ['Graciliano Ramos'] });
  await getDb().execute(sql`UPDATE editions SET readers_count = 7 WHERE id = ${popular}`);
  await getDb().execute(sql`INSERT INTO collections (id, name) VALUES ('c1', 'Coleção Graciliano'), ('c2', 'Clássicos')`);
  await getDb().execute(sql`INSERT INTO collection_members (collection_id, edition_id) VALUES ('c1', ${popular}), ('c1', ${middle}), ('c2', ${middle})`);
  await getDb().execute(sql`INSERT INTO affiliate_clicks (id, asin, edition_id) VALUES ('k1', 'B000000001', ${clicked})`);
  const viewer = testViewer(reader);
  await createChangeRequest(viewer, { kind: 'edition_edit', target: middle, changes: [{ field: 'pages', before: null, after: '200' }], note: '' });
  const withdrawn = await createChangeRequest(viewer, {
    kind: 'edition_edit',
    target: clicked,
    changes: [{ field: 'pages', before: '280', after: '281' }],
    note: '',
  });
  await withdrawChangeRequest(viewer, withdrawn.code);
  return { popular, middle, clicked, unlinked };
}

describe('mais vinculadas', () => {
  it('ranks linked editions by their links per source and in total, with their gaps, filtered by gap', async () => {
    const { popular, middle, clicked, unlinked } = await linkFixtures();
    const curator = testViewer(await createUser({ role: 'curator' }), 'curator');
    await refreshLinkCounts();

    const all = await listMostLinkedEditions(curator, { flags: [], page: 1 });
    expect(all.sources.map((s) => s.key)).toEqual(LINK_SOURCES.map((s) => s.key));
    expect(all.items.map((e) => [e.id, e.total])).toEqual([
      [popular, 8],
      [middle, 3],
      [clicked, 1],
    ]);
    expect(all.items.map((e) => e.id)).not.toContain(unlinked);
    expect(all.items[0]?.counts).toEqual({ readers: 7, collections: 1, affiliateClicks: 0, changeRequests: 0 });
    // The withdrawn request does not count; the pending one does.
    expect(all.items[1]?.counts).toEqual({ readers: 0, collections: 2, affiliateClicks: 0, changeRequests: 1 });
    expect(all.items.map((e) => e.flags)).toEqual([['cover'], ['cover', 'isbn', 'pages'], ['cover', 'isbn']]);
    expect(all.items.map((e) => e.rank)).toEqual([1, 2, 3]);
    expect([all.total, all.totalCapped, all.refreshedAt !== null]).toEqual([3, false, true]);

    const noPages = await listMostLinkedEditions(curator, { flags: ['pages'], page: 1 });
    expect(noPages.items.map((e) => e.id)).toEqual([middle]);
    const noIsbnNoPages = await listMostLinkedEditions(curator, { flags: ['isbn', 'pages'], page: 1 });
    expect(noIsbnNoPages.items.map((e) => e.id)).toEqual([middle]);
    expect((await listMostLinkedEditions(curator, { flags: ['isbn'], page: 1 })).items.map((e) => e.id)).toEqual([middle, clicked]);

    // A gap fixed after the counts were computed drops out at once: the filter re-checks the live edition.
    await getDb().execute(sql`UPDATE editions SET pages = 210 WHERE id = ${middle}`);
    expect((await listMostLinkedEditions(curator, { flags: ['pages'], page: 1 })).items).toEqual([]);
    expect((await listMostLinkedEditions(curator, { flags: [], page: 2 })).items).toEqual([]);
  });

  it('takes its sources from the registry: a new source is one entry there', async () => {
    const { popular, clicked } = await linkFixtures();
    const curator = testViewer(await createUser({ role: 'admin' }), 'admin');
    const extra: LinkSource = { key: 'challengeLinks', label: 'Desafios', counts: sql`SELECT id AS edition_id, 5 AS n FROM editions WHERE id = ${clicked}` };
    await refreshLinkCounts([...LINK_SOURCES, extra]);
    const ranking = await listMostLinkedEditions(curator, { flags: [], page: 1 });
    expect(ranking.items.map((e) => [e.id, e.total])).toEqual([
      [popular, 8],
      [clicked, 6],
      [expect.any(String), 3],
    ]);
    await refreshLinkCounts([LINK_SOURCES[0]]);
    expect((await listMostLinkedEditions(curator, { flags: [], page: 1 })).items.map((e) => e.id)).toEqual([popular]);
  });

  it('answers "not found" to a reader', async () => {
    const reader = testViewer(await createUser());
    await expect(listMostLinkedEditions(reader, { flags: [], page: 1 })).rejects.toMatchObject({ code: 'not_found' });
  });
});

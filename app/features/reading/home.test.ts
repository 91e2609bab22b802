import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { block, follow, restrict, shelve, suspend } from '../../../test/reading-factories';
import { countQueries } from '~/server/query-count.server';
import type { Viewer } from '~/server/viewer.server';
import { ACTIVITY_MAX, listFollowingActivity } from './home.server';

useTestDatabase();

/**
 * The activity read both ways, which must agree: from the site's first changes in the page's order (one
 * statement), and from each followed reader (a second one). The window is cut exactly at the page's last change,
 * so it holds the page, and one change short of it, so it does not.
 */
async function activityBothWays(viewer: Viewer) {
  const fromRecent = await countQueries(() => listFollowingActivity(viewer));
  const order = await queryRows<{ id: string }>(sql`SELECT id FROM shelf_entries ORDER BY updated_at DESC, id`);
  const cut = order.findIndex((row) => row.id === fromRecent.result.at(-1)?.id) + 1;
  const atCut = await countQueries(() => listFollowingActivity(viewer, { recentWindow: cut }));
  const shortOfIt = await countQueries(() => listFollowingActivity(viewer, { recentWindow: cut - 1 }));
  expect([fromRecent.queries, atCut.queries, shortOfIt.queries]).toEqual([1, 1, 2]);
  expect(atCut.result).toEqual(fromRecent.result);
  expect(shortOfIt.result).toEqual(fromRecent.result);
  return fromRecent.result;
}

describe('activity of the readers I follow', () => {
  it('merges their latest changes into one newest-first list, whoever changed most', async () => {
    const [me, busy, quiet, restricted, blocker, blocked, suspended, pending, stranger] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
    ]);
    const editions: string[] = [];
    for (let i = 0; i < 12; i += 1) editions.push(await createEdition({ title: `Livro ${i}`, authors: ['Autora Teste'] }));
    for (const reader of [busy, quiet, restricted, blocker, blocked, suspended]) await follow(me.id, reader.id);
    await follow(me.id, pending.id, 'pending');
    await restrict(restricted.id);
    await block(blocker.id, me.id);
    await block(me.id, blocked.id);
    await suspend(suspended.id);
    // busy changed twelve books, the others a few: their changes interleave in time.
    for (const [reader, count] of [
      [busy, 12],
      [quiet, 4],
      [restricted, 3],
      [blocker, 3],
      [blocked, 3],
      [suspended, 3],
      [pending, 3],
      [stranger, 3],
    ] as const) {
      for (let i = 0; i < count; i += 1) await shelve(reader.id, editions[i]!);
    }
    await getDb().execute(sql`UPDATE shelf_entries SET updated_at = '2026-05-01T00:00:00Z'::timestamptz + (abs(hashtext(id)) % 9) * interval '1 minute'`);

    const activity = await activityBothWays(testViewer(me));
    // A restricted profile's activity is for its followers: I follow it, so it counts. A block either way, a
    // suspension, a pending request or no follow at all: never.
    const expected = await queryRows<{ id: string; edition_id: string; title: string }>(sql`
      SELECT se.id, se.edition_id, e.title FROM shelf_entries se JOIN editions e ON e.id = se.edition_id
      WHERE se.user_id IN (${busy.id}, ${quiet.id}, ${restricted.id}) ORDER BY se.updated_at DESC, se.id LIMIT ${ACTIVITY_MAX}`);
    expect(activity.map((a) => a.id)).toEqual(expected.map((r) => r.id));
    // The feed names each book, and carries nothing else of its card.
    expect(activity.map((a) => a.edition)).toEqual(expected.map((r) => ({ id: r.edition_id, title: r.title })));
    expect(activity.some((a) => a.reader.username === busy.username) && activity.some((a) => a.reader.username !== busy.username)).toBe(true);
  });

  it('with more readers than the page holds, shows the newest changes of all of them, ties included', async () => {
    const me = await createUser();
    const readers = await Promise.all(Array.from({ length: ACTIVITY_MAX + 2 }, () => createUser()));
    const editions: string[] = [];
    for (let i = 0; i < 3; i += 1) editions.push(await createEdition({ title: `Outro livro ${i}`, authors: ['Autor Teste'] }));
    const at = (minute: number) => `2026-06-01T00:${String(minute).padStart(2, '0')}:00Z`;
    // Reader k changed a book at minute 20 - k: the page's readers are the first ACTIVITY_MAX, the oldest of
    // them at minute 6. The first reader also changed a book at minute 6 (a tie with that one) and one at 5.
    for (const [k, reader] of readers.entries()) {
      await follow(me.id, reader.id);
      await shelve(reader.id, editions[0]!);
      await getDb().execute(sql`UPDATE shelf_entries SET updated_at = ${at(20 - k)}::timestamptz WHERE user_id = ${reader.id}`);
    }
    for (const [i, minute] of [
      [1, 6],
      [2, 5],
    ] as const) {
      await shelve(readers[0]!.id, editions[i]!);
      await getDb().execute(
        sql`UPDATE shelf_entries SET updated_at = ${at(minute)}::timestamptz WHERE user_id = ${readers[0]!.id} AND edition_id = ${editions[i]!}`,
      );
    }

    const activity = await activityBothWays(testViewer(me));
    const ids = readers.map((r) => r.id);
    const expected = await queryRows<{ id: string }>(
      sql`SELECT id FROM shelf_entries WHERE user_id IN ${ids} ORDER BY updated_at DESC, id LIMIT ${ACTIVITY_MAX}`,
    );
    expect(activity).toHaveLength(ACTIVITY_MAX);
    expect(activity.map((a) => a.id)).toEqual(expected.map((r) => r.id));
  });

  it('tells apart readers whose latest changes tie by their entries, as the page orders them', async () => {
    const me = await createUser();
    const readers = await Promise.all(Array.from({ length: ACTIVITY_MAX + 10 }, () => createUser()));
    const edition = await createEdition({ title: 'Livro do empate', authors: ['Autora Teste'] });
    for (const reader of readers) {
      await follow(me.id, reader.id);
      await shelve(reader.id, edition);
    }
    // Every followed reader changed a book at the same instant: the page is the first ACTIVITY_MAX by id.
    const ids = readers.map((r) => r.id);
    await getDb().execute(sql`UPDATE shelf_entries SET updated_at = '2026-07-01T00:00:00Z' WHERE user_id IN ${ids}`);

    const activity = await activityBothWays(testViewer(me));
    const expected = await queryRows<{ id: string }>(
      sql`SELECT id FROM shelf_entries WHERE user_id IN ${ids} ORDER BY updated_at DESC, id LIMIT ${ACTIVITY_MAX}`,
    );
    expect(activity.map((a) => a.id)).toEqual(expected.map((r) => r.id));
  });

  it('with less than a page of changes from the readers I follow, asks each of them and shows all their changes', async () => {
    const [me, friend, stranger] = await Promise.all([createUser(), createUser(), createUser()]);
    await follow(me.id, friend.id);
    const editions: string[] = [];
    for (let i = 0; i < 4; i += 1) editions.push(await createEdition({ title: `Mais um livro ${i}`, authors: ['Autora Teste'] }));
    for (const edition of editions) await shelve(friend.id, edition);
    for (const edition of editions) await shelve(stranger.id, edition);
    // The stranger's changes are the site's newest; the friend's four come after them.
    await getDb().execute(
      sql`UPDATE shelf_entries SET updated_at = CASE WHEN user_id = ${stranger.id} THEN now() ELSE now() - interval '1 day' END WHERE user_id IN (${friend.id}, ${stranger.id})`,
    );

    const { result, queries } = await countQueries(() => listFollowingActivity(testViewer(me)));
    expect(queries).toBe(2);
    expect(result.map((a) => a.reader.username)).toEqual(Array(4).fill(friend.username));
    expect(result.map((a) => a.edition.title).sort()).toEqual(['Mais um livro 0', 'Mais um livro 1', 'Mais um livro 2', 'Mais um livro 3']);
  });
});

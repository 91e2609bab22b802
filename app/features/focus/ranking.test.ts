import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { newId } from '~/lib/ids';
import { clearHtmlCache, listenForInvalidations } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, getRequest, testViewer } from '../../../test/factories';
import { dropped, kept, settled, visit, type Page } from '../../../test/page-cache';
import { block, follow, restrict, suspend } from '../../../test/reading-factories';
import { renderPage } from '../../../test/render';
import { call, statusOf } from '../../../test/routes';
import * as topPlayers from '../../routes/f';
import * as rankingPage from '../../routes/foca.ranking';
import { closeSession, lockRunning } from './closing.server';
import { getFollowingFocusRanking, getGlobalFocusRanking, listTopFocusPlayers } from './ranking.server';
import { giveUpFocusSession, startFocusSession } from './sessions.server';
import type { FocusRanking } from './types';

useTestDatabase();

let book: string;
beforeEach(async () => {
  book = await createEdition({ title: `Vidas Secas ${newId()}`, authors: ['Graciliano Ramos'], pages: 176 });
});

/** A session of `minutes` that ended at `endsAt` (an instant), closed as the reader finishing it: the server's close. */
async function credited(userId: string, endsAt: string, minutes: number) {
  const id = newId();
  await getDb().execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, started_at, ends_at)
    VALUES (${id}, ${userId}, ${book}, ${minutes}, ${endsAt}::timestamptz - make_interval(mins => ${minutes}), ${endsAt}::timestamptz)`);
  await getDb().transaction(async (tx) => {
    const row = await lockRunning(tx, sql`id = ${id}`);
    await closeSession(tx, row!, 'finished');
  });
}

const reader = async (options: { birthDate?: string } = {}) => {
  const user = await createUser(options);
  return { ...user, viewer: testViewer(user) as Viewer };
};
const listed = (ranking: FocusRanking) => ranking.rows.map((row) => [row.position, row.userId, row.minutes]);
const ids = (ranking: FocusRanking) => ranking.rows.map((row) => row.userId);
const NOW = new Date().toISOString();

describe('the focus ranking’s periods', () => {
  it('a session credited Sunday 23:59 in São Paulo is last week’s, one at Monday 00:00 this week’s; the month and all time have both', async () => {
    const ana = await reader();
    // Sunday 22 November 2026, 23:59 in São Paulo (UTC−3) and Monday 23 November, 00:00.
    await credited(ana.id, '2026-11-23T02:59:00Z', 30);
    await credited(ana.id, '2026-11-23T03:00:00Z', 25);
    const minutes = async (period: 'week' | 'month' | 'all', today: string) => (await getGlobalFocusRanking(ana.viewer, { period, today })).me?.minutes ?? null;
    expect(await minutes('week', '2026-11-23')).toBe(25);
    expect(await minutes('week', '2026-11-29')).toBe(25);
    expect(await minutes('week', '2026-11-22')).toBe(30);
    expect(await minutes('week', '2026-11-30')).toBeNull();
    expect(await minutes('month', '2026-11-23')).toBe(55);
    expect(await minutes('month', '2026-12-01')).toBeNull();
    expect(await minutes('all', '2026-11-23')).toBe(55);
  });

  it('counts only what the server credited when a session closed: a running session counts nothing, a given-up one its half', async () => {
    const bia = await reader();
    await setShelfStatus(bia.viewer, book, 'reading');
    const { id } = await startFocusSession(bia.viewer, { editionId: book, plannedMinutes: 60 });
    expect((await getGlobalFocusRanking(bia.viewer, { period: 'week' })).me).toBeNull();
    expect(listed(await getGlobalFocusRanking(null, { period: 'all' }))).toEqual([]);
    // Forty minutes in, she gives up: half of the whole minutes count.
    await getDb().execute(sql`UPDATE focus_sessions SET started_at = now() - interval '40 minutes', ends_at = now() + interval '20 minutes' WHERE id = ${id}`);
    await giveUpFocusSession(bia.viewer, id);
    expect(listed(await getGlobalFocusRanking(null, { period: 'week' }))).toEqual([[1, bia.id, 20]]);
    // A give-up that credited nothing leaves no row with zero minutes behind.
    const { id: quick } = await startFocusSession(bia.viewer, { editionId: book, plannedMinutes: 25 });
    await giveUpFocusSession(bia.viewer, quick);
    expect(listed(await getGlobalFocusRanking(null, { period: 'all' }))).toEqual([[1, bia.id, 20]]);
  });
});

describe('who the focus ranking shows', () => {
  it('hides restricted, suspended, blocked and under-18 readers from others; each viewer still sees their own place; “Seguindo” has the followed', async () => {
    const [viewer, open, restricted, suspended, blocker, blockedByViewer, minor] = [
      await reader(),
      await reader(),
      await reader(),
      await reader(),
      await reader(),
      await reader(),
      await reader({ birthDate: '2012-03-01' }),
    ];
    const all = [viewer, open, restricted, suspended, blocker, blockedByViewer, minor];
    for (const [i, r] of all.entries()) await credited(r.id, NOW, 10 + i);
    await restrict(restricted.id);
    await suspend(suspended.id);
    await block(blocker.id, viewer.id);
    await block(viewer.id, blockedByViewer.id);
    await follow(viewer.id, restricted.id);
    await follow(viewer.id, open.id);
    await follow(viewer.id, suspended.id);

    expect(ids(await getGlobalFocusRanking(null, { period: 'week' }))).toEqual([blockedByViewer.id, blocker.id, open.id, viewer.id]);
    const seen = await getGlobalFocusRanking(viewer.viewer, { period: 'week' });
    expect(listed(seen)).toEqual([
      [1, open.id, 11],
      [2, viewer.id, 10],
    ]);
    expect(seen.total).toBe(2);
    expect(seen.me).toMatchObject({ position: 2, minutes: 10, mine: true });
    // A restricted reader sees themself among the public ones, in their place.
    const own = await getGlobalFocusRanking(restricted.viewer, { period: 'week' });
    expect(own.me).toMatchObject({ position: 3, minutes: 12 });
    expect(ids(own)).toEqual([blockedByViewer.id, blocker.id, restricted.id, open.id, viewer.id]);

    const following = await getFollowingFocusRanking(viewer.viewer, { period: 'week' });
    expect(listed(following)).toEqual([
      [1, restricted.id, 12],
      [2, open.id, 11],
      [3, viewer.id, 10],
    ]);
    expect(following.me).toMatchObject({ position: 3 });
    // /f: the same readers, the first of the week and of all time.
    const top = await listTopFocusPlayers(viewer.viewer);
    expect(top.week.map((row) => row.userId)).toEqual([open.id, viewer.id]);
    expect(top.allTime.map((row) => row.userId)).toEqual([open.id, viewer.id]);
  });
});

describe('pages and ties', () => {
  it('orders equal minutes by who reached them first, then by id; 50 a page; the viewer’s place shows wherever it falls', async () => {
    const prefix = newId().slice(0, 8);
    // 53 readers with 100 minutes each, all reached at the same moment (order by id), written as the totals are.
    await getDb().execute(sql`
      INSERT INTO users (id, name, email, username)
      SELECT ${prefix} || '-' || lpad(n::text, 2, '0'), 'Leitor ' || n, ${prefix} || n || '@exemplo.com.br', 'l' || ${prefix.toLowerCase()} || n FROM generate_series(1, 53) n`);
    await getDb().execute(sql`
      INSERT INTO focus_totals (period, starts_on, user_id, minutes, reached_at)
      SELECT 'all', '1970-01-01', ${prefix} || '-' || lpad(n::text, 2, '0'), 100, '2026-11-01T12:00:00Z' FROM generate_series(1, 53) n`);
    const late = await reader();
    const early = await reader();
    await credited(late.id, '2026-11-20T12:00:00Z', 100);
    await credited(early.id, '2026-10-20T12:00:00Z', 100);

    const first = await getGlobalFocusRanking(late.viewer, { period: 'all' });
    expect(first.total).toBe(55);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]).toMatchObject({ position: 1, userId: early.id });
    expect(first.rows[1]).toMatchObject({ position: 2, userId: `${prefix}-01` });
    expect(first.me).toMatchObject({ position: 55, userId: late.id, minutes: 100 });
    const second = await getGlobalFocusRanking(late.viewer, { period: 'all', page: 2 });
    expect(listed(second)).toEqual([
      [51, `${prefix}-50`, 100],
      [52, `${prefix}-51`, 100],
      [53, `${prefix}-52`, 100],
      [54, `${prefix}-53`, 100],
      [55, late.id, 100],
    ]);
    // The page the route renders: the viewer's place above the table, their row under the page, the way to page 2.
    const loaded = (await call(rankingPage.loader, getRequest('/foca/ranking?periodo=geral', late.cookie))) as { data: unknown };
    const html = renderPage(rankingPage.default, loaded.data, '/foca/ranking?periodo=geral');
    expect(html).toContain('Você: <strong>55º</strong> · 100 min');
    expect(html).toMatch(/<tr[^>]*aria-current="true"[^>]*><td[^>]*>55º/);
    expect(html).toContain('Página 1 de 2');
  });
});

describe('the ranking’s pages', () => {
  beforeEach(async () => {
    clearHtmlCache();
    await listenForInvalidations();
  });

  it('are open to visitors (not “Seguindo”) and cached for them until a session credits minutes or a listed reader changes', async () => {
    const ana = await reader();
    await credited(ana.id, NOW, 40);
    expect(await statusOf(call(rankingPage.loader, getRequest('/foca/ranking?entre=seguindo')))).toBe(302);
    const global: Page = { url: new URL('http://localhost:3000/foca/ranking'), route: rankingPage, params: {} };
    const monthly: Page = { url: new URL('http://localhost:3000/foca/ranking?periodo=mensal'), route: rankingPage, params: {} };
    const top: Page = { url: new URL('http://localhost:3000/f'), route: topPlayers, params: {} };
    await settled(); // the set-up's invalidations (ana's close) are heard before the first visits
    expect(await visit(global)).toContain(ana.id);
    await visit(monthly);
    expect(await visit(top)).toContain(ana.id);
    await kept(global, monthly, top);

    const bia = await reader();
    await credited(bia.id, NOW, 50);
    await dropped(global, monthly, top);
    expect(await visit(global)).toContain(bia.id);
    await visit(top);

    await restrict(bia.id);
    await dropped(global, top);
    expect(await visit(global)).not.toContain(bia.id);
  });

  it('drop at once when a reader with minutes becomes visible again: a profile made public, a suspension lifted', async () => {
    const ana = await reader();
    const bia = await reader();
    const caio = await reader();
    // Bia and Caio focused more than Ana, but Bia's profile is restrito and Caio is suspended: the visitors' rankings
    // leave them out, and carry no tag of theirs.
    await restrict(bia.id);
    await suspend(caio.id);
    await credited(ana.id, NOW, 40);
    await credited(bia.id, NOW, 90);
    await credited(caio.id, NOW, 60);
    const global: Page = { url: new URL('http://localhost:3000/foca/ranking'), route: rankingPage, params: {} };
    const top: Page = { url: new URL('http://localhost:3000/f'), route: topPlayers, params: {} };
    await settled();
    expect(await visit(global)).not.toContain(bia.id);
    expect(await visit(top)).not.toContain(bia.id);

    // Whichever code path writes it (here a bare UPDATE), the change drops the rankings.
    await getDb().execute(sql`UPDATE users SET profile_visibility = 'publico' WHERE id = ${bia.id}`);
    await dropped(global, top);
    expect(await visit(global)).toContain(bia.id);
    expect(await visit(top)).not.toContain(caio.id);

    await getDb().execute(sql`UPDATE users SET suspended_at = NULL WHERE id = ${caio.id}`);
    await dropped(global, top);
    expect(await visit(global)).toContain(caio.id);
    expect(await visit(top)).toContain(caio.id);
  });
});

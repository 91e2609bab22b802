import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { atts, marathonChallenges, marathonLevels, marathonParticipants, marathonTeams, marathons } from '~/db/schema';
import { postAtt } from '~/features/atts/mutations.server';
import { addDays } from '~/features/lcs/schedule';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, getRequest } from '../../../test/factories';
import { createMarathonCast, marathonInput, noticeReader } from '../../../test/marathon-fixtures';
import { block, suspend } from '../../../test/reading-factories';
import { call } from '../../../test/routes';
import * as homeRoute from '../../routes/home';
import * as feedRoute from '../../routes/m.$identificador.feed';
import * as rankingRoute from '../../routes/m.$identificador.ranking';
import { listHomeMarathons } from './home-card.server';
import { createMarathon, joinMarathon, removeMarathonParticipant } from './mutations.server';
import { RANKING_PAGE_SIZE } from './policy';
import { todayIn } from '~/lib/calendar';
import { getRanking } from './ranking.server';
import type { MarathonRanking } from './types';

useTestDatabase();

type Scores = { points: number; scoredAt?: string; challengesDone?: number; pages?: number; minutes?: number };

/** What the scoring engine keeps: here written straight into the columns. */
async function score(marathonId: string, userId: string, scores: Scores) {
  await getDb()
    .update(marathonParticipants)
    .set({ ...scores, scoredAt: new Date(scores.scoredAt ?? '2026-01-01T12:00:00Z') })
    .where(and(eq(marathonParticipants.marathonId, marathonId), eq(marathonParticipants.userId, userId)));
}

async function organizedMarathon(overrides: Parameters<typeof marathonInput>[0] = {}) {
  const organizer = await noticeReader();
  const marathon = await createMarathon(organizer.viewer, marathonInput(overrides));
  return { organizer, marathon };
}

async function joined(marathonId: string, groupId: string | null = null): Promise<{ id: string; viewer: Viewer; cookie: string; username: string }> {
  const reader = await noticeReader();
  await joinMarathon(reader.viewer, marathonId, groupId);
  return { id: reader.user.id, viewer: reader.viewer, cookie: reader.user.cookie, username: reader.user.username };
}

/** `count` readers written straight into users and the marathon (with its count), scored `points` = their number. */
async function bulkParticipants(marathonId: string, count: number) {
  const prefix = newId().slice(0, 8);
  await getDb().execute(sql`
    INSERT INTO users (id, name, email, username)
    SELECT ${prefix} || '-' || n, 'Leitor ' || n, ${prefix} || n || '@exemplo.com.br', 'l' || ${prefix.toLowerCase()} || n FROM generate_series(1, ${count}) n`);
  await getDb().execute(sql`
    INSERT INTO marathon_participants (marathon_id, user_id, status, points, scored_at)
    SELECT ${marathonId}, ${prefix} || '-' || n, 'active', n, '2026-01-01T12:00:00Z' FROM generate_series(1, ${count}) n`);
  await getDb()
    .update(marathons)
    .set({ participantCount: sql`${marathons.participantCount} + ${count}` })
    .where(eq(marathons.id, marathonId));
}

const names = (ranking: MarathonRanking) => ranking.rows.map((r) => [r.position, r.userId]);

describe('the ranking', () => {
  it('orders by points, then by who reached them first, then a stable key; banned never listed, suspended hidden in their place', async () => {
    const { organizer, marathon } = await organizedMarathon();
    const [a, b, c, d, banned, suspended] = [
      await joined(marathon.id),
      await joined(marathon.id),
      await joined(marathon.id),
      await joined(marathon.id),
      await joined(marathon.id),
      await joined(marathon.id),
    ];
    await score(marathon.id, a.id, { points: 10, scoredAt: '2026-01-02T10:00:00Z', challengesDone: 3, pages: 120, minutes: 90 });
    await score(marathon.id, b.id, { points: 10, scoredAt: '2026-01-02T09:00:00Z' });
    await score(marathon.id, d.id, { points: 10, scoredAt: '2026-01-02T09:00:00Z' });
    await score(marathon.id, c.id, { points: 5 });
    await score(marathon.id, banned.id, { points: 100 });
    await score(marathon.id, suspended.id, { points: 50 });
    await removeMarathonParticipant(organizer.viewer, marathon.id, banned.id, true);
    await suspend(suspended.id);

    const ranking = await getRanking(c.viewer, marathon.id);
    // Suspended: 1st, left out. B and D reached 10 at the same instant: the stable key (their ids) orders them.
    const [first, second] = [b.id, d.id].sort();
    expect(names(ranking)).toEqual([
      [2, first],
      [3, second],
      [4, a.id],
      [5, c.id],
    ]);
    expect(ranking.rows[2]).toMatchObject({ challengesDone: 3, points: 10, pages: 120, minutes: 90, mine: false });
    expect(ranking.me).toMatchObject({ userId: c.id, position: 5, mine: true });
    expect(ranking.rows.find((r) => r.mine)?.userId).toBe(c.id);
    expect(ranking.total).toBe(5);
    // The banned reader has no row of their own, and a visitor has none.
    expect((await getRanking(null, marathon.id)).me).toBeNull();
    expect((await getRanking(organizer.viewer, marathon.id)).me).toBeNull();
  });

  it('comes 50 a page; my row is shown even when it is on another page', async () => {
    const { marathon } = await organizedMarathon();
    await bulkParticipants(marathon.id, 2 * RANKING_PAGE_SIZE + 5);
    const me = await joined(marathon.id);
    await score(marathon.id, me.id, { points: 0 });
    const load = async (page: number) =>
      (
        (await call(rankingRoute.loader, getRequest(`/m/${marathon.slug}/ranking?pagina=${page}`, me.cookie), { identificador: marathon.slug })) as {
          ranking: MarathonRanking;
        }
      ).ranking;
    const [one, two, three] = [await load(1), await load(2), await load(3)];
    expect(one.rows.map((r) => r.position)).toEqual(Array.from({ length: RANKING_PAGE_SIZE }, (_, i) => i + 1));
    expect(one.rows[0]).toMatchObject({ points: 2 * RANKING_PAGE_SIZE + 5 });
    expect(two.rows.map((r) => r.position)).toEqual(Array.from({ length: RANKING_PAGE_SIZE }, (_, i) => RANKING_PAGE_SIZE + i + 1));
    expect(three.rows.map((r) => r.position)).toEqual(Array.from({ length: 6 }, (_, i) => 2 * RANKING_PAGE_SIZE + i + 1));
    expect(three.rows.at(-1)).toMatchObject({ userId: me.id, mine: true });
    expect(one.me).toMatchObject({ userId: me.id, position: 2 * RANKING_PAGE_SIZE + 6 });
    expect(one.rows.some((r) => r.mine)).toBe(false);
    expect([one.total, one.pageSize]).toEqual([2 * RANKING_PAGE_SIZE + 6, 50]);
    // Moving up moves the row: scores are read as they are.
    await score(marathon.id, me.id, { points: 1000 });
    expect((await load(1)).rows[0]).toMatchObject({ userId: me.id, position: 1, mine: true });
  });

  it('in teams mode ranks the teams by their own columns, mine marked', async () => {
    const { marathon } = await organizedMarathon({ mode: 'teams', groups: [{ name: 'Capitu' }, { name: 'Bentinho' }, { name: 'Escobar' }] });
    const teams = await getDb().select().from(marathonTeams).where(eq(marathonTeams.marathonId, marathon.id)).orderBy(asc(marathonTeams.position));
    const reader = await joined(marathon.id, teams[1]!.id);
    const set = (i: number, points: number, scoredAt: string) =>
      getDb()
        .update(marathonTeams)
        .set({ points, scoredAt: new Date(scoredAt), challengesDone: i, pages: 10 * i, minutes: 5 * i })
        .where(eq(marathonTeams.id, teams[i]!.id));
    await set(0, 40, '2026-01-03T00:00:00Z');
    await set(1, 40, '2026-01-02T00:00:00Z');
    await set(2, 70, '2026-01-04T00:00:00Z');
    const ranking = await getRanking(reader.viewer, marathon.id);
    expect(ranking.teams.map((t) => [t.position, t.name, t.points, t.mine])).toEqual([
      [1, 'Escobar', 70, false],
      [2, 'Bentinho', 40, true],
      [3, 'Capitu', 40, false],
    ]);
    expect(ranking.teams[0]).toMatchObject({ challengesDone: 2, pages: 20, minutes: 10 });
    expect(ranking.rows).toMatchObject([{ userId: reader.id, group: 'Bentinho' }]);
  });

  it('in levels mode filters by level (?nivel=), positions and my row within it', async () => {
    const { marathon } = await organizedMarathon({ mode: 'levels', groups: [{ name: 'Principiante' }, { name: 'Hardcore' }] });
    const levels = await getDb().select().from(marathonLevels).where(eq(marathonLevels.marathonId, marathon.id)).orderBy(asc(marathonLevels.position));
    const [easy1, easy2, hard1, hard2] = [
      await joined(marathon.id, levels[0]!.id),
      await joined(marathon.id, levels[0]!.id),
      await joined(marathon.id, levels[1]!.id),
      await joined(marathon.id, levels[1]!.id),
    ];
    await score(marathon.id, easy1.id, { points: 3 });
    await score(marathon.id, easy2.id, { points: 8 });
    await score(marathon.id, hard1.id, { points: 20 });
    await score(marathon.id, hard2.id, { points: 1 });
    const load = async (query: string) =>
      (await call(rankingRoute.loader, getRequest(`/m/${marathon.slug}/ranking${query}`, easy1.cookie), { identificador: marathon.slug })) as {
        ranking: MarathonRanking;
        level: { name: string } | null;
      };
    const all = await load('');
    expect(all.ranking.rows.map((r) => [r.position, r.userId])).toEqual([
      [1, hard1.id],
      [2, easy2.id],
      [3, easy1.id],
      [4, hard2.id],
    ]);
    expect(all.ranking.me).toMatchObject({ position: 3 });
    const easy = await load('?nivel=1');
    expect([easy.level?.name, easy.ranking.total]).toEqual(['Principiante', 2]);
    expect(easy.ranking.rows.map((r) => [r.position, r.userId, r.group])).toEqual([
      [1, easy2.id, 'Principiante'],
      [2, easy1.id, 'Principiante'],
    ]);
    expect(easy.ranking.me).toMatchObject({ position: 2, mine: true });
    const hard = await load('?nivel=2');
    expect(hard.ranking.rows.map((r) => r.userId)).toEqual([hard1.id, hard2.id]);
    expect(hard.ranking.me).toBeNull();
    // A level that does not exist, or a word, reads as no filter.
    expect((await load('?nivel=6')).level).toBeNull();
    expect((await load('?nivel=abc')).ranking.rows).toHaveLength(4);
    await expect(getRanking(easy1.viewer, marathon.id, { levelId: 'nope' })).resolves.toMatchObject({ rows: [] });
  });

  it('refuses a level filter in a marathon without levels', async () => {
    const { marathon } = await organizedMarathon();
    await expect(getRanking(null, marathon.id, { levelId: 'x' })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('the feed', () => {
  it('shows the active participants’ atts posted during the marathon, as the atts’ own rules show them to the viewer', async () => {
    const cast = await createMarathonCast('publico');
    const started = addDays(todayIn('America/Sao_Paulo'), -2);
    await getDb()
      .update(marathons)
      .set({ startsOn: started, registrationOpensOn: addDays(started, -1) })
      .where(eq(marathons.id, cast.marathon.id));
    const book = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], pages: 256 });
    const post = (viewer: Viewer, text: string, visibility: 'publico' | 'seguidores' | 'privado' = 'publico') =>
      postAtt(viewer, { editionId: book, kind: 'review', text, spoiler: false, visibility, images: [] });
    const [shown, blocker, suspended, quiet] = [
      await joined(cast.marathon.id),
      await joined(cast.marathon.id),
      await joined(cast.marathon.id),
      await joined(cast.marathon.id),
    ];
    const old = await post(shown.viewer, 'Antes da maratona.');
    await getDb()
      .update(atts)
      .set({ createdAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(atts.id, old));
    const first = await post(shown.viewer, 'Primeira da maratona.');
    const second = await post(shown.viewer, 'Segunda da maratona.');
    const participant = await post(cast.viewers.participante, 'Da participante.');
    await post(cast.viewers.leitor, 'De quem não participa.');
    await post(cast.viewers.banido, 'De quem foi banido.');
    const blockers = await post(blocker.viewer, 'De quem bloqueou a leitora.');
    await post(suspended.viewer, 'De quem foi suspenso.');
    const secret = await post(quiet.viewer, 'Só para mim.', 'privado');
    await block(blocker.id, cast.users.leitor.id);
    await suspend(suspended.id);

    const feedFor = async (cookie?: string) =>
      (
        (await call(feedRoute.loader, getRequest(`/m/${cast.marathon.slug}/feed`, cookie), { identificador: cast.marathon.slug })) as {
          feed: { items: { id: string }[] };
        }
      ).feed.items.map((a) => a.id);
    // The reader blocked by an author, the private att, the suspended author's, a non-participant's, a banned one's
    // and one from before the start: none of them.
    expect(await feedFor(cast.cookie('leitor'))).toEqual([participant, second, first]);
    // Its author sees a private att; the others see the blocker's.
    expect(await feedFor(quiet.cookie)).toEqual([secret, blockers, participant, second, first]);
    expect(await feedFor()).toEqual([blockers, participant, second, first]);
  });
});

describe('the /home card', () => {
  it('lists my marathons not yet ended with my place and points, today’s challenges in each one’s time zone, and nothing when I have none', async () => {
    const { marathon } = await organizedMarathon();
    const { marathon: azores } = await organizedMarathon({ name: 'Maratona dos Açores', timeZone: 'Atlantic/Azores' });
    const [me, ahead] = [await joined(marathon.id), await joined(marathon.id)];
    await joinMarathon(me.viewer, azores.id, null);
    const today = todayIn('America/Sao_Paulo');
    await getDb()
      .update(marathons)
      .set({ startsOn: addDays(today, -1), registrationOpensOn: addDays(today, -2) })
      .where(eq(marathons.id, marathon.id));
    await score(marathon.id, me.id, { points: 4 });
    await score(marathon.id, ahead.id, { points: 9 });
    const [challenge] = await getDb().select().from(marathonChallenges).where(eq(marathonChallenges.marathonId, marathon.id)).limit(1);
    await getDb().update(marathonChallenges).set({ revealsOn: today }).where(eq(marathonChallenges.id, challenge!.id));

    // At 01:30 UTC it is already tomorrow in the Azores and still today in Brasília.
    const now = new Date(`${addDays(today, 1)}T01:30:00Z`);
    const azoresToday = todayIn('Atlantic/Azores', now);
    const [azoresChallenge] = await getDb().select().from(marathonChallenges).where(eq(marathonChallenges.marathonId, azores.id)).limit(1);
    await getDb().update(marathonChallenges).set({ revealsOn: azoresToday }).where(eq(marathonChallenges.id, azoresChallenge!.id));

    const card = await listHomeMarathons(me.viewer, now);
    expect(card.total).toBe(2);
    expect(card.marathons.find((m) => m.slug === marathon.slug)).toMatchObject({
      phase: 'acontecendo',
      position: 2,
      points: 4,
      participantCount: 2,
      revealedToday: [{ id: challenge!.id }],
    });
    expect(card.marathons.find((m) => m.slug === azores.slug)).toMatchObject({ phase: 'proxima', revealedToday: [{ id: azoresChallenge!.id }] });
    // An ended marathon leaves the card; a reader in none gets the empty card through the page.
    await getDb()
      .update(marathons)
      .set({ startsOn: addDays(today, -20), endsOn: addDays(today, -5), registrationOpensOn: addDays(today, -21), registrationClosesOn: addDays(today, -6) })
      .where(eq(marathons.id, azores.id));
    expect((await listHomeMarathons(me.viewer)).marathons.map((m) => m.slug)).toEqual([marathon.slug]);
    const nobody = await noticeReader();
    const home = (await call(homeRoute.loader, getRequest('/home', nobody.user.cookie))) as { marathons: { marathons: unknown[]; total: number } };
    expect(home.marathons).toEqual({ marathons: [], total: 0 });
  });
});

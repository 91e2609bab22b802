import { describe, expect, it } from 'vitest';
import { postAtt } from '~/features/atts/mutations.server';
import { yearInSaoPaulo } from '~/features/reading/goals/goals';
import { setReadingGoal } from '~/features/reading/goals/goals.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { publishReview } from '~/features/reading/reviews/reviews.server';
import type { Visibility } from '~/features/social/vocabulary';
import { countQueries } from '~/server/query-count.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, getRequest, testViewer, type TestUser } from '../../test/factories';
import { block, follow, restrict, shelve } from '../../test/reading-factories';
import { call, statusOf } from '../../test/routes';
import * as profile from './u.$username';
import * as tab from './u.$username.$tab';

useTestDatabase();

const loadTab = (username: string, name: string, cookie?: string, query = '') =>
  call(tab.loader, getRequest(`/u/${username}/${name}${query}`, cookie), { username, tab: name });
const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });

type ReviewsData = { data: { reviews: { items: { edition: { title: string }; html: string }[]; total: number } } };
type AttsData = { data: { page: { items: { text: string }[]; nextCursor: string | null } } };
type OverviewData = {
  profile: { details: null | { latestAtts: { text: string }[]; goal: { year: number; booksTarget: number | null; booksRead: number } | null } };
};

/** One review and one att for each visibility, about three books the owner has read. */
async function writeEverything(owner: TestUser) {
  const viewer = verified(owner);
  for (const visibility of ['publico', 'seguidores', 'privado'] as const satisfies readonly Visibility[]) {
    const edition = await createEdition({ title: `Livro ${visibility}`, authors: ['Autora Teste'] });
    await setShelfStatus(viewer, edition, 'read');
    await publishReview(viewer, edition, { body: `Resenha ${visibility}`, spoiler: false, visibility });
    await postAtt(viewer, { editionId: edition, kind: 'finished', text: `Att ${visibility}`, spoiler: false, visibility, images: [] });
  }
}

describe('profile tabs resenhas, atts and estatisticas', () => {
  it('show each relation what §1.3 allows, on a public and on a restricted profile', async () => {
    const seen: Record<string, Record<string, string>> = {};
    for (const kind of ['publico', 'restrito'] as const) {
      const owner = await createUser({ username: `autora_${kind}`, verified: true });
      const [fan, stranger, blocked, blocker] = [await createUser(), await createUser(), await createUser(), await createUser()];
      await writeEverything(owner);
      if (kind === 'restrito') await restrict(owner.id);
      await follow(fan.id, owner.id);
      await block(owner.id, blocked.id);
      await block(blocker.id, owner.id);
      const who: Record<string, string | undefined> = {
        dona: owner.cookie,
        seguidor: fan.cookie,
        estranho: stranger.cookie,
        bloqueado: blocked.cookie,
        bloqueou: blocker.cookie,
        visitante: undefined,
      };
      seen[kind] = {};
      for (const [name, cookie] of Object.entries(who)) {
        const statuses = await Promise.all(['resenhas', 'atts', 'estatisticas'].map((t) => statusOf(loadTab(owner.username, t, cookie))));
        if (statuses.some((s) => s !== 200)) {
          seen[kind][name] = statuses.join('/');
          continue;
        }
        const reviews = ((await loadTab(owner.username, 'resenhas', cookie)) as ReviewsData).data.reviews;
        const atts = ((await loadTab(owner.username, 'atts', cookie)) as AttsData).data.page;
        // Each review comes with its book; the count agrees with the page.
        expect(reviews.total).toBe(reviews.items.length);
        expect(reviews.items.every((r) => r.html.includes(r.edition.title.replace('Livro', 'Resenha')))).toBe(true);
        seen[kind][name] =
          `resenhas ${reviews.items.map((r) => r.edition.title.replace('Livro ', '')).join('+')}; atts ${atts.items.map((a) => a.text.replace('Att ', '')).join('+')}`;
      }
    }
    const all = 'resenhas privado+seguidores+publico; atts privado+seguidores+publico';
    const followers = 'resenhas seguidores+publico; atts seguidores+publico';
    const everyone = 'resenhas publico; atts publico';
    expect(seen).toEqual({
      publico: { dona: all, seguidor: followers, estranho: everyone, bloqueado: '404/404/404', bloqueou: '404/404/404', visitante: everyone },
      restrito: { dona: all, seguidor: followers, estranho: '404/404/404', bloqueado: '404/404/404', bloqueou: '404/404/404', visitante: '404/404/404' },
    });
    expect(await statusOf(loadTab('autora_publico', 'sussurros'))).toBe(404);
  });

  it('add up the chosen year in estatisticas, default to the latest with reading, and stay within 10 queries a tab and on the overview', async () => {
    const reader = await createUser({ username: 'leitora_numeros', verified: true });
    const year = yearInSaoPaulo();
    const torto = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264, genres: ['romance'] });
    const mia = await createEdition({ title: 'Terra Sonâmbula', authors: ['Mia Couto'], pages: 200, genres: ['romance'] });
    await shelve(reader.id, torto, { rating: 4.5, reads: [{ finished: '2024-02-10' }, { finished: `${year}-01-05` }] });
    await shelve(reader.id, mia, { rating: 3, reads: [{ finished: '2024-02-20' }] });

    type StatsData = {
      data: {
        years: number[];
        stats: {
          year: number;
          books: number;
          pages: number;
          timeline: { at: number | null; books: number; pages: number }[];
          ratings: number[];
          genres: { label: string; value: number }[];
        };
      };
    };
    const current = ((await loadTab('leitora_numeros', 'estatisticas')) as StatsData).data;
    expect(current.years).toEqual([year, 2024]);
    expect(current.stats).toMatchObject({ year, books: 1, pages: 264, ratings: [0, 0, 0, 1, 0] });
    const past = ((await loadTab('leitora_numeros', 'estatisticas', undefined, '?ano=2024')) as StatsData).data.stats;
    expect(past).toMatchObject({ year: 2024, books: 2, pages: 464, genres: [{ label: 'Romance', value: 2 }], ratings: [0, 0, 1, 1, 0] });
    expect(past.timeline[1]).toEqual({ at: 2, books: 2, pages: 464 });
    // A year with nothing finished is an empty year, not an error; a nonsense year falls back to the latest with reading.
    expect(((await loadTab('leitora_numeros', 'estatisticas', undefined, '?ano=2010')) as StatsData).data.stats).toMatchObject({ year: 2010, books: 0 });
    expect(((await loadTab('leitora_numeros', 'estatisticas', undefined, '?ano=abc')) as StatsData).data.stats.year).toBe(year);

    await publishReview(verified(reader), mia, { body: 'Bonito.', spoiler: false, visibility: 'publico' });
    await postAtt(verified(reader), { editionId: mia, kind: 'finished', text: 'Terminei', spoiler: false, visibility: 'publico', images: [] });
    const visitor = await createUser();
    for (const name of ['resenhas', 'atts', 'estatisticas']) {
      const { queries } = await countQueries(() => loadTab('leitora_numeros', name, visitor.cookie));
      expect(`${name}: ${queries > 0 && queries <= 10 ? 'até 10' : queries}`).toBe(`${name}: até 10`);
    }
    // The overview too, with its latest atts and the goal card.
    await setReadingGoal(testViewer(reader), year, { books: 10, pages: null });
    const { queries } = await countQueries(() => call(profile.loader, getRequest('/u/leitora_numeros', visitor.cookie), { username: 'leitora_numeros' }));
    expect(queries).toBeLessThanOrEqual(10);
  });

  it('page the atts tab with a cursor, like /atts', async () => {
    const author = await createUser({ username: 'autora_prolifica', verified: true });
    const edition = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'] });
    await setShelfStatus(verified(author), edition, 'read');
    for (let i = 1; i <= 21; i += 1)
      await postAtt(verified(author), { editionId: edition, kind: 'finished', text: `Att ${i}`, spoiler: false, visibility: 'publico', images: [] });
    const first = ((await loadTab('autora_prolifica', 'atts')) as AttsData).data.page;
    expect([first.items.length, first.items[0]?.text]).toEqual([20, 'Att 21']);
    const second = ((await loadTab('autora_prolifica', 'atts', undefined, `?cursor=${first.nextCursor}`)) as AttsData).data.page;
    expect([second.items.map((a) => a.text), second.nextCursor]).toEqual([['Att 1'], null]);
  });
});

describe('profile overview additions', () => {
  it('show the newest atts the viewer may see and the goal card only when a goal is set', async () => {
    const owner = await createUser({ username: 'dona_da_meta', verified: true });
    const fan = await createUser();
    await follow(fan.id, owner.id);
    await writeEverything(owner);
    const edition = await createEdition({ title: 'Mais um', authors: ['Autora Teste'] });
    await setShelfStatus(verified(owner), edition, 'read');
    await postAtt(verified(owner), { editionId: edition, kind: 'finished', text: 'Att mais nova', spoiler: false, visibility: 'publico', images: [] });
    const overview = async (cookie?: string) =>
      ((await call(profile.loader, getRequest('/u/dona_da_meta', cookie), { username: 'dona_da_meta' })) as { data: OverviewData }).data.profile.details!;

    expect((await overview()).latestAtts.map((a) => a.text)).toEqual(['Att mais nova', 'Att publico']);
    expect((await overview(fan.cookie)).latestAtts.map((a) => a.text)).toEqual(['Att mais nova', 'Att seguidores', 'Att publico']);
    expect((await overview(owner.cookie)).latestAtts.map((a) => a.text)).toEqual(['Att mais nova', 'Att privado', 'Att seguidores']);

    expect((await overview()).goal).toBeNull();
    await setReadingGoal(testViewer(owner), yearInSaoPaulo(), { books: 12, pages: null });
    expect((await overview()).goal).toMatchObject({ year: yearInSaoPaulo(), booksTarget: 12, booksRead: 4 });
    expect((await overview(fan.cookie)).goal).toMatchObject({ booksTarget: 12 });

    // A restricted profile keeps all of it from strangers: the overview has no details at all.
    await restrict(owner.id);
    expect(((await call(profile.loader, getRequest('/u/dona_da_meta'), { username: 'dona_da_meta' })) as { data: OverviewData }).data).toMatchObject({
      profile: { details: null },
    });
    expect((await overview(fan.cookie)).goal).toMatchObject({ booksTarget: 12 });
  });
});

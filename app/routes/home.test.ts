import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import { block, follow, shelve } from '../../test/reading-factories';
import { call, type Failure } from '../../test/routes';
import { addComment, postAtt, toggleReaction } from '~/features/atts/mutations.server';
import { HOME_ATTS_MAX } from '~/features/atts/policy';
import { countQueries } from '~/server/query-count.server';
import * as root from '../root';
import * as edition from './ed.$id';
import * as editionTab from './ed.$id.$tab';
import * as home from './home';
import * as landing from './_index';

useTestDatabase();

const thrown = async (promise: Promise<unknown>): Promise<Response> =>
  promise.then(
    () => {
      throw new Error('expected a thrown response');
    },
    (error: unknown) => error as Response,
  );

type HomeData = {
  started: boolean;
  reading: { edition: { id: string }; fraction: number; value: number | null; stepUnit: string; nextValue: number | null }[];
  goal: { booksTarget: number | null; pagesTarget: number | null; booksRead: number };
  activity: { reader: { username: string }; status: string }[];
  suggestions: unknown[];
  atts: { items: { id: string; author: { username: string }; reactions: { count: number }[]; commentCount: number }[]; nextCursor: string | null };
};
const loadHome = async (cookie: string) => (await call(home.loader, getRequest('/home', cookie))) as HomeData;
const postHome = (cookie: string, fields: Record<string, string>) => call(home.action, formRequest('/home', fields, { cookie }));

describe('/ and /home', () => {
  it('/ sends a signed-in reader to /home, uncached, and keeps the landing for visitors', async () => {
    const reader = await createUser();
    const redirect = await thrown(call(landing.loader, getRequest('/', reader.cookie)));
    expect([redirect.status, redirect.headers.get('location'), redirect.headers.get('cache-control')]).toEqual([302, '/home', 'private, no-store']);
    const landed = (await call(landing.loader, getRequest('/'))) as { data: unknown; init: { headers: Record<string, string> } };
    expect(landed.data).toMatchObject({ news: expect.any(Array), clubs: expect.any(Array), marathons: expect.any(Array) });
    expect(landing.headers({ loaderHeaders: new Headers(landed.init.headers) } as never)).toMatchObject({ 'X-Cache-Tags': 'landing,news,clubs,marathons' });
  });

  it('/home asks visitors to sign in, to the loader and to the action', async () => {
    for (const promise of [call(home.loader, getRequest('/home')), call(home.action, formRequest('/home', { intent: 'meta', books: '12' }))]) {
      const response = await thrown(promise);
      expect([response.status, response.headers.get('location')]).toEqual([302, '/auth/signin?callbackUrl=%2Fhome']);
    }
  });

  it('a new reader starts empty, sets a goal (errors next to the field, keeping what was typed) and logs progress with one tap', async () => {
    const reader = await createUser();
    let page = await loadHome(reader.cookie);
    expect(page).toMatchObject({ started: false, reading: [], goal: { booksTarget: null, pagesTarget: null, booksRead: 0 }, activity: [], suggestions: [] });
    // A bookshelf with nothing being read has started all the same: no first-run state.
    const later = await createUser();
    await shelve(later.id, await createEdition({ title: 'Becos da Memória', authors: ['Conceição Evaristo'] }), { status: 'want_to_read' });
    expect(await loadHome(later.cookie)).toMatchObject({ started: true, reading: [] });

    const empty = (await postHome(reader.cookie, { intent: 'meta', books: '', pages: '' })) as Failure;
    expect([empty.init.status, empty.data.fieldErrors]).toEqual([400, { books: 'Informe uma meta de livros, de páginas ou das duas.' }]);
    const wrong = (await postHome(reader.cookie, { intent: 'meta', books: 'vinte', pages: '5000' })) as Failure;
    expect(wrong.data.fieldErrors).toEqual({ books: 'Informe um número inteiro de livros, como 24.' });
    expect(wrong.data.fields).toMatchObject({ books: 'vinte', pages: '5000' });
    expect(await postHome(reader.cookie, { intent: 'meta', books: '20', pages: '5.000' })).toEqual({ success: 'Meta salva.' });

    const book = await createEdition({ title: 'A Hora da Estrela', authors: ['Clarice Lispector'], pages: 88 });
    await call(edition.action, formRequest(`/ed/${book}`, { intent: 'situacao', status: 'lendo' }, { cookie: reader.cookie }), { id: book });
    page = await loadHome(reader.cookie);
    expect(page).toMatchObject({
      started: true,
      goal: { booksTarget: 20, pagesTarget: 5000 },
      reading: [{ edition: { id: book }, fraction: 0, stepUnit: 'page', nextValue: 10 }],
    });
    expect(Object.keys(page.reading[0]!.edition).sort()).toEqual(['authors', 'coverUrl', 'id', 'title']);

    expect(await postHome(reader.cookie, { intent: 'progresso', edition: book, unit: 'paginas', value: '10' })).toEqual({ success: 'Progresso registrado.' });
    expect((await loadHome(reader.cookie)).reading[0]).toMatchObject({ value: 10, nextValue: 20 });
    const beyond = (await postHome(reader.cookie, { intent: 'progresso', edition: book, unit: 'paginas', value: '90' })) as Failure;
    expect([beyond.data.fieldErrors, beyond.data.fields.edition]).toEqual([{ value: 'Este livro tem 88 páginas.' }, book]);
    expect(await postHome(reader.cookie, { intent: 'progresso', edition: book, unit: 'paginas', value: '88' })).toEqual({
      success: 'Você chegou ao fim! Abra o livro para marcar como lido e dar sua nota.',
    });
    expect((await loadHome(reader.cookie)).reading[0]).toMatchObject({ fraction: 1, nextValue: null });
    expect(((await postHome(reader.cookie, { intent: 'progresso', edition: 'nao-existe', unit: 'paginas', value: '1' })) as Failure).init.status).toBe(404);
  });

  it('one reader’s forms never reach another’s goal or reading', async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const book = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 });
    await postHome(owner.cookie, { intent: 'meta', books: '12' });
    await postHome(owner.cookie, { intent: 'progresso', edition: book, unit: 'paginas', value: '50' });

    // The forms carry no reader: whatever the other reader posts lands on their own goal and reading.
    await postHome(other.cookie, { intent: 'meta', books: '99', user: owner.id });
    await postHome(other.cookie, { intent: 'progresso', edition: book, unit: 'paginas', value: '150' });
    expect(await loadHome(owner.cookie)).toMatchObject({ goal: { booksTarget: 12 }, reading: [{ value: 50 }] });
    expect(await loadHome(other.cookie)).toMatchObject({ goal: { booksTarget: 99 }, reading: [{ value: 150 }] });
  });

  it('shows the shelf activity of the readers I follow, never a blocked pair’s or a pending request’s', async () => {
    const [me, friend, blocked, requested, stranger] = [await createUser(), await createUser(), await createUser(), await createUser(), await createUser()];
    const book = await createEdition({ title: 'Iracema', authors: ['José de Alencar'], pages: 150 });
    await follow(me.id, friend.id);
    await follow(me.id, blocked.id);
    await follow(me.id, requested.id, 'pending');
    await block(blocked.id, me.id);
    for (const user of [friend, blocked, requested, stranger]) await shelve(user.id, book, { reads: [{ finished: '2026-04-01' }] });
    const page = await loadHome(me.cookie);
    expect(page.activity).toMatchObject([{ reader: { username: friend.username }, status: 'read' }]);
  });

  it('shows the first atts of the seguindo feed (mine and whom I follow, never a stranger’s) with “Ver mais”, in at most 11 statements', async () => {
    const [me, friend, stranger] = [await createUser({ verified: true }), await createUser({ verified: true }), await createUser({ verified: true })];
    const verified = (user: typeof me) => ({ ...testViewer(user), emailVerified: true });
    const book = await createEdition({ title: 'Senhora', authors: ['José de Alencar'], pages: 200 });
    await follow(me.id, friend.id);
    await shelve(friend.id, book);
    await postHome(me.cookie, { intent: 'meta', books: '12' });
    await call(edition.action, formRequest(`/ed/${book}`, { intent: 'situacao', status: 'lendo' }, { cookie: me.cookie }), { id: book });
    const post = (user: typeof me, text: string) =>
      postAtt(verified(user), { editionId: book, kind: 'review', text, spoiler: false, visibility: 'publico', images: [] });
    await post(stranger, 'De um desconhecido.');
    const mine = await post(me, 'Minha att.');
    const ids: string[] = [];
    for (let i = 0; i < HOME_ATTS_MAX; i += 1) ids.push(await post(friend, `Att ${i + 1} de quem eu sigo.`));
    await toggleReaction(verified(me), ids.at(-1)!, 'heart');
    await addComment(verified(me), ids.at(-1)!, 'Que bom!');

    const request = getRequest('/home', me.cookie);
    const { result, queries } = await countQueries(async () => {
      await call(root.loader, request);
      return (await call(home.loader, request)) as HomeData;
    });
    // One of them is the foca card's (the running session and today's minutes in one statement).
    expect(queries).toBeLessThanOrEqual(11);
    expect(result.atts.items.map((a) => a.id)).toEqual([...ids].reverse());
    expect(result.atts.items[0]).toMatchObject({ author: { username: friend.username }, commentCount: 1 });
    expect(result.atts.items[0]!.reactions.reduce((n, r) => n + r.count, 0)).toBe(1);
    expect(result.atts.nextCursor).not.toBeNull();
    expect(result.atts.items.map((a) => a.id)).not.toContain(mine);
    // A reader who follows nobody sees their own att, and no "Ver mais".
    const alone = await createUser({ verified: true });
    const own = await post(alone, 'Só eu.');
    expect((await loadHome(alone.cookie)).atts).toMatchObject({ items: [{ id: own }], nextCursor: null });
  });

  it('/ed/{id}/estatisticas shows the edition’s figures and carries its own cache tag', async () => {
    const book = await createEdition({ title: 'Quarto de Despejo', authors: ['Carolina Maria de Jesus'], pages: 200 });
    const reader = await createUser();
    await shelve(reader.id, book, { rating: 4.5, reads: [{ started: '2026-01-01', finished: '2026-01-03' }] });
    const response = (await call(editionTab.loader, getRequest(`/ed/${book}/estatisticas`), { id: book, tab: 'estatisticas' })) as {
      data: { stats: unknown };
      init: { headers: Record<string, string> };
    };
    expect(response.data.stats).toMatchObject({
      ratings: [0, 0, 0, 1, 0],
      ratingsCount: 1,
      averageRating: 4.5,
      readingTime: { averageDays: 3, count: 1 },
      traitReaders: 0,
      moods: [],
      contentWarnings: [],
    });
    expect(response.init.headers['X-Cache-Tags']).toBe(`catalog,edition:${book},edition-stats:${book}`);
  });
});

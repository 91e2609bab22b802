import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { notifications, users } from '~/db/schema';
import { changeUsername } from '~/features/accounts/mutations.server';
import { setFavorite, setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { logProgress } from '~/features/reading/progress/progress.server';
import { createShelf } from '~/features/reading/shelves/custom-shelves.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer, type TestUser } from '../../test/factories';
import { call, statusOf, type Failure } from '../../test/routes';
import * as account from './configuracoes.conta';
import * as following from './seguindo';
import * as search from './u';
import * as profile from './u.$username';
import * as tab from './u.$username.$tab';

useTestDatabase();

type ProfileData = {
  profile: {
    details: null | {
      counts: { read: number; followers: number; following: number };
      currentlyReading: { edition: { title: string }; progress: number | null }[] | null;
      favorites: { title: string }[];
    };
    relation: { relation: string; followPending: boolean };
  };
};
const loadProfile = async (username: string, cookie?: string) =>
  ((await call(profile.loader, getRequest(`/u/${username}`, cookie), { username })) as { data: ProfileData }).data;
const loadTab = (username: string, name: string, cookie?: string, query = '') =>
  call(tab.loader, getRequest(`/u/${username}/${name}${query}`, cookie), { username, tab: name });
const post = (handler: unknown, path: string, fields: Record<string, string>, user: TestUser, params: Record<string, string> = {}) =>
  call(handler, formRequest(path, fields, { cookie: user.cookie }), params);
const follow = (who: TestUser, username: string) => post(profile.action, `/u/${username}`, { intent: 'seguir', reader: username }, who, { username });

describe('profile pages', () => {
  it('show each relation what §1.3 allows, on a public and on a restricted profile, and 404 to a blocked pair both ways', async () => {
    const seen: Record<string, Record<string, string>> = {};
    for (const kind of ['publico', 'restrito'] as const) {
      const owner = await createUser({ username: `dona_${kind}` });
      if (kind === 'restrito') await getDb().update(users).set({ profileVisibility: 'restrito' }).where(eq(users.id, owner.id));
      const [fan, stranger, requester, blocked, blocker] = [await createUser(), await createUser(), await createUser(), await createUser(), await createUser()];
      await follow(fan, owner.username);
      if (kind === 'restrito')
        expect(
          await post(tab.action, `/u/${owner.username}/seguidores`, { intent: 'aprovar', reader: fan.username }, owner, {
            username: owner.username,
            tab: 'seguidores',
          }),
        ).toMatchObject({ success: `@${fan.username} agora segue você.` });
      if (kind === 'restrito') await follow(requester, owner.username);
      expect(
        await statusOf(post(profile.action, `/u/${blocked.username}`, { intent: 'bloquear', reader: blocked.username }, owner, { username: blocked.username })),
      ).toBe(302);
      expect(
        await statusOf(post(profile.action, `/u/${owner.username}`, { intent: 'bloquear', reader: owner.username }, blocker, { username: owner.username })),
      ).toBe(302);

      const who: Record<string, string | undefined> = {
        dona: owner.cookie,
        seguidor: fan.cookie,
        estranho: stranger.cookie,
        pedido: requester.cookie,
        bloqueado: blocked.cookie,
        bloqueou: blocker.cookie,
        visitante: undefined,
      };
      seen[kind] = {};
      for (const [name, cookie] of Object.entries(who)) {
        const page = await statusOf(loadProfile(owner.username, cookie));
        const details = page === 200 ? ((await loadProfile(owner.username, cookie)).profile.details ? 'completo' : 'só nome') : '404';
        const tabs = ['estante', 'estantes', 'lidos', 'resenhas', 'atts', 'estatisticas', 'seguidores', 'seguindo'];
        const tabStatuses = new Set(await Promise.all(tabs.map((t) => statusOf(loadTab(owner.username, t, cookie)))));
        seen[kind][name] = `${details}, abas ${[...tabStatuses].join('/')}`;
      }
    }
    const full = 'completo, abas 200';
    expect(seen).toEqual({
      publico: { dona: full, seguidor: full, estranho: full, pedido: full, bloqueado: '404, abas 404', bloqueou: '404, abas 404', visitante: full },
      restrito: {
        dona: full,
        seguidor: full,
        estranho: 'só nome, abas 404',
        pedido: 'só nome, abas 404',
        bloqueado: '404, abas 404',
        bloqueou: '404, abas 404',
        visitante: 'só nome, abas 404',
      },
    });
  });

  it('answer 404 for a suspended reader, unknown tabs and readers, and move an old username with 308', async () => {
    const ana = await createUser({ username: 'ana_antiga' });
    const other = await createUser();
    expect(await statusOf(loadTab('ana_antiga', 'sussurros'))).toBe(404);
    expect(await statusOf(loadTab('ana_antiga', 'eventos'))).toBe(404);
    expect(await statusOf(loadProfile('ninguem_aqui'))).toBe(404);
    // Visitors' copies go to the HTML cache under the reader's tag (decision 0026).
    const page = (await call(profile.loader, getRequest('/u/ana_antiga'), { username: 'ana_antiga' })) as { init: { headers: Record<string, string> } };
    expect(page.init.headers['X-Cache-Tags']).toBe(`reader:${ana.id}`);
    await changeUsername(testViewer(ana), 'ana_nova');
    const moved = (await call(profile.loader, getRequest('/u/ana_antiga'), { username: 'ana_antiga' }).catch((r: unknown) => r)) as Response;
    expect([moved.status, moved.headers.get('location')]).toEqual([308, '/u/ana_nova']);
    const movedTab = (await call(tab.loader, getRequest('/u/ANA_ANTIGA/lidos?ano=2024'), { username: 'ANA_ANTIGA', tab: 'lidos' }).catch(
      (r: unknown) => r,
    )) as Response;
    expect([movedTab.status, movedTab.headers.get('location')]).toEqual([308, '/u/ana_nova/lidos?ano=2024']);
    await getDb()
      .update(users)
      .set({ suspendedAt: sql`now()` })
      .where(eq(users.id, ana.id));
    expect(await statusOf(loadProfile('ana_nova', other.cookie))).toBe(404);
    expect(await statusOf(loadTab('ana_nova', 'estante'))).toBe(404);
  });

  it('show "lendo agora" with its % unless the reader hides it, favourites, counts, shelves by visibility and books read by year', async () => {
    const ana = await createUser({ username: 'ana_leitora' });
    const fan = await createUser();
    const stranger = await createUser();
    const reader = testViewer(ana);
    const [reading, done, loved] = [
      await createEdition({ title: 'Grande Sertão: Veredas', authors: ['Guimarães Rosa'], pages: 600 }),
      await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'] }),
      await createEdition({ title: 'A Paixão Segundo G.H.', authors: ['Clarice Lispector'] }),
    ];
    await setShelfStatus(reader, reading, 'reading');
    await logProgress(reader, reading, { value: 150, unit: 'page', comment: null, emotion: null, spoiler: false });
    await setShelfStatus(reader, done, 'read');
    await setShelfStatus(reader, loved, 'want_to_read');
    await setFavorite(reader, loved, true);
    await follow(fan, 'ana_leitora');
    await createShelf(reader, { name: 'Para todos', description: '', visibility: 'publico' });
    await createShelf(reader, { name: 'Para quem me segue', description: '', visibility: 'seguidores' });
    await createShelf(reader, { name: 'Só minha', description: '', visibility: 'privado' });

    const visitor = (await loadProfile('ana_leitora')).profile.details!;
    expect(visitor.counts).toEqual({ read: 1, followers: 1, following: 0 });
    expect(visitor.currentlyReading).toEqual([
      expect.objectContaining({ edition: expect.objectContaining({ title: 'Grande Sertão: Veredas' }), progress: 0.25 }),
    ]);
    expect(visitor.favorites.map((f) => f.title)).toEqual(['A Paixão Segundo G.H.']);

    // The setting, from /configuracoes/conta: unchecked hides "lendo agora" from everyone but the owner.
    expect(
      await post(
        account.action,
        '/configuracoes/conta',
        { intent: 'perfil', name: 'Ana', pronouns: 'ela/dela', bio: 'Leio no ônibus.', links: 'https://ana.exemplo.com.br', profileVisibility: 'publico' },
        ana,
      ),
    ).toMatchObject({ success: 'Perfil salvo.' });
    expect((await loadProfile('ana_leitora', stranger.cookie)).profile.details!.currentlyReading).toBeNull();
    expect((await loadProfile('ana_leitora', ana.cookie)).profile.details).toMatchObject({
      currentlyReading: [expect.anything()],
      currentlyReadingHidden: true,
    });
    await post(account.action, '/configuracoes/conta', { intent: 'perfil', name: 'Ana', profileVisibility: 'publico', showCurrentlyReading: 'sim' }, ana);
    expect((await loadProfile('ana_leitora', stranger.cookie)).profile.details!.currentlyReading).toHaveLength(1);

    const shelvesFor = async (cookie?: string) =>
      ((await loadTab('ana_leitora', 'estantes', cookie)) as { data: { shelves: { name: string }[] } }).data.shelves.map((s) => s.name);
    expect(await shelvesFor()).toEqual(['Para todos']);
    expect(await shelvesFor(stranger.cookie)).toEqual(['Para todos']);
    expect(await shelvesFor(fan.cookie)).toEqual(['Para todos', 'Para quem me segue']);
    expect(await shelvesFor(ana.cookie)).toEqual(['Para todos', 'Para quem me segue', 'Só minha']);

    const bookshelf = (await loadTab('ana_leitora', 'estante', undefined, '?situacao=lendo')) as {
      data: { items: { edition: { title: string }; progress: number }[]; counts: Record<string, number>; total: number };
    };
    expect(bookshelf.data.items.map((i) => [i.edition.title, i.progress])).toEqual([['Grande Sertão: Veredas', 0.25]]);
    expect(bookshelf.data.counts).toMatchObject({ reading: 1, read: 1, want_to_read: 1 });
    const year = new Date().getFullYear();
    const finished = (await loadTab('ana_leitora', 'lidos')) as {
      data: { years: { year: number; count: number }[]; year: number; readings: { edition: { title: string } }[] };
    };
    expect(finished.data).toMatchObject({
      years: [{ year, count: 1 }],
      year,
      readings: [expect.objectContaining({ edition: expect.objectContaining({ title: 'Dom Casmurro' }) })],
    });
    // Notes never leave the owner's own pages.
    expect(JSON.stringify([visitor, bookshelf])).not.toContain('notes');
  });
});

describe('following through the pages', () => {
  it('a follow, a request approved from the followers tab, /seguindo with activity, and refusals for whoever may not', async () => {
    const bia = await createUser({ username: 'bia_publica' });
    const duda = await createUser({ username: 'duda_fechada' });
    const caio = await createUser({ username: 'caio_curioso' });
    await getDb().update(users).set({ profileVisibility: 'restrito' }).where(eq(users.id, duda.id));
    const book = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'] });
    await setShelfStatus(testViewer(bia), book, 'reading');

    // A visitor is sent to sign in; nothing is written.
    const visitorPost = call(profile.action, formRequest('/u/bia_publica', { intent: 'seguir', reader: 'bia_publica' }), { username: 'bia_publica' });
    expect(await statusOf(visitorPost)).toBe(302);
    expect(await follow(caio, 'bia_publica')).toEqual({ success: 'Você agora segue @bia_publica.', intent: 'seguir' });
    expect(await follow(caio, 'duda_fechada')).toMatchObject({ success: 'Pedido enviado. Você verá o perfil de @duda_fechada quando o pedido for aprovado.' });
    expect((await loadProfile('duda_fechada', caio.cookie)).profile.relation).toMatchObject({ relation: 'stranger', followPending: true });
    const bad = (await post(profile.action, '/u/bia_publica', { intent: 'curtir', reader: '' }, caio, { username: 'bia_publica' })) as Failure;
    expect(bad.data.fieldErrors).toEqual({ intent: 'Ação desconhecida.', reader: 'Leitor não informado.' });

    const mine = (await call(following.loader, getRequest('/seguindo', caio.cookie))) as {
      following: { items: { username: string; activity: { edition: { title: string }; status: string } | null }[] };
      sent: { username: string }[];
    };
    expect(mine.following.items.map((r) => [r.username, r.activity?.edition.title, r.activity?.status])).toEqual([['bia_publica', 'Torto Arado', 'reading']]);
    expect(mine.sent.map((r) => r.username)).toEqual(['duda_fechada']);

    // Only Duda sees the request on her followers tab; Caio cannot approve himself there.
    expect(
      ((await loadTab('duda_fechada', 'seguidores', duda.cookie)) as { data: { requests: { username: string }[] } }).data.requests.map((r) => r.username),
    ).toEqual(['caio_curioso']);
    expect(((await loadTab('bia_publica', 'seguidores', caio.cookie)) as { data: { requests: unknown } }).data.requests).toBeNull();
    const self = (await post(tab.action, '/u/duda_fechada/seguidores', { intent: 'aprovar', reader: 'caio_curioso' }, caio, {
      username: 'duda_fechada',
      tab: 'seguidores',
    })) as Failure;
    expect(self.init.status).toBe(404);
    const inbox = (await call(following.loader, getRequest('/seguindo', duda.cookie))) as { requests: { username: string }[] };
    expect(inbox.requests.map((r) => r.username)).toEqual(['caio_curioso']);
    expect(await post(following.action, '/seguindo', { intent: 'aprovar', reader: 'caio_curioso' }, duda)).toMatchObject({
      success: '@caio_curioso agora segue você.',
    });
    expect(await statusOf(loadTab('duda_fechada', 'estante', caio.cookie))).toBe(200);
    expect(await getDb().select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, caio.id))).toEqual([
      { kind: 'follow_approved' },
    ]);

    // Blocking from the profile goes to /seguindo, which offers to unblock.
    const blocked = (await call(profile.action, formRequest('/u/caio_curioso', { intent: 'bloquear', reader: 'caio_curioso' }, { cookie: bia.cookie }), {
      username: 'caio_curioso',
    }).catch((r: unknown) => r)) as Response;
    expect(blocked.headers.get('location')).toBe('/seguindo?bloqueado=caio_curioso');
    const list = (await call(following.loader, getRequest('/seguindo?bloqueado=caio_curioso', bia.cookie))) as {
      blocked: { username: string }[];
      justBlocked: string;
    };
    expect([list.blocked.map((r) => r.username), list.justBlocked]).toEqual([['caio_curioso'], 'caio_curioso']);
    expect(((await call(following.loader, getRequest('/seguindo', caio.cookie))) as { following: { total: number } }).following.total).toBe(1);
    expect(await post(following.action, '/seguindo', { intent: 'desbloquear', reader: 'caio_curioso' }, bia)).toMatchObject({
      success: 'Você desbloqueou @caio_curioso.',
    });
    expect(await statusOf(loadProfile('bia_publica', caio.cookie))).toBe(200);
  });

  it("/u with nothing typed offers public readers to browse, tagged for the visitors' cache by the readers it shows", async () => {
    const edition = await createEdition({ title: 'Angústia', authors: ['Graciliano Ramos'], pages: 240 });
    const [lia, rui, restricted] = [
      await createUser({ username: 'lia_leitora' }),
      await createUser({ username: 'rui_restrito' }),
      await createUser({ username: 'rita_restrita' }),
    ];
    await getDb().update(users).set({ profileVisibility: 'restrito' }).where(eq(users.id, restricted.id));
    for (const reader of [lia, rui, restricted]) await setShelfStatus(testViewer(reader), edition, 'reading');
    await follow(rui, 'lia_leitora');
    await getDb()
      .update(users)
      .set({ suspendedAt: sql`now()` })
      .where(eq(users.id, rui.id));
    const response = (await call(search.loader, getRequest('/u'))) as {
      data: { results: null; directory: { recent: { username: string }[]; mostFollowed: { username: string; followers: number }[] } };
      init: { headers: Record<string, string> };
    };
    expect(response.data.results).toBeNull();
    expect(response.data.directory.recent.map((r) => r.username)).toEqual(['lia_leitora']);
    // Rui's follow no longer counts once he is suspended.
    expect(response.data.directory.mostFollowed).toEqual([]);
    expect(response.init.headers['X-Cache-Tags']).toBe(`reader:${lia.id}`);
  });

  it('search finds readers by name or username without accents or case, leaving out the suspended and blocked pairs', async () => {
    const jose = await createUser({ username: 'ze_leitor' });
    await getDb().update(users).set({ name: 'José Conceição' }).where(eq(users.id, jose.id));
    const joana = await createUser({ username: 'joana_conceicao' });
    const gone = await createUser({ username: 'conceicao_suspensa' });
    await getDb()
      .update(users)
      .set({ suspendedAt: sql`now()` })
      .where(eq(users.id, gone.id));
    const viewer = await createUser();
    const names = async (q: string, cookie?: string) =>
      ((await call(search.loader, getRequest(`/u?q=${encodeURIComponent(q)}`, cookie))) as { results: { items: { username: string }[] } }).results.items.map(
        (r) => r.username,
      );
    expect(await names('jose conceicao')).toEqual(['ze_leitor']);
    // Folded names in order: "joana_conceicao" before "jose conceicao".
    expect(await names('CONCEIÇÃO')).toEqual(['joana_conceicao', 'ze_leitor']);
    expect(await names('@joana_conceicao')).toEqual(['joana_conceicao']);
    expect(await names('100%_')).toEqual([]);
    expect(
      await statusOf(post(profile.action, '/u/joana_conceicao', { intent: 'bloquear', reader: 'joana_conceicao' }, viewer, { username: 'joana_conceicao' })),
    ).toBe(302);
    expect(await names('conceicao', viewer.cookie)).toEqual(['ze_leitor']);
    expect(await names('conceicao', joana.cookie)).toEqual(['joana_conceicao', 'ze_leitor']);
  });
});

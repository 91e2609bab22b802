import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createUser, formRequest, getRequest, testViewer, type TestUser } from '../../test/factories';
import { renderPage } from '../../test/render';
import { call, statusOf, type Failure } from '../../test/routes';
import { updateClubSettings } from '~/features/clubs/mutations.server';
import { getClubBySlug } from '~/features/clubs/queries.server';
import * as clubPage from './clube.$identificador';
import * as myClubs from './clube';
import * as directory from './clubes';
import * as create from './criar';
import * as home from './home';
import * as profileTab from './u.$username.$tab';

useTestDatabase();

/** The creation form as a browser posts it, categories ticked as repeated fields. */
function createRequest(user: TestUser, fields: [string, string][]): Request {
  return new Request('http://localhost:3000/criar', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:3000', Cookie: user.cookie },
  });
}

async function createAs(user: TestUser, name: string, visibility: string): Promise<string> {
  const response = (await call(
    create.action,
    createRequest(user, [
      ['name', name],
      ['description', 'Um **clube**.'],
      ['visibility', visibility],
      ['categories', 'fantasia'],
    ]),
  )) as Response;
  expect(response.status).toBe(302);
  return response.headers.get('location')!.split('/')[2]!;
}

type ClubLoaderData = Awaited<ReturnType<typeof clubPage.loader>>['data'];

describe('club pages', () => {
  it('create a club on /criar, keeping what was typed when it fails, and open its page', async () => {
    const owner = await createUser({ verified: true });
    const failed = (await call(
      create.action,
      createRequest(owner, [
        ['name', ' '],
        ['description', 'Sobre nós'],
        ['visibility', 'aberto'],
        ['categories', 'poesia'],
        ['categories', 'romance'],
      ]),
    )) as Failure;
    expect(failed.init.status).toBe(400);
    expect(failed.data.fieldErrors).toEqual({ name: 'Dê um nome ao clube.' });
    expect(failed.data.fields).toMatchObject({ description: 'Sobre nós', categories: 'poesia,romance' });
    const tooMany = (await call(
      create.action,
      createRequest(owner, [
        ['name', 'X'],
        ['visibility', 'aberto'],
        ...['poesia', 'romance', 'terror', 'geral'].map((c): [string, string] => ['categories', c]),
      ]),
    )) as Failure;
    expect(tooMany.data.fieldErrors.categories).toMatch(/no máximo 3/);

    const slug = await createAs(owner, 'Clube da Foca', 'aberto');
    expect(slug).toBe('clube-da-foca');
    const page = (await call(clubPage.loader, getRequest(`/clube/${slug}`), { identificador: slug })) as {
      data: ClubLoaderData;
      init: { headers: Record<string, string> };
    };
    expect(page.data.club).toMatchObject({ name: 'Clube da Foca', memberCount: 1, standing: null });
    expect(page.data.descriptionHtml).toContain('<strong>clube</strong>');
    expect(page.init.headers['X-Cache-Tags']).toBe(`club:${page.data.club.id}`);
    const html = renderPage(clubPage.default, page.data, `/clube/${slug}`);
    expect(html).toContain('<h1');
    expect(html).toContain('Entrar para participar');
    expect(await statusOf(call(create.loader, getRequest('/criar'), {}))).toBe(302);
  });

  it('join an open club from its page, ask to join a moderated one, and find them on /clube and /clubes', async () => {
    const owner = await createUser({ verified: true });
    const reader = await createUser();
    const open = await createAs(owner, 'Clube Aberto', 'aberto');
    const moderated = await createAs(owner, 'Clube Moderado', 'moderado');
    const joined = await call(clubPage.action, formRequest(`/clube/${open}`, { intent: 'entrar' }, { cookie: reader.cookie }), { identificador: open });
    expect(joined).toEqual({ success: 'Boas-vindas ao clube!' });
    const asked = await call(clubPage.action, formRequest(`/clube/${moderated}`, { intent: 'entrar' }, { cookie: reader.cookie }), {
      identificador: moderated,
    });
    expect(asked).toMatchObject({ success: expect.stringMatching(/Pedido enviado/) });
    const mine = (await call(myClubs.loader, getRequest('/clube', reader.cookie))) as Awaited<ReturnType<typeof myClubs.loader>>;
    expect(mine.mine.active.map((c) => c.slug)).toEqual([open]);
    expect(mine.mine.requests.map((c) => c.slug)).toEqual([moderated]);
    expect(renderPage(myClubs.default, mine, '/clube')).toContain('Cancelar pedido');
    const cancelled = await call(myClubs.action, formRequest('/clube', { intent: 'sair', clubId: mine.mine.requests[0]!.id }, { cookie: reader.cookie }));
    expect(cancelled).toEqual({ success: 'Pronto.' });

    const list = (await call(directory.loader, getRequest('/clubes?q=aberto'))) as { data: Awaited<ReturnType<typeof directory.loader>>['data'] };
    expect(list.data.directory.clubs.map((c) => c.name)).toEqual(['Clube Aberto']);
    expect(renderPage(directory.default, list.data, '/clubes?q=aberto')).toContain('Clube Aberto');
    expect(await statusOf(call(myClubs.loader, getRequest('/clube')))).toBe(302);
  });

  it('answers 404 for a private club to visitors and strangers, and 308 from an old identificador', async () => {
    const owner = await createUser({ verified: true });
    const stranger = await createUser();
    const secret = await createAs(owner, 'Clube Secreto', 'privado');
    expect(await statusOf(call(clubPage.loader, getRequest(`/clube/${secret}`), { identificador: secret }))).toBe(404);
    expect(await statusOf(call(clubPage.loader, getRequest(`/clube/${secret}`, stranger.cookie), { identificador: secret }))).toBe(404);
    expect(
      await statusOf(call(clubPage.action, formRequest(`/clube/${secret}`, { intent: 'entrar' }, { cookie: stranger.cookie }), { identificador: secret })),
    ).toBe(404);
    expect(await statusOf(call(clubPage.loader, getRequest(`/clube/${secret}`, owner.cookie), { identificador: secret }))).toBe(200);
    expect(await statusOf(call(clubPage.loader, getRequest('/clube/Nao_Existe'), { identificador: 'Nao_Existe' }))).toBe(404);
    const club = await getClubBySlug(testViewer(owner), secret);
    const settings = { name: 'Clube Secreto', description: '', welcomeText: '', rules: '', categories: [], memberCap: null, membersCanPost: false };
    await updateClubSettings({ ...testViewer(owner), emailVerified: true }, club!.id, { ...settings, slug: 'segredo-antigo', visibility: 'privado' });
    // Still private: the old identificador says nothing to a stranger, not even the new one; its owner follows it.
    expect(await statusOf(call(clubPage.loader, getRequest(`/clube/${secret}`, stranger.cookie), { identificador: secret }))).toBe(404);
    const ownerMoved = (await call(clubPage.loader, getRequest(`/clube/${secret}`, owner.cookie), { identificador: secret }).catch(
      (e: unknown) => e,
    )) as Response;
    expect([ownerMoved.status, ownerMoved.headers.get('location')]).toEqual([308, '/clube/segredo-antigo']);
    await updateClubSettings({ ...testViewer(owner), emailVerified: true }, club!.id, { ...settings, slug: 'segredo', visibility: 'aberto' });
    const moved = (await call(clubPage.loader, getRequest(`/clube/${secret}/posts?pagina=2`), { identificador: secret }).catch((e: unknown) => e)) as Response;
    expect([moved.status, moved.headers.get('location')]).toEqual([308, '/clube/segredo/posts?pagina=2']);
  });

  it('show a reader’s clubs on /u/{username}/clubes (a private one only to its members) and on /home', async () => {
    const owner = await createUser({ verified: true });
    const stranger = await createUser();
    const open = await createAs(owner, 'Clube Aberto', 'aberto');
    await createAs(owner, 'Clube Secreto', 'privado');
    type Tab = { data: { tab: 'clubes'; clubs: { slug: string }[] } };
    const tabFor = async (cookie?: string) =>
      ((await call(profileTab.loader, getRequest(`/u/${owner.username}/clubes`, cookie), { username: owner.username, tab: 'clubes' })) as Tab).data.clubs.map(
        (c) => c.slug,
      );
    expect(await tabFor()).toEqual([open]);
    expect(await tabFor(stranger.cookie)).toEqual([open]);
    expect((await tabFor(owner.cookie)).sort()).toEqual([open, 'clube-secreto'].sort());

    const mine = (await call(home.loader, getRequest('/home', owner.cookie))) as Awaited<ReturnType<typeof home.loader>>;
    expect(mine.clubs.total).toBe(2);
    expect(mine.clubs.clubs.map((c) => c.name).sort()).toEqual(['Clube Aberto', 'Clube Secreto']);
    expect(renderPage(home.default, mine, '/home')).toContain('Meus clubes');
    const none = (await call(home.loader, getRequest('/home', stranger.cookie))) as Awaited<ReturnType<typeof home.loader>>;
    expect(renderPage(home.default, none, '/home')).toContain('Encontre um clube');
  });
});

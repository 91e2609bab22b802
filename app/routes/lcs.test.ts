import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { catalogRedirects, groupReadEditions, groupReadParticipants, groupReads } from '~/db/schema';
import { joinClub } from '~/features/clubs/membership.server';
import { createClub, updateClubSettings } from '~/features/clubs/mutations.server';
import { GROUP_READS_HOSTED_MAX, saoPauloToday } from '~/features/lcs/policy';
import { addDays } from '~/features/lcs/schedule';
import { newId } from '~/lib/ids';
import { createGroupRead, updateGroupReadSettings } from '~/features/lcs/mutations.server';
import { inviteToGroupRead, joinGroupRead, leaveGroupRead } from '~/features/lcs/participants.server';
import { getGroupReadBySlug, listStages } from '~/features/lcs/queries.server';
import type { WizardState } from '~/features/lcs/wizard.server';
import { clearHtmlCache, invalidateTags, listenForInvalidations } from '~/server/html-cache.server';
import { setSuspended } from '~/features/accounts/admin.server';
import { changeUsername } from '~/features/accounts/mutations.server';
import { applyEditionChanges } from '~/features/catalog/edits.server';
import { eq } from 'drizzle-orm';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, multipartRequest, testPhoto, testViewer, type TestUser } from '../../test/factories';
import { lcInput } from '../../test/lc-fixtures';
import { dropped, kept, visit, type Page } from '../../test/page-cache';
import { renderPage } from '../../test/render';
import { call, statusOf } from '../../test/routes';
import * as create from './criar.lc';
import * as page from './lc.$identificador';
import * as schedule from './lc.$identificador.cronograma';
import * as manage from './lc.$identificador.gerenciar';
import * as feed from './lc.$identificador.cronograma[.]ics';
import * as directory from './lcs';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });

/** One press of a wizard button with the fields the last answer carried (what the form sends back). */
async function press(user: TestUser, from: WizardState, typed: Record<string, string>, intent: string): Promise<WizardState | Response> {
  const fields = { ...from.fields, step: from.step, ...typed, intent };
  const outcome = await call(create.action, formRequest('/criar/lc', fields, { cookie: user.cookie }));
  if (outcome instanceof Response) return outcome;
  return (outcome as { data: WizardState }).data;
}
const state = (outcome: WizardState | Response) => {
  if (outcome instanceof Response) throw new Error(`redirected to ${outcome.headers.get('Location')}`);
  return outcome;
};

describe('/criar/lc, the wizard', () => {
  it('checks each step, keeps everything typed going back and on errors, generates the schedule, and creates the LC', async () => {
    const user = await createUser({ verified: true });
    const first = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264 });
    const second = await createEdition({ title: 'Salvar o Fogo', authors: ['Itamar Vieira Junior'] });
    const initial = ((await call(create.loader, getRequest('/criar/lc', user.cookie))) as { initial: WizardState }).initial;
    expect(initial.step).toBe('livros');

    // A book missing from the catalogue stays on the books step, with the message beside its field.
    let s = state(await press(user, initial, { 'edition-0': 'nao-existe' }, 'avancar'));
    expect(s).toMatchObject({ step: 'livros', fieldErrors: { 'edition-0': expect.stringMatching(/catálogo/) } });
    s = state(await press(user, s, { 'edition-0': `http://localhost:3000/ed/${first}` }, 'mais-livro'));
    s = state(await press(user, s, { 'edition-1': second }, 'avancar'));
    // The second book has no page count in the catalogue: the host gives their copy's.
    expect(s).toMatchObject({ step: 'livros', fieldErrors: { 'edition-1-pages': expect.stringMatching(/páginas/) } });
    s = state(await press(user, s, { 'edition-1-pages': '136' }, 'avancar'));
    expect(s.step).toBe('datas');

    s = state(await press(user, s, { startsOn: '2027-03-01', endsOn: '2027-02-01', stageCount: '4' }, 'avancar'));
    expect(s).toMatchObject({ step: 'datas', fieldErrors: { endsOn: 'O fim vem depois do início.' }, fields: { startsOn: '2027-03-01', stageCount: '4' } });
    s = state(await press(user, s, { endsOn: '2027-03-20' }, 'avancar'));
    expect(s.step).toBe('cronograma');
    expect(s.fields).toMatchObject({
      'stage-0-edition': '0',
      'stage-0-from': '1',
      'stage-3-edition': '1',
      'stage-3-to': '136',
      'stage-3-endsOn': '2027-03-20',
    });

    // Going back keeps the edited schedule; unchanged books and dates do not generate it again.
    s = state(await press(user, s, { 'stage-0-to': '90' }, 'voltar'));
    expect(s.step).toBe('datas');
    s = state(await press(user, s, {}, 'avancar'));
    expect(s.fields['stage-0-to']).toBe('90');
    s = state(await press(user, s, { 'stage-1-startsOn': '2027-04-01' }, 'avancar'));
    expect(s).toMatchObject({ step: 'cronograma', fieldErrors: { 'stage-1-startsOn': expect.stringMatching(/entre o início e o fim/) } });
    // Etapa 1 now ends on page 90, and etapa 2 still starts on 89: the same pages twice are refused.
    s = state(await press(user, s, { 'stage-1-startsOn': '2027-03-06' }, 'avancar'));
    expect(s).toMatchObject({ step: 'cronograma', fieldErrors: { 'stage-1-from': expect.stringMatching(/já vai até a página 90/) } });
    s = state(await press(user, s, { 'stage-1-from': '91' }, 'avancar'));
    expect(s.step).toBe('detalhes');
    expect(s.fields.title).toBe('');

    s = state(await press(user, s, { title: 'Itamar em março', visibility: 'publico', 'material-0-title': 'Playlist', 'material-0-url': 'http://x' }, 'criar'));
    expect(s).toMatchObject({ step: 'detalhes', fieldErrors: { 'material-0-url': expect.stringMatching(/https/) }, fields: { title: 'Itamar em março' } });
    const done = await press(user, s, { 'material-0-url': 'https://exemplo.com.br/playlist' }, 'criar');
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).headers.get('Location')).toBe('/lc/itamar-em-marco');
    const lc = await getGroupReadBySlug(null, 'itamar-em-marco');
    expect(lc).toMatchObject({ title: 'Itamar em março', startsOn: '2027-03-01', endsOn: '2027-03-20' });
    expect((await listStages(lc!.id)).map((st) => `${st.editionTitle} ${st.fromNumber}-${st.toNumber}`)).toEqual([
      'Torto Arado 1-90',
      'Torto Arado 91-176',
      'Torto Arado 177-264',
      'Salvar o Fogo 1-136',
    ]);
  });

  it('refuses a reader whose e-mail is not confirmed, keeping the form', async () => {
    const user = await createUser();
    const input = await lcInput();
    const fields = {
      title: 'Minha LC',
      visibility: 'publico',
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      'edition-0': input.editions[0]!.editionId,
      'edition-0-pages': '',
      'stage-0-edition': '0',
      'stage-0-unit': 'pages',
      'stage-0-from': '1',
      'stage-0-to': '264',
      'stage-0-startsOn': input.startsOn,
      'stage-0-endsOn': input.endsOn,
    };
    const s = state(await press(user, { step: 'detalhes', fields, fieldErrors: {}, books: {} }, {}, 'criar'));
    expect(s).toMatchObject({ formError: expect.stringMatching(/Confirme seu e-mail/), fields: { title: 'Minha LC' } });
  });
});

describe('/criar/lc tells and asks in time', () => {
  it('says at the first step what will stop the creation: an unconfirmed e-mail, or 20 LCs at once', async () => {
    const unconfirmed = await createUser();
    const initial = ((await call(create.loader, getRequest('/criar/lc', unconfirmed.cookie))) as { initial: WizardState }).initial;
    expect(initial).toMatchObject({ step: 'livros', formError: expect.stringMatching(/Confirme seu e-mail/) });

    const busy = await createUser({ verified: true });
    const startsOn = addDays(saoPauloToday(), 3);
    await getDb()
      .insert(groupReads)
      .values(
        Array.from({ length: GROUP_READS_HOSTED_MAX }, (_, i) => ({
          id: newId(),
          slug: `lc-cheia-${i}-${busy.id
            .slice(0, 6)
            .toLowerCase()
            .replace(/[^a-z0-9]/g, 'x')}`,
          title: `LC ${i}`,
          hostUserId: busy.id,
          startsOn,
          endsOn: addDays(startsOn, 10),
          visibility: 'publico' as const,
        })),
      );
    const full = ((await call(create.loader, getRequest('/criar/lc', busy.cookie))) as { initial: WizardState }).initial;
    expect(full.formError).toMatch(/já organiza 20 LCs/);
    const next = state(await press(busy, full, { 'edition-0': 'nao-existe' }, 'avancar'));
    expect(next.formError).toMatch(/já organiza 20 LCs/);
  });

  it('refuses pages past the catalogue, a blank book on an etapa, and another’s club beside its field; a merged edition becomes the survivor', async () => {
    const user = await createUser({ verified: true });
    const book = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264 });
    await getDb().insert(catalogRedirects).values({ kind: 'edition', fromId: 'edicao-que-sumiu', toId: book });
    const initial = ((await call(create.loader, getRequest('/criar/lc', user.cookie))) as { initial: WizardState }).initial;
    let s = state(await press(user, initial, { 'edition-0': 'edicao-que-sumiu', 'edition-0-pages': '300' }, 'avancar'));
    expect(s).toMatchObject({ step: 'livros', fields: { 'edition-0': book }, fieldErrors: { 'edition-0-pages': expect.stringMatching(/264 páginas/) } });
    s = state(await press(user, s, { 'edition-0-pages': '' }, 'avancar'));
    s = state(await press(user, s, { startsOn: '2027-03-01', endsOn: '2027-03-14', stageCount: '2' }, 'avancar'));
    expect(s.step).toBe('cronograma');
    s = state(await press(user, s, { 'stage-1-edition': '' }, 'avancar'));
    expect(s).toMatchObject({ step: 'cronograma', fieldErrors: { 'stage-1-edition': 'Escolha o livro da etapa.' } });
    s = state(await press(user, s, { 'stage-1-edition': '0' }, 'avancar'));
    const owner = verified(await createUser());
    const club = await createClub(owner, { name: 'Clube dos Outros', description: '', visibility: 'aberto', categories: [] });
    s = state(await press(user, s, { title: 'Minha LC', visibility: 'publico', hostClubId: club.id }, 'criar'));
    expect(s).toMatchObject({ step: 'detalhes', fieldErrors: { hostClubId: expect.stringMatching(/clubes em que é dono ou admin/) } });
  });

  it('asks before a new generation replaces edited etapas', async () => {
    const user = await createUser({ verified: true });
    const book = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264 });
    const initial = ((await call(create.loader, getRequest('/criar/lc', user.cookie))) as { initial: WizardState }).initial;
    let s = state(await press(user, initial, { 'edition-0': book }, 'avancar'));
    s = state(await press(user, s, { startsOn: '2027-03-01', endsOn: '2027-03-14', stageCount: '2' }, 'avancar'));
    expect(s.fields['stage-0-to']).toBe('132');
    // Untouched etapas follow new dates by themselves.
    s = state(await press(user, s, {}, 'voltar'));
    s = state(await press(user, s, { endsOn: '2027-03-20' }, 'avancar'));
    expect([s.fields['stage-1-endsOn'], s.confirmRegenerate]).toEqual(['2027-03-20', undefined]);
    // Edited ones are kept, and the host is asked.
    s = state(await press(user, s, { 'stage-0-to': '100', 'stage-1-from': '101' }, 'voltar'));
    s = state(await press(user, s, { stageCount: '3' }, 'avancar'));
    expect(s).toMatchObject({ step: 'cronograma', confirmRegenerate: true, fields: { 'stage-0-to': '100' } });
    expect(s.fields['stage-2-to']).toBeUndefined();
    s = state(await press(user, s, {}, 'gerar'));
    expect(s).toMatchObject({ confirmRegenerate: true, fields: { 'stage-0-to': '100' } });
    s = state(await press(user, s, {}, 'gerar-confirmado'));
    expect([s.fields['stage-0-to'], s.fields['stage-2-to'], s.confirmRegenerate]).toEqual(['88', '264', undefined]);
  });
});

describe('/lc/{identificador}', () => {
  it('answers an old identificador with 308 to the new one, tab and all, and serves the schedule as iCalendar', async () => {
    const hostUser = await createUser();
    const host = verified(hostUser);
    const lc = await createGroupRead(host, await lcInput());
    await updateGroupReadSettings(host, lc.id, { title: 'Torto Arado', slug: 'torto-arado-lc', description: '', visibility: 'publico', participantCap: null });
    const moved = await call(schedule.loader, getRequest(`/lc/${lc.slug}/cronograma?x=1`), { identificador: lc.slug }).catch((thrown: unknown) => thrown);
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).status).toBe(308);
    expect((moved as Response).headers.get('Location')).toBe('/lc/torto-arado-lc/cronograma?x=1');
    const ics = (await call(feed.loader, getRequest('/lc/torto-arado-lc/cronograma.ics'), { identificador: 'torto-arado-lc' })) as Response;
    const text = await ics.text();
    expect(ics.headers.get('Content-Type')).toMatch(/text\/calendar/);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain('SUMMARY:Torto Arado: etapa 1 (pp. 1–132)');
    expect(text).toMatch(/DTSTART;VALUE=DATE:\d{8}/);
    expect(await statusOf(call(page.loader, getRequest('/lc/nao-existe'), { identificador: 'nao-existe' }))).toBe(404);

    // A private LC's old identificador says nothing to a stranger, not even the new one; its host follows it.
    await updateGroupReadSettings(host, lc.id, {
      title: 'Torto Arado',
      slug: 'torto-arado-secreta',
      description: '',
      visibility: 'privado',
      participantCap: null,
    });
    const stranger = await createUser({ verified: true });
    expect(await statusOf(call(page.loader, getRequest('/lc/torto-arado-lc', stranger.cookie), { identificador: 'torto-arado-lc' }))).toBe(404);
    expect(await statusOf(call(page.loader, getRequest('/lc/torto-arado-lc'), { identificador: 'torto-arado-lc' }))).toBe(404);
    const hostMoved = (await call(page.loader, getRequest('/lc/torto-arado-lc', hostUser.cookie), { identificador: 'torto-arado-lc' }).catch(
      (e: unknown) => e,
    )) as Response;
    expect([hostMoved.status, hostMoved.headers.get('Location')]).toEqual([308, '/lc/torto-arado-secreta']);
  });
});

describe('/lc/{identificador}/cronograma.ics of a private or club LC', () => {
  it('gives each reader who sees it a personal address a calendar app reads without a session, while they may see the LC', async () => {
    const hostUser = await createUser({ verified: true });
    const host = verified(hostUser);
    const lc = await createGroupRead(host, await lcInput({ visibility: 'privado' }));
    const other = await createGroupRead(host, await lcInput({ visibility: 'privado' }));
    const [reader, admin] = [await createUser({ verified: true }), await createUser({ verified: true, role: 'admin' })];
    await inviteToGroupRead(host, lc.id, reader.username);
    await joinGroupRead(verified(reader), lc.id);
    const scheduleOf = async (cookie: string | undefined) =>
      (await call(schedule.loader, getRequest(`/lc/${lc.slug}/cronograma`, cookie), { identificador: lc.slug })) as { data: { feed: string } };
    const { feed: address } = (await scheduleOf(reader.cookie)).data;
    expect(address).toMatch(new RegExp(`^/lc/${lc.slug}/cronograma\\.ics\\?chave=`));
    expect(renderPage(schedule.default, (await scheduleOf(reader.cookie)).data, `/lc/${lc.slug}/cronograma`)).toContain('Este link é só seu');
    const fetchFeed = (path: string, slug = lc.slug) => call(feed.loader, getRequest(path), { identificador: slug });
    const ok = (await fetchFeed(address)) as Response;
    expect([ok.status, ok.headers.get('Cache-Control')]).toEqual([200, 'private, no-store']);
    expect(await ok.text()).toContain('BEGIN:VEVENT');
    // No key, a forged one, or one signed for another LC: as a visitor, 404.
    const key = new URL(address, 'http://x').searchParams.get('chave')!;
    expect(await statusOf(fetchFeed(`/lc/${lc.slug}/cronograma.ics`))).toBe(404);
    expect(await statusOf(fetchFeed(`/lc/${lc.slug}/cronograma.ics?chave=${encodeURIComponent(`${hostUser.id}.${key.split('.')[1]}`)}`))).toBe(404);
    expect(await statusOf(fetchFeed(`/lc/${other.slug}/cronograma.ics?chave=${encodeURIComponent(key)}`, other.slug))).toBe(404);
    // An old identificador moves with the key kept.
    await updateGroupReadSettings(host, lc.id, { title: 'LC', slug: 'lc-com-chave', description: '', visibility: 'privado', participantCap: null });
    const moved = (await fetchFeed(address).catch((e: unknown) => e)) as Response;
    expect([moved.status, moved.headers.get('Location')]).toEqual([308, address.replace(`/lc/${lc.slug}/`, '/lc/lc-com-chave/')]);
    const current = address.replace(`/lc/${lc.slug}/`, '/lc/lc-com-chave/');
    // Suspended, or out of the LC, the key reads as no one.
    await setSuspended(testViewer(admin, 'admin'), reader.id, true);
    expect(await statusOf(fetchFeed(current, 'lc-com-chave'))).toBe(404);
    await setSuspended(testViewer(admin, 'admin'), reader.id, false);
    expect(await statusOf(fetchFeed(current, 'lc-com-chave'))).toBe(200);
    await leaveGroupRead(verified(reader), lc.id);
    expect(await statusOf(fetchFeed(current, 'lc-com-chave'))).toBe(404);
  });
});

describe("visitors' cached LC pages", () => {
  beforeEach(async () => {
    clearHtmlCache();
    await listenForInvalidations();
  });

  it('are dropped when someone joins and when the LC changes; other LCs stay cached', async () => {
    const host = verified(await createUser());
    const lc = await createGroupRead(host, await lcInput({ title: 'LC da Foca' }));
    const other = await createGroupRead(host, await lcInput({ title: 'Outra LC' }));
    const pageOf = (slug: string): Page => ({ url: new URL(`http://localhost:3000/lc/${slug}`), route: page, params: { identificador: slug } });
    const listPage: Page = { url: new URL('http://localhost:3000/lcs'), route: directory, params: {} };
    const [mine, others] = [pageOf(lc.slug), pageOf(other.slug)];
    for (const p of [mine, others, listPage]) await visit(p);
    await kept(mine, others, listPage);

    await joinGroupRead(verified(await createUser()), lc.id);
    await dropped(mine, listPage);
    expect(await visit(mine)).toContain('"participantCount":1');
    await visit(listPage);
    await kept(others);

    await updateGroupReadSettings(host, lc.id, { title: 'LC da Foca Leitora', slug: lc.slug, description: '', visibility: 'publico', participantCap: null });
    await dropped(mine, listPage);
    expect(await visit(listPage)).toContain('LC da Foca Leitora');
  });

  it('are dropped when their host renames, changes name or is suspended, and when an edition they read is edited', async () => {
    const hostUser = await createUser();
    const host = verified(hostUser);
    const lc = await createGroupRead(host, await lcInput({ title: 'LC da Foca' }));
    const other = await createGroupRead(verified(await createUser()), await lcInput({ title: 'Outra LC' }));
    const pageOf = (slug: string): Page => ({ url: new URL(`http://localhost:3000/lc/${slug}`), route: page, params: { identificador: slug } });
    const listPage: Page = { url: new URL('http://localhost:3000/lcs'), route: directory, params: {} };
    const [mine, others] = [pageOf(lc.slug), pageOf(other.slug)];
    for (const p of [mine, others, listPage]) await visit(p);

    await changeUsername(host, 'foca_renomeada');
    await dropped(mine, listPage);
    expect(await visit(mine)).toContain('"username":"foca_renomeada"');
    await kept(others);

    const [book] = await getDb().select({ editionId: groupReadEditions.editionId }).from(groupReadEditions).where(eq(groupReadEditions.groupReadId, lc.id));
    const tags = await getDb().transaction((tx) => applyEditionChanges(tx, book!.editionId, { title: 'Torto Arado (revisto)' }));
    await invalidateTags(tags);
    await dropped(mine, listPage);
    await visit(listPage);

    await setSuspended(testViewer(await createUser({ role: 'admin' }), 'admin'), host.id, true);
    await dropped(mine, listPage);
    expect(await statusOf(call(page.loader, getRequest(`/lc/${lc.slug}`), { identificador: lc.slug }))).toBe(404);
    expect(await visit(listPage)).not.toContain('LC da Foca');
  });

  it('follow a club turned private: its public LCs become members-only in the same change, outsiders lose their places, the next member gets in, cached pages drop', async () => {
    const owner = verified(await createUser());
    const club = await createClub(owner, { name: 'Clube que fecha', description: '', visibility: 'aberto', categories: [] });
    const lc = await createGroupRead(owner, await lcInput({ title: 'LC aberta do clube', hostClubId: club.id, participantCap: 1 }));
    const invitedUser = await createUser();
    const [outsider, member, invited] = [verified(await createUser()), verified(await createUser()), verified(invitedUser)];
    await joinClub(member, club.id);
    expect(await joinGroupRead(outsider, lc.id)).toBe('joined');
    expect(await joinGroupRead(member, lc.id)).toBe('waiting');
    await inviteToGroupRead(owner, lc.id, invitedUser.username);
    const lcPage: Page = { url: new URL(`http://localhost:3000/lc/${lc.slug}`), route: page, params: { identificador: lc.slug } };
    const listPage: Page = { url: new URL('http://localhost:3000/lcs'), route: directory, params: {} };
    expect(await visit(listPage)).toContain('LC aberta do clube');
    await visit(lcPage);

    const settings = {
      name: 'Clube que fecha',
      slug: club.slug,
      description: '',
      welcomeText: '',
      rules: '',
      categories: [],
      memberCap: null,
      membersCanPost: false,
    };
    await updateClubSettings(owner, club.id, { ...settings, visibility: 'privado' });
    const [row] = await getDb().select({ visibility: groupReads.visibility, n: groupReads.participantCount }).from(groupReads).where(eq(groupReads.id, lc.id));
    expect(row).toEqual({ visibility: 'clube', n: 1 });
    const statuses = await getDb()
      .select({ userId: groupReadParticipants.userId, status: groupReadParticipants.status })
      .from(groupReadParticipants)
      .where(eq(groupReadParticipants.groupReadId, lc.id));
    expect(Object.fromEntries(statuses.map((r) => [r.userId, r.status]))).toEqual({ [member.id]: 'active', [invited.id]: 'invited' });
    await dropped(lcPage, listPage);
    expect(await visit(listPage)).not.toContain('LC aberta do clube');
    expect(await statusOf(call(page.loader, getRequest(`/lc/${lc.slug}`), { identificador: lc.slug }))).toBe(404);
    expect(await getGroupReadBySlug(outsider, lc.slug)).toBeNull();
    expect(await getGroupReadBySlug(member, lc.slug)).not.toBeNull();
  });
});

describe('/lc/{identificador}/gerenciar for who does not run the LC', () => {
  it('answers 403 with a Portuguese message and the way back; a private LC answers 404', async () => {
    const host = verified(await createUser());
    const lc = await createGroupRead(host, await lcInput());
    const reader = await createUser();
    const thrown = (await call(manage.loader, getRequest(`/lc/${lc.slug}/gerenciar`, reader.cookie), { identificador: lc.slug }).catch((e: unknown) => e)) as {
      data: unknown;
      init: { status: number };
    };
    expect(thrown).toMatchObject({ init: { status: 403 }, data: { message: 'Só quem organiza esta LC pode gerenciá-la.', back: { to: `/lc/${lc.slug}` } } });
    await updateGroupReadSettings(host, lc.id, { title: 'LC', slug: lc.slug, description: '', visibility: 'privado', participantCap: null });
    expect(await statusOf(call(manage.loader, getRequest(`/lc/${lc.slug}/gerenciar`, reader.cookie), { identificador: lc.slug }))).toBe(404);
  });
});

describe('the LC cover', () => {
  it('is the host’s to change, under the image rules, beside its field; the page shows it', async () => {
    const host = await createUser({ verified: true });
    const lc = await createGroupRead(verified(host), await lcInput());
    const send = (user: TestUser, file: File) =>
      call(manage.action, multipartRequest(`/lc/${lc.slug}/gerenciar`, { intent: 'capa' }, [['cover', file]], user.cookie), { identificador: lc.slug });
    expect(await send(host, await testPhoto())).toEqual({ success: 'Capa atualizada.' });
    const cover = (await getGroupReadBySlug(null, lc.slug))?.coverUrl;
    expect(cover).toMatch(new RegExp(`^/arquivos/group-reads/${lc.id}/cover-.+\\.webp$`));
    const refused = (await send(host, new File(['não é imagem'], 'capa.png', { type: 'image/png' }))) as { data: { fieldErrors: Record<string, string> } };
    expect(refused.data.fieldErrors.cover).toMatch(/JPEG, PNG, WebP ou GIF/);
    const stranger = await createUser({ verified: true });
    expect(await statusOf(send(stranger, await testPhoto()))).toBe(403);
    expect((await getGroupReadBySlug(null, lc.slug))?.coverUrl).toBe(cover);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { marathonLevels, marathonParticipants, marathonTeams, marathons } from '~/db/schema';
import { deleteAccount } from '~/features/accounts/deletion.server';
import { useTestDatabase } from '../../../test/db';
import { createUser, formRequest, getRequest, testViewer } from '../../../test/factories';
import { marathonInput, noticeReader } from '../../../test/marathon-fixtures';
import { renderPage } from '../../../test/render';
import { type Failure, call, statusOf } from '../../../test/routes';
import * as challengesPage from '../../routes/m.$identificador.desafios';
import * as manage from '../../routes/m.$identificador.gerenciar';
import * as page from '../../routes/m.$identificador';
import * as officialPage from '../../routes/gerenciar.maratonas';
import { OrganizerTools } from './components/organizer-tools';
import { timeZoneLabel } from './labels';
import { NOTICE_REQUIRED, addChallenge, createMarathon, joinMarathon, updateMarathonSettings } from './mutations.server';
import { PARTICIPANTS_PAGE_SIZE, isRevealed, registrationState } from './policy';
import { todayIn } from '~/lib/calendar';
import { getMarathonBySlug, listOfficialMarathons, listParticipants, listRevealedChallenges, listScheduledChallenges } from './queries.server';
import { slugFromName } from './slugs';
import { marathonWizardShape } from './validation';
import { runMarathonWizard } from './wizard.server';

useTestDatabase();

/** A fixed December marathon: registration 20–30 Nov, days 1–14 Dec, São Paulo time unless said otherwise. */
const december = (overrides: Parameters<typeof marathonInput>[0] = {}) =>
  marathonInput({ startsOn: '2026-12-01', endsOn: '2026-12-14', registrationOpensOn: '2026-11-20', registrationClosesOn: '2026-11-30', ...overrides });
const at = (iso: string) => new Date(iso);

describe('marathons: the clock', () => {
  it('knows "today" in the marathon’s own time zone', () => {
    expect(todayIn('America/Sao_Paulo', at('2026-12-05T02:59:00Z'))).toBe('2026-12-04');
    expect(['America/Sao_Paulo', 'Atlantic/Azores'].map(timeZoneLabel)).toEqual(['horário de Brasília', 'horário dos Açores']);
    expect(todayIn('America/Sao_Paulo', at('2026-12-05T03:00:00Z'))).toBe('2026-12-05');
    expect(todayIn('Europe/Lisbon', at('2026-12-05T00:00:00Z'))).toBe('2026-12-05');
    expect(isRevealed({ revealsOn: '2026-12-05' }, 'America/Sao_Paulo', at('2026-12-05T02:59:00Z'))).toBe(false);
    expect(isRevealed({ revealsOn: null }, 'America/Sao_Paulo', at('2000-01-01T00:00:00Z'))).toBe(true);
    const window = { registrationOpensOn: '2026-11-20', registrationClosesOn: '2026-11-30', timeZone: 'America/Sao_Paulo' };
    expect(registrationState(window, at('2026-11-20T02:59:00Z'))).toBe('em-breve');
    expect(registrationState(window, at('2026-11-20T03:00:00Z'))).toBe('aberta');
    expect(registrationState(window, at('2026-12-01T02:59:00Z'))).toBe('aberta');
    expect(registrationState(window, at('2026-12-01T03:00:00Z'))).toBe('encerrada');
  });

  it('hides a challenge before its reveal day from everyone, organisers included, and shows it from the first minute of that day there', async () => {
    const { viewer: organizer } = await noticeReader();
    const { viewer: reader } = await noticeReader();
    const input = december({
      challenges: [
        { category: 0, kind: 'leitura', description: 'Desde o início', points: 1, revealsOn: null, level: null },
        { category: 0, kind: 'atividade', description: 'Surpresa do dia 5', points: 2, revealsOn: '2026-12-05', level: null },
      ],
    });
    const sp = await createMarathon(organizer, input);
    const lisbon = await createMarathon(organizer, { ...input, name: 'Maratona de Lisboa', timeZone: 'Europe/Lisbon' });
    const names = async (viewer: typeof reader | null, id: string, now: Date) =>
      (await listRevealedChallenges(viewer, id, now)).flatMap((c) => c.challenges.map((x) => x.description));
    for (const viewer of [null, reader, organizer]) {
      expect(await names(viewer, sp.id, at('2026-12-05T02:59:59Z'))).toEqual(['Desde o início']);
      expect(await names(viewer, sp.id, at('2026-12-05T03:00:00Z'))).toEqual(['Desde o início', 'Surpresa do dia 5']);
      // Lisbon's day 5 begins three hours earlier than São Paulo's.
      expect(await names(viewer, lisbon.id, at('2026-12-05T00:00:00Z'))).toEqual(['Desde o início', 'Surpresa do dia 5']);
    }
    // Organisers see what waits in their edit tool, with its day; no one else may ask.
    expect((await listScheduledChallenges(organizer, sp.id, at('2026-12-04T12:00:00Z'))).map((c) => [c.description, c.revealsOn])).toEqual([
      ['Surpresa do dia 5', '2026-12-05'],
    ]);
    expect(await listScheduledChallenges(organizer, sp.id, at('2026-12-05T12:00:00Z'))).toEqual([]);
    await expect(listScheduledChallenges(reader, sp.id, at('2026-12-04T12:00:00Z'))).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('never puts an unrevealed challenge in the desafios page’s data (what its .data URL serves), whoever asks', async () => {
    const { user, viewer: organizer } = await noticeReader();
    const today = todayIn('America/Sao_Paulo');
    const created = await createMarathon(organizer, marathonInput());
    await addChallenge(organizer, created.id, {
      categoryId: '',
      newCategory: 'Segredos',
      kind: 'atividade',
      description: 'Desafio secreto de amanhã',
      points: 5,
      revealsOn: today < marathonInput().endsOn ? marathonInput().endsOn : today,
      levelId: null,
      completesOnFinish: false,
    });
    for (const cookie of [undefined, user.cookie]) {
      const loaded = await call(challengesPage.loader, getRequest(`/m/${created.slug}/desafios`, cookie), { identificador: created.slug });
      expect(JSON.stringify(loaded)).not.toContain('secreto');
      expect(JSON.stringify(loaded)).toContain('Leia um clássico brasileiro');
    }
    const tools = await call(manage.loader, getRequest(`/m/${created.slug}/gerenciar`, user.cookie), { identificador: created.slug });
    expect(JSON.stringify(tools)).toContain('Desafio secreto de amanhã');
  });
});

describe('marathons: registration', () => {
  it('takes readers only inside the registration window, in the marathon’s time zone', async () => {
    const { viewer: organizer } = await noticeReader();
    const { viewer: reader } = await noticeReader();
    const created = await createMarathon(organizer, december());
    await expect(joinMarathon(reader, created.id, null, at('2026-11-20T02:59:00Z'))).rejects.toMatchObject({ message: 'As inscrições ainda não abriram.' });
    await expect(joinMarathon(reader, created.id, null, at('2026-12-01T03:00:00Z'))).rejects.toMatchObject({
      message: 'As inscrições desta maratona já fecharam.',
    });
    await joinMarathon(reader, created.id, null, at('2026-11-30T23:00:00Z'));
    const [row] = await getDb().select({ n: marathons.participantCount }).from(marathons).where(eq(marathons.id, created.id));
    expect(row?.n).toBe(1);
  });

  it('asks for a level or a team of this marathon and keeps the one chosen', async () => {
    const { viewer: organizer } = await noticeReader();
    const [a, b] = [await noticeReader(), await noticeReader()];
    const levels = await createMarathon(
      organizer,
      marathonInput({
        mode: 'levels',
        groups: [{ name: 'Principiante' }, { name: 'Hardcore' }],
        challenges: [
          { category: 0, kind: 'leitura', description: 'Para todos', points: 1, revealsOn: null, level: null },
          { category: 0, kind: 'leitura', description: 'Só hardcore', points: 5, revealsOn: null, level: 1 },
        ],
      }),
    );
    const teams = await createMarathon(organizer, marathonInput({ name: 'Dois reinos', mode: 'teams', groups: [{ name: 'Norte' }, { name: 'Sul' }] }));
    const [hardcore] = await getDb()
      .select()
      .from(marathonLevels)
      .where(and(eq(marathonLevels.marathonId, levels.id), eq(marathonLevels.position, 1)));
    const [south] = await getDb()
      .select()
      .from(marathonTeams)
      .where(and(eq(marathonTeams.marathonId, teams.id), eq(marathonTeams.position, 1)));
    await expect(joinMarathon(a.viewer, levels.id, null)).rejects.toMatchObject({ field: 'groupId', message: 'Escolha seu nível.' });
    // Another marathon's team is no level of this one.
    await expect(joinMarathon(a.viewer, levels.id, south!.id)).rejects.toMatchObject({ field: 'groupId' });
    await expect(joinMarathon(a.viewer, teams.id, hardcore!.id)).rejects.toMatchObject({ field: 'groupId', message: 'Escolha sua equipe.' });
    await joinMarathon(a.viewer, levels.id, hardcore!.id);
    await joinMarathon(b.viewer, teams.id, south!.id);
    const rows = await getDb().select().from(marathonParticipants);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: a.user.id, levelId: hardcore!.id, teamId: null }),
        expect.objectContaining({ userId: b.user.id, teamId: south!.id, levelId: null }),
      ]),
    );
    // Levels are cumulative: the hardcore challenge names its level, the page shows which is the reader's.
    const detail = await getMarathonBySlug(a.viewer, levels.slug);
    expect(detail).toMatchObject({ myGroupId: hardcore!.id, groups: [{ name: 'Principiante' }, { name: 'Hardcore' }] });
    const [category] = await listRevealedChallenges(a.viewer, levels.id);
    expect(category!.challenges.map((c) => [c.description, c.levelPosition])).toEqual([
      ['Para todos', null],
      ['Só hardcore', 1],
    ]);
  });

  it('a community marathon asks for the notice first (the page sends the reader to it and back); an official one does not', async () => {
    const { viewer: organizer } = await noticeReader();
    const { viewer: admin } = await noticeReader('admin');
    const plain = await createUser({ verified: true });
    const reader = { ...testViewer(plain), emailVerified: true };
    const community = await createMarathon(organizer, marathonInput());
    const official = await createMarathon(admin, marathonInput({ name: 'Maratona Oficial', organizer: 'oficial' }));
    await expect(joinMarathon(reader, community.id, null)).rejects.toMatchObject({ message: NOTICE_REQUIRED });
    const answer = await call(page.action, formRequest(`/m/${community.slug}`, { intent: 'entrar' }, { cookie: plain.cookie }), {
      identificador: community.slug,
    }).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('Location')).toBe(`/maratonas/aviso?voltar=${encodeURIComponent(`/m/${community.slug}`)}`);
    await joinMarathon(reader, official.id, null);
    // Only site admins organise official marathons; a reader without the notice creates nothing.
    await expect(createMarathon(organizer, marathonInput({ organizer: 'oficial' }))).rejects.toMatchObject({ code: 'forbidden', field: 'organizer' });
    await expect(createMarathon(reader, marathonInput())).rejects.toMatchObject({ message: NOTICE_REQUIRED });
  });

  it('site admins find every official marathon, and its tools, in /gerenciar/maratonas; no one else may list them there', async () => {
    const { viewer: organizer, user: organizerUser } = await noticeReader();
    const { viewer: admin, user: adminUser } = await noticeReader('admin');
    await createMarathon(organizer, marathonInput({ name: 'Maratona da comunidade' }));
    const official = await createMarathon(admin, marathonInput({ name: 'Maratona Literária de Verão', organizer: 'oficial', visibility: 'privado' }));
    const data = await call(officialPage.loader, getRequest('/gerenciar/maratonas', adminUser.cookie));
    const html = renderPage(officialPage.default as never, data, '/gerenciar/maratonas');
    expect(html).toContain('Maratona Literária de Verão');
    expect(html).toContain(`href="/m/${official.slug}/gerenciar"`);
    expect(html).not.toContain('Maratona da comunidade');
    await expect(listOfficialMarathons(organizer)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await statusOf(call(officialPage.loader, getRequest('/gerenciar/maratonas', organizerUser.cookie)))).toBe(404);
  });

  it('a deleted account leaves the marathons it was in counting one fewer, and takes the ones it organised', async () => {
    const { viewer: organizer } = await noticeReader();
    const { user, viewer: reader } = await noticeReader();
    const theirs = await createMarathon(organizer, marathonInput());
    const own = await createMarathon(reader, marathonInput({ name: 'Minha maratona' }));
    await joinMarathon(reader, theirs.id, null);
    await deleteAccount(reader, getRequest('/configuracoes/excluir', user.cookie), { username: user.username, password: user.password });
    const rows = await getDb().select({ id: marathons.id, n: marathons.participantCount }).from(marathons);
    expect(rows).toEqual([{ id: theirs.id, n: 0 }]);
    expect(own.id).not.toBe(theirs.id);
  });
});

describe('marathons: identificadores and the wizard', () => {
  it('makes the identificador from the name; an old one answers 308 to the new one', async () => {
    expect(slugFromName('Maratona Literária de Inverno')).toBe('maratona-literaria-de-inverno');
    expect(slugFromName('Desafios')).toBe('maratona-desafios');
    const { user, viewer: organizer } = await noticeReader();
    const created = await createMarathon(organizer, marathonInput({ name: 'Maratona Literária de Inverno' }));
    expect(created.slug).toBe('maratona-literaria-de-inverno');
    const input = marathonInput();
    await updateMarathonSettings(organizer, created.id, {
      name: 'Inverno',
      slug: 'inverno-2026',
      description: '',
      rules: '',
      visibility: 'publico',
      timeZone: input.timeZone,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      registrationOpensOn: input.registrationOpensOn,
      registrationClosesOn: input.registrationClosesOn,
    });
    const old = call(page.loader, getRequest(`/m/${created.slug}/desafios?x=1`, user.cookie), { identificador: created.slug });
    expect(await statusOf(old)).toBe(308);
    await old.catch((response: Response) => expect(response.headers.get('Location')).toBe('/m/inverno-2026/desafios?x=1'));
  });

  it('keeps everything typed when a step fails, and reopens the step with the problem on the last one', async () => {
    const { viewer } = await noticeReader();
    const fields = {
      step: 'datas',
      intent: 'avancar',
      name: 'Maratona da Foca',
      organizer: 'eu',
      description: 'Texto **meu**',
      timeZone: 'America/Sao_Paulo',
      startsOn: '2026-12-10',
      endsOn: '2026-12-01',
      registrationOpensOn: '2026-11-01',
      registrationClosesOn: '2026-12-01',
      mode: 'levels',
      'group-0-name': 'Leve',
      'category-0-name': 'Clássicos',
      'challenge-0-category': '0',
      'challenge-0-kind': 'leitura',
      'challenge-0-description': 'Um clássico',
      'challenge-0-points': '3',
      'challenge-0-revealsOn': '',
      'challenge-0-level': '0',
      visibility: 'publico',
    };
    const failed = (await runMarathonWizard(viewer, formData(fields))) as {
      data: { step: string; fields: Record<string, string>; fieldErrors: Record<string, string> };
      init: { status: number };
    };
    expect(failed.init.status).toBe(400);
    expect(failed.data.step).toBe('datas');
    expect(failed.data.fieldErrors).toEqual({ endsOn: 'O último dia vem depois do primeiro.' });
    const { intent: _, step: __, ...typed } = fields;
    expect(failed.data.fields).toMatchObject(typed);
    // Removing the only level leaves the challenge that pointed at it asking again, nothing else lost.
    const removed = (await runMarathonWizard(viewer, formData({ ...fields, step: 'grupos', intent: 'remover-grupo-0' }))) as typeof failed;
    expect(marathonWizardShape(removed.data.fields)).toMatchObject({ groups: [], challenges: [{ description: 'Um clássico', level: '' }] });
    // The last step checks every step: the bad date reopens "datas".
    const last = (await runMarathonWizard(viewer, formData({ ...fields, step: 'visibilidade', intent: 'criar' }))) as typeof failed;
    expect([last.data.step, last.data.fieldErrors.endsOn]).toEqual(['datas', 'O último dia vem depois do primeiro.']);
    const created = (await runMarathonWizard(viewer, formData({ ...fields, endsOn: '2026-12-20', step: 'visibilidade', intent: 'criar' }))) as Response;
    expect(created.headers.get('Location')).toBe('/m/maratona-da-foca');
  });
});

function formData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

describe('participants', () => {
  it('come a page at a time in the order they registered, all of them reachable; the banned only in Gerenciar, for organisers', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(organizer, marathonInput());
    const n = PARTICIPANTS_PAGE_SIZE + 5;
    await getDb().execute(sql`INSERT INTO users (id, name, email, username)
      SELECT 'mp-' || k, 'Leitora ' || k, 'mp-' || k || '@exemplo.com.br', 'mp_' || k FROM generate_series(1, ${n}) k`);
    await getDb().execute(sql`INSERT INTO marathon_participants (marathon_id, user_id, status, joined_at)
      SELECT ${marathon.id}, 'mp-' || k, CASE WHEN k = 1 THEN 'banned' ELSE 'active' END, now() - (${n} - k) * interval '1 minute'
      FROM generate_series(1, ${n}) k`);
    const first = await listParticipants(null, marathon.id);
    const second = await listParticipants(null, marathon.id, { page: 2 });
    expect([first.total, first.items.length, second.items.length]).toEqual([n - 1, PARTICIPANTS_PAGE_SIZE, n - 1 - PARTICIPANTS_PAGE_SIZE]);
    expect([first.items[0]!.userId, second.items.at(-1)!.userId]).toEqual(['mp-2', `mp-${n}`]);
    expect((await listParticipants(organizer, marathon.id, { withBanned: true })).items[0]).toMatchObject({ userId: 'mp-1', status: 'banned' });
    expect((await listParticipants(null, marathon.id, { withBanned: true })).total).toBe(n - 1);
  });
});

type ManageData = Parameters<typeof OrganizerTools>[0];

describe('Gerenciar', () => {
  it('gives what was typed, and its error, back only to the form that was sent (both have a description)', async () => {
    const { user, viewer } = await noticeReader();
    const marathon = await createMarathon(viewer, marathonInput({ description: 'A descrição da maratona.' }));
    const params = { identificador: marathon.slug };
    const path = `/m/${marathon.slug}/gerenciar`;
    const loaderData = (await call(manage.loader, getRequest(path, user.cookie), params)) as Omit<ManageData, 'result'>;
    const sent = { intent: 'desafio', categoryId: '', newCategory: 'Extras', kind: 'atividade', description: '', points: 'muitos', revealsOn: '', levelId: '' };
    // What the page gets as actionData: the failure inside the action's data(…, { status: 400 }).
    const { data: result } = (await call(manage.action, formRequest(path, sent, { cookie: user.cookie }), params)) as Failure;
    const html = renderPage(() => createElement(OrganizerTools, { ...loaderData, result }), loaderData, path);
    // The marathon's own description stays in its box, with no error under it.
    expect(html).toMatch(/<textarea[^>]*name="description"[^>]*>A descrição da maratona\.<\/textarea>/);
    // The marathon's, the new challenge's, and each challenge's edit form (decision 0080).
    expect(html.match(/name="description"/g)).toHaveLength(4);
    expect(html).toMatch(/<textarea[^>]*name="description"[^>]*>Leia um clássico brasileiro<\/textarea>/);
    expect(html).toMatch(/name="points"[^>]*value="muitos"/);
    expect(html.match(/Descreva o desafio/g)).toHaveLength(1);

    // An edit sent with an error: only that challenge's form has it (and opens), with what was typed.
    const [challenge] = (loaderData.challenges as { categories: { challenges: { id: string }[] }[] }).categories[0]!.challenges;
    const edit = { intent: 'editar-desafio', challengeId: challenge!.id, description: 'Leia um clássico de cordel', points: '', revealsOn: '', levelId: '' };
    const { data: failed } = (await call(manage.action, formRequest(path, edit, { cookie: user.cookie }), params)) as Failure;
    const edited = renderPage(() => createElement(OrganizerTools, { ...loaderData, result: failed }), loaderData, path);
    expect(edited.match(/Use um número de 0 a 1000\./g)).toHaveLength(1);
    expect(edited).toMatch(/<details open=""[^>]*>/);
    expect(edited.match(/<details open=""/g)).toHaveLength(1);
    expect(edited).toMatch(/>Leia um clássico de cordel<\/textarea>/);
  });
});

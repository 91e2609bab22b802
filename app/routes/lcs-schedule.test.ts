import { beforeEach, describe, expect, it } from 'vitest';
import { addGroupReadComment, getThread } from '~/features/lcs/discussion.server';
import { closeGroupReadEarly, createGroupRead, shiftGroupReadSchedule } from '~/features/lcs/mutations.server';
import { sendStageNotices } from '~/features/lcs/notices.server';
import { inviteToGroupRead, joinGroupRead } from '~/features/lcs/participants.server';
import { saoPauloToday } from '~/features/lcs/policy';
import { getGroupReadBySlug, listStages } from '~/features/lcs/queries.server';
import { addDays } from '~/features/lcs/schedule';
import { editGroupReadSchedule } from '~/features/lcs/schedule-edit.server';
import { clearHtmlCache, listenForInvalidations } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer, type TestUser } from '../../test/factories';
import { lcInput } from '../../test/lc-fixtures';
import { dropped, visit, type Page } from '../../test/page-cache';
import { call, statusOf, type Failure } from '../../test/routes';
import * as schedulePage from './lc.$identificador.cronograma';
import * as manage from './lc.$identificador.gerenciar';

useTestDatabase();

const verified = (user: TestUser, role: Viewer['role'] = 'reader'): Viewer => ({ ...testViewer(user, role), emailVerified: true });

/** A host with a public LC of one 264-page book in two etapas (pp. 1–132, 133–264), starting in three days. */
async function hostedLc(overrides: Parameters<typeof lcInput>[0] = {}) {
  const user = await createUser({ verified: true });
  const host = verified(user);
  const lc = await createGroupRead(host, await lcInput(overrides));
  return { user, host, lc };
}

/** The schedule form as gerenciar's loader fills it for `user`. */
async function scheduleForm(user: TestUser, slug: string): Promise<Record<string, string>> {
  const loaded = (await call(manage.loader, getRequest(`/lc/${slug}/gerenciar`, user.cookie), { identificador: slug })) as {
    scheduleFields: Record<string, string>;
  };
  return loaded.scheduleFields;
}

/** Sends the schedule form (intent `etapas`) with `fields`. */
const send = (user: TestUser | null, slug: string, fields: Record<string, string>) =>
  call(manage.action, formRequest(`/lc/${slug}/gerenciar`, { ...fields, intent: 'etapas' }, user ? { cookie: user.cookie } : {}), { identificador: slug });

const ranges = async (id: string) => (await listStages(id)).map((s) => `${s.fromNumber}-${s.toNumber} ${s.startsOn}/${s.endsOn}`);

describe('/lc/{identificador}/gerenciar: editing the etapas', () => {
  beforeEach(async () => {
    clearHtmlCache();
    await listenForInvalidations();
  });

  it('edits ranges and dates, adds and removes etapas in one save; an etapa keeps its id and its comments; visitors’ pages are dropped', async () => {
    const { user, host, lc } = await hostedLc();
    const [first, second] = await listStages(lc.id);
    await joinGroupRead(verified(await createUser({ verified: true })), lc.id);
    await addGroupReadComment(host, lc.id, { stageId: first!.id, body: 'Sobre a primeira parte', parentId: null });
    const visitorsPage: Page = { url: new URL(`http://localhost:3000/lc/${lc.slug}/cronograma`), route: schedulePage, params: { identificador: lc.slug } };
    await visit(visitorsPage);

    const form = await scheduleForm(user, lc.slug);
    // The saved etapas, and one blank row to add an etapa.
    expect(form).toMatchObject({ 'stage-0-id': first!.id, 'stage-0-to': '132', 'stage-1-id': second!.id, 'stage-2-id': '', 'stage-2-from': '' });
    const start = (await getGroupReadBySlug(null, lc.slug))!.startsOn;
    const outcome = await send(user, lc.slug, {
      ...form,
      endsOn: addDays(start, 20),
      'stage-0-to': '100',
      [`remover-${second!.id}`]: 'sim',
      'stage-2-from': '101',
      'stage-2-to': '264',
      'stage-2-startsOn': addDays(start, 7),
      'stage-2-endsOn': addDays(start, 20),
    });
    expect(outcome).toEqual({ success: 'Cronograma salvo.' });
    const after = await listStages(lc.id);
    expect(await ranges(lc.id)).toEqual([`1-100 ${start}/${addDays(start, 6)}`, `101-264 ${addDays(start, 7)}/${addDays(start, 20)}`]);
    expect(after[0]!.id).toBe(first!.id);
    expect(after[1]!.id).not.toBe(second!.id);
    expect((await getGroupReadBySlug(null, lc.slug))!.endsOn).toBe(addDays(start, 20));
    await dropped(visitorsPage);
    // The comment stayed with its etapa.
    expect((await getThread(host, lc.id, 1, 1))!.comments.map((c) => c.body)).toEqual(['Sobre a primeira parte']);
  });

  it('refuses as the wizard does, beside the row’s own field, keeping everything typed; "Adicionar etapa" adds a row and saves nothing', async () => {
    const { user, lc } = await hostedLc();
    const [first, second] = await listStages(lc.id);
    const form = await scheduleForm(user, lc.slug);

    const more = (await send(user, lc.slug, { ...form, 'stage-0-to': '120', linha: 'mais' })) as { fields: Record<string, string>; fieldErrors: object };
    expect(more.fieldErrors).toEqual({});
    expect(more.fields).toMatchObject({ 'stage-0-to': '120', 'stage-3-id': '', 'stage-3-unit': 'pages' });
    expect((await listStages(lc.id))[0]!.toNumber).toBe(132);

    // Past the book's pages: beside "Até" of that row.
    let refused = (await send(user, lc.slug, { ...form, 'stage-1-to': '300' })) as Failure;
    expect(refused.init.status).toBe(400);
    expect(refused.data.fieldErrors).toEqual({ 'stage-1-to': 'Esse livro tem 264 páginas no catálogo.' });
    expect(refused.data.fields['stage-1-to']).toBe('300');

    // With etapa 1 taken out, the second row is the first etapa checked: its message still goes on row 1's field.
    refused = (await send(user, lc.slug, {
      ...form,
      [`remover-${first!.id}`]: 'sim',
      'stage-1-startsOn': addDays(form.endsOn!, 1),
    })) as Failure;
    expect(refused.data.fieldErrors).toEqual({ 'stage-1-startsOn': 'A etapa começa entre o início e o fim da LC.' });

    // Overlapping pages, a blank new row is left out, a half-filled one is checked.
    refused = (await send(user, lc.slug, { ...form, 'stage-1-from': '100' })) as Failure;
    expect(refused.data.fieldErrors).toEqual({ 'stage-1-from': 'A etapa 1 já vai até a página 132: comece desta em diante.' });
    refused = (await send(user, lc.slug, { ...form, 'stage-2-from': '10' })) as Failure;
    expect(refused.data.fieldErrors).toEqual({ 'stage-2-to': 'Use um número inteiro a partir de 1.' });

    // Nothing left: the whole form says so.
    refused = (await send(user, lc.slug, { ...form, [`remover-${first!.id}`]: 'sim', [`remover-${second!.id}`]: 'sim' })) as Failure;
    expect(refused.data.formError).toBe('O cronograma precisa de ao menos uma etapa.');
    expect(await ranges(lc.id)).toHaveLength(2);
  });

  it('keeps an etapa with comments: it cannot be removed nor change book (beside the field); an edited form meanwhile is refused', async () => {
    const other = await createEdition({ title: 'Salvar o Fogo', authors: ['Itamar Vieira Junior'], pages: 300 });
    const base = await lcInput();
    const { user, host, lc } = await hostedLc({ editions: [...base.editions, { editionId: other, pages: null }] });
    const [first] = await listStages(lc.id);
    await addGroupReadComment(host, lc.id, { stageId: first!.id, body: 'Um comentário', parentId: null });
    const form = await scheduleForm(user, lc.slug);

    let refused = (await send(user, lc.slug, { ...form, [`remover-${first!.id}`]: 'sim' })) as Failure;
    expect(refused.data.fieldErrors).toEqual({
      [`remover-${first!.id}`]:
        'A etapa 1 (pp. 1–132) tem um comentário na discussão: ela fica no cronograma. Mude o trecho ou as datas dela em vez de tirá-la.',
    });
    expect(refused.data.fields[`remover-${first!.id}`]).toBe('sim');
    refused = (await send(user, lc.slug, { ...form, 'stage-0-edition': '1', 'stage-0-to': '100' })) as Failure;
    expect(refused.data.fieldErrors).toEqual({ 'stage-0-edition': expect.stringMatching(/já tem comentários sobre o livro dela/) });
    expect(await ranges(lc.id)).toHaveLength(2);
    expect((await listStages(lc.id))[0]!.toNumber).toBe(132);

    // A form that does not account for every etapa (one added meanwhile elsewhere) is refused whole.
    const stale = Object.fromEntries(Object.entries(form).filter(([key]) => !key.startsWith('stage-1-')));
    refused = (await send(user, lc.slug, stale)) as Failure;
    expect(refused.data.formError).toMatch(/mudou enquanto você editava/);
  });

  it('does not announce again an etapa moved later; a new etapa is announced on its first day', async () => {
    const { user, host, lc } = await hostedLc();
    const reader = verified(await createUser({ verified: true }));
    await joinGroupRead(reader, lc.id);
    await shiftGroupReadSchedule(host, lc.id, -3);
    const today = saoPauloToday();
    expect(await sendStageNotices(today)).toBe(1);

    const form = await scheduleForm(user, lc.slug);
    const moved = {
      ...form,
      'stage-0-startsOn': addDays(today, 2),
      'stage-0-endsOn': addDays(today, 6),
      'stage-0-to': '100',
      'stage-2-from': '101',
      'stage-2-to': '132',
      'stage-2-startsOn': addDays(today, 7),
      'stage-2-endsOn': addDays(today, 7),
      'stage-1-startsOn': addDays(today, 8),
    };
    expect(await send(user, lc.slug, moved)).toEqual({ success: 'Cronograma salvo.' });
    expect(await sendStageNotices(addDays(today, 2))).toBe(0);
    expect(await sendStageNotices(addDays(today, 7))).toBe(1);
  });

  it('is for the hosts and site admins only (403 to a participant, 404 to an outsider of a private LC), and not once the LC has ended', async () => {
    const { user, host, lc } = await hostedLc({ visibility: 'privado' });
    const form = await scheduleForm(user, lc.slug);
    const participant = await createUser({ verified: true });
    await inviteToGroupRead(host, lc.id, participant.username);
    await joinGroupRead(verified(participant), lc.id);
    const outsider = await createUser({ verified: true });
    const admin = await createUser({ verified: true, role: 'admin' });
    const edited = { ...form, 'stage-0-to': '120', 'stage-1-from': '121' };

    expect(await statusOf(send(participant, lc.slug, edited))).toBe(403);
    expect(await statusOf(send(outsider, lc.slug, edited))).toBe(404);
    const stages = await listStages(lc.id);
    const input = {
      editions: [{}],
      startsOn: form.startsOn!,
      endsOn: form.endsOn!,
      removed: [],
      stages: stages.map((s) => ({ ...s, editionIndex: 0 })),
    };
    await expect(editGroupReadSchedule(verified(participant), lc.id, input)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(editGroupReadSchedule(verified(outsider), lc.id, input)).rejects.toMatchObject({ code: 'not_found' });
    expect((await listStages(lc.id))[0]!.toNumber).toBe(132);

    expect(await send(admin, lc.slug, edited)).toEqual({ success: 'Cronograma salvo.' });
    expect((await listStages(lc.id))[0]!.toNumber).toBe(120);

    await closeGroupReadEarly(host, lc.id);
    const refused = (await send(user, lc.slug, { ...edited, 'stage-0-to': '110' })) as Failure;
    expect(refused.data.formError).toBe('Esta LC já terminou: o cronograma fica como está.');
  });
});

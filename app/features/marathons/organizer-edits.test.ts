import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import {
  marathonChallengeCompletions,
  marathonChallenges,
  marathonLevels,
  marathonParticipants,
  marathonTeams,
  marathonWebhookDeliveries,
  marathons,
} from '~/db/schema';
import { addDays } from '~/features/lcs/schedule';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { withEnv } from '../../../test/env';
import { createEdition, formRequest, getRequest } from '../../../test/factories';
import { heldTransaction, lockWait } from '../../../test/held-transaction';
import { type Failure, call } from '../../../test/routes';
import * as manageRoute from '../../routes/m.$identificador.gerenciar';
import * as marathonRoute from '../../routes/m.$identificador';
import { renderPage } from '../../../test/render';
import { marathonInput, noticeReader } from '../../../test/marathon-fixtures';
import { linkEdition, tickChallenge } from './board.server';
import { createMarathon, joinMarathon } from './mutations.server';
import { changeMyGroup, changeParticipantGroup, removeChallenge, updateChallenge } from './organizer-edits.server';
import { todayIn } from '~/lib/calendar';
import { recomputeMarathonScores } from './scoring.server';
import type { EditChallengeInput, MarathonInput } from './validation';
import { saveWebhook } from './webhook-settings.server';

useTestDatabase();

const today = () => todayIn('America/Sao_Paulo');

/**
 * A marathon running since today (three activities, one revealed only in five days) with `mode`'s groups and
 * three participants: A in the first group, B and C in the second.
 */
async function runningMarathon(mode: MarathonInput['mode'] = 'teams') {
  const organizer = await noticeReader();
  const groups = mode === 'none' ? [] : [{ name: mode === 'teams' ? 'Azul' : 'Iniciante' }, { name: mode === 'teams' ? 'Verde' : 'Avançado' }];
  const marathon = await createMarathon(
    organizer.viewer,
    marathonInput({
      mode,
      groups,
      challenges: [
        { category: 0, kind: 'atividade', description: 'Leia ao ar livre', points: 2, revealsOn: null, level: null },
        { category: 0, kind: 'atividade', description: 'Leia um poema', points: 3, revealsOn: null, level: mode === 'levels' ? 1 : null },
        { category: 0, kind: 'atividade', description: 'Leia de madrugada', points: 4, revealsOn: addDays(today(), 5), level: null },
      ],
    }),
  );
  await getDb().update(marathons).set({ startsOn: today() }).where(eq(marathons.id, marathon.id));
  const table = mode === 'levels' ? marathonLevels : marathonTeams;
  const groupIds =
    mode === 'none'
      ? []
      : (await getDb().select({ id: table.id }).from(table).where(eq(table.marathonId, marathon.id)).orderBy(asc(table.position))).map((g) => g.id);
  const [a, b, c] = await Promise.all([noticeReader(), noticeReader(), noticeReader()]);
  await joinMarathon(a!.viewer, marathon.id, groupIds[0] ?? null);
  await joinMarathon(b!.viewer, marathon.id, groupIds[1] ?? null);
  await joinMarathon(c!.viewer, marathon.id, groupIds[1] ?? null);
  const challenges = await getDb()
    .select({ id: marathonChallenges.id, description: marathonChallenges.description })
    .from(marathonChallenges)
    .where(eq(marathonChallenges.marathonId, marathon.id));
  const byName = (d: string) => challenges.find((x) => x.description === d)!.id;
  return {
    organizer,
    marathon,
    groupIds,
    readers: { a: a!, b: b!, c: c! },
    outdoors: byName('Leia ao ar livre'),
    poem: byName('Leia um poema'),
    night: byName('Leia de madrugada'),
  };
}

const points = async (marathonId: string) =>
  Object.fromEntries(
    (
      await getDb()
        .select({ userId: marathonParticipants.userId, points: marathonParticipants.points, done: marathonParticipants.challengesDone })
        .from(marathonParticipants)
        .where(eq(marathonParticipants.marathonId, marathonId))
    ).map((p) => [p.userId, [p.points, p.done]]),
  );
const teamPoints = async (marathonId: string) =>
  (
    await getDb()
      .select({ points: marathonTeams.points })
      .from(marathonTeams)
      .where(eq(marathonTeams.marathonId, marathonId))
      .orderBy(asc(marathonTeams.position))
  ).map((t) => t.points);

const edit = (challengeId: string, overrides: Partial<EditChallengeInput> = {}): EditChallengeInput => ({
  challengeId,
  description: 'Leia ao ar livre',
  points: 2,
  revealsOn: null,
  levelId: null,
  completesOnFinish: false,
  ...overrides,
});

/** What a full recomputation would make of the scores now: the incremental figures must already be it. */
async function expectConsistent(marathonId: string) {
  const before = [await points(marathonId), await teamPoints(marathonId)];
  await getDb().transaction((tx) => recomputeMarathonScores(tx, marathonId));
  expect([await points(marathonId), await teamPoints(marathonId)]).toEqual(before);
}

describe('organisers edit and remove challenges (decision 0080)', () => {
  it('new points rebuild every participant’s and team’s scores; the description and reveal day change', async () => {
    const { organizer, marathon, readers, outdoors, poem } = await runningMarathon('teams');
    await tickChallenge(readers.a.viewer, marathon.id, outdoors, true);
    await tickChallenge(readers.b.viewer, marathon.id, outdoors, true);
    await tickChallenge(readers.b.viewer, marathon.id, poem, true);
    expect(await teamPoints(marathon.id)).toEqual([2, 5]);

    await updateChallenge(organizer.viewer, marathon.id, edit(outdoors, { points: 10, description: 'Leia num parque' }));
    expect(await points(marathon.id)).toEqual({ [readers.a.user.id]: [10, 1], [readers.b.user.id]: [13, 2], [readers.c.user.id]: [0, 0] });
    expect(await teamPoints(marathon.id)).toEqual([10, 13]);
    const [row] = await getDb().select().from(marathonChallenges).where(eq(marathonChallenges.id, outdoors));
    expect(row).toMatchObject({ description: 'Leia num parque', points: 10 });
    await expectConsistent(marathon.id);
  });

  it('a revealed challenge keeps showing: no reveal day in the future; a scheduled one may move, up to the last day', async () => {
    const { organizer, marathon, outdoors, night } = await runningMarathon('none');
    await expect(updateChallenge(organizer.viewer, marathon.id, edit(outdoors, { revealsOn: addDays(today(), 2) }))).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'revealsOn',
      message: 'Este desafio já apareceu para os participantes: a data de revelação não pode voltar para o futuro.',
    });
    const night2 = edit(night, { description: 'Leia de madrugada', points: 4, revealsOn: addDays(today(), 8) });
    await updateChallenge(organizer.viewer, marathon.id, night2);
    const [{ endsOn }] = (await getDb().select({ endsOn: marathons.endsOn }).from(marathons).where(eq(marathons.id, marathon.id))) as [{ endsOn: string }];
    await expect(updateChallenge(organizer.viewer, marathon.id, { ...night2, revealsOn: addDays(endsOn, 1) })).rejects.toMatchObject({ field: 'revealsOn' });
    // Revealed now (today): allowed, and then it stays revealed.
    await updateChallenge(organizer.viewer, marathon.id, { ...night2, revealsOn: today() });
    await expect(updateChallenge(organizer.viewer, marathon.id, { ...night2, revealsOn: addDays(today(), 1) })).rejects.toMatchObject({ field: 'revealsOn' });
    // A level of another marathon, or one in a marathon without levels, is refused.
    const other = await runningMarathon('levels');
    await expect(updateChallenge(organizer.viewer, marathon.id, edit(outdoors, { levelId: other.groupIds[0]! }))).rejects.toMatchObject({ field: 'levelId' });
  });

  it('a challenge removed takes its completions along and the scores are rebuilt; the last one stays', async () => {
    const { organizer, marathon, readers, outdoors, poem, night } = await runningMarathon('teams');
    await tickChallenge(readers.a.viewer, marathon.id, outdoors, true);
    await tickChallenge(readers.b.viewer, marathon.id, poem, true);
    await removeChallenge(organizer.viewer, marathon.id, outdoors);
    expect(await points(marathon.id)).toEqual({ [readers.a.user.id]: [0, 0], [readers.b.user.id]: [3, 1], [readers.c.user.id]: [0, 0] });
    expect(await teamPoints(marathon.id)).toEqual([0, 3]);
    expect(await getDb().select().from(marathonChallengeCompletions).where(eq(marathonChallengeCompletions.challengeId, outdoors))).toEqual([]);
    await expectConsistent(marathon.id);
    await removeChallenge(organizer.viewer, marathon.id, night);
    await expect(removeChallenge(organizer.viewer, marathon.id, poem)).rejects.toMatchObject({
      message: 'Uma maratona tem ao menos um desafio: adicione outro antes de remover este.',
    });
    await expect(removeChallenge(organizer.viewer, marathon.id, outdoors)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('queues every participant’s webhook when a revealed challenge changes in the payload; not for points alone or a scheduled one', async () => {
    await withEnv({ WEBHOOKS_ALLOW_LOOPBACK: 'true' }, async () => {
      const { organizer, marathon, outdoors, night } = await runningMarathon('none');
      await saveWebhook(organizer.viewer, marathon.id, { url: 'http://127.0.0.1:9/hook', apiKey: 'k' });
      const waiting = async () => (await getDb().select().from(marathonWebhookDeliveries).where(eq(marathonWebhookDeliveries.status, 'pendente'))).length;
      await updateChallenge(organizer.viewer, marathon.id, edit(outdoors, { points: 7 }));
      expect(await waiting()).toBe(0);
      await updateChallenge(organizer.viewer, marathon.id, edit(night, { description: 'Leia à noite', points: 4, revealsOn: addDays(today(), 5) }));
      expect(await waiting()).toBe(0);
      await updateChallenge(organizer.viewer, marathon.id, edit(outdoors, { description: 'Leia num parque', points: 7 }));
      expect(await waiting()).toBe(3);
      // Joined to the deliveries waiting: still one per reader.
      await removeChallenge(organizer.viewer, marathon.id, outdoors);
      expect(await waiting()).toBe(3);
    });
  });

  it('only the marathon’s organisers edit or remove; nothing once it ended', async () => {
    const { organizer, marathon, readers, outdoors } = await runningMarathon('none');
    const outsider: Viewer = (await noticeReader()).viewer;
    for (const who of [readers.a.viewer, outsider]) {
      await expect(updateChallenge(who, marathon.id, edit(outdoors, { points: 9 }))).rejects.toMatchObject({ code: 'forbidden' });
      await expect(removeChallenge(who, marathon.id, outdoors)).rejects.toMatchObject({ code: 'forbidden' });
    }
    await getDb().update(marathons).set({ visibility: 'privado' }).where(eq(marathons.id, marathon.id));
    await expect(updateChallenge(outsider, marathon.id, edit(outdoors))).rejects.toMatchObject({ code: 'not_found' });
    await getDb()
      .update(marathons)
      .set({
        startsOn: addDays(today(), -10),
        endsOn: addDays(today(), -1),
        registrationOpensOn: addDays(today(), -12),
        registrationClosesOn: addDays(today(), -2),
      })
      .where(eq(marathons.id, marathon.id));
    await expect(updateChallenge(organizer.viewer, marathon.id, edit(outdoors, { points: 9 }))).rejects.toMatchObject({
      message: 'A maratona terminou: os desafios, os grupos e os resultados ficam como estão.',
    });
  });
});

describe('levels and teams changed (decision 0080)', () => {
  it('an organiser moves a participant to another team: both teams’ sums follow', async () => {
    const { organizer, marathon, groupIds, readers, outdoors } = await runningMarathon('teams');
    await tickChallenge(readers.b.viewer, marathon.id, outdoors, true);
    expect(await teamPoints(marathon.id)).toEqual([0, 2]);
    await changeParticipantGroup(organizer.viewer, marathon.id, readers.b.user.id, groupIds[0]!);
    expect(await teamPoints(marathon.id)).toEqual([2, 0]);
    await expectConsistent(marathon.id);
    await expect(changeParticipantGroup(readers.a.viewer, marathon.id, readers.b.user.id, groupIds[1]!)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(changeParticipantGroup(organizer.viewer, marathon.id, readers.b.user.id, 'outra')).rejects.toMatchObject({
      field: 'groupId',
      message: 'Escolha uma equipe da maratona.',
    });
    await expect(changeParticipantGroup(organizer.viewer, marathon.id, organizer.user.id, groupIds[1]!)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a lower level stops counting the challenges above it (levels are cumulative); the board’s webhook goes', async () => {
    await withEnv({ WEBHOOKS_ALLOW_LOOPBACK: 'true' }, async () => {
      const { organizer, marathon, groupIds, readers, outdoors, poem } = await runningMarathon('levels');
      await saveWebhook(organizer.viewer, marathon.id, { url: 'http://127.0.0.1:9/hook', apiKey: 'k' });
      await tickChallenge(readers.b.viewer, marathon.id, outdoors, true);
      await tickChallenge(readers.b.viewer, marathon.id, poem, true);
      await getDb().delete(marathonWebhookDeliveries);
      expect((await points(marathon.id))[readers.b.user.id]).toEqual([5, 2]);
      await changeParticipantGroup(organizer.viewer, marathon.id, readers.b.user.id, groupIds[0]!);
      expect((await points(marathon.id))[readers.b.user.id]).toEqual([2, 1]);
      const queued = await getDb().select().from(marathonWebhookDeliveries);
      expect(queued.map((d) => d.userId)).toEqual([readers.b.user.id]);
      await expectConsistent(marathon.id);
    });
  });

  it('a participant changes their own level while registration is open, not after; nor in a marathon without groups', async () => {
    const { marathon, groupIds, readers } = await runningMarathon('levels');
    await changeMyGroup(readers.a.viewer, marathon.id, groupIds[1]!);
    const [row] = await getDb()
      .select({ levelId: marathonParticipants.levelId })
      .from(marathonParticipants)
      .where(and(eq(marathonParticipants.marathonId, marathon.id), eq(marathonParticipants.userId, readers.a.user.id)));
    expect(row!.levelId).toBe(groupIds[1]);
    await expect(changeMyGroup((await noticeReader()).viewer, marathon.id, groupIds[0]!)).rejects.toMatchObject({ code: 'forbidden' });
    await getDb().execute(
      sql`UPDATE marathons SET registration_closes_on = ${addDays(today(), -1)}, registration_opens_on = ${addDays(today(), -3)} WHERE id = ${marathon.id}`,
    );
    await expect(changeMyGroup(readers.a.viewer, marathon.id, groupIds[0]!)).rejects.toMatchObject({
      field: 'groupId',
      message: 'As inscrições fecharam: agora só quem organiza a maratona pode mudar seu nível ou equipe.',
    });
    const plain = await runningMarathon('none');
    await expect(changeMyGroup(plain.readers.a.viewer, plain.marathon.id, groupIds[0]!)).rejects.toMatchObject({
      message: 'Esta maratona não tem níveis nem equipes.',
    });
  });
});

/** A challenge turned into a `leitura` that completes when a linked book is finished, and a book of `reader`'s shelf linked to it. */
async function linkedReading(marathonId: string, challengeId: string, reader: { viewer: Viewer }) {
  await getDb().update(marathonChallenges).set({ kind: 'leitura', completesOnFinish: true }).where(eq(marathonChallenges.id, challengeId));
  const book = await createEdition({ title: 'Grande Sertão: Veredas', authors: ['Guimarães Rosa'], pages: 600 });
  await setShelfStatus(reader.viewer, book, 'want_to_read');
  await linkEdition(reader.viewer, marathonId, challengeId, book);
  return book;
}

describe('a finished reading after a level change counts as a full recount would (decision 0080)', () => {
  const notices = (userId: string) => queryRows(sql`SELECT text FROM notifications WHERE user_id = ${userId} AND kind = 'marathon_challenge_done'`);

  it('a reader moved down finishes a book linked to a challenge of their old level: recorded, no points, no notice; moved back up, it counts', async () => {
    const { organizer, marathon, groupIds, readers, poem } = await runningMarathon('levels');
    const book = await linkedReading(marathon.id, poem, readers.b);
    await changeParticipantGroup(organizer.viewer, marathon.id, readers.b.user.id, groupIds[0]!);
    await setShelfStatus(readers.b.viewer, book, 'read');
    expect((await points(marathon.id))[readers.b.user.id]).toEqual([0, 0]);
    await expectConsistent(marathon.id);
    expect(await notices(readers.b.user.id)).toEqual([]);
    await changeParticipantGroup(organizer.viewer, marathon.id, readers.b.user.id, groupIds[1]!);
    expect((await points(marathon.id))[readers.b.user.id]).toEqual([3, 1]);
    await expectConsistent(marathon.id);
  });

  it('a challenge moved up above the reader’s level, then the linked book finished: the same', async () => {
    const { organizer, marathon, groupIds, readers, outdoors } = await runningMarathon('levels');
    const book = await linkedReading(marathon.id, outdoors, readers.a);
    await updateChallenge(organizer.viewer, marathon.id, edit(outdoors, { levelId: groupIds[1]!, completesOnFinish: true }));
    await setShelfStatus(readers.a.viewer, book, 'read');
    expect((await points(marathon.id))[readers.a.user.id]).toEqual([0, 0]);
    await expectConsistent(marathon.id);
    expect(await notices(readers.a.user.id)).toEqual([]);
  });

  it('at their level, finishing the book counts and tells them', async () => {
    const { marathon, readers, poem } = await runningMarathon('levels');
    const book = await linkedReading(marathon.id, poem, readers.b);
    await setShelfStatus(readers.b.viewer, book, 'read');
    expect((await points(marathon.id))[readers.b.user.id]).toEqual([3, 1]);
    await expectConsistent(marathon.id);
    expect(await notices(readers.b.user.id)).toHaveLength(1);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, organiser edits and readers’ changes take locks in one order: no deadlock', () => {
  const outcome = (work: Promise<unknown>) =>
    work.then(
      () => 'ok',
      (e: { code?: string; cause?: { code?: string }; message?: string }) => `${e.cause?.code ?? e.code} ${e.message}`,
    );

  it('a challenge removed while a board change holding the reader’s row inserts a completion of it', async () => {
    const { organizer, marathon, readers, outdoors } = await runningMarathon('none');
    const userId = readers.a.user.id;
    // What changeBoard + tickChallenge do, step by step: the reader's row, then the completion (whose foreign keys
    // take key-share locks on the challenge and on the marathon).
    const board = heldTransaction(
      (tx) => tx.execute(sql`SELECT 1 FROM marathon_participants WHERE marathon_id = ${marathon.id} AND user_id = ${userId} FOR UPDATE`),
      (tx) =>
        tx.execute(sql`INSERT INTO marathon_challenge_completions (marathon_id, challenge_id, user_id, completed_at)
          VALUES (${marathon.id}, ${outdoors}, ${userId}, now()) ON CONFLICT DO NOTHING`),
    );
    await board.ready;
    const removal = outcome(removeChallenge(organizer.viewer, marathon.id, outdoors));
    await lockWait();
    board.release();
    expect(await Promise.all([removal, outcome(board.done)])).toEqual(['ok', 'ok']);
    expect(await getDb().select().from(marathonChallengeCompletions).where(eq(marathonChallengeCompletions.challengeId, outdoors))).toEqual([]);
    await expectConsistent(marathon.id);
  });

  it('a new description does not wait on a reader’s board change; new points do (they rebuild every score)', async () => {
    const { organizer, marathon, readers, outdoors } = await runningMarathon('none');
    const board = heldTransaction((tx) =>
      tx.execute(sql`SELECT 1 FROM marathon_participants WHERE marathon_id = ${marathon.id} AND user_id = ${readers.a.user.id} FOR UPDATE`),
    );
    await board.ready;
    const settled = (work: Promise<unknown>) => Promise.race([work.then(() => 'done'), lockWait().then(() => 'waiting')]);
    const described = updateChallenge(organizer.viewer, marathon.id, edit(outdoors, { description: 'Leia num banco de praça' }));
    const describedState = await settled(described);
    if (describedState !== 'done') board.release(); // a failing run reports instead of waiting for ever
    await described;
    const rescored = updateChallenge(organizer.viewer, marathon.id, edit(outdoors, { description: 'Leia num banco de praça', points: 7 }));
    const rescoredState = await settled(rescored);
    board.release();
    await Promise.all([rescored, board.done]);
    expect([describedState, rescoredState]).toEqual(['done', 'waiting']);
    await expectConsistent(marathon.id);
  });

  it('a finished reading takes the reader’s row before it touches a link, as an organiser edit does before the challenge', async () => {
    const { marathon, readers, outdoors } = await runningMarathon('none');
    const book = await linkedReading(marathon.id, outdoors, readers.a);
    const [link] = await queryRows<{ id: string }>(sql`SELECT id FROM marathon_challenge_links WHERE challenge_id = ${outdoors}`);
    // An organiser edit's first step (lockMarathonScores) holds the reader's row: the finished reading waits there,
    // so the link is still free for the edit (a removed challenge takes its links along).
    let link_lock = '';
    const edit = heldTransaction(
      (tx) => tx.execute(sql`SELECT 1 FROM marathon_participants WHERE marathon_id = ${marathon.id} ORDER BY user_id FOR UPDATE`),
      async (tx) => {
        link_lock = await outcome(tx.transaction((sp) => sp.execute(sql`SELECT 1 FROM marathon_challenge_links WHERE id = ${link!.id} FOR UPDATE NOWAIT`)));
      },
    );
    await edit.ready;
    const finishing = outcome(setShelfStatus(readers.a.viewer, book, 'read'));
    await lockWait();
    edit.release();
    expect(await Promise.all([outcome(edit.done), finishing])).toEqual(['ok', 'ok']);
    expect(link_lock).toBe('ok');
    expect((await points(marathon.id))[readers.a.user.id]).toEqual([2, 1]);
  });
});

describe('Gerenciar’s forms (the route)', () => {
  it('say what is wrong next to the field, in Portuguese, keeping what was typed', async () => {
    const { organizer, marathon, outdoors, readers } = await runningMarathon('teams');
    const post = (fields: Record<string, string>) =>
      call(manageRoute.action, formRequest(`/m/${marathon.slug}/gerenciar`, fields, { cookie: organizer.user.cookie }), {
        identificador: marathon.slug,
      }) as Promise<Failure>;
    const typed = { intent: 'editar-desafio', challengeId: outdoors, description: 'Leia num banco de praça', points: 'dez', revealsOn: '', levelId: '' };
    let answer = await post(typed);
    expect(answer.init.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ points: 'Use um número de 0 a 1000.' });
    expect(answer.data.fields).toMatchObject({ description: 'Leia num banco de praça', points: 'dez', challengeId: outdoors });
    answer = await post({ ...typed, points: '4', revealsOn: addDays(today(), 3) });
    expect(answer.data.fieldErrors).toEqual({
      revealsOn: 'Este desafio já apareceu para os participantes: a data de revelação não pode voltar para o futuro.',
    });
    expect(answer.data.fields).toMatchObject({ revealsOn: addDays(today(), 3), description: 'Leia num banco de praça' });
    answer = await post({ intent: 'grupo', userId: readers.a.user.id, groupId: '' });
    expect(answer.data.fieldErrors).toEqual({ groupId: 'Escolha um nível ou uma equipe.' });
    expect(await post({ ...typed, points: '4' })).toEqual({ success: 'Desafio atualizado.' });
  });

  it('the marathon page shows a refused level or team under its select (or where it was, once registration closed), with the choice kept', async () => {
    const { marathon, groupIds, readers } = await runningMarathon('levels');
    const path = `/m/${marathon.slug}`;
    const post = (fields: Record<string, string>) =>
      call(marathonRoute.action, formRequest(path, fields, { cookie: readers.a.user.cookie }), { identificador: marathon.slug }) as Promise<Failure>;
    const render = async (actionData: unknown) => {
      const loaded = (await call(marathonRoute.loader, getRequest(path, readers.a.user.cookie), { identificador: marathon.slug })) as { data: unknown };
      return renderPage(marathonRoute.default, loaded.data, path, actionData);
    };
    const empty = await post({ intent: 'mudar', groupId: '' });
    expect(empty.data.fieldErrors).toEqual({ groupId: 'Escolha um nível ou uma equipe.' });
    const page = await render(empty.data);
    expect(page.match(/Escolha um nível ou uma equipe\./g)).toHaveLength(1);
    expect(page).toMatch(/<form[^>]*>(?:(?!<\/form>).)*Mudar de nível(?:(?!<\/form>).)*Escolha um nível ou uma equipe\.(?:(?!<\/form>).)*<\/form>/s);

    await getDb().execute(
      sql`UPDATE marathons SET registration_closes_on = ${addDays(today(), -1)}, registration_opens_on = ${addDays(today(), -3)} WHERE id = ${marathon.id}`,
    );
    const late = await post({ intent: 'mudar', groupId: groupIds[2]! });
    const closed = await render(late.data);
    expect(closed).not.toContain('Mudar de nível');
    expect(closed.match(/As inscrições fecharam: agora só quem organiza a maratona pode mudar seu nível ou equipe\./g)).toHaveLength(1);
  });
});

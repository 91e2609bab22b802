import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { deleteAtt, postAtt } from '~/features/atts/mutations.server';
import { getFocaGame, listFocusEvents } from '~/features/focus/game-queries.server';
import { grantEgg } from '~/features/focus/game.server';
import { createFocusRoom, joinFocusRoom } from '~/features/focus/rooms/mutations.server';
import { closeExpiredSessionOf } from '~/features/focus/closing.server';
import { finishFocusSession, giveUpFocusSession, startFocusSession } from '~/features/focus/sessions.server';
import { tickChallenge } from '~/features/marathons/board.server';
import { createMarathon, joinMarathon } from '~/features/marathons/mutations.server';
import { todayIn } from '~/lib/calendar';
import { logProgress } from '~/features/reading/progress/progress.server';
import { deleteReview, publishReview } from '~/features/reading/reviews/reviews.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, getRequest, testViewer } from '../../../test/factories';
import { interleave } from '../../../test/interleave';
import { marathonInput, noticeReader } from '../../../test/marathon-fixtures';
import { suspend } from '../../../test/reading-factories';
import { call, statusOf } from '../../../test/routes';
import * as tarefas from '../../routes/tarefas';
import { nextResetOf, periodStartOf, timeUntil } from './period';
import { getTaskBoard } from './queries.server';
import { recordTaskEvent } from './record.server';
import { seedDemoTasks } from './seed.server';
import { TASKS } from './tasks';
import type { TaskId } from './vocabulary';

useTestDatabase();

const reader = async (): Promise<Viewer> => ({ ...testViewer(await createUser({ verified: true })), emailVerified: true });
const book = (title = 'O Cortiço') => createEdition({ title: `${title} ${newId()}`, authors: ['Aluísio Azevedo'], pages: 300 });

/** The reader's row of a task in its current period (progress and whether it is done), or null. */
async function progressOf(viewer: Viewer, taskId: TaskId, at = new Date()) {
  const [row] = await queryRows<{ progress: number; done: boolean }>(
    sql`SELECT progress, completed_at IS NOT NULL AS done FROM task_progress
      WHERE user_id = ${viewer.id} AND task_id = ${taskId} AND period_start = ${periodStartOf(TASKS[taskId].period, at)}::date`,
  );
  return row ?? null;
}

const completions = async (viewer: Viewer) =>
  (
    await queryRows<{ task_id: string }>(
      sql`SELECT task_id FROM focus_events WHERE user_id = ${viewer.id} AND kind = 'task_completed' ORDER BY created_at, task_id`,
    )
  ).map((row) => row.task_id);

const taskEggs = (viewer: Viewer) =>
  queryRows<{ source_key: string; rarity: string }>(
    sql`SELECT source_key, rarity FROM focus_eggs WHERE user_id = ${viewer.id} AND source = 'task' ORDER BY source_key`,
  );

/** A companion for the reader (a hatched egg's pet), to see the XP rewards arrive. */
async function giveCompanion(viewer: Viewer): Promise<() => Promise<number>> {
  await getDb().transaction((tx) => grantEgg(tx, viewer.id, { source: 'milestone', sourceKey: 'milestone:teste', rarity: 'comum' }));
  const [egg] = await queryRows<{ id: string }>(sql`UPDATE focus_eggs SET hatched_at = now(), minutes = 60 WHERE user_id = ${viewer.id} RETURNING id`);
  const petId = newId();
  await getDb().execute(sql`INSERT INTO focus_pets (id, user_id, egg_id, species, companion) VALUES (${petId}, ${viewer.id}, ${egg!.id}, 'foca-comum', true)`);
  return async () => (await queryRows<{ xp: number }>(sql`SELECT xp FROM focus_pets WHERE id = ${petId}`))[0]!.xp;
}

/** Moves a session as if it had started `minutesAgo` minutes ago (the clock is the server's: tests move rows). */
const startedAgo = (id: string, minutesAgo: number) =>
  getDb().execute(
    sql`UPDATE focus_sessions SET started_at = now() - make_interval(mins => ${minutesAgo}), ends_at = now() - make_interval(mins => ${minutesAgo}) + make_interval(mins => planned_minutes) WHERE id = ${id}`,
  );

describe('periods (São Paulo)', () => {
  it('a day starts at 03:00 UTC, a week on Monday 03:00 UTC; resets and the time until them', () => {
    // Sunday 29 November 2026, 23:59 in São Paulo, then Monday 00:00.
    const sundayLate = new Date('2026-11-30T02:59:00Z');
    const mondayMidnight = new Date('2026-11-30T03:00:00Z');
    expect(periodStartOf('day', sundayLate)).toBe('2026-11-29');
    expect(periodStartOf('day', mondayMidnight)).toBe('2026-11-30');
    expect(periodStartOf('week', sundayLate)).toBe('2026-11-23');
    expect(periodStartOf('week', mondayMidnight)).toBe('2026-11-30');
    expect(periodStartOf('week', new Date('2026-12-06T02:59:59Z'))).toBe('2026-11-30');
    expect(nextResetOf('day', sundayLate).toISOString()).toBe('2026-11-30T03:00:00.000Z');
    expect(nextResetOf('week', sundayLate).toISOString()).toBe('2026-11-30T03:00:00.000Z');
    expect(nextResetOf('day', mondayMidnight).toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(nextResetOf('week', mondayMidnight).toISOString()).toBe('2026-12-07T03:00:00.000Z');
    expect(timeUntil(new Date('2026-11-29T20:48:00Z'), new Date('2026-11-30T03:00:00Z'))).toBe('6 h 12 min');
    expect(timeUntil(new Date('2026-11-30T02:59:30Z'), new Date('2026-11-30T03:00:00Z'))).toBe('1 min');
    expect(timeUntil(new Date('2026-11-30T03:00:00Z'), new Date('2026-12-07T03:00:00Z'))).toBe('7 dias');
    expect(timeUntil(new Date('2026-11-30T20:00:00Z'), new Date('2026-12-07T03:00:00Z'))).toBe('6 dias e 7 h');
  });

  it('a session ending at 02:59 UTC on a Monday counts on Sunday and the week before, one ending at 03:00 UTC on Monday and that week', async () => {
    const viewer = await reader();
    const edition = await book();
    await setShelfStatus(viewer, edition, 'reading');
    // Monday 23 November 2026 (sessions in the past: nobody finished them, the reader's next visit closes them).
    for (const endsAt of ['2026-11-23T02:59:00Z', '2026-11-23T03:00:00Z']) {
      await getDb().execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, status, started_at, ends_at)
        VALUES (${newId()}, ${viewer.id}, ${edition}, 10, 'running', ${endsAt}::timestamptz - interval '10 minutes', ${endsAt}::timestamptz)`);
      await closeExpiredSessionOf(viewer.id);
    }
    const rows = await queryRows<{ task_id: string; period_start: string; progress: number }>(
      sql`SELECT task_id, period_start::text, progress FROM task_progress WHERE user_id = ${viewer.id} ORDER BY task_id, period_start`,
    );
    expect(rows).toEqual([
      { task_id: 'ler-20-minutos', period_start: '2026-11-22', progress: 10 },
      { task_id: 'ler-20-minutos', period_start: '2026-11-23', progress: 10 },
      { task_id: 'ler-3-horas', period_start: '2026-11-16', progress: 10 },
      { task_id: 'ler-3-horas', period_start: '2026-11-23', progress: 10 },
    ]);
  });
});

describe('detectors: each event counts in its own transaction', () => {
  it('focus minutes: a finished session counts what it credited (a given-up one its half); the reward once, the XP to the companion', async () => {
    const viewer = await reader();
    const xp = await giveCompanion(viewer);
    const edition = await book();
    await setShelfStatus(viewer, edition, 'reading');
    const first = await startFocusSession(viewer, { editionId: edition, plannedMinutes: 10 });
    await startedAgo(first.id, 7);
    await giveUpFocusSession(viewer, first.id); // 7 minutes in: 3 credited
    expect(await progressOf(viewer, 'ler-20-minutos')).toEqual({ progress: 3, done: false });
    const second = await startFocusSession(viewer, { editionId: edition, plannedMinutes: 25 });
    await startedAgo(second.id, 26);
    await finishFocusSession(viewer, second.id, null);
    expect(await progressOf(viewer, 'ler-20-minutos')).toEqual({ progress: 20, done: true });
    expect(await progressOf(viewer, 'ler-3-horas')).toEqual({ progress: 28, done: false });
    // 25 minutes of the session (a given-up one gives no XP) and the task's 30.
    expect(await xp()).toBe(25 + 30);
    expect(await completions(viewer)).toEqual(['ler-20-minutos']);
    const third = await startFocusSession(viewer, { editionId: edition, plannedMinutes: 5 });
    await startedAgo(third.id, 6);
    await finishFocusSession(viewer, third.id, null);
    expect(await xp()).toBe(25 + 30 + 5);
    expect(await completions(viewer)).toEqual(['ler-20-minutos']);
    // The log says so, and /foca counts today's done tasks.
    expect((await listFocusEvents(viewer, 20)).filter((e) => e.kind === 'task_completed').map((e) => e.taskId)).toEqual(['ler-20-minutos']);
    expect((await getFocaGame(viewer)).tasksDoneToday).toBe(1);
  });

  it('atts: each published att counts, deleting one takes nothing back', async () => {
    const viewer = await reader();
    const ids: string[] = [];
    for (const title of ['Iracema', 'Senhora']) {
      const edition = await book(title);
      await setShelfStatus(viewer, edition, 'read');
      ids.push(await postAtt(viewer, { editionId: edition, kind: 'finished', text: 'Terminei!', spoiler: false, visibility: 'publico', images: [] }));
    }
    expect(await progressOf(viewer, 'publicar-att')).toEqual({ progress: 1, done: true });
    expect(await progressOf(viewer, 'publicar-5-atts')).toEqual({ progress: 2, done: false });
    await deleteAtt(viewer, ids[0]!);
    expect(await progressOf(viewer, 'publicar-5-atts')).toEqual({ progress: 2, done: false });
    expect(await completions(viewer)).toEqual(['publicar-att']);
  });

  it('progress updates: distinct books, the same book twice counts once', async () => {
    const viewer = await reader();
    const [a, b] = [await book('A'), await book('B')];
    for (const edition of [a, b]) await setShelfStatus(viewer, edition, 'reading');
    const update = (value: number) => ({ value, unit: 'page' as const, comment: null, emotion: null, spoiler: false });
    await logProgress(viewer, a, update(10));
    await logProgress(viewer, a, update(20));
    expect(await progressOf(viewer, 'atualizar-2-livros')).toEqual({ progress: 1, done: false });
    await logProgress(viewer, b, update(5));
    expect(await progressOf(viewer, 'atualizar-2-livros')).toEqual({ progress: 2, done: true });
    expect(await progressOf(viewer, 'atualizar-5-livros')).toEqual({ progress: 2, done: false });
  });

  it('reviews: a first publication counts, editing it does not; a book counts once (deleted and written again, another edition of its work)', async () => {
    const viewer = await reader();
    const edition = await book('Dom Casmurro');
    await setShelfStatus(viewer, edition, 'read');
    await publishReview(viewer, edition, { body: 'Capitu tinha olhos de ressaca.', spoiler: false, visibility: 'publico' });
    await publishReview(viewer, edition, { body: 'Capitu tinha olhos de ressaca, e Bentinho ciúmes.', spoiler: false, visibility: 'publico' });
    expect(await progressOf(viewer, 'escrever-resenha')).toEqual({ progress: 1, done: true });
    expect(await progressOf(viewer, 'escrever-2-resenhas')).toEqual({ progress: 1, done: false });

    await deleteReview(viewer, edition);
    await publishReview(viewer, edition, { body: 'Outra resenha, o mesmo livro.', spoiler: false, visibility: 'publico' });
    const [{ work_id: workId } = { work_id: '' }] = await queryRows<{ work_id: string }>(sql`SELECT work_id FROM editions WHERE id = ${edition}`);
    const ebook = await createEdition({ title: 'Dom Casmurro (e-book)', authors: ['Machado de Assis'], format: 'ebook', workId });
    await setShelfStatus(viewer, ebook, 'read');
    await publishReview(viewer, ebook, { body: 'Relido no e-book.', spoiler: false, visibility: 'publico' });
    expect(await progressOf(viewer, 'escrever-2-resenhas')).toEqual({ progress: 1, done: false });
  });

  it('rooms: joining one counts (hosting one does not)', async () => {
    const host = await reader();
    const viewer = await reader();
    const room = await createFocusRoom(host, { name: 'Sala de leitura', visibility: 'public' });
    expect(await progressOf(host, 'entrar-sala')).toBeNull();
    await joinFocusRoom(viewer, room.id);
    expect(await progressOf(viewer, 'entrar-sala')).toEqual({ progress: 1, done: true });
  });

  it('marathon challenges: each done once, never in a marathon the reader organises', async () => {
    const three = Array.from({ length: 3 }, (_, i) => ({
      category: 0,
      kind: 'atividade' as const,
      description: `Desafio ${i + 1}`,
      points: 1,
      revealsOn: null,
      level: null,
    }));
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(organizer, marathonInput({ startsOn: todayIn('America/Sao_Paulo'), challenges: three }));
    const challenges = (await queryRows<{ id: string }>(sql`SELECT id FROM marathon_challenges WHERE marathon_id = ${marathon.id} ORDER BY position, id`)).map(
      (c) => c.id,
    );
    await joinMarathon(organizer, marathon.id, null);
    await tickChallenge(organizer, marathon.id, challenges[0]!, true);
    expect(await progressOf(organizer, 'completar-desafio')).toBeNull();

    const { viewer } = await noticeReader();
    await joinMarathon(viewer, marathon.id, null);
    await tickChallenge(viewer, marathon.id, challenges[0]!, true);
    await tickChallenge(viewer, marathon.id, challenges[0]!, false);
    await tickChallenge(viewer, marathon.id, challenges[0]!, true);
    expect(await progressOf(viewer, 'completar-3-desafios')).toEqual({ progress: 1, done: false });
    await tickChallenge(viewer, marathon.id, challenges[1]!, true);
    await tickChallenge(viewer, marathon.id, challenges[2]!, true);
    expect(await progressOf(viewer, 'completar-desafio')).toEqual({ progress: 1, done: true });
    expect(await progressOf(viewer, 'completar-3-desafios')).toEqual({ progress: 3, done: true });
    const today = periodStartOf('week', new Date());
    expect(await taskEggs(viewer)).toEqual([{ source_key: `task:completar-3-desafios:${today}`, rarity: 'rara' }]);
  });

  it('a suspended reader earns nothing; a reader with no companion gets the egg and no XP', async () => {
    const viewer = await reader();
    await suspend(viewer.id);
    await getDb().transaction((tx) => recordTaskEvent(tx, viewer.id, 'focus_minutes', 200));
    expect(await progressOf(viewer, 'ler-3-horas')).toBeNull();
    expect(await taskEggs(viewer)).toEqual([]);

    const other = await reader();
    const done = await getDb().transaction((tx) => recordTaskEvent(tx, other.id, 'focus_minutes', 200));
    expect(done).toEqual(['ler-20-minutos', 'ler-3-horas']);
    expect(await taskEggs(other)).toEqual([{ source_key: `task:ler-3-horas:${periodStartOf('week', new Date())}`, rarity: 'rara' }]);
    expect(await queryRows(sql`SELECT 1 FROM focus_pets WHERE user_id = ${other.id}`)).toEqual([]);
    // Done is done: more minutes the same day change nothing.
    expect(await getDb().transaction((tx) => recordTaskEvent(tx, other.id, 'focus_minutes', 200))).toEqual([]);
    expect(await taskEggs(other)).toHaveLength(1);
    const board = await getTaskBoard(other);
    expect(board.hasCompanion).toBe(false);
    const week = board.sections.find((s) => s.period === 'week')!;
    expect(week.tasks.find((t) => t.id === 'ler-3-horas')).toMatchObject({ progress: 180, target: 180, completedAt: expect.any(String) });
    expect(week.tasks.find((t) => t.id === 'publicar-5-atts')).toMatchObject({ progress: 0, target: 5, completedAt: null });
  });
});

describe('exactly once', () => {
  it('two completing events at the same moment give one egg, one XP grant, one log line', async () => {
    const viewer = await reader();
    const xp = await giveCompanion(viewer);
    for (let i = 0; i < 4; i += 1) await getDb().transaction((tx) => recordTaskEvent(tx, viewer.id, 'att_published', 1, `att-${i}`));
    await getDb().transaction((tx) => recordTaskEvent(tx, viewer.id, 'focus_minutes', 179));
    const before = await xp();
    const results = await Promise.all([
      getDb().transaction((tx) => recordTaskEvent(tx, viewer.id, 'att_published', 1, 'att-a')),
      getDb().transaction((tx) => recordTaskEvent(tx, viewer.id, 'att_published', 1, 'att-b')),
      getDb().transaction((tx) => recordTaskEvent(tx, viewer.id, 'focus_minutes', 5)),
      getDb().transaction((tx) => recordTaskEvent(tx, viewer.id, 'focus_minutes', 5)),
    ]);
    expect(results.flat().filter((id) => id === 'publicar-5-atts')).toHaveLength(1);
    expect(results.flat().filter((id) => id === 'ler-3-horas')).toHaveLength(1);
    const week = periodStartOf('week', new Date());
    expect(await taskEggs(viewer)).toEqual([
      { source_key: `task:ler-3-horas:${week}`, rarity: 'rara' },
      { source_key: `task:publicar-5-atts:${week}`, rarity: 'comum' },
    ]);
    // ler-20-minutos was done with the 179 minutes; publicar-att with the first att: no XP from these.
    expect(await xp()).toBe(before);
    expect((await completions(viewer)).sort()).toEqual(['ler-20-minutos', 'ler-3-horas', 'publicar-5-atts', 'publicar-att']);
    expect(await progressOf(viewer, 'publicar-5-atts')).toEqual({ progress: 5, done: true });
  });

  it('two parallel progress updates completing "Atualize 2 livros" give its XP once', async () => {
    const viewer = await reader();
    const xp = await giveCompanion(viewer);
    const books = [await book('A'), await book('B'), await book('C')];
    for (const edition of books) await setShelfStatus(viewer, edition, 'reading');
    const update = { value: 10, unit: 'page' as const, comment: null, emotion: null, spoiler: false };
    await logProgress(viewer, books[0]!, update);
    await Promise.all([logProgress(viewer, books[1]!, update), logProgress(viewer, books[2]!, update)]);
    expect(await progressOf(viewer, 'atualizar-2-livros')).toEqual({ progress: 2, done: true });
    expect(await progressOf(viewer, 'atualizar-5-livros')).toEqual({ progress: 3, done: false });
    expect(await xp()).toBe(TASKS['atualizar-2-livros'].reward.xp);
    expect(await completions(viewer)).toEqual(['atualizar-2-livros']);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a session closing while another transaction records two events: both commit (the close takes the task lock before the pets)',
    async () => {
      const viewer = await reader();
      await giveCompanion(viewer);
      const edition = await book();
      await setShelfStatus(viewer, edition, 'reading');
      const session = await startFocusSession(viewer, { editionId: edition, plannedMinutes: 25 });
      await startedAgo(session.id, 26);
      // A progress update (no reward yet: the task lock and its rows), then an att completing "Publique uma att" (its XP locks the pets).
      const twoEvents = (pause: () => Promise<void>) =>
        getDb().transaction(async (tx) => {
          await recordTaskEvent(tx, viewer.id, 'book_updated', 1, 'livro-a');
          await pause();
          await recordTaskEvent(tx, viewer.id, 'att_published', 1, 'att-a');
        });
      // The session finished meanwhile: its minutes feed the pets, then count in "Leia 20 minutos".
      expect(await interleave(twoEvents, () => finishFocusSession(viewer, session.id, null))).toEqual(['ok', 'ok']);
      expect(await progressOf(viewer, 'ler-20-minutos')).toEqual({ progress: 20, done: true });
      expect(await progressOf(viewer, 'publicar-att')).toEqual({ progress: 1, done: true });
    },
    20_000,
  );
});

describe('nobody posts progress', () => {
  it('/tarefas has no action, and no route writes task_progress or calls recordTaskEvent', async () => {
    expect('action' in tarefas).toBe(false);
    const routes = path.resolve('app/routes');
    const files = (await readdir(routes, { recursive: true })).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
    for (const file of files) {
      const text = await readFile(path.join(routes, file), 'utf8');
      expect(text, file).not.toMatch(/recordTaskEvent|task_progress|taskProgress|tasks\/record\.server/);
    }
  });

  it('/tarefas: signed out goes to sign in, a suspended account too; a reader sees their own', async () => {
    const user = await createUser();
    const suspended = await createUser();
    await suspend(suspended.id);
    expect(await statusOf(call(tarefas.loader, getRequest('/tarefas')))).toBe(302);
    expect(await statusOf(call(tarefas.loader, getRequest('/tarefas', suspended.cookie)))).toBe(302);
    const data = (await call(tarefas.loader, getRequest('/tarefas', user.cookie))) as Awaited<ReturnType<typeof tarefas.loader>>;
    expect(data.board.sections.map((s) => s.tasks.length)).toEqual([6, 5]);
  });
});

describe('demo', () => {
  it('lia is mid-way through today’s tasks: one done (with its log line), others on their way; seeding twice writes nothing', async () => {
    const user = await createUser({ username: 'lia_tarefas' });
    const viewer = testViewer(user);
    expect(await seedDemoTasks('lia_tarefas')).toBe(5);
    expect(await seedDemoTasks('lia_tarefas')).toBe(0);
    const board = await getTaskBoard(viewer);
    const today = board.sections.find((s) => s.period === 'day')!.tasks;
    expect(today.filter((t) => t.completedAt).map((t) => t.id)).toEqual(['publicar-att']);
    expect(today.find((t) => t.id === 'ler-20-minutos')).toMatchObject({ progress: 12, target: 20 });
    expect(await completions(viewer)).toEqual(['publicar-att']);
    // Her next progress update on a real book counts on top of the demo's one.
    await getDb().transaction((tx) => recordTaskEvent(tx, viewer.id, 'book_updated', 1, 'edicao-real'));
    expect(await progressOf(viewer, 'atualizar-2-livros')).toEqual({ progress: 2, done: true });
  });
});

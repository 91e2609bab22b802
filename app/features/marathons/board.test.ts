import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { mergeCatalogRecords } from '~/features/catalog/merge.server';
import { addDays } from '~/features/lcs/schedule';
import { correctProgress, logProgress } from '~/features/reading/progress/progress.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition } from '../../../test/factories';
import { marathonInput, noticeReader } from '../../../test/marathon-fixtures';
import { getBoard, linkEdition, searchShelfForBoard, tickChallenge, unlinkEdition, updateLink } from './board.server';
import { creditReading } from './counting.server';
import { addChallenge, createMarathon, joinMarathon, leaveMarathon, removeMarathonParticipant } from './mutations.server';
import { todayIn } from '~/lib/calendar';
import { recomputeMarathonScores } from './scoring.server';
import type { MarathonInput } from './validation';

useTestDatabase();

const today = () => todayIn('America/Sao_Paulo');
/** A moment of today, São Paulo time, `seconds` after noon: board changes at known times, for the tie-breaks. */
const at = (seconds: number) => new Date(Date.parse(`${today()}T15:00:00Z`) + seconds * 1000);
const running = (overrides: Partial<MarathonInput>) => marathonInput({ startsOn: today(), ...overrides });
const progress = (value: number, unit: 'page' | 'minute' | 'percent' = 'page') => ({ value, unit, comment: null, emotion: null, spoiler: false });

async function challengeIds(marathonId: string): Promise<Record<string, string>> {
  const rows = await queryRows<{ id: string; description: string }>(sql`SELECT id, description FROM marathon_challenges WHERE marathon_id = ${marathonId}`);
  return Object.fromEntries(rows.map((r) => [r.description, r.id]));
}
async function groupIds(marathonId: string, table: 'marathon_levels' | 'marathon_teams'): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(sql`SELECT id FROM ${sql.identifier(table)} WHERE marathon_id = ${marathonId} ORDER BY position`);
  return rows.map((r) => r.id);
}
async function linkOf(viewer: Viewer, marathonId: string, challengeId: string, editionId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    sql`SELECT id FROM marathon_challenge_links WHERE user_id = ${viewer.id} AND challenge_id = ${challengeId} AND edition_id = ${editionId}`,
  );
  return row!.id;
}
type Scores = { challenges_done: number; points: number; pages: number; minutes: number; scored_at: string };
async function scores(table: 'marathon_participants' | 'marathon_teams', marathonId: string): Promise<Record<string, Scores>> {
  const key = table === 'marathon_participants' ? sql`user_id` : sql`id`;
  const rows = await queryRows<Scores & { key: string }>(
    sql`SELECT ${key} AS key, challenges_done, points, pages, minutes, scored_at::text AS scored_at FROM ${sql.identifier(table)}
      WHERE marathon_id = ${marathonId} ${table === 'marathon_participants' ? sql`AND status = 'active' ORDER BY user_id` : sql`ORDER BY position`}`,
  );
  return Object.fromEntries(rows.map(({ key: k, ...s }) => [k, { ...s }]));
}
/** A running marathon in teams Norte and Sul, with these challenges in its one category. */
const teamsMarathon = (organizer: Viewer, challenges: [kind: 'leitura' | 'atividade', description: string, points: number][]) =>
  createMarathon(
    organizer,
    running({
      mode: 'teams',
      groups: [{ name: 'Norte' }, { name: 'Sul' }],
      challenges: challenges.map(([kind, description, points]) => ({ category: 0, kind, description, points, revealsOn: null, level: null })),
    }),
  );
const complete = { progress: 100, complete: true, rating: null, comment: null, markedOn: null };

describe('marathon boards: scoring, levels, teams and tie-breaks (a hand-computed fixture)', () => {
  it('counts the done challenges of each level and the ones below, and breaks ties by who got there first', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(
      organizer,
      running({
        mode: 'levels',
        groups: [{ name: 'Principiante' }, { name: 'Intermediário' }, { name: 'Hardcore' }],
        challenges: [
          { category: 0, kind: 'leitura', description: 'Clássico', points: 3, revealsOn: null, level: null },
          { category: 0, kind: 'leitura', description: 'Calhamaço', points: 5, revealsOn: null, level: 1 },
          { category: 0, kind: 'atividade', description: 'Foto da pilha', points: 2, revealsOn: null, level: null },
          { category: 0, kind: 'atividade', description: 'Resenha em vídeo', points: 4, revealsOn: null, level: 2 },
          { category: 0, kind: 'atividade', description: 'Surpresa', points: 9, revealsOn: addDays(today(), 1), level: null },
        ],
      }),
    );
    const c = await challengeIds(marathon.id);
    const [beginner, middle, hardcore] = await groupIds(marathon.id, 'marathon_levels');
    const [a, b, d] = [await noticeReader(), await noticeReader(), await noticeReader()];
    await joinMarathon(a.viewer, marathon.id, beginner!);
    await joinMarathon(b.viewer, marathon.id, hardcore!);
    await joinMarathon(d.viewer, marathon.id, middle!);
    const book = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], pages: 256 });
    const big = await createEdition({ title: 'Grande Sertão: Veredas', authors: ['Guimarães Rosa'], pages: 600 });
    for (const reader of [a, b, d]) for (const edition of [book, big]) await setShelfStatus(reader.viewer, edition, 'want_to_read');

    // Levels are cumulative, and nothing unrevealed is on anyone's board.
    const descriptions = async (viewer: Viewer) =>
      (await getBoard(viewer, marathon.id, at(0))).categories.flatMap((x) => x.challenges.map((ch) => ch.description));
    expect(await descriptions(a.viewer)).toEqual(['Clássico', 'Foto da pilha']);
    expect(await descriptions(d.viewer)).toEqual(['Clássico', 'Calhamaço', 'Foto da pilha']);
    expect(await descriptions(b.viewer)).toEqual(['Clássico', 'Calhamaço', 'Foto da pilha', 'Resenha em vídeo']);
    await expect(tickChallenge(a.viewer, marathon.id, c['Resenha em vídeo']!, true, at(0))).rejects.toMatchObject({ code: 'not_found' });
    await expect(tickChallenge(b.viewer, marathon.id, c['Surpresa']!, true, at(0))).rejects.toMatchObject({ code: 'not_found' });
    await expect(tickChallenge(a.viewer, marathon.id, c['Clássico']!, true, at(0))).rejects.toMatchObject({ code: 'invalid_input' });

    // a: Clássico (3) at 10 s, Foto (2) at 20 s → 5 points at 20 s.
    await linkEdition(a.viewer, marathon.id, c['Clássico']!, book, at(1));
    await updateLink(a.viewer, marathon.id, await linkOf(a.viewer, marathon.id, c['Clássico']!, book), complete, at(10));
    await tickChallenge(a.viewer, marathon.id, c['Foto da pilha']!, true, at(20));
    // b: Resenha (4) at 5 s, Foto (2) at 15 s, Calhamaço (5) at 30 s → 11 points.
    await tickChallenge(b.viewer, marathon.id, c['Resenha em vídeo']!, true, at(5));
    await tickChallenge(b.viewer, marathon.id, c['Foto da pilha']!, true, at(15));
    await linkEdition(b.viewer, marathon.id, c['Calhamaço']!, big, at(16));
    await updateLink(b.viewer, marathon.id, await linkOf(b.viewer, marathon.id, c['Calhamaço']!, big), complete, at(30));
    // d: Calhamaço (5) at 40 s → 5 points, reached after a.
    await linkEdition(d.viewer, marathon.id, c['Calhamaço']!, big, at(35));
    await updateLink(d.viewer, marathon.id, await linkOf(d.viewer, marathon.id, c['Calhamaço']!, big), complete, at(40));
    // A second link, still in progress, and a tick undone and done again at the same points change nothing for d.
    await linkEdition(d.viewer, marathon.id, c['Calhamaço']!, book, at(41));

    const totals = async (viewer: Viewer) => {
      const { challengesDone, points, position } = (await getBoard(viewer, marathon.id, at(50))).totals;
      return [challengesDone, points, position];
    };
    expect([await totals(b.viewer), await totals(a.viewer), await totals(d.viewer)]).toEqual([
      [3, 11, 1],
      [2, 5, 2],
      [1, 5, 3],
    ]);
    const before = await scores('marathon_participants', marathon.id);
    expect(before[a.user.id]!.scored_at).toBe((await queryRows<{ t: string }>(sql`SELECT ${at(20).toISOString()}::timestamptz::text AS t`))[0]!.t);

    // a unticks the photo: 3 points, behind d; ticking again puts a at 5 later than d.
    await tickChallenge(a.viewer, marathon.id, c['Foto da pilha']!, false, at(60));
    expect(await totals(a.viewer)).toEqual([1, 3, 3]);
    await tickChallenge(a.viewer, marathon.id, c['Foto da pilha']!, true, at(70));
    expect([await totals(d.viewer), await totals(a.viewer)]).toEqual([
      [1, 5, 2],
      [2, 5, 3],
    ]);
    // d's complete link removed: the challenge is no longer done (the other link is not complete).
    await unlinkEdition(d.viewer, marathon.id, await linkOf(d.viewer, marathon.id, c['Calhamaço']!, big), at(80));
    expect(await totals(d.viewer)).toEqual([0, 0, 3]);

    const incremental = await scores('marathon_participants', marathon.id);
    await getDb().transaction((tx) => recomputeMarathonScores(tx, marathon.id, at(90)));
    expect(await scores('marathon_participants', marathon.id)).toEqual(incremental);
  });

  it('sums each team’s active participants, and a ban or a departure takes theirs away', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await teamsMarathon(organizer, [
      ['leitura', 'Fantasia', 3],
      ['atividade', 'Mapa', 2],
    ]);
    const c = await challengeIds(marathon.id);
    const [north, south] = await groupIds(marathon.id, 'marathon_teams');
    const [x, y, z] = [await noticeReader(), await noticeReader(), await noticeReader()];
    await joinMarathon(x.viewer, marathon.id, north!);
    await joinMarathon(y.viewer, marathon.id, north!);
    await joinMarathon(z.viewer, marathon.id, south!);
    const book = await createEdition({ title: 'A Batalha do Apocalipse', authors: ['Eduardo Spohr'], pages: 500 });
    await setShelfStatus(y.viewer, book, 'reading');
    await tickChallenge(x.viewer, marathon.id, c['Mapa']!, true, at(1));
    await linkEdition(y.viewer, marathon.id, c['Fantasia']!, book, at(2));
    await updateLink(y.viewer, marathon.id, await linkOf(y.viewer, marathon.id, c['Fantasia']!, book), complete, at(3));
    await tickChallenge(z.viewer, marathon.id, c['Mapa']!, true, at(4));
    await getDb().transaction((tx) => creditReading(tx, { userId: y.user.id, pages: 120, minutes: 30, at: at(5) }));
    const teams = async () =>
      Object.values(await scores('marathon_teams', marathon.id)).map(({ challenges_done, points, pages, minutes }) => [
        challenges_done,
        points,
        pages,
        minutes,
      ]);
    expect(await teams()).toEqual([
      [2, 5, 120, 30],
      [1, 2, 0, 0],
    ]);
    await removeMarathonParticipant(organizer, marathon.id, y.user.id, true);
    await leaveMarathon(z.viewer, marathon.id);
    expect(await teams()).toEqual([
      [1, 2, 0, 0],
      [0, 0, 0, 0],
    ]);
    // The banned reader's board is kept as it was, out of the team; the one who left starts again if they come back.
    const [banned] = await queryRows<{ points: number }>(sql`SELECT points FROM marathon_participants WHERE user_id = ${y.user.id}`);
    expect(banned?.points).toBe(3);
    await joinMarathon(z.viewer, marathon.id, south!);
    expect((await getBoard(z.viewer, marathon.id, at(10))).totals).toMatchObject({ challengesDone: 0, points: 0 });
    await expect(getBoard(y.viewer, marathon.id)).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('marathon boards: when they change', () => {
  it('only while the marathon runs, in its time zone: read-only before its first day and after its last', async () => {
    const { viewer: organizer } = await noticeReader();
    const start = today();
    const marathon = await createMarathon(organizer, running({ endsOn: addDays(start, 2), registrationClosesOn: addDays(start, 2) }));
    const c = await challengeIds(marathon.id);
    const { viewer } = await noticeReader();
    await joinMarathon(viewer, marathon.id, null);
    const book = await createEdition({ title: 'Memórias Póstumas de Brás Cubas', authors: ['Machado de Assis'], pages: 200 });
    await setShelfStatus(viewer, book, 'reading');
    const challenge = c['Leia um clássico brasileiro']!;
    await expect(linkEdition(viewer, marathon.id, challenge, book, new Date(`${start}T02:59:00Z`))).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('ainda não começou'),
    });
    await linkEdition(viewer, marathon.id, challenge, book, new Date(`${start}T03:00:00Z`));
    const end = addDays(start, 3);
    const link = await linkOf(viewer, marathon.id, challenge, book);
    await expect(updateLink(viewer, marathon.id, link, complete, new Date(`${end}T03:00:00Z`))).rejects.toMatchObject({
      message: expect.stringContaining('terminou'),
    });
    expect((await getBoard(viewer, marathon.id, new Date(`${end}T03:00:00Z`))).phase).toBe('encerrada');
    await expect(linkEdition(viewer, marathon.id, challenge, book, at(0))).rejects.toMatchObject({ field: 'editionId' });
    const stranger = await createEdition({ title: 'Não está na estante', authors: ['Alguém'] });
    await expect(linkEdition(viewer, marathon.id, challenge, stranger, at(0))).rejects.toMatchObject({ field: 'editionId' });
    await expect(updateLink(viewer, marathon.id, link, { ...complete, markedOn: addDays(start, -1) }, at(0))).rejects.toMatchObject({ field: 'markedOn' });
    // The shelf search finds the reader's own books by words of the title, accents aside.
    expect((await searchShelfForBoard(viewer, marathon.id, 'memorias bras')).map((m) => m.edition.id)).toEqual([book]);
    expect(await searchShelfForBoard(viewer, marathon.id, 'inexistente')).toEqual([]);
    // Once it has ended, leaving is refused: who took part and their board stay on record.
    await getDb().execute(
      sql`UPDATE marathons SET starts_on = ${addDays(start, -9)}, ends_on = ${addDays(start, -1)}, registration_opens_on = ${addDays(start, -10)}, registration_closes_on = ${addDays(start, -1)} WHERE id = ${marathon.id}`,
    );
    await expect(leaveMarathon(viewer, marathon.id)).rejects.toMatchObject({ code: 'invalid_input' });
    expect((await getBoard(viewer, marathon.id)).categories[0]!.challenges[0]!.links).toHaveLength(1);
  });
});

describe('organiser tools', () => {
  it('store “completes on finish” for a leitura challenge as ticked, and never for an atividade', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(organizer, running({}));
    const add = (kind: 'leitura' | 'atividade', description: string, completesOnFinish: boolean) =>
      addChallenge(organizer, marathon.id, {
        categoryId: '',
        newCategory: 'Extras',
        kind,
        description,
        points: 1,
        revealsOn: null,
        levelId: null,
        completesOnFinish,
      });
    await add('leitura', 'Sem conclusão automática', false);
    await add('leitura', 'Com conclusão automática', true);
    await add('atividade', 'Atividade', true);
    const rows = await queryRows<{ description: string; completes_on_finish: boolean }>(
      sql`SELECT description, completes_on_finish FROM marathon_challenges WHERE marathon_id = ${marathon.id} AND points = 1 AND kind IN ('leitura', 'atividade') ORDER BY created_at, description`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.description, r.completes_on_finish]))).toMatchObject({
      'Sem conclusão automática': false,
      'Com conclusão automática': true,
      Atividade: false,
    });
  });
});

describe('automatic counting', () => {
  it('credits pages past the furthest point read, in every running marathon of the reader, never backwards nor twice', async () => {
    const { viewer: organizer } = await noticeReader();
    const now = await createMarathon(organizer, running({ name: 'Agora' }));
    const also = await createMarathon(organizer, running({ name: 'Também agora' }));
    const later = await createMarathon(organizer, marathonInput({ name: 'Depois' }));
    const { user, viewer } = await noticeReader();
    for (const m of [now, also, later]) await joinMarathon(viewer, m.id, null);
    const book = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 200 });
    const audiobook = await createEdition({ title: 'Torto Arado (audiolivro)', authors: ['Itamar Vieira Junior'], format: 'audiolivro', audioMinutes: 600 });
    const pagesIn = async (marathonId: string) =>
      (
        await queryRows<{ pages: number; minutes: number }>(
          sql`SELECT pages, minutes FROM marathon_participants WHERE marathon_id = ${marathonId} AND user_id = ${user.id}`,
        )
      )[0];
    await logProgress(viewer, book, progress(50));
    await logProgress(viewer, book, progress(120));
    expect(await pagesIn(now.id)).toEqual({ pages: 120, minutes: 0 });
    await correctProgress(viewer, book, 80, 'page');
    expect(await pagesIn(now.id)).toEqual({ pages: 120, minutes: 0 });
    await logProgress(viewer, book, progress(100));
    expect(await pagesIn(now.id)).toEqual({ pages: 120, minutes: 0 });
    await logProgress(viewer, book, progress(75, 'percent'));
    expect(await pagesIn(now.id)).toEqual({ pages: 150, minutes: 0 });
    await logProgress(viewer, audiobook, progress(90, 'minute'));
    expect(await pagesIn(now.id)).toEqual({ pages: 150, minutes: 90 });
    expect(await pagesIn(also.id)).toEqual({ pages: 150, minutes: 90 });
    expect(await pagesIn(later.id)).toEqual({ pages: 0, minutes: 0 });
    // Finished: the rest of the book counts.
    await setShelfStatus(viewer, book, 'read');
    expect(await pagesIn(now.id)).toEqual({ pages: 200, minutes: 90 });
  });

  it('a finished reading completes its links, and the challenge when it completes on finish, telling the reader as their switch says', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(
      organizer,
      running({
        challenges: [
          { category: 0, kind: 'leitura', description: 'Conclui sozinho', points: 3, revealsOn: null, level: null },
          { category: 0, kind: 'leitura', description: 'Pede confirmação', points: 4, revealsOn: null, level: null },
        ],
      }),
    );
    await getDb().execute(sql`UPDATE marathon_challenges SET completes_on_finish = (description = 'Conclui sozinho') WHERE marathon_id = ${marathon.id}`);
    const c = await challengeIds(marathon.id);
    const { user, viewer } = await noticeReader();
    await joinMarathon(viewer, marathon.id, null);
    const book = await createEdition({ title: 'O Quinze', authors: ['Rachel de Queiroz'], pages: 160 });
    await setShelfStatus(viewer, book, 'reading');
    await linkEdition(viewer, marathon.id, c['Conclui sozinho']!, book);
    await linkEdition(viewer, marathon.id, c['Pede confirmação']!, book);
    await setShelfStatus(viewer, book, 'read');
    const board = await getBoard(viewer, marathon.id);
    const byName = Object.fromEntries(board.categories.flatMap((x) => x.challenges).map((ch) => [ch.description, ch]));
    expect(byName['Conclui sozinho']).toMatchObject({ done: true, links: [{ progress: 100, complete: true }] });
    expect(byName['Pede confirmação']).toMatchObject({ done: false, links: [{ progress: 100, complete: false }] });
    expect(board.totals).toMatchObject({ challengesDone: 1, points: 3 });
    const told = await queryRows<{ text: string; link: string }>(
      sql`SELECT text, link FROM notifications WHERE user_id = ${user.id} AND kind = 'marathon_challenge_done'`,
    );
    expect(told).toEqual([{ text: expect.stringContaining('“Conclui sozinho” (3 pontos)'), link: `/m/${marathon.slug}/progresso` }]);
    // Switched off, no notification: another reader with the in-app switch off.
    const quiet = await noticeReader();
    await getDb().execute(
      sql`INSERT INTO notification_settings (user_id, type, in_app, email) VALUES (${quiet.user.id}, 'marathon_challenge_done', false, false)`,
    );
    await joinMarathon(quiet.viewer, marathon.id, null);
    await setShelfStatus(quiet.viewer, book, 'reading');
    await linkEdition(quiet.viewer, marathon.id, c['Conclui sozinho']!, book);
    await setShelfStatus(quiet.viewer, book, 'read');
    expect((await getBoard(quiet.viewer, marathon.id)).totals.points).toBe(3);
    expect(await queryRows(sql`SELECT 1 FROM notifications WHERE user_id = ${quiet.user.id}`)).toEqual([]);
  });
});

describe('incremental scores', () => {
  it('equal a full recomputation after a random sequence of 1,000 board changes and credits (seeded)', async () => {
    let seed = 20261128;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const { viewer: organizer } = await noticeReader();
    const marathon = await teamsMarathon(organizer, [
      ['leitura', 'L1', 3],
      ['leitura', 'L2', 5],
      ['atividade', 'A1', 1],
      ['atividade', 'A2', 2],
    ]);
    const c = Object.values(await challengeIds(marathon.id));
    const teams = await groupIds(marathon.id, 'marathon_teams');
    const books = [
      await createEdition({ title: 'Livro 1', authors: ['A'], pages: 100 }),
      await createEdition({ title: 'Livro 2', authors: ['B'], pages: 200 }),
      await createEdition({ title: 'Livro 3', authors: ['C'], pages: 300 }),
    ];
    const readers: Viewer[] = [];
    for (let i = 0; i < 5; i++) {
      const { viewer } = await noticeReader();
      await joinMarathon(viewer, marathon.id, teams[i % 2]!);
      for (const book of books) await setShelfStatus(viewer, book, 'want_to_read');
      readers.push(viewer);
    }
    for (let step = 0; step < 1000; step++) {
      const reader = pick(readers);
      const challenge = pick(c);
      const book = pick(books);
      const when = at(step);
      const roll = random();
      try {
        if (roll < 0.25) await linkEdition(reader, marathon.id, challenge, book, when);
        else if (roll < 0.5) {
          const [link] = await queryRows<{ id: string }>(
            sql`SELECT id FROM marathon_challenge_links WHERE user_id = ${reader.id} AND challenge_id = ${challenge} ORDER BY id LIMIT 1`,
          );
          if (link) {
            const input = { progress: Math.floor(random() * 101), complete: random() < 0.5, rating: null, comment: null, markedOn: null };
            await (random() < 0.8 ? updateLink(reader, marathon.id, link.id, input, when) : unlinkEdition(reader, marathon.id, link.id, when));
          }
        } else if (roll < 0.8) await tickChallenge(reader, marathon.id, challenge, random() < 0.6, when);
        else
          await getDb().transaction((tx) =>
            creditReading(tx, { userId: reader.id, pages: Math.floor(random() * 40), minutes: Math.floor(random() * 30), at: when }),
          );
      } catch (error) {
        // A leitura ticked, an atividade linked, a book linked twice: refused, and nothing moved.
        expect(error).toMatchObject({ code: 'invalid_input' });
      }
    }
    const participants = await scores('marathon_participants', marathon.id);
    const teamScores = await scores('marathon_teams', marathon.id);
    expect(Object.values(participants).some((s) => s.points > 0)).toBe(true);
    await getDb().transaction((tx) => recomputeMarathonScores(tx, marathon.id, at(5000)));
    expect(await scores('marathon_participants', marathon.id)).toEqual(participants);
    expect(await scores('marathon_teams', marathon.id)).toEqual(teamScores);
  }, 240_000);
});

describe('catalogue merges', () => {
  it('move links to the surviving edition, keeping one per challenge × reader × edition with what both held', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(organizer, running({}));
    const challenge = (await challengeIds(marathon.id))['Leia um clássico brasileiro']!;
    const loser = await createEdition({ title: 'Iracema (duplicada)', authors: ['José de Alencar'], pages: 120 });
    const survivor = await createEdition({ title: 'Iracema', authors: ['José de Alencar'], pages: 120 });
    const [both, onlyLoser] = [await noticeReader(), await noticeReader()];
    for (const reader of [both, onlyLoser]) await joinMarathon(reader.viewer, marathon.id, null);
    for (const edition of [loser, survivor]) await setShelfStatus(both.viewer, edition, 'reading');
    await setShelfStatus(onlyLoser.viewer, loser, 'reading');
    await linkEdition(both.viewer, marathon.id, challenge, loser);
    await linkEdition(both.viewer, marathon.id, challenge, survivor);
    await linkEdition(onlyLoser.viewer, marathon.id, challenge, loser);
    await updateLink(both.viewer, marathon.id, await linkOf(both.viewer, marathon.id, challenge, loser), { ...complete, comment: 'Lido!' });
    await updateLink(both.viewer, marathon.id, await linkOf(both.viewer, marathon.id, challenge, survivor), { ...complete, progress: 30, complete: false });
    await getDb().transaction((tx) => mergeCatalogRecords(tx, 'edition', loser, survivor));
    const links = await queryRows<{ user_id: string; edition_id: string; progress: number; complete: boolean; comment: string | null }>(
      sql`SELECT user_id, edition_id, progress, complete, comment FROM marathon_challenge_links WHERE challenge_id = ${challenge} ORDER BY user_id`,
    );
    expect(links).toEqual(
      expect.arrayContaining([
        { user_id: both.user.id, edition_id: survivor, progress: 100, complete: true, comment: 'Lido!' },
        { user_id: onlyLoser.user.id, edition_id: survivor, progress: 0, complete: false, comment: null },
      ]),
    );
    expect(links).toHaveLength(2);
    expect((await getBoard(both.viewer, marathon.id)).totals).toMatchObject({ challengesDone: 1, points: 3 });
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { changeRole, joinClub } from '~/features/clubs/membership.server';
import { createClub } from '~/features/clubs/mutations.server';
import { tickChallenge } from '~/features/marathons/board.server';
import { createMarathon, joinMarathon } from '~/features/marathons/mutations.server';
import { todayIn } from '~/lib/calendar';
import { logProgress } from '~/features/reading/progress/progress.server';
import { publishReview, unpublishReview } from '~/features/reading/reviews/reviews.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { grantEgg } from '~/features/focus/game.server';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition } from '../../../test/factories';
import { interleave } from '../../../test/interleave';
import { marathonInput, noticeReader } from '../../../test/marathon-fixtures';
import { periodStartOf } from './period';
import { recordTaskEvent } from './record.server';
import { TASKS } from './tasks';
import type { TaskId } from './vocabulary';

/**
 * A second reader's findings on decision 0085 (review of wt-tasks): rewards earned again without the reader doing
 * anything new, and a lock-order deadlock. They fail until the production code is fixed.
 */
useTestDatabase();

const DAY_MS = 86_400_000;

async function progressOf(viewer: Viewer, taskId: TaskId) {
  const [row] = await queryRows<{ progress: number; done: boolean }>(
    sql`SELECT progress, completed_at IS NOT NULL AS done FROM task_progress
      WHERE user_id = ${viewer.id} AND task_id = ${taskId} AND period_start = ${periodStartOf(TASKS[taskId].period, new Date())}::date`,
  );
  return row ?? null;
}

const taskEggs = (viewer: Viewer) =>
  queryRows<{ source_key: string }>(sql`SELECT source_key FROM focus_eggs WHERE user_id = ${viewer.id} AND source = 'task' ORDER BY source_key`);

/**
 * Moves everything the tasks recorded for the reader one week back, as if it had happened last week (the clock is
 * the server's: tests move rows). The weekly egg's source key moves with its period.
 */
async function aWeekPasses(viewer: Viewer) {
  const lastWeek = periodStartOf('week', new Date(Date.now() - 7 * DAY_MS));
  const thisWeek = periodStartOf('week', new Date());
  await getDb().execute(sql`UPDATE task_progress SET period_start = period_start - 7 WHERE user_id = ${viewer.id}`);
  await getDb().execute(
    sql`UPDATE focus_eggs SET source_key = replace(source_key, ${`:${thisWeek}`}, ${`:${lastWeek}`}) WHERE user_id = ${viewer.id} AND source = 'task'`,
  );
}

const activities = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ category: 0, kind: 'atividade' as const, description: `Desafio ${i + 1}`, points: 1, revealsOn: null, level: null }));

const challengeIds = async (marathonId: string) =>
  (await queryRows<{ id: string }>(sql`SELECT id FROM marathon_challenges WHERE marathon_id = ${marathonId} ORDER BY position, id`)).map((c) => c.id);

describe('review of 0085', () => {
  it('a challenge done last week, unticked and ticked again, does not count again (a rare egg every week from the same three ticks)', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(organizer, marathonInput({ startsOn: todayIn('America/Sao_Paulo'), challenges: activities(3) }));
    const challenges = await challengeIds(marathon.id);
    const { viewer } = await noticeReader();
    await joinMarathon(viewer, marathon.id, null);
    for (const id of challenges) await tickChallenge(viewer, marathon.id, id, true);
    expect(await taskEggs(viewer)).toHaveLength(1);

    await aWeekPasses(viewer);
    // The same three challenges, unticked and ticked again: nothing new was done (their eggs are once per challenge, ever).
    for (const id of challenges) await tickChallenge(viewer, marathon.id, id, false);
    for (const id of challenges) await tickChallenge(viewer, marathon.id, id, true);
    expect(await progressOf(viewer, 'completar-desafio')).toBeNull();
    expect(await progressOf(viewer, 'completar-3-desafios')).toBeNull();
    expect(await taskEggs(viewer)).toHaveLength(1);
  });

  it('a review published last week, taken down and published again, is not a review written this week', async () => {
    const { viewer } = await noticeReader();
    const editions = [
      await createEdition({ title: `Dom Casmurro ${newId()}`, authors: ['Machado de Assis'] }),
      await createEdition({ title: `Iracema ${newId()}`, authors: ['José de Alencar'] }),
    ];
    const review = { body: 'Capitu tinha olhos de ressaca.', spoiler: false, visibility: 'publico' as const };
    for (const edition of editions) {
      await setShelfStatus(viewer, edition, 'read');
      await publishReview(viewer, edition, review);
    }
    expect(await progressOf(viewer, 'escrever-2-resenhas')).toEqual({ progress: 2, done: true });

    await aWeekPasses(viewer);
    // The same two texts, unpublished and published again: no new review (a common egg and 65 XP a week otherwise).
    for (const edition of editions) {
      await unpublishReview(viewer, edition);
      await publishReview(viewer, edition, review);
    }
    expect(await progressOf(viewer, 'escrever-resenha')).toBeNull();
    expect(await progressOf(viewer, 'escrever-2-resenhas')).toBeNull();
    expect(await taskEggs(viewer)).toHaveLength(1);
  });

  it('a club marathon’s admin organises it: their ticks count in no task (as the organiser’s do not)', async () => {
    const { viewer: owner } = await noticeReader();
    const { viewer: admin } = await noticeReader();
    const club = await createClub(owner, { name: `Clube ${newId().slice(0, 6)}`, description: '', visibility: 'aberto', categories: [] });
    await joinClub(admin, club.id);
    await changeRole(owner, club.id, admin.id, 'admin');
    // The admin may manage the marathon (add challenges to tick): requireMarathonAccess's `organizer` standing.
    const marathon = await createMarathon(
      owner,
      marathonInput({ organizer: `clube:${club.id}`, startsOn: todayIn('America/Sao_Paulo'), challenges: activities(3) }),
    );
    await joinMarathon(admin, marathon.id, null);
    for (const id of await challengeIds(marathon.id)) await tickChallenge(admin, marathon.id, id, true);
    expect(await progressOf(admin, 'completar-desafio')).toBeNull();
    expect(await progressOf(admin, 'completar-3-desafios')).toBeNull();
  });

  it('two editions of one work are one book for "Atualize 2 livros" (distinct books, not distinct editions)', async () => {
    const { viewer } = await noticeReader();
    const paperback = await createEdition({ title: `O Cortiço ${newId()}`, authors: ['Aluísio Azevedo'], pages: 300 });
    const [{ work_id: workId } = { work_id: '' }] = await queryRows<{ work_id: string }>(sql`SELECT work_id FROM editions WHERE id = ${paperback}`);
    const ebook = await createEdition({ title: 'O Cortiço (e-book)', authors: ['Aluísio Azevedo'], pages: 280, format: 'ebook', workId });
    const update = { value: 10, unit: 'page' as const, comment: null, emotion: null, spoiler: false };
    for (const edition of [paperback, ebook]) {
      await setShelfStatus(viewer, edition, 'reading');
      await logProgress(viewer, edition, update);
    }
    expect(await progressOf(viewer, 'atualizar-2-livros')).toEqual({ progress: 1, done: false });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a review published with its att while another att is published: both commit (no deadlock between task rows and pets)',
    async () => {
      // The reader has a companion: a reward's XP locks their pets.
      const { viewer } = await noticeReader();
      await getDb().transaction((tx) => grantEgg(tx, viewer.id, { source: 'milestone', sourceKey: 'milestone:teste', rarity: 'comum' }));
      const [egg] = await queryRows<{ id: string }>(sql`UPDATE focus_eggs SET hatched_at = now(), minutes = 60 WHERE user_id = ${viewer.id} RETURNING id`);
      await getDb().execute(
        sql`INSERT INTO focus_pets (id, user_id, egg_id, species, companion) VALUES (${newId()}, ${viewer.id}, ${egg!.id}, 'foca-comum', true)`,
      );
      // publishReview(…, alsoWithin = the review's att): "Escreva uma resenha" completes (its XP locks the pets),
      // then the review's att counts in "Publique uma att" — the task rows after the pets.
      const reviewWithAtt = (pause: () => Promise<void>) =>
        getDb().transaction(async (tx) => {
          await recordTaskEvent(tx, viewer.id, 'review_written', 1, 'edicao-1');
          await pause();
          await recordTaskEvent(tx, viewer.id, 'att_published', 1, 'att-da-resenha');
        });
      // postAtt in another tab, at the same moment: "Publique uma att"'s row, then the pets (its XP).
      const otherAtt = () => getDb().transaction((tx) => recordTaskEvent(tx, viewer.id, 'att_published', 1, 'outra-att'));
      expect(await interleave(reviewWithAtt, otherAtt)).toEqual(['ok', 'ok']);
    },
    20_000,
  );
});

import { and, count, eq } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { marathonChallenges, marathonLevels, marathonParticipants, marathonTeams } from '~/db/schema';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { type MarathonAccess, requireMarathonAccess } from './access.server';
import { marathonPageTags } from './cache';
import { requireChallengeLevel } from './mutations.server';
import { participantUpdated } from './participant-update.server';
import { phaseOf, registrationState } from './policy';
import { todayIn } from '~/lib/calendar';
import { lockMarathonScores, recomputeMarathonScores } from './scoring.server';
import type { EditChallengeInput } from './validation';
import { enqueueAllParticipantsWebhook } from './webhooks.server';

/**
 * Organiser tools after creation (decision 0080): a challenge edited or removed, a participant moved to another
 * level or team (and a reader moving themself while registration is open). Changes that move scores rebuild them
 * with recomputeMarathonScores in the same transaction, under the marathon's lock; a change that shows on the
 * participants' boards queues their webhooks; the visitors' cached pages of the marathon are dropped. Each that
 * may recount takes every score row of the marathon (lockMarathonScores) before it locks, edits or removes a
 * challenge or moves a participant: the lock order of scoring.server.ts, which board changes and finished readings
 * follow too.
 */

const ENDED = 'A maratona terminou: os desafios, os grupos e os resultados ficam como estão.';

const revealedBy = (revealsOn: string | null, today: string) => revealsOn === null || revealsOn <= today;

async function readChallenge(tx: Tx, marathonId: string, challengeId: string, lock?: 'no key update' | 'update') {
  const query = tx
    .select()
    .from(marathonChallenges)
    .where(and(eq(marathonChallenges.id, challengeId), eq(marathonChallenges.marathonId, marathonId)));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw new AppError('not_found', 'Esse desafio não está mais na maratona.');
  return row;
}

/**
 * A challenge's description, points, reveal day, level and "conclui ao terminar o livro" (leitura). One already
 * revealed keeps showing: its reveal day may not move to the future. New points or a new level rebuild the scores.
 */
export async function updateChallenge(viewer: Viewer, marathonId: string, input: EditChallengeInput, now: Date = new Date()): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { marathon } = await requireMarathonAccess(tx, viewer, marathonId, 'manage', { lock: true });
    if (phaseOf(marathon, now) === 'encerrada') throw new AppError('invalid_input', ENDED);
    // Only this function edits a challenge, always under the marathon's lock taken above: the challenge read
    // unlocked here is the one locked below. The scores' locks (every participant row, before any challenge: the
    // lock order) are taken only when the edit rebuilds them: a new description waits on no reader's board change.
    const before = await readChallenge(tx, marathonId, input.challengeId);
    const rescores = input.points !== before.points || input.levelId !== before.levelId;
    if (rescores) await lockMarathonScores(tx, marathonId);
    const challenge = await readChallenge(tx, marathonId, input.challengeId, 'no key update');
    const today = todayIn(marathon.timeZone, now);
    const wasRevealed = revealedBy(challenge.revealsOn, today);
    if (input.revealsOn !== null && input.revealsOn > marathon.endsOn)
      throw new AppError('invalid_input', 'O desafio aparece até o último dia da maratona.', 'revealsOn');
    if (wasRevealed && !revealedBy(input.revealsOn, today))
      throw new AppError('invalid_input', 'Este desafio já apareceu para os participantes: a data de revelação não pode voltar para o futuro.', 'revealsOn');
    await requireChallengeLevel(tx, marathonId, input.levelId);
    await tx
      .update(marathonChallenges)
      .set({
        description: input.description,
        points: input.points,
        revealsOn: input.revealsOn,
        levelId: input.levelId,
        completesOnFinish: challenge.kind === 'leitura' && input.completesOnFinish,
      })
      .where(eq(marathonChallenges.id, challenge.id));
    if (rescores) await recomputeMarathonScores(tx, marathonId, now);
    // The payload has the revealed challenges' descriptions, by level: points and the checkbox are not in it.
    const shown = wasRevealed || revealedBy(input.revealsOn, today);
    const payloadMoved = input.description !== challenge.description || input.levelId !== challenge.levelId || input.revealsOn !== challenge.revealsOn;
    if (shown && payloadMoved) await enqueueAllParticipantsWebhook(tx, marathonId);
  });
  await invalidateTags(marathonPageTags(marathonId));
}

/**
 * A challenge removed, with the books linked to it and its completions; the scores are rebuilt (pages and minutes
 * read stay: they were read in the marathon). A marathon keeps at least one challenge.
 */
export async function removeChallenge(viewer: Viewer, marathonId: string, challengeId: string, now: Date = new Date()): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { marathon } = await requireMarathonAccess(tx, viewer, marathonId, 'manage', { lock: true });
    if (phaseOf(marathon, now) === 'encerrada') throw new AppError('invalid_input', ENDED);
    await lockMarathonScores(tx, marathonId);
    const challenge = await readChallenge(tx, marathonId, challengeId, 'update');
    const [total] = await tx.select({ n: count() }).from(marathonChallenges).where(eq(marathonChallenges.marathonId, marathonId));
    if ((total?.n ?? 0) <= 1) throw new AppError('invalid_input', 'Uma maratona tem ao menos um desafio: adicione outro antes de remover este.');
    // Its links and completions go with it (foreign keys), before the scores are summed again.
    await tx.delete(marathonChallenges).where(eq(marathonChallenges.id, challenge.id));
    await recomputeMarathonScores(tx, marathonId, now);
    if (revealedBy(challenge.revealsOn, todayIn(marathon.timeZone, now))) await enqueueAllParticipantsWebhook(tx, marathonId);
  });
  await invalidateTags(marathonPageTags(marathonId));
}

/** An organiser moves a participant to another level or team, until the marathon ends. */
export async function changeParticipantGroup(viewer: Viewer, marathonId: string, userId: string, groupId: string, now: Date = new Date()): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { marathon } = await requireMarathonAccess(tx, viewer, marathonId, 'manage', { lock: true });
    await moveToGroup(tx, marathon, userId, groupId, now);
  });
  await invalidateTags(marathonPageTags(marathonId));
}

/** A participant changes their own level or team, only while registration is open (afterwards, organisers can). */
export async function changeMyGroup(viewer: Viewer, marathonId: string, groupId: string, now: Date = new Date()): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { marathon } = await requireMarathonAccess(tx, viewer, marathonId, 'board', { lock: true });
    if (registrationState(marathon, now) !== 'aberta')
      throw new AppError('invalid_input', 'As inscrições fecharam: agora só quem organiza a maratona pode mudar seu nível ou equipe.', 'groupId');
    await moveToGroup(tx, marathon, viewer.id, groupId, now);
  });
  await invalidateTags(marathonPageTags(marathonId));
}

async function moveToGroup(tx: Tx, marathon: MarathonAccess, userId: string, groupId: string, now: Date): Promise<void> {
  if (marathon.mode === 'none') throw new AppError('invalid_input', 'Esta maratona não tem níveis nem equipes.');
  if (phaseOf(marathon, now) === 'encerrada') throw new AppError('invalid_input', ENDED);
  const teams = marathon.mode === 'teams';
  const table = teams ? marathonTeams : marathonLevels;
  const [group] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, groupId), eq(table.marathonId, marathon.id)));
  if (!group) throw new AppError('invalid_input', teams ? 'Escolha uma equipe da maratona.' : 'Escolha um nível da maratona.', 'groupId');
  await lockMarathonScores(tx, marathon.id);
  const where = and(eq(marathonParticipants.marathonId, marathon.id), eq(marathonParticipants.userId, userId), eq(marathonParticipants.status, 'active'));
  const [row] = await tx.select({ levelId: marathonParticipants.levelId, teamId: marathonParticipants.teamId }).from(marathonParticipants).where(where);
  if (!row) throw new AppError('not_found', 'Essa pessoa não está na maratona.');
  if ((teams ? row.teamId : row.levelId) === group.id) return;
  await tx
    .update(marathonParticipants)
    .set(teams ? { teamId: group.id } : { levelId: group.id })
    .where(where);
  // Levels are cumulative (a level counts the ones below) and a team sums its members: both are summed again.
  await recomputeMarathonScores(tx, marathon.id, now);
  // Their board shows the challenges of their level: a new level is a new payload (a team is not in it).
  if (!teams) await participantUpdated(tx, { marathonId: marathon.id, userId });
}

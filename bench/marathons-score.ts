/** The score update of `npm run bench:marathons`'s writer and probe, as the site makes it. */
import type { Db } from '~/db/client.server';
import { participantUpdated } from '~/features/marathons/participant-update.server';
import { type ScoreDelta, addToScores } from '~/features/marathons/scoring.server';

/**
 * One score update through the scoring engine, as a board change or a reading credit makes it: the participant's
 * scores and their team's moved in one transaction, and participantUpdated (the webhook).
 */
export async function applyScoreUpdate(db: Db, marathonId: string, userId: string, delta: ScoreDelta): Promise<void> {
  await db.transaction(async (tx) => {
    if (await addToScores(tx, marathonId, userId, delta, new Date())) await participantUpdated(tx, { marathonId, userId });
  });
}

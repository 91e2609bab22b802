import type { Tx } from '~/db/client.server';
import { invalidateTagsOnCommit } from '~/server/html-cache.server';
import { marathonScoresCacheTag } from './cache';
import { enqueueParticipantWebhook } from './webhooks.server';

export type ParticipantUpdate = { marathonId: string; userId: string };

/**
 * Every change to a participant's board or scores (a link, a tick, a reading credit, a completion) ends here, in
 * the transaction that made it: the visitors' cached copies of what shows it (the marathon's scores) are dropped
 * when it commits, and the marathon's webhook (if it has one, switched on) gets the reader's board, sent after the
 * commit and coalesced with the reader's other updates waiting to go (decision 0078).
 */
export async function participantUpdated(tx: Tx, update: ParticipantUpdate): Promise<void> {
  await invalidateTagsOnCommit(tx, [marathonScoresCacheTag(update.marathonId)]);
  await enqueueParticipantWebhook(tx, update);
}

import type { Tx } from '~/db/client.server';
import { invalidateTagsOnCommit } from '~/server/html-cache.server';
import { marathonScoresCacheTag } from './cache';

export type ParticipantUpdate = { marathonId: string; userId: string };

/**
 * Every change to a participant's board or scores (a link, a tick, a reading credit, a completion) ends here, in
 * the transaction that made it: the visitors' cached copies of what shows it (the marathon's scores) are dropped
 * when it commits. The organiser's webhook is enqueued here too, once webhooks exist (issue 29).
 */
export async function participantUpdated(tx: Tx, update: ParticipantUpdate): Promise<void> {
  await invalidateTagsOnCommit(tx, [marathonScoresCacheTag(update.marathonId)]);
}

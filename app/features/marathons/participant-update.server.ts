import type { Tx } from '~/db/client.server';
import { enqueueParticipantWebhook } from './webhooks.server';

export type ParticipantUpdate = { marathonId: string; userId: string };

/**
 * Every change to a participant's board or scores (a link, a tick, a reading credit, a completion) ends here, in
 * the transaction that made it: the marathon's webhook (if it has one, switched on) gets the reader's board, sent
 * after the commit and coalesced with the reader's other updates waiting to go (decision 0078). No visitor's cached
 * page shows scores (the ranking is not cached, decision 0077), so none is dropped here.
 */
export async function participantUpdated(tx: Tx, update: ParticipantUpdate): Promise<void> {
  await enqueueParticipantWebhook(tx, update);
}

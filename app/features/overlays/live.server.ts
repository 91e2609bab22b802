import type { Db, Tx } from '~/db/client.server';
import { publish } from '~/server/realtime.server';

/**
 * The reader's overlay channel (decision 0092): what an OBS overlay shows changed — a progress update, a shelf status,
 * a focus session's start or close, the companion — or the token did (rotated, revoked). The payload says nothing:
 * each open overlay reads again what it shows, by its own token, and ends when the token no longer finds the reader.
 */
export const overlayChannel = (userId: string) => `overlay:${userId}`;

/** Called in the transaction that makes the change: the overlays hear it when it commits, and only then. */
export function signalOverlays(userId: string, db: Db | Tx): Promise<void> {
  return publish(overlayChannel(userId), { kind: 'change' }, db);
}

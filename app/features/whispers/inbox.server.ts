import { sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { publish } from '~/server/realtime.server';
import { inboxChannel } from './queries.server';

/**
 * A block between two readers, lifted or made (from a thread or a profile), changes which conversations each of them
 * sees, so the header's count of both (decision 0088): their streams recount.
 */
export async function recountPairInboxes(readerIds: [string, string], tx?: Tx): Promise<void> {
  for (const id of readerIds) await publish(inboxChannel(id), { kind: 'visibility' }, tx);
}

/**
 * A suspension made or lifted hides or restores the reader's conversations for everyone they whisper with: each of
 * those readers' header count is recounted, live.
 */
export async function recountCounterpartInboxes(readerId: string): Promise<void> {
  const others = await queryRows<{ id: string }>(
    sql`SELECT DISTINCT op.user_id AS id FROM whisper_participants me
      JOIN whisper_participants op ON op.conversation_id = me.conversation_id AND op.user_id <> me.user_id
      WHERE me.user_id = ${readerId}`,
  );
  for (const { id } of others) await publish(inboxChannel(id), { kind: 'visibility' });
}

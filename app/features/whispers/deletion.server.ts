import { sql } from 'drizzle-orm';
import type { Tx } from '~/db/client.server';

/**
 * Before an account goes (accounts/deletion.server): its messages leave both sides (PRODUCT.md §D); the other readers
 * keep their conversations, with "leitor removido", and each one's clock goes back to the newest message left, so
 * nothing shows as unread that is no longer there.
 */
export async function forgetWhispersOf(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM whisper_messages WHERE author_id = ${userId}`);
  await tx.execute(sql`UPDATE whisper_conversations c
    SET last_message_at = coalesce((SELECT max(m.created_at) FROM whisper_messages m WHERE m.conversation_id = c.id), c.created_at)
    WHERE c.low_reader_id = ${userId} OR c.high_reader_id = ${userId}`);
  await tx.execute(sql`UPDATE whisper_participants p SET last_message_at = c.last_message_at FROM whisper_conversations c
    WHERE c.id = p.conversation_id AND (c.low_reader_id = ${userId} OR c.high_reader_id = ${userId})`);
  // A conversation whose other reader had already gone has nobody left to read it.
  await tx.execute(sql`DELETE FROM whisper_conversations c WHERE (c.low_reader_id = ${userId} OR c.high_reader_id = ${userId})
    AND NOT EXISTS (SELECT 1 FROM whisper_participants p WHERE p.conversation_id = c.id AND p.user_id <> ${userId})`);
}

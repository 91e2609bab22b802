import { sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { resetConversationClock } from './reports.server';

/**
 * Before an account goes (accounts/deletion.server): its messages lose their text and stay as "mensagem removida" marks
 * (decision 0090; the author column becomes null with the account), so the other reader sees where they were; the
 * other readers keep their conversations, with "leitor removido", and each one's clock goes back to the newest message
 * still shown, so nothing shows as unread that is no longer there. Their images go (decision 0089): the rows here, and
 * the files are answered for the caller to remove once it commits (read in the transaction that deletes, so an image
 * sent meanwhile is not left behind).
 */
export async function forgetWhispersOf(tx: Tx, userId: string): Promise<{ files: string[] }> {
  // A send still open holds the account's row (its message's foreign key): wait for it, then empty what it wrote too,
  // so no message keeps its text when the author column goes null (the table's CHECK). Conversations first, then the
  // account — the order a send in an existing conversation takes them — so the two never wait on each other.
  const theirs = sql`c.low_reader_id = ${userId} OR c.high_reader_id = ${userId}`;
  await tx.execute(sql`SELECT c.id FROM whisper_conversations c WHERE ${theirs} ORDER BY c.id FOR UPDATE`);
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  const images = await queryRows<{ key: string }>(
    sql`DELETE FROM whisper_images i USING whisper_messages m WHERE m.id = i.message_id AND m.author_id = ${userId} RETURNING i.storage_key AS key`,
    tx,
  );
  await tx.execute(sql`UPDATE whisper_messages SET body = '', removed_at = coalesce(removed_at, now()) WHERE author_id = ${userId}`);
  await resetConversationClock(tx, theirs);
  // A conversation whose other reader had already gone has nobody left to read it.
  await tx.execute(sql`DELETE FROM whisper_conversations c WHERE (${theirs})
    AND NOT EXISTS (SELECT 1 FROM whisper_participants p WHERE p.conversation_id = c.id AND p.user_id <> ${userId})`);
  return { files: images.map((image) => image.key) };
}

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { getDatabase, getDb, queryRows } from '~/db/client.server';
import { reports } from '~/db/schema';
import { actOnReport } from '~/features/moderation/mutations.server';
import { blockReader } from '~/features/social/blocks.server';
import { newId } from '~/lib/ids';
import { useTestDatabase } from '../../../test/db';
import { deleteAccount, messageIds, reader, report, say } from '../../../test/whisper-fixtures';
import { markConversationRead, sendWhisper, whisperTo } from './mutations.server';
import { countUnreadConversations, listConversations } from './queries.server';
import { openWhisperReport } from './reports.server';

/**
 * Second reading of decision 0090 (whisper reports, the audit log, "mensagem removida"): each test here states what
 * the decision or PRODUCT.md promises and fails where the code does not keep it.
 */

useTestDatabase();

/** Bia starts a conversation with Ana with a threat; Ana has not opened it yet (no read mark). */
async function threatened() {
  const [ana, bia, admin] = [await reader(), await reader(), await reader('admin')];
  const { conversationId } = await whisperTo(bia, ana.id, say('Você vai se arrepender.'));
  const [reported] = await messageIds(conversationId);
  return { ana, bia, admin, conversationId, reported: reported! };
}

describe('whisper reports (review of decision 0090)', () => {
  it('the author of a threat cannot take the report away by blocking the reader they threatened', async () => {
    const { ana, bia, reported } = await threatened();
    // Bia blocks Ana right after the threat: the conversation is hidden from both, and Ana can no longer report it.
    await blockReader(bia, ana.id);
    await expect(report(ana, reported)).resolves.toEqual({ collapsed: false });
  });

  it('a reader who blocked first can still report what made them block', async () => {
    const { ana, reported } = await threatened();
    const bia = (await queryRows<{ id: string }>(sql`SELECT author_id AS id FROM whisper_messages WHERE id = ${reported}`))[0]!.id;
    await blockReader(ana, bia);
    await expect(report(ana, reported)).resolves.toEqual({ collapsed: false });
  });

  it('the context shown to staff ends where the report was made: later messages were never put forward by the reporter', async () => {
    const { ana, bia, admin, conversationId, reported } = await threatened();
    await report(ana, reported);
    // Days later the two make up and go on talking about something else.
    await sendWhisper(ana, conversationId, say('Segredo de depois da denúncia'));
    await sendWhisper(bia, conversationId, say('Outro assunto, só nosso'));
    const context = await openWhisperReport(admin, reported);
    expect(context.messages.map((m) => m.body)).toEqual(['Você vai se arrepender.']);
  });

  it('the reported author, an admin, can neither read nor close the report about their own whisper', async () => {
    const [ana, admin] = [await reader(), await reader('admin')];
    const { conversationId } = await whisperTo(admin, ana.id, say('Você vai se arrepender.'));
    const [reported] = await messageIds(conversationId);
    await report(ana, reported!);
    await expect(openWhisperReport(admin, reported!)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a removal leaves nothing unread in the header badge when the removed message was the only one (reader who never opened it)', async () => {
    const { ana, admin, reported } = await threatened();
    await report(ana, reported);
    const [row] = await getDb().select().from(reports);
    await actOnReport(admin, { report: row!.id, intent: 'hide', note: '' });
    // The list agrees nothing is unread; the badge must too (decision 0090: "nothing unread that cannot be read").
    expect((await listConversations(ana))[0]?.unread).toBe(0);
    expect(await countUnreadConversations(ana)).toBe(0);
  });

  it('an author who deletes their account leaves nothing unread in the header badge of a reader who never opened the conversation', async () => {
    const { ana, bia } = await threatened();
    await deleteAccount(bia.id);
    expect((await listConversations(ana))[0]?.unread).toBe(0);
    expect(await countUnreadConversations(ana)).toBe(0);
  });
});

describe('whisper reports under concurrency (PostgreSQL)', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'a removal racing a new message keeps the conversation clock on the new message (the badge shows it)',
    async () => {
      const database = getDatabase();
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const { ana, bia, admin, conversationId, reported } = await threatened();
      await markConversationRead(ana, conversationId);
      await report(ana, reported);
      const [row] = await getDb().select().from(reports);
      // Bia's next message, as whispers/mutations.server's whisperTo + insertMessage write it, its transaction still open.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT id FROM whisper_conversations WHERE id = $1 FOR UPDATE', [conversationId]);
        const inserted = await client.query<{ at: Date }>(
          `INSERT INTO whisper_messages (id, conversation_id, author_id, client_id, body) VALUES ($1, $2, $3, $4, 'Mais uma') RETURNING created_at AS at`,
          [newId(), conversationId, bia.id, newId()],
        );
        await client.query('UPDATE whisper_conversations SET last_message_at = greatest(last_message_at, $1) WHERE id = $2', [
          inserted.rows[0]!.at,
          conversationId,
        ]);
        // The moderation removes the reported message meanwhile; it waits for the conversation's row.
        const removal = actOnReport(admin, { report: row!.id, intent: 'hide', note: '' });
        await new Promise((resolve) => setTimeout(resolve, 700));
        await client.query('COMMIT');
        await removal;
      } finally {
        await client.end();
      }
      expect((await listConversations(ana))[0]?.unread).toBe(1);
      expect(await countUnreadConversations(ana)).toBe(1);
    },
    30_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'deleting an account while one of its whispers is being sent still deletes the account, leaving a mark',
    async () => {
      const database = getDatabase();
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const { ana, bia, conversationId } = await threatened();
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      let deletion: Promise<unknown> = Promise.resolve();
      try {
        // A send of Bia's already past its checks, not yet committed, when she confirms the deletion in another tab.
        await client.query('BEGIN');
        await client.query(`INSERT INTO whisper_messages (id, conversation_id, author_id, client_id, body) VALUES ($1, $2, $3, $4, 'Última')`, [
          newId(),
          conversationId,
          bia.id,
          newId(),
        ]);
        deletion = deleteAccount(bia.id).then(
          () => 'deleted',
          (error: unknown) => error,
        );
        await new Promise((resolve) => setTimeout(resolve, 700));
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
      expect(await deletion).toBe('deleted');
      expect(await queryRows(sql`SELECT count(*)::int AS n FROM whisper_messages WHERE body = 'Última'`)).toEqual([{ n: 0 }]);
      expect((await listConversations(ana))[0]?.counterpart).toBeNull();
    },
    30_000,
  );
});

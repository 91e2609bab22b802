/**
 * Fills the configured database for `npm run bench:whispers` (decision 0091), on its own (no catalogue needed):
 * BENCH_WHISPERS.readers generated readers (`bench-w-u-1`…, e-mail confirmed, whispers open to everyone) and one
 * more, `bench-w-u-0`, who has a conversation with each of them — 5,000 conversations of 4 messages over two months,
 * one in ten with the other's last message unread; BENCH_WHISPERS.pairs conversations between readers 2k+1 and 2k+2
 * (the ones the bench streams); and a session row for every reader the bench signs in as (readers 0 to 2·pairs),
 * whose token the bench signs itself. Made once (skipped when there); at every run the sessions are made fresh.
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, getDb, migrateDatabase, queryRows } from '~/db/client.server';
import { GENERATED_PREFIX } from './harness';

export const BENCH_WHISPERS = {
  readers: 5_000,
  pairs: 100,
  messagesPerConversation: 4,
  readerId: (i: number) => `${GENERATED_PREFIX}w-u-${i}`,
  sessionToken: (i: number) => `${GENERATED_PREFIX}w-session-${i}`,
  /** The conversation streamed by pair k: readers 2k+1 and 2k+2. */
  pairId: (k: number) => `${GENERATED_PREFIX}w-pair-${k}`,
};

const W = `${GENERATED_PREFIX}w-`;

async function main() {
  await migrateDatabase();
  const db = getDb();
  const [made] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE id LIKE ${`${W}u-%`}`);
  const fresh = Number(made?.n) === 0;
  const started = performance.now();
  const step = (label: string) => console.log(`  ${label} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  if (fresh) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO users (id, name, email, email_verified, username, display_username, birth_date, profile_visibility, created_at)
        SELECT ${W} || 'u-' || i, 'Sussurrante ' || i, 'sussurrante' || i || '@bench.maratona.app', true, 'sussurrante_' || i, 'sussurrante_' || i,
          DATE '1990-01-01' + (i % 7000), 'publico', now() - interval '90 days'
        FROM generate_series(0, ${BENCH_WHISPERS.readers}) AS i`);
      // Reader 0's conversations, with reader i, and the streamed pairs: the pair kept in code-point order as the app keeps it.
      await tx.execute(sql`INSERT INTO whisper_conversations (id, low_reader_id, high_reader_id, created_at, last_message_at)
        SELECT id, least(a COLLATE "C", b COLLATE "C"), greatest(a COLLATE "C", b COLLATE "C"), now() - interval '60 days', now() - interval '60 days'
        FROM (SELECT ${W} || 'heavy-' || i AS id, ${W} || 'u-0' AS a, ${W} || 'u-' || i AS b FROM generate_series(1, ${BENCH_WHISPERS.readers}) AS i
          UNION ALL
          SELECT ${W} || 'pair-' || k, ${W} || 'u-' || (2 * k + 1), ${W} || 'u-' || (2 * k + 2) FROM generate_series(0, ${BENCH_WHISPERS.pairs - 1}) AS k) AS pairs`);
      await tx.execute(sql`INSERT INTO whisper_participants (conversation_id, user_id)
        SELECT c.id, c.low_reader_id FROM whisper_conversations c WHERE c.id LIKE ${`${W}%`}
        UNION ALL SELECT c.id, c.high_reader_id FROM whisper_conversations c WHERE c.id LIKE ${`${W}%`}`);
      step('readers and conversations');
      // Messages alternate between the two, the other reader's last; spread over the last 60 days.
      await tx.execute(sql`INSERT INTO whisper_messages (id, conversation_id, author_id, client_id, body, created_at)
        SELECT c.id || '-m' || n, c.id, CASE WHEN n % 2 = 0 THEN ${W} || 'u-0' ELSE ${W} || 'u-' || i END, c.id || '-m' || n,
          'Mensagem ' || n || ' da conversa ' || i || ': já leu o capítulo?',
          now() - make_interval(days => (i % 60)) - make_interval(mins => ${BENCH_WHISPERS.messagesPerConversation} - n)
        FROM generate_series(1, ${BENCH_WHISPERS.readers}) AS i JOIN whisper_conversations c ON c.id = ${W} || 'heavy-' || i,
          generate_series(1, ${BENCH_WHISPERS.messagesPerConversation}) AS n`);
      await tx.execute(sql`UPDATE whisper_conversations c SET last_message_at = m.at
        FROM (SELECT conversation_id, max(created_at) AS at FROM whisper_messages WHERE conversation_id LIKE ${`${W}heavy-%`} GROUP BY conversation_id) m
        WHERE m.conversation_id = c.id`);
      // Everyone has read everything, but reader 0 in one conversation of ten.
      await tx.execute(sql`UPDATE whisper_participants p SET read_up_to = CASE
          WHEN p.user_id = ${W} || 'u-0' AND substring(c.id FROM '[0-9]+$')::int % 10 = 0 THEN c.last_message_at - interval '2 minutes'
          ELSE c.last_message_at END
        FROM whisper_conversations c WHERE c.id = p.conversation_id AND c.id LIKE ${`${W}heavy-%`}`);
      // Each side's copy of the clock, as the app keeps it.
      await tx.execute(sql`UPDATE whisper_participants p SET last_message_at = c.last_message_at
        FROM whisper_conversations c WHERE c.id = p.conversation_id AND c.id LIKE ${`${W}%`}`);
      step('messages');
    });
  }
  // Every run: fresh sessions for the readers the bench signs in as (none due for renewal).
  await db.execute(sql`INSERT INTO sessions (id, token, user_id, expires_at, updated_at)
    SELECT ${W} || 'session-' || i, ${W} || 'session-' || i, ${W} || 'u-' || i, now() + interval '1 year', now()
    FROM generate_series(0, ${2 * BENCH_WHISPERS.pairs}) AS i
    ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at, updated_at = excluded.updated_at`);
  const [counts] = await queryRows<{ conversations: number; messages: number; unread: number }>(sql`
    SELECT (SELECT count(*)::int FROM whisper_participants WHERE user_id = ${W} || 'u-0') AS conversations,
      (SELECT count(*)::int FROM whisper_messages WHERE conversation_id LIKE ${`${W}heavy-%`}) AS messages,
      (SELECT count(*)::int FROM whisper_participants p JOIN whisper_conversations c ON c.id = p.conversation_id
        WHERE p.user_id = ${W} || 'u-0' AND c.last_message_at > coalesce(p.read_up_to, '-infinity')) AS unread`);
  console.log(
    `  reader 0: ${counts?.conversations} conversations, ${counts?.messages} messages, ${counts?.unread} unread (${fresh ? 'made' : 'reused'}); ${BENCH_WHISPERS.pairs} streamed pairs`,
  );
  if (fresh) await db.execute(sql`VACUUM ANALYZE users, sessions, whisper_conversations, whisper_participants, whisper_messages`);
}

// Run as a script (the bench imports the constants only).
if (process.argv[1]?.endsWith('whispers-fill.ts')) {
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => closeDatabase());
}

import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { viewersOf } from '~/features/clubs/seed.server';
import { newId } from '~/lib/ids';
import { receiveUnsprintBatch } from './credits.server';

/** The demo's Twitch accounts (made-up ids: the demo signs in with passwords, these only link the readers). */
const DEMO_TWITCH = { lia_leitora: '9000001', joana_moura: '9000002' } as const;

/**
 * joana_moura streams her "Sprint das 20h" with unSprint: her Twitch and lia_leitora's are linked, and yesterday's
 * sprint reached the site — lia credited 25 minutes, a chatter without an account waiting (decision 0093). Idempotent.
 */
export async function seedDemoUnsprint(now: Date = new Date()): Promise<boolean> {
  const viewers = await viewersOf(Object.keys(DEMO_TWITCH));
  const joana = viewers.get('joana_moura');
  const lia = viewers.get('lia_leitora');
  if (!joana || !lia) return false;
  const [seeded] = await queryRows(sql`SELECT 1 FROM unsprint_batches WHERE streamer_id = ${joana.id}`);
  if (seeded) return false;
  for (const [username, twitchId] of Object.entries(DEMO_TWITCH)) {
    const userId = viewers.get(username)!.id;
    await getDb().execute(sql`INSERT INTO auth_accounts (id, user_id, account_id, provider_id) VALUES (${newId()}, ${userId}, ${twitchId}, 'twitch')
      ON CONFLICT DO NOTHING`);
  }
  const sprint = '7b1f9a52-2c4e-4d7a-9a55-3f0c6d2b8e11';
  const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const streamer = { readerId: joana.id, twitch: { userId: DEMO_TWITCH.joana_moura, login: 'joana_moura' } };
  await receiveUnsprintBatch(
    streamer,
    [
      { username: 'joana_moura', sprint, minutos: 0, evento: 'iniciar' },
      { username: 'lia_leitora', usernameId: DEMO_TWITCH.lia_leitora, sprint, minutos: 0, evento: 'iniciar' },
      { username: 'leitor_da_live', usernameId: '9000099', sprint, minutos: 0, evento: 'iniciar' },
    ],
    yesterday,
  );
  await receiveUnsprintBatch(
    streamer,
    [
      { username: 'joana_moura', sprint, minutos: 25, evento: 'encerrar' },
      { username: 'lia_leitora', usernameId: DEMO_TWITCH.lia_leitora, sprint, minutos: 25, evento: 'encerrar' },
      { username: 'leitor_da_live', usernameId: '9000099', sprint, minutos: 20, evento: 'encerrar' },
    ],
    new Date(yesterday.getTime() + 25 * 60 * 1000),
  );
  return true;
}

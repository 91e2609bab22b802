import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { getEnv } from '~/server/env.server';
import type { Viewer } from '~/server/viewer.server';
import type { UnsprintOutcome } from './credits.server';

/** How many of the reader's credited sprints the setup page lists. */
const CREDITED_SHOWN = 10;

export type UnsprintSetup = {
  endpoint: string;
  twitchLinked: boolean;
  batches: { receivedAt: string; results: { username: string; sprint: string; evento: string; minutos: number; resultado: UnsprintOutcome }[] }[];
  credited: { streamer: string | null; minutes: number; creditedMinutes: number; state: 'open' | 'final' | 'cancelled'; creditedOn: string | null }[];
};

/**
 * /configuracoes/integracoes, unSprint part (decision 0093): the address for the bot, whether the reader's Twitch is
 * linked, the last batches their bot sent (as a streamer) and the sprints credited to them (as a chatter) — their own
 * rows only.
 */
export async function getUnsprintSetup(viewer: Viewer): Promise<UnsprintSetup> {
  const [row] = await queryRows<{ twitch_linked: boolean; batches: UnsprintSetup['batches'] | null; credited: UnsprintSetup['credited'] | null }>(
    sql`SELECT EXISTS (SELECT 1 FROM auth_accounts WHERE user_id = ${viewer.id} AND provider_id = 'twitch') AS twitch_linked,
      (SELECT json_agg(json_build_object('receivedAt', b.received_at, 'results', b.results) ORDER BY b.received_at DESC, b.id DESC)
        FROM unsprint_batches b WHERE b.streamer_id = ${viewer.id}) AS batches,
      (SELECT json_agg(c ORDER BY c."updatedAt" DESC) FROM (
        SELECT s.username AS streamer, u.minutes, u.credited_minutes AS "creditedMinutes", u.state, u.credited_on::text AS "creditedOn", u.updated_at AS "updatedAt"
        FROM unsprint_participations u LEFT JOIN users s ON s.id = u.streamer_id WHERE u.reader_id = ${viewer.id}
        ORDER BY u.updated_at DESC LIMIT ${CREDITED_SHOWN}) c) AS credited`,
  );
  return {
    endpoint: `${getEnv().publicUrl}/api/unsprint/participantes`,
    twitchLinked: row?.twitch_linked ?? false,
    batches: row?.batches ?? [],
    credited: (row?.credited ?? []).map(({ streamer, minutes, creditedMinutes, state, creditedOn }) => ({
      streamer,
      minutes,
      creditedMinutes,
      state,
      creditedOn,
    })),
  };
}

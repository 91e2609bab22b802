import { sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import type { TwitchIdentity } from '~/integrations/twitch/token.server';
import { addToFocusTotals, removeFromFocusTotals } from '~/features/focus/totals.server';
import { FOCUS_MAX_MINUTES, FOCUS_TIME_ZONE } from '~/features/focus/vocabulary';
import { creditReading } from '~/features/marathons/counting.server';
import { recordTaskEvent } from '~/features/tasks/record.server';
import { todayIn } from '~/lib/calendar';
import { newId } from '~/lib/ids';
import type { UnsprintItem } from './validation';

/**
 * The unSprint bot's reports (PRODUCT.md §J, decision 0093): each chatter's minutes in a sprint, credited once to the
 * reader whose linked Twitch account it is — as focus minutes: the foca ranking (`focus_totals`), the tasks ("Leia 20
 * minutos") and the marathons running at that moment, through the same functions a focus session's close uses.
 */

/** What became of one item, in the answer and in the batch log. */
export type UnsprintOutcome = 'registrado' | 'creditado' | 'aguardando' | 'removido' | 'ignorado';

/** How many batches of a streamer the log keeps (shown on /configuracoes/integracoes). */
export const UNSPRINT_BATCHES_KEPT = 20;

type Streamer = { readerId: string; twitch: TwitchIdentity };

type Participation = {
  sprint_id: string;
  twitch_login: string;
  twitch_user_id: string | null;
  streamer_id: string | null;
  reader_id: string | null;
  minutes: number;
  state: 'open' | 'final' | 'cancelled';
  credited_minutes: number;
  credited_on: string | null;
};

/** The reader a Twitch token is linked to (in /configuracoes/conexoes), if they can act: the streamer of a batch. */
export async function streamerOf(twitch: TwitchIdentity): Promise<Streamer | null> {
  const [row] = await queryRows<{ id: string }>(
    sql`SELECT u.id FROM auth_accounts a JOIN users u ON u.id = a.user_id
      WHERE a.provider_id = 'twitch' AND a.account_id = ${twitch.userId} AND u.suspended_at IS NULL`,
  );
  return row ? { readerId: row.id, twitch } : null;
}

/**
 * A batch, in one transaction: every item applied in (sprint, login) order — one lock order whatever the batch, so two
 * batches at once never deadlock; items of one chatter keep their order in the batch — then the batch logged. The
 * answer keeps the batch's order.
 */
export async function receiveUnsprintBatch(streamer: Streamer, items: readonly UnsprintItem[], now: Date = new Date()): Promise<UnsprintOutcome[]> {
  return getDb().transaction(async (tx) => {
    const ordered = items
      .map((item, index) => ({ item, index, login: item.username.toLowerCase() }))
      .sort((a, b) => (a.item.sprint === b.item.sprint ? (a.login < b.login ? -1 : a.login > b.login ? 1 : 0) : a.item.sprint < b.item.sprint ? -1 : 1));
    const outcomes: UnsprintOutcome[] = new Array<UnsprintOutcome>(items.length);
    for (const { item, index, login } of ordered) outcomes[index] = await applyItem(tx, streamer, item, login, now);
    await tx.execute(sql`INSERT INTO unsprint_batches (id, streamer_id, received_at, results) VALUES (${newId()}, ${streamer.readerId},
      ${now.toISOString()}::timestamptz, ${JSON.stringify(items.map((item, i) => ({ username: item.username, sprint: item.sprint, evento: item.evento, minutos: item.minutos, resultado: outcomes[i] })))}::jsonb)`);
    await tx.execute(sql`DELETE FROM unsprint_batches WHERE streamer_id = ${streamer.readerId} AND id NOT IN (
      SELECT id FROM unsprint_batches WHERE streamer_id = ${streamer.readerId} ORDER BY received_at DESC, id DESC LIMIT ${UNSPRINT_BATCHES_KEPT})`);
    return outcomes;
  });
}

/**
 * One report. The latest minutes of `atualizar` count while the sprint is open; `encerrar` and `resgatar` set the final
 * minutes (a later `atualizar`, arriving out of order, is ignored; a later final replaces them); `cancelar` takes the
 * credit away for good (nothing revives it). `criar` and `iniciar` only register the chatter.
 */
async function applyItem(tx: Tx, streamer: Streamer, item: UnsprintItem, login: string, now: Date): Promise<UnsprintOutcome> {
  await tx.execute(sql`INSERT INTO unsprint_participations (sprint_id, twitch_login, twitch_user_id, streamer_id)
    VALUES (${item.sprint}, ${login}, ${item.usernameId ?? null}, ${streamer.readerId}) ON CONFLICT DO NOTHING`);
  const [row] = await queryRows<Participation>(
    sql`SELECT sprint_id, twitch_login, twitch_user_id, streamer_id, reader_id, minutes, state, credited_minutes, credited_on::text AS credited_on
      FROM unsprint_participations WHERE sprint_id = ${item.sprint} AND twitch_login = ${login} FOR UPDATE`,
    tx,
  );
  // A sprint id is the bot's, for one channel: another streamer's batch cannot move it.
  if (!row || row.streamer_id !== streamer.readerId || row.state === 'cancelled') return 'ignorado';
  const minutes = Math.round(item.minutos);
  let next: Pick<Participation, 'minutes' | 'state'> = { minutes: row.minutes, state: row.state };
  if (item.evento === 'cancelar') next = { minutes: row.minutes, state: 'cancelled' };
  else if (item.evento === 'encerrar' || item.evento === 'resgatar') next = { minutes, state: 'final' };
  else if (item.evento === 'atualizar') {
    if (row.state === 'final') return 'ignorado';
    next = { minutes, state: 'open' };
  }
  const twitchUserId = item.usernameId ?? row.twitch_user_id ?? (await knownTwitchId(tx, login, streamer));
  const readerId = row.reader_id ?? (twitchUserId ? await readerOfTwitch(tx, twitchUserId) : null);
  await tx.execute(sql`UPDATE unsprint_participations SET minutes = ${next.minutes}, state = ${next.state}, twitch_user_id = ${twitchUserId},
      reader_id = ${readerId}, updated_at = ${now.toISOString()}::timestamptz
    WHERE sprint_id = ${item.sprint} AND twitch_login = ${login}`);
  await settle(tx, { ...row, ...next, twitch_user_id: twitchUserId, reader_id: readerId }, now);
  if (next.state === 'cancelled') return 'removido';
  if (!readerId) return 'aguardando';
  return item.evento === 'criar' || item.evento === 'iniciar' ? 'registrado' : 'creditado';
}

/**
 * A chatter reported by login only: their Twitch id as another report of the same streamer told it (another streamer's
 * reports cannot point a login elsewhere), or the streamer's own.
 */
async function knownTwitchId(tx: Tx, login: string, streamer: Streamer): Promise<string | null> {
  if (login === streamer.twitch.login) return streamer.twitch.userId;
  const [row] = await queryRows<{ twitch_user_id: string }>(
    sql`SELECT twitch_user_id FROM unsprint_participations WHERE twitch_login = ${login} AND streamer_id = ${streamer.readerId} AND twitch_user_id IS NOT NULL LIMIT 1`,
    tx,
  );
  return row?.twitch_user_id ?? null;
}

async function readerOfTwitch(tx: Tx, twitchUserId: string): Promise<string | null> {
  const [row] = await queryRows<{ user_id: string }>(sql`SELECT user_id FROM auth_accounts WHERE provider_id = 'twitch' AND account_id = ${twitchUserId}`, tx);
  return row?.user_id ?? null;
}

/**
 * Brings what a participation credits to what it is worth now (its minutes, at most a focus session's
 * FOCUS_MAX_MINUTES; nothing once cancelled), on the São Paulo day of its first credit. More minutes reach the
 * ranking, the tasks and the running marathons; fewer come off the ranking only — as a progress correction, what
 * the tasks and marathons counted stays (decision 0093).
 */
async function settle(tx: Tx, row: Participation, now: Date): Promise<void> {
  if (!row.reader_id) return;
  const worth = row.state === 'cancelled' ? 0 : Math.min(row.minutes, FOCUS_MAX_MINUTES);
  const change = worth - row.credited_minutes;
  if (change === 0) return;
  const day = row.credited_on ?? todayIn(FOCUS_TIME_ZONE, now);
  await tx.execute(sql`UPDATE unsprint_participations SET credited_minutes = ${worth}, credited_on = ${day}::date
    WHERE sprint_id = ${row.sprint_id} AND twitch_login = ${row.twitch_login}`);
  if (change < 0) return removeFromFocusTotals(tx, row.reader_id, day, -change);
  // The lock order of a focus session's close (decision 0082, 0085): the marathons' rows, then the totals, then tasks.
  await creditReading(tx, { userId: row.reader_id, pages: 0, minutes: change, at: now });
  await addToFocusTotals(tx, row.reader_id, day, change, now);
  await recordTaskEvent(tx, row.reader_id, 'focus_minutes', change, undefined, now);
}

/**
 * A reader linked their Twitch account (/configuracoes/conexoes): the sprints reported for it before, waiting, are
 * theirs now and credited.
 */
export async function creditWaitingUnsprint(readerId: string, twitchUserId: string, now: Date = new Date()): Promise<void> {
  await getDb().transaction(async (tx) => {
    const waiting = await queryRows<Participation>(
      sql`SELECT sprint_id, twitch_login, twitch_user_id, streamer_id, reader_id, minutes, state, credited_minutes, credited_on::text AS credited_on
        FROM unsprint_participations WHERE reader_id IS NULL AND twitch_user_id = ${twitchUserId} ORDER BY sprint_id, twitch_login FOR UPDATE`,
      tx,
    );
    for (const row of waiting) {
      await tx.execute(
        sql`UPDATE unsprint_participations SET reader_id = ${readerId} WHERE sprint_id = ${row.sprint_id} AND twitch_login = ${row.twitch_login}`,
      );
      await settle(tx, { ...row, reader_id: readerId }, now);
    }
  });
}

import { sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import type { TwitchIdentity } from '~/integrations/twitch/token.server';
import { addToFocusTotals, removeFromFocusTotals } from '~/features/focus/totals.server';
import { dailyMinutesLeft } from '~/features/focus/policy';
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
  updated_at: string;
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
 * Batches, and the account-link hook, one at a time across the servers (a transaction-scoped advisory lock, the first
 * lock either takes): a reader's day cap is read and spent by one of them at a time, and a link committing while a
 * batch is written waits for it and then sees its rows (decision 0093). A batch takes tens of milliseconds.
 */
const lockUnsprint = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('unsprint'))`);

/**
 * A batch, in one transaction: every item applied in (sprint, login) order — items of one chatter keep their order
 * in the batch — then the chatters reported by login alone earlier whose id this batch tells, then the credits,
 * then the batch logged. The answer keeps the batch's order.
 */
export async function receiveUnsprintBatch(streamer: Streamer, items: readonly UnsprintItem[], now: Date = new Date()): Promise<UnsprintOutcome[]> {
  return getDb().transaction(async (tx) => {
    await lockUnsprint(tx);
    const ordered = items
      .map((item, index) => ({ item, index, login: item.username.toLowerCase() }))
      .sort((a, b) => (a.item.sprint === b.item.sprint ? (a.login < b.login ? -1 : a.login > b.login ? 1 : 0) : a.item.sprint < b.item.sprint ? -1 : 1));
    const outcomes: UnsprintOutcome[] = new Array<UnsprintOutcome>(items.length);
    const changed = new Map<string, Participation>();
    for (const { item, index, login } of ordered) {
      const applied = await applyItem(tx, streamer, item, login, now);
      outcomes[index] = applied.outcome;
      if (applied.row) changed.set(`${applied.row.sprint_id}:${applied.row.twitch_login}`, applied.row);
    }
    for (const row of await resolveLoginsTold(tx, streamer, items)) changed.set(`${row.sprint_id}:${row.twitch_login}`, row);
    await settle(tx, [...changed.values()], () => now);
    await tx.execute(sql`INSERT INTO unsprint_batches (id, streamer_id, received_at, results) VALUES (${newId()}, ${streamer.readerId},
      ${now.toISOString()}::timestamptz, ${JSON.stringify(items.map((item, i) => ({ username: item.username, sprint: item.sprint, evento: item.evento, minutos: item.minutos, resultado: outcomes[i] })))}::jsonb)`);
    await tx.execute(sql`DELETE FROM unsprint_batches WHERE streamer_id = ${streamer.readerId} AND id NOT IN (
      SELECT id FROM unsprint_batches WHERE streamer_id = ${streamer.readerId} ORDER BY received_at DESC, id DESC LIMIT ${UNSPRINT_BATCHES_KEPT})`);
    return outcomes;
  });
}

const PARTICIPATION_COLUMNS = sql`sprint_id, twitch_login, twitch_user_id, streamer_id, reader_id, minutes, state, credited_minutes,
  credited_on::text AS credited_on, to_json(updated_at) #>> '{}' AS updated_at`;

/**
 * One report. The latest minutes of `atualizar` count while the sprint is open; `encerrar` and `resgatar` set the final
 * minutes (a later `atualizar`, arriving out of order, is ignored; a later final replaces them); `cancelar` takes the
 * credit away for good (nothing revives it). `criar` and `iniciar` only register the chatter. Answers the row as it
 * is now, to settle, or none when nothing changed.
 */
async function applyItem(
  tx: Tx,
  streamer: Streamer,
  item: UnsprintItem,
  login: string,
  now: Date,
): Promise<{ outcome: UnsprintOutcome; row: Participation | null }> {
  await tx.execute(sql`INSERT INTO unsprint_participations (sprint_id, twitch_login, twitch_user_id, streamer_id)
    VALUES (${item.sprint}, ${login}, ${item.usernameId ?? null}, ${streamer.readerId}) ON CONFLICT DO NOTHING`);
  const [row] = await queryRows<Participation>(
    sql`SELECT ${PARTICIPATION_COLUMNS} FROM unsprint_participations WHERE sprint_id = ${item.sprint} AND twitch_login = ${login} FOR UPDATE`,
    tx,
  );
  // A sprint id is the bot's, for one channel: another streamer's batch cannot move it.
  if (!row || row.streamer_id !== streamer.readerId || row.state === 'cancelled') return { outcome: 'ignorado', row: null };
  const minutes = Math.round(item.minutos);
  let next: Pick<Participation, 'minutes' | 'state'> = { minutes: row.minutes, state: row.state };
  if (item.evento === 'cancelar') next = { minutes: row.minutes, state: 'cancelled' };
  else if (item.evento === 'encerrar' || item.evento === 'resgatar') next = { minutes, state: 'final' };
  else if (item.evento === 'atualizar') {
    if (row.state === 'final') return { outcome: 'ignorado', row: null };
    next = { minutes, state: 'open' };
  }
  const twitchUserId = item.usernameId ?? row.twitch_user_id ?? (await knownTwitchId(tx, login, streamer));
  const readerId = row.reader_id ?? (twitchUserId ? await readerOfTwitch(tx, twitchUserId) : null);
  const at = now.toISOString();
  await tx.execute(sql`UPDATE unsprint_participations SET minutes = ${next.minutes}, state = ${next.state}, twitch_user_id = ${twitchUserId},
      reader_id = ${readerId}, updated_at = ${at}::timestamptz
    WHERE sprint_id = ${item.sprint} AND twitch_login = ${login}`);
  const outcome: UnsprintOutcome =
    next.state === 'cancelled' ? 'removido' : !readerId ? 'aguardando' : item.evento === 'criar' || item.evento === 'iniciar' ? 'registrado' : 'creditado';
  return { outcome, row: { ...row, ...next, twitch_user_id: twitchUserId, reader_id: readerId, updated_at: at } };
}

/**
 * The streamer's earlier reports of a chatter by login alone, once this batch tells that login's id: the id is theirs
 * now, and so is the reader linked to it (locked, as applyItem's rows).
 */
async function resolveLoginsTold(tx: Tx, streamer: Streamer, items: readonly UnsprintItem[]): Promise<Participation[]> {
  const told = new Map<string, string>();
  for (const item of items) if (item.usernameId) told.set(item.username.toLowerCase(), item.usernameId);
  const rows: Participation[] = [];
  for (const [login, twitchUserId] of [...told].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    rows.push(
      ...(await queryRows<Participation>(
        sql`UPDATE unsprint_participations SET twitch_user_id = ${twitchUserId},
            reader_id = coalesce(reader_id, (SELECT user_id FROM auth_accounts WHERE provider_id = 'twitch' AND account_id = ${twitchUserId}))
          WHERE streamer_id = ${streamer.readerId} AND twitch_login = ${login} AND twitch_user_id IS NULL
          RETURNING ${PARTICIPATION_COLUMNS}`,
        tx,
      )),
    );
  }
  return rows;
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
 * Brings what each participation credits to what it is worth now: its minutes, at most a focus session's
 * FOCUS_MAX_MINUTES, and no more than what is left of the reader's focus day (FOCUS_DAILY_CAP_MINUTES, sessions and
 * sprints together) on the São Paulo day of its first credit; nothing once cancelled. More minutes reach the running
 * marathons (at the report's moment), the ranking and the tasks; fewer come off the ranking only — as a progress
 * correction, what the tasks and marathons counted stays (decision 0093). Reader by reader in id order, each in a
 * focus session close's lock order: the marathons' rows, then the totals, then the tasks (decisions 0082, 0085).
 */
async function settle(tx: Tx, rows: readonly Participation[], atOf: (row: Participation) => Date): Promise<void> {
  const byReader = new Map<string, Participation[]>();
  for (const row of rows) if (row.reader_id) byReader.set(row.reader_id, [...(byReader.get(row.reader_id) ?? []), row]);
  for (const readerId of [...byReader.keys()].sort()) {
    const changes: { row: Participation; day: string; change: number; at: Date }[] = [];
    const used = new Map<string, number>();
    for (const row of byReader.get(readerId)!) {
      const at = atOf(row);
      const day = row.credited_on ?? todayIn(FOCUS_TIME_ZONE, at);
      if (!used.has(day)) used.set(day, await focusMinutesOn(tx, readerId, day));
      const wanted = row.state === 'cancelled' ? 0 : Math.min(row.minutes, FOCUS_MAX_MINUTES);
      const change = wanted > row.credited_minutes ? Math.min(wanted - row.credited_minutes, dailyMinutesLeft(used.get(day)!)) : wanted - row.credited_minutes;
      if (change === 0) continue;
      used.set(day, used.get(day)! + change);
      changes.push({ row, day, change, at });
      await tx.execute(sql`UPDATE unsprint_participations SET credited_minutes = ${row.credited_minutes + change}, credited_on = ${day}::date
        WHERE sprint_id = ${row.sprint_id} AND twitch_login = ${row.twitch_login}`);
    }
    const gains = changes.filter((c) => c.change > 0);
    for (const { change, at } of gains) await creditReading(tx, { userId: readerId, pages: 0, minutes: change, at });
    for (const { day, change, at } of changes)
      await (change > 0 ? addToFocusTotals(tx, readerId, day, change, at) : removeFromFocusTotals(tx, readerId, day, -change));
    for (const { change, at } of gains) await recordTaskEvent(tx, readerId, 'focus_minutes', change, undefined, at);
  }
}

/** The reader's focus minutes credited on a São Paulo day: their sessions' and their sprints'. */
async function focusMinutesOn(tx: Tx, readerId: string, day: string): Promise<number> {
  const [row] = await queryRows<{ used: number }>(
    sql`SELECT (SELECT coalesce(sum(credited_minutes), 0) FROM focus_sessions WHERE user_id = ${readerId} AND credited_on = ${day}::date)
      + (SELECT coalesce(sum(credited_minutes), 0) FROM unsprint_participations WHERE reader_id = ${readerId} AND credited_on = ${day}::date) AS used`,
    tx,
  );
  return Number(row?.used ?? 0);
}

/**
 * A reader linked their Twitch account (/configuracoes/conexoes): the sprints reported for it before, waiting, are
 * theirs now and credited — each at the moment it was reported, so a marathon counts only the sprints of its window.
 */
export async function creditWaitingUnsprint(readerId: string, twitchUserId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await lockUnsprint(tx);
    const waiting = await queryRows<Participation>(
      sql`UPDATE unsprint_participations SET reader_id = ${readerId} WHERE reader_id IS NULL AND twitch_user_id = ${twitchUserId}
        RETURNING ${PARTICIPATION_COLUMNS}`,
      tx,
    );
    await settle(tx, waiting, (row) => new Date(row.updated_at));
  });
}

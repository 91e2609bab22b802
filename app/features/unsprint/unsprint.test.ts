import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { getAuth } from '~/features/accounts/auth.server';
import { createMarathon, joinMarathon } from '~/features/marathons/mutations.server';
import { todayIn } from '~/lib/calendar';
import { periodStartOf } from '~/features/tasks/period';
import { forgetTwitchTokens } from '~/integrations/twitch/token.server';
import { newId } from '~/lib/ids';
import { useTestDatabase } from '../../../test/db';
import { withEnv } from '../../../test/env';
import { createUser, getRequest, type TestUser } from '../../../test/factories';
import { marathonInput, noticeReader } from '../../../test/marathon-fixtures';
import { call, matrixOf } from '../../../test/routes';
import * as integrations from '../../routes/configuracoes.integracoes';
import * as endpoint from '../../routes/api/unsprint.participantes';
import { receiveUnsprintBatch } from './credits.server';
import { FOCUS_DAILY_CAP_MINUTES } from '~/features/focus/vocabulary';
import { addToFocusTotals } from '~/features/focus/totals.server';
import { creditReading } from '~/features/marathons/counting.server';
import { parseUnsprintBatch } from './validation';

useTestDatabase();

/**
 * A stand-in for Twitch's token validation: each token maps to a Twitch user; any other answers 401 as Twitch does
 * for an invalid or expired token. It counts the calls, to see the short cache.
 */
const tokens = new Map<string, { user_id: string; login: string }>();
let calls = 0;
let twitch: Server;
let twitchUrl = '';

beforeAll(async () => {
  twitch = createServer((req, res) => {
    calls += 1;
    const who = req.url === '/oauth2/validate' ? tokens.get((req.headers.authorization ?? '').replace(/^OAuth /, '')) : undefined;
    res.writeHead(who ? 200 : 401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(who ? { client_id: 'x', scopes: [], expires_in: 3600, ...who } : { status: 401, message: 'invalid access token' }));
  });
  await new Promise<void>((resolve) => twitch.listen(0, '127.0.0.1', resolve));
  twitchUrl = `http://127.0.0.1:${(twitch.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => twitch.close(() => resolve())));
beforeEach(() => {
  forgetTwitchTokens();
  calls = 0;
});

/** Links a Twitch account to the reader as /configuracoes/conexoes does (the library's adapter, with its hooks). */
async function linkTwitch(reader: TestUser, twitchId: string): Promise<void> {
  await (await getAuth().$context).internalAdapter.createAccount({ userId: reader.id, providerId: 'twitch', accountId: twitchId });
}

async function streamer() {
  const reader = await createUser({ verified: true });
  const twitchId = String(100_000 + Math.floor(Math.random() * 1e6));
  const token = `tok${newId()}`;
  tokens.set(token, { user_id: twitchId, login: reader.username });
  await linkTwitch(reader, twitchId);
  return { reader, token, twitchId };
}

let ipCounter = 0;
/** The bot's POST (each from an address of its own unless told, so the refused-token limit is per test). */
function post(token: string | null, body: unknown, ip = `10.9.0.${++ipCounter % 250}`) {
  const headers = new Headers({ 'Content-Type': 'application/json', 'x-maratona-client-ip': ip });
  if (token !== null) headers.set('Authorization', token);
  const request = new Request('http://localhost/api/unsprint/participantes', { method: 'POST', headers, body: JSON.stringify(body) });
  return withEnv({ TWITCH_ID_URL: twitchUrl }, () => call(endpoint.action, request)) as Promise<{ data: Record<string, unknown>; init?: { status: number } }>;
}

const statusOfAnswer = (answer: { init?: { status: number } }) => answer.init?.status ?? 200;
const results = (answer: { data: Record<string, unknown> }) => (answer.data.resultados as { resultado: string }[]).map((r) => r.resultado);

const totals = async (userId: string) =>
  Object.fromEntries(
    (await queryRows<{ period: string; minutes: number }>(sql`SELECT period, minutes FROM focus_totals WHERE user_id = ${userId}`)).map((r) => [
      r.period,
      r.minutes,
    ]),
  );

const item = (username: string, sprint: string, evento: string, minutos: number, usernameId?: string) => ({
  username,
  sprint,
  evento,
  minutos,
  ...(usernameId ? { usernameId } : {}),
});

describe('unSprint: who may send', () => {
  it('401 without a token and for one Twitch refuses (expired), 403 for a Twitch account linked to no reader, 405 for GET', async () => {
    const { token } = await streamer();
    const sprint = crypto.randomUUID();
    expect(statusOfAnswer(await post(null, [item('x', sprint, 'criar', 0)]))).toBe(401);
    expect(statusOfAnswer(await post('expirado', [item('x', sprint, 'criar', 0)]))).toBe(401);
    tokens.set('solto', { user_id: '999999999', login: 'ninguem' });
    const unlinked = await post('solto', [item('x', sprint, 'criar', 0)]);
    expect(statusOfAnswer(unlinked)).toBe(403);
    expect(String(unlinked.data.erro)).toContain('@ninguem');
    expect(await queryRows(sql`SELECT 1 FROM unsprint_participations WHERE sprint_id = ${sprint}`)).toHaveLength(0);
    expect(statusOfAnswer((await endpoint.loader()) as never)).toBe(405);
    expect(statusOfAnswer(await post(token, [item('x', sprint, 'criar', 0)]))).toBe(200);
  });

  it('asks Twitch once for a token within the minute; refused tokens from one address are limited', async () => {
    const { token } = await streamer();
    await post(token, [item('a', crypto.randomUUID(), 'criar', 0)]);
    await post(token, [item('a', crypto.randomUUID(), 'criar', 0)]);
    expect(calls).toBe(1);
    const ip = '10.99.99.99';
    // 30 refused in the minute: the next ones are not even asked of Twitch.
    for (let i = 0; i < 30; i++) expect(statusOfAnswer(await post(`chute${i}`, [], ip))).toBe(401);
    const asked = calls;
    const limited = await post('chute-final', [], ip);
    expect(statusOfAnswer(limited)).toBe(429);
    expect(calls).toBe(asked);
  });

  it('400 names the first wrong item and records nothing of the batch', async () => {
    const { token } = await streamer();
    const sprint = crypto.randomUUID();
    const answer = await post(token, [item('boa', sprint, 'atualizar', 10), item('ruim', 'nao-uuid', 'atualizar', 10)]);
    expect(statusOfAnswer(answer)).toBe(400);
    expect(answer.data).toMatchObject({ indice: 1, item: { username: 'ruim', sprint: 'nao-uuid' } });
    expect(String(answer.data.erro)).toContain('Item 1');
    expect(await queryRows(sql`SELECT 1 FROM unsprint_participations WHERE sprint_id = ${sprint}`)).toHaveLength(0);
    expect(parseUnsprintBatch({}).ok).toBe(false);
    expect(parseUnsprintBatch([item('a', sprint, 'voar', 1)])).toMatchObject({ ok: false, index: 0 });
    expect(parseUnsprintBatch([item('a', sprint, 'atualizar', -1)])).toMatchObject({ ok: false, index: 0 });
  });
});

describe('unSprint: credits', () => {
  it('every evento: criar and iniciar register, atualizar moves, encerrar sets, cancelar takes back; the ranking follows', async () => {
    const { token } = await streamer();
    const chatter = await createUser({ verified: true });
    await linkTwitch(chatter, '555001');
    const sprint = crypto.randomUUID();
    const send = async (evento: string, minutos: number) => results(await post(token, [item(chatter.username, sprint, evento, minutos, '555001')]));
    expect(await send('criar', 0)).toEqual(['registrado']);
    expect(await send('iniciar', 0)).toEqual(['registrado']);
    expect(await totals(chatter.id)).toEqual({});
    expect(await send('atualizar', 12)).toEqual(['creditado']);
    expect(await totals(chatter.id)).toEqual({ week: 12, month: 12, all: 12 });
    expect(await send('atualizar', 20)).toEqual(['creditado']);
    expect(await send('encerrar', 25)).toEqual(['creditado']);
    expect(await totals(chatter.id)).toEqual({ week: 25, month: 25, all: 25 });
    // Out of order: an atualizar after the end is ignored; a resgatar (also final) replaces.
    expect(await send('atualizar', 5)).toEqual(['ignorado']);
    expect(await send('resgatar', 30)).toEqual(['creditado']);
    expect(await totals(chatter.id)).toEqual({ week: 30, month: 30, all: 30 });
    expect(await send('cancelar', 0)).toEqual(['removido']);
    expect(await totals(chatter.id)).toEqual({});
    // Nothing revives a cancelled participation.
    expect(await send('encerrar', 40)).toEqual(['ignorado']);
    expect(await totals(chatter.id)).toEqual({});
  });

  it('the same batch twice credits once; the tasks count the minutes; a sprint credits at most a session’s 180 minutes', async () => {
    const { token } = await streamer();
    const chatter = await createUser({ verified: true });
    await linkTwitch(chatter, '555002');
    const batch = [
      item(chatter.username, crypto.randomUUID(), 'encerrar', 25, '555002'),
      item(chatter.username, crypto.randomUUID(), 'encerrar', 500, '555002'),
    ];
    expect(results(await post(token, batch))).toEqual(['creditado', 'creditado']);
    expect(results(await post(token, batch))).toEqual(['creditado', 'creditado']);
    expect((await totals(chatter.id)).all).toBe(25 + 180);
    // Two copies at once (the bot retrying while the first is in flight): still once.
    const again = [item(chatter.username, crypto.randomUUID(), 'encerrar', 11, '555002')];
    await Promise.all([post(token, again), post(token, again)]);
    expect((await totals(chatter.id)).all).toBe(25 + 180 + 11);
    const [task] = await queryRows<{ progress: number }>(
      sql`SELECT progress FROM task_progress WHERE user_id = ${chatter.id} AND task_id = 'ler-20-minutos' AND period_start = ${periodStartOf('day', new Date())}::date`,
    );
    expect(task?.progress).toBeGreaterThanOrEqual(20);
  });

  it('the minutes reach a marathon running today, as a focus session’s do; a cancel leaves what the marathon counted', async () => {
    const { token } = await streamer();
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(organizer, marathonInput({ startsOn: todayIn('America/Sao_Paulo') }));
    const { user, viewer } = await noticeReader();
    await joinMarathon(viewer, marathon.id, null);
    await linkTwitch(user, '555006');
    const sprint = crypto.randomUUID();
    const minutes = async () =>
      (await queryRows<{ minutes: number }>(sql`SELECT minutes FROM marathon_participants WHERE marathon_id = ${marathon.id} AND user_id = ${user.id}`))[0]
        ?.minutes;
    await post(token, [item(user.username, sprint, 'atualizar', 8, '555006')]);
    await post(token, [item(user.username, sprint, 'encerrar', 20, '555006')]);
    expect(await minutes()).toBe(20);
    await post(token, [item(user.username, sprint, 'cancelar', 0, '555006')]);
    expect(await minutes()).toBe(20);
    expect(await totals(user.id)).toEqual({});
  });

  it('a chatter with no linked reader waits, and is credited when they link Twitch; a login alone resolves through an earlier report', async () => {
    const { token } = await streamer();
    const sprint = crypto.randomUUID();
    expect(results(await post(token, [item('Futura_Leitora', sprint, 'encerrar', 15, '555003')]))).toEqual(['aguardando']);
    // Later, reported by login only (the id learned from the first report of this streamer).
    const second = crypto.randomUUID();
    expect(results(await post(token, [item('futura_leitora', second, 'encerrar', 10)]))).toEqual(['aguardando']);
    const reader = await createUser({ verified: true });
    expect(await totals(reader.id)).toEqual({});
    await linkTwitch(reader, '555003');
    expect(await totals(reader.id)).toEqual({ week: 25, month: 25, all: 25 });
    const rows = await queryRows<{ reader_id: string; credited_minutes: number }>(
      sql`SELECT reader_id, credited_minutes FROM unsprint_participations WHERE twitch_user_id = '555003' ORDER BY credited_minutes`,
    );
    expect(rows).toEqual([
      { reader_id: reader.id, credited_minutes: 10 },
      { reader_id: reader.id, credited_minutes: 15 },
    ]);
  });

  it('another streamer cannot move a sprint, nor point a login at another Twitch id; the streamer’s own login is theirs', async () => {
    const first = await streamer();
    const second = await streamer();
    const chatter = await createUser({ verified: true });
    await linkTwitch(chatter, '555004');
    const sprint = crypto.randomUUID();
    expect(results(await post(first.token, [item(chatter.username, sprint, 'encerrar', 20, '555004')]))).toEqual(['creditado']);
    expect(results(await post(second.token, [item(chatter.username, sprint, 'cancelar', 0, '555004')]))).toEqual(['ignorado']);
    expect((await totals(chatter.id)).all).toBe(20);
    // The second streamer's login-only report of the chatter does not use the first streamer's mapping.
    expect(results(await post(second.token, [item(chatter.username, crypto.randomUUID(), 'encerrar', 7)]))).toEqual(['aguardando']);
    // The streamer reads along in their own sprint: their login resolves to their own Twitch account.
    expect(results(await post(first.token, [item(first.reader.username, crypto.randomUUID(), 'encerrar', 9)]))).toEqual(['creditado']);
    expect((await totals(first.reader.id)).all).toBe(9);
  });

  it('logs the last 20 batches of a streamer with each item’s result, in the export; a deleted streamer leaves the credits', async () => {
    const { reader, token } = await streamer();
    for (let i = 0; i < 22; i++) await post(token, [item('alguem', crypto.randomUUID(), 'criar', 0)]);
    const [logged] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM unsprint_batches WHERE streamer_id = ${reader.id}`);
    expect(logged?.n).toBe(20);
    const [last] = await queryRows<{ results: { resultado: string; username: string }[] }>(
      sql`SELECT results FROM unsprint_batches WHERE streamer_id = ${reader.id} ORDER BY received_at DESC LIMIT 1`,
    );
    expect(last?.results).toMatchObject([{ username: 'alguem', resultado: 'aguardando' }]);
    await getDb().execute(sql`DELETE FROM users WHERE id = ${reader.id}`);
    const [left] = await queryRows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM unsprint_participations WHERE twitch_login = 'alguem' AND streamer_id IS NULL`,
    );
    expect(left?.n).toBeGreaterThanOrEqual(22);
  });
});

describe('/configuracoes/integracoes', () => {
  it('signed in only; each reader sees their own batches and credited sprints, never another streamer’s', async () => {
    const { reader, token } = await streamer();
    const other = await createUser({ verified: true });
    await linkTwitch(other, '555005');
    await post(token, [item(other.username, crypto.randomUUID(), 'encerrar', 14, '555005')]);
    const page = (who: TestUser | null) => call(integrations.loader, getRequest('/configuracoes/integracoes', who?.cookie));
    expect(
      await matrixOf(['visitante', 'streamer', 'leitor'] as const, (who) => page(who === 'visitante' ? null : who === 'streamer' ? reader : other)),
    ).toEqual({
      visitante: 'entrar',
      streamer: 200,
      leitor: 200,
    });
    const mine = (await page(reader)) as Awaited<ReturnType<typeof integrations.loader>>;
    expect(mine.unsprint).toMatchObject({ twitchLinked: true, endpoint: expect.stringMatching(/\/api\/unsprint\/participantes$/) as unknown });
    expect(mine.unsprint.batches).toHaveLength(1);
    expect(mine.unsprint.credited).toEqual([]);
    const theirs = (await page(other)) as Awaited<ReturnType<typeof integrations.loader>>;
    expect(theirs.unsprint.batches).toEqual([]);
    expect(theirs.unsprint.credited).toMatchObject([{ streamer: reader.username, creditedMinutes: 14, state: 'final' }]);
  });
});

/**
 * A second reading of the unSprint API (issue 32 items 3 and 4): each test below failed on the code it was written
 * against (decision 0093, "Second reading").
 */
describe('unSprint: second reading', () => {
  const onPostgres = !!process.env.DATABASE_URL;

  /** Holds `lock` in a transaction of its own (another connection) until released. */
  function hold(lock: ReturnType<typeof sql>) {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = () => undefined as void;
    const ready = new Promise<void>((resolve) => (held = resolve));
    const done = getDb().transaction(async (tx) => {
      await tx.execute(lock);
      held();
      await released;
    });
    return { ready, release, done };
  }

  /** Waits until `n` statements of this database wait on a lock. */
  async function waitersReach(n: number) {
    for (let i = 0; i < 200; i++) {
      const [row] = await queryRows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if ((row?.n ?? 0) >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`never ${n} waiting on a lock`);
  }

  /** A streamer whose log is full (20 batches): locking the oldest one pauses their next batch just before it commits. */
  async function streamerWithFullLog() {
    const s = await streamer();
    for (let i = 0; i < 20; i++) await post(s.token, [item('enchimento', crypto.randomUUID(), 'criar', 0)]);
    const pauseNextBatch = () =>
      hold(sql`SELECT id FROM unsprint_batches WHERE id = (SELECT id FROM unsprint_batches WHERE streamer_id = ${s.reader.id}
        ORDER BY received_at, id LIMIT 1) FOR UPDATE`);
    return { ...s, pauseNextBatch };
  }

  it('one batch cannot credit a reader more than the focus day’s cap (FOCUS_DAILY_CAP_MINUTES; 100 sprints × 180 = 18,000)', async () => {
    const { token } = await streamer();
    const chatter = await createUser({ verified: true });
    await linkTwitch(chatter, '556001');
    const batch = Array.from({ length: 100 }, () => item(chatter.username, crypto.randomUUID(), 'encerrar', 180, '556001'));
    expect(statusOfAnswer(await post(token, batch))).toBe(200);
    expect((await totals(chatter.id)).all).toBeLessThanOrEqual(FOCUS_DAILY_CAP_MINUTES);
  });

  it('a login-only report is credited once the same streamer tells the login’s id in a later sprint', async () => {
    const { token } = await streamer();
    expect(results(await post(token, [item('bia_le', crypto.randomUUID(), 'encerrar', 15)]))).toEqual(['aguardando']);
    expect(results(await post(token, [item('bia_le', crypto.randomUUID(), 'encerrar', 10, '556002')]))).toEqual(['aguardando']);
    const reader = await createUser({ verified: true });
    await linkTwitch(reader, '556002');
    // Both sprints are bia_le's (the streamer's own report said so); only the second is credited.
    expect((await totals(reader.id)).all).toBe(25);
  });

  it('linking Twitch credits sprints reported a month ago to no marathon that started since', async () => {
    const { reader: streamerReader, twitchId } = await streamer();
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    await receiveUnsprintBatch(
      { readerId: streamerReader.id, twitch: { userId: twitchId, login: streamerReader.username } },
      [{ username: 'leitora_antiga', usernameId: '556003', sprint: crypto.randomUUID(), minutos: 40, evento: 'encerrar' }],
      monthAgo,
    );
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(organizer, marathonInput({ startsOn: todayIn('America/Sao_Paulo') }));
    const { user, viewer } = await noticeReader();
    await joinMarathon(viewer, marathon.id, null);
    await linkTwitch(user, '556003');
    const [row] = await queryRows<{ minutes: number }>(
      sql`SELECT minutes FROM marathon_participants WHERE marathon_id = ${marathon.id} AND user_id = ${user.id}`,
    );
    // The sprint happened a month before the marathon's window opened.
    expect(row?.minutes).toBe(0);
  });

  it('refused tokens sent at once from one address stop at the limit: each ask is counted before it goes', async () => {
    const ip = '10.98.98.98';
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => post(`rajada${i}`, [], ip)));
    expect(answers.filter((a) => statusOfAnswer(a) === 429).length).toBeGreaterThan(0);
    expect(calls).toBeLessThanOrEqual(31);
  });

  it.skipIf(!onPostgres)('PostgreSQL: a batch committing while the chatter links Twitch is credited once the link goes through', async () => {
    const s = await streamerWithFullLog();
    const reader = await createUser({ verified: true });
    const pause = s.pauseNextBatch();
    await pause.ready;
    const batch = post(s.token, [item('recem_chegada', crypto.randomUUID(), 'encerrar', 30, '556004')]);
    await waitersReach(1);
    // The link lands while the batch's row is written but not committed: its hook waits for the batch (decision
    // 0093, one at a time), then sees the row and credits it.
    const link = linkTwitch(reader, '556004');
    await waitersReach(2);
    pause.release();
    await pause.done;
    expect(results(await batch)).toEqual(['aguardando']);
    await link;
    expect((await totals(reader.id)).all).toBe(30);
  });

  it.skipIf(!onPostgres)('PostgreSQL: two batches cancelling two sprints of one reader at once keep focus_totals_minutes_check', async () => {
    const first = await streamerWithFullLog();
    const second = await streamer();
    const chatter = await createUser({ verified: true });
    await linkTwitch(chatter, '556005');
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await post(first.token, [item(chatter.username, a, 'encerrar', 30, '556005')]);
    await post(second.token, [item(chatter.username, b, 'encerrar', 20, '556005')]);
    expect((await totals(chatter.id)).all).toBe(50);
    const pause = first.pauseNextBatch();
    await pause.ready;
    const cancelA = post(first.token, [item(chatter.username, a, 'cancelar', 0, '556005')]);
    await waitersReach(1);
    // Its DELETE saw 50 minutes (more than 20): nothing to delete; its UPDATE waits for the first cancel, then reaches 0.
    const cancelB = post(second.token, [item(chatter.username, b, 'cancelar', 0, '556005')]);
    await waitersReach(2);
    pause.release();
    await pause.done;
    expect(results(await cancelA)).toEqual(['removido']);
    expect(await cancelB.then(statusOfAnswer, (error: Error) => (error.cause as Error | undefined)?.message ?? String(error))).toBe(200);
    expect(await totals(chatter.id)).toEqual({});
  });

  it.skipIf(!onPostgres)(
    'PostgreSQL: a batch taking back one sprint and crediting another does not deadlock with the reader’s focus session close',
    async () => {
      const { token } = await streamer();
      const { viewer: organizer } = await noticeReader();
      const marathon = await createMarathon(organizer, marathonInput({ startsOn: todayIn('America/Sao_Paulo') }));
      const { user, viewer } = await noticeReader();
      await joinMarathon(viewer, marathon.id, null);
      await linkTwitch(user, '556006');
      // Sorted by sprint id, the cancel comes first: the batch locks the totals, then the marathons' rows.
      const [first, second] = [crypto.randomUUID(), crypto.randomUUID()].sort();
      await post(token, [item(user.username, first!, 'encerrar', 30, '556006')]);
      // A focus session's close (closeSession): the marathons' rows (creditReading), then the totals (addToFocusTotals).
      let closeSecondHalf = () => undefined as void;
      const secondHalf = new Promise<void>((resolve) => (closeSecondHalf = resolve));
      let marathonsLocked = () => undefined as void;
      const locked = new Promise<void>((resolve) => (marathonsLocked = resolve));
      const close = getDb().transaction(async (tx) => {
        await creditReading(tx, { userId: user.id, pages: 0, minutes: 10, at: new Date() });
        marathonsLocked();
        await secondHalf;
        await addToFocusTotals(tx, user.id, todayIn('America/Sao_Paulo'), 10, new Date());
      });
      await locked;
      const batch = post(token, [item(user.username, first!, 'cancelar', 0, '556006'), item(user.username, second!, 'encerrar', 20, '556006')]);
      await waitersReach(1);
      closeSecondHalf();
      const outcomes = await Promise.allSettled([batch, close]);
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? 'ok' : (((o.reason as Error).cause as Error | undefined)?.message ?? String(o.reason))))).toEqual([
        'ok',
        'ok',
      ]);
    },
  );
});

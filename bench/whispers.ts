/**
 * npm run bench:whispers (after npm run build) — figures, not tests (issue 33, decision 0091). On the PostgreSQL
 * database in BENCH_DATABASE_URL (reused when filled) or a fresh PGlite directory, filled by bench/whispers-fill.ts:
 *  - /sussurros for a reader with 5,000 conversations (`bench-w-u-0`): p50/p95 over WHISPERS_SAMPLES sequential
 *    requests, and the server's CPU per request (PostgreSQL's beside it) under load; /api/me beside it, the session's
 *    statement with the header's counts that every signed-in page pays;
 *  - one server, BENCH_WHISPERS.pairs conversations streaming at once: both readers of each have the thread open (its
 *    live connection, /api/sussurros/{id}/eventos) and the header's (/api/notificacoes/stream); they take turns
 *    sending WHISPERS_MESSAGES messages each through the thread's API (POST /api/sussurros/{id}/mensagens), a pause of
 *    WHISPERS_GAP_MS (±50 %) between one's answer and the next send. Timed for each message, from the start of the
 *    send's request: the `sussurro` event at the other reader's thread connection, and the header's count there;
 *  - two servers on one PostgreSQL (skipped on PGlite): the same, each conversation's two readers on different servers.
 * Targets (issue 33): delivery p95 ≤ 500 ms on one server; ≤ 1 s p95 across two servers; /sussurros p95 ≤ 100 ms.
 * The client runs on the same machine as the servers and the database: raw HTTP, no browsers.
 */
import { type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { rmSync } from 'node:fs';
import os from 'node:os';
import {
  DURATION,
  benchEnv,
  cpuMs,
  databaseCpuMs,
  databaseCpuSince,
  drive,
  percentile,
  pgUrl,
  printResults,
  printTimings,
  readEventBlocks,
  runScript,
  startServer,
  stopServer,
  timings,
  verdict,
  waitFor,
} from './harness';
import { BENCH_WHISPERS } from './whispers-fill';

const PORT = Number(process.env.BENCH_PORT ?? 3231);
const SAMPLES = Number(process.env.WHISPERS_SAMPLES ?? 200);
const MESSAGES = Number(process.env.WHISPERS_MESSAGES ?? 10);
const GAP_MS = Number(process.env.WHISPERS_GAP_MS ?? 2000);
/** One secret for both servers, so a session cookie holds on either (a deployment of several servers sets AUTH_SECRET). */
const SECRET = process.env.AUTH_SECRET ?? 'bench-whispers-secret-0123456789abcdef';
const GIVE_UP_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function cookieOf(i: number): string {
  const token = BENCH_WHISPERS.sessionToken(i);
  const signature = createHmac('sha256', SECRET).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** A reader of a streamed pair: their server, their thread's and header's connections and what arrived there. */
type Reader = {
  index: number;
  pair: number;
  base: string;
  cookie: string;
  /** Arrival times of the thread's `message` events, in order. */
  messages: number[];
  /** Arrival times of the header's `sussurros` counts after the first (the one the connection opens with). */
  badges: number[];
  sawFirstBadge: boolean;
  connections: http.ClientRequest[];
};

/** Opens a server-sent-events connection; `onEvent` gets each event's name, data and arrival time. */
function listen(reader: Reader, pathname: string, onEvent: (event: string, data: string, at: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${reader.base}${pathname}`, { agent: false, headers: { Cookie: reader.cookie, Accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${pathname} answered ${response.statusCode} to reader ${reader.index}`));
        return;
      }
      readEventBlocks(response, (block, at) => {
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) onEvent(event, data, at);
      });
      resolve();
    });
    request.on('error', (error) => {
      // A connection torn down on purpose at the end of a phase.
      if (!request.destroyed) reject(error);
    });
    reader.connections.push(request);
  });
}

async function open(reader: Reader): Promise<void> {
  await listen(reader, `/api/sussurros/${BENCH_WHISPERS.pairId(reader.pair)}/eventos`, (event, data, at) => {
    if (event === 'sussurro' && (JSON.parse(data) as { kind: string }).kind === 'message') reader.messages.push(at);
  });
  await listen(reader, '/api/notificacoes/stream', (event, _data, at) => {
    if (event !== 'sussurros') return;
    if (reader.sawFirstBadge) reader.badges.push(at);
    reader.sawFirstBadge = true;
  });
}

function close(readers: readonly Reader[]): void {
  for (const reader of readers) for (const connection of reader.connections.splice(0)) connection.destroy();
}

/** Sends a whisper through the thread's API as its script does; the status. */
function send(reader: Reader, body: string): Promise<number> {
  const form = new URLSearchParams({ clientId: randomUUID(), body }).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${reader.base}/api/sussurros/${BENCH_WHISPERS.pairId(reader.pair)}/mensagens`,
      {
        agent,
        method: 'POST',
        headers: { Cookie: reader.cookie, Origin: reader.base, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(form) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(form);
  });
}

type Delivery = { event: number[]; badge: number[]; sendMs: number[]; missedEvent: number; missedBadge: number; failedSends: number; seconds: number };

/**
 * Every pair converses at once: MESSAGES messages, the two readers taking turns. Then, message by message, the delay
 * from its send's start to its event at the other reader's thread (the k-th `message` event there is the k-th message
 * of the conversation) and to the header's count (the j-th count after the first is the j-th message they received).
 */
async function converse(readers: readonly Reader[]): Promise<Delivery> {
  const result: Delivery = { event: [], badge: [], sendMs: [], missedEvent: 0, missedBadge: 0, failedSends: 0, seconds: 0 };
  const baseline = readers.map((r) => ({ messages: r.messages.length, badges: r.badges.length }));
  const started = performance.now();
  const sends: { at: number; toIndex: number }[][] = [];
  await Promise.all(
    Array.from({ length: BENCH_WHISPERS.pairs }, async (_, pair) => {
      const two = [readers[2 * pair]!, readers[2 * pair + 1]!];
      const log: { at: number; toIndex: number }[] = (sends[pair] = []);
      await sleep(Math.random() * GAP_MS);
      for (let n = 0; n < MESSAGES; n++) {
        const from = two[n % 2]!;
        const at = performance.now();
        log.push({ at, toIndex: 2 * pair + ((n + 1) % 2) });
        const status = await send(from, `Mensagem ${n + 1}: você já chegou no capítulo ${n + 3}?`);
        result.sendMs.push(performance.now() - at);
        if (status !== 200) result.failedSends += 1;
        await sleep(GAP_MS * (0.5 + Math.random()));
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  await sleep(Math.min(GIVE_UP_MS, 2000));
  for (const [pair, log] of sends.entries()) {
    const received = new Map([2 * pair, 2 * pair + 1].map((i) => [i, 0]));
    for (const [n, sent] of log.entries()) {
      const i = sent.toIndex;
      const event = readers[i]!.messages[baseline[i]!.messages + n];
      if (event === undefined) result.missedEvent += 1;
      else result.event.push(event - sent.at);
      const j = received.get(i)!;
      received.set(i, j + 1);
      const badge = readers[i]!.badges[baseline[i]!.badges + j];
      if (badge === undefined) result.missedBadge += 1;
      else result.badge.push(badge - sent.at);
    }
  }
  return result;
}

const figures = (label: string, samples: readonly number[]) =>
  `${label.padEnd(40)} p50 ${percentile(samples, 0.5).toFixed(0).padStart(5)} ms  p95 ${percentile(samples, 0.95).toFixed(0).padStart(5)} ms  max ${Math.max(
    ...samples,
  )
    .toFixed(0)
    .padStart(5)} ms  (${samples.length})`;

/** The CPU of the servers `pids` and of PostgreSQL while `work` runs. */
async function measure<T>(pids: readonly number[], work: () => Promise<T>) {
  const before = pids.map(cpuMs);
  const database = databaseCpuMs();
  const result = await work();
  const databaseAfter = databaseCpuMs();
  return {
    result,
    cpu: pids.reduce((sum, pid, i) => sum + cpuMs(pid) - before[i]!, 0),
    databaseCpu: database && databaseAfter ? databaseCpuSince(database, databaseAfter) : null,
  };
}

function report(label: string, target: number, run: { result: Delivery; cpu: number; databaseCpu: number | null }): boolean {
  const r = run.result;
  const messages = r.event.length + r.missedEvent;
  console.log(
    `\n${label}: ${messages} messages in ${r.seconds.toFixed(1)} s (${(messages / r.seconds).toFixed(0)}/s); ${r.failedSends} failed sends, ` +
      `${r.missedEvent} without the event, ${r.missedBadge} without the header's count`,
  );
  console.log(
    `  server CPU ${(run.cpu / messages).toFixed(1)} ms per message (${((run.cpu / 10 / r.seconds) | 0).toString()} % of a core)` +
      (run.databaseCpu === null ? '' : `, PostgreSQL CPU ${(run.databaseCpu / messages).toFixed(1)} ms per message`),
  );
  console.log(figures('  send (the API request)', r.sendMs));
  console.log(figures('  event at the other reader’s thread', r.event));
  console.log(figures('  count at the other reader’s header', r.badge));
  const ok = percentile(r.event, 0.95) <= target && r.missedEvent === 0 && r.failedSends === 0;
  console.log(`  delivery p95 ≤ ${target} ms: ${verdict(ok)}`);
  return ok;
}

async function main() {
  console.log(
    `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; database: ${pgUrl ? 'PostgreSQL' : 'PGlite'}; ` +
      'the client (raw HTTP, no browser) runs on the same machine as the servers and the database.',
  );
  const first = benchEnv(PORT);
  const second = benchEnv(PORT + 1);
  first.env.AUTH_SECRET = SECRET;
  second.env.AUTH_SECRET = SECRET;
  const servers: ChildProcess[] = [];
  try {
    runScript('bench/whispers-fill.ts', first.env, true);
    const server = startServer(first.env);
    servers.push(server);
    await waitFor(`${first.base}/~offline`);
    const pid = server.pid!;

    // The list of 5,000 conversations, and the session's statement (with the header's counts) alone.
    const heavy = cookieOf(0);
    const sequential = [
      { label: '/sussurros (5,000 conversations)', times: await timings(`${first.base}/sussurros`, heavy, SAMPLES, 'Sussurrante') },
      { label: '/api/me (the header, same reader)', times: await timings(`${first.base}/api/me`, heavy, SAMPLES, '"whispers":500') },
    ];
    const loaded = [
      await drive('/sussurros (5,000 conversations)', `${first.base}/sussurros`, pid, { Cookie: heavy }, 10),
      await drive('/api/me (same reader)', `${first.base}/api/me`, pid, { Cookie: heavy }, 10),
    ];

    const readers: Reader[] = Array.from({ length: 2 * BENCH_WHISPERS.pairs }, (_, i) => ({
      index: i + 1,
      pair: Math.floor(i / 2),
      base: first.base,
      cookie: cookieOf(i + 1),
      messages: [],
      badges: [],
      sawFirstBadge: false,
      connections: [],
    }));
    for (let i = 0; i < readers.length; i += 50) await Promise.all(readers.slice(i, i + 50).map(open));
    await sleep(3000);
    const one = await measure([pid], () => converse(readers));
    close(readers);

    let two: Awaited<ReturnType<typeof measure<Delivery>>> | null = null;
    if (pgUrl) {
      const other = startServer(second.env);
      servers.push(other);
      await waitFor(`${second.base}/~offline`);
      // Each pair split: the second reader on the other server, sending there and listening there.
      for (const reader of readers.filter((_, i) => i % 2 === 1)) reader.base = second.base;
      for (const reader of readers) reader.sawFirstBadge = false;
      for (let i = 0; i < readers.length; i += 50) await Promise.all(readers.slice(i, i + 50).map(open));
      await sleep(3000);
      two = await measure([pid, other.pid!], () => converse(readers));
      close(readers);
    }

    console.log(
      `\nload average of the machine at the end (1, 5, 15 min): ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(', ')} — on 2 cores, above 2 other work competes`,
    );
    console.log(`\nsequential: ${SAMPLES} requests each (target: /sussurros p95 ≤ 100 ms)`);
    printTimings(sequential);
    console.log(`\nunder load: ${DURATION}s per target, 10 connections`);
    printResults(loaded);
    const list = percentile(sequential[0]!.times, 0.95);
    console.log(`/sussurros p95 ${list.toFixed(1)} ms (≤ 100): ${verdict(list <= 100)}`);
    console.log(
      `\n${BENCH_WHISPERS.pairs} conversations at once, ${MESSAGES} messages each, ${GAP_MS} ms (±50 %) between a reader's answer and the next send; ` +
        `${4 * BENCH_WHISPERS.pairs} live connections (each reader's thread and header)`,
    );
    report('one server', 500, one);
    if (two) report('two servers on one PostgreSQL (every message crosses)', 1000, two);
    else console.log('\ntwo servers: skipped (PGlite is one process; set BENCH_DATABASE_URL)');
  } finally {
    agent.destroy();
    for (const server of servers.reverse()) await stopServer(server);
    rmSync(first.dataDir, { recursive: true, force: true });
    rmSync(second.dataDir, { recursive: true, force: true });
  }
}

void main();

/**
 * What the benchmarks share: a fresh data directory and the environment of a production server on it,
 * starting the built server, and driving a URL with autocannon while counting the server's CPU time.
 */
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, closeDatabase, getDb, migrateDatabase, queryRows } from '~/db/client.server';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** What Chromium asks for: pages come back as brotli, as a reader's browser gets them. */
export const BROWSER_ENCODINGS = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
/** PostgreSQL instead of the embedded database, for the server and every script the benchmark runs. */
export const pgUrl = process.env.BENCH_DATABASE_URL;

/** Every row bench/catalog-fill.ts generates has an id starting with it, so the benches tell them from the demo catalogue's. */
export const GENERATED_PREFIX = 'bench-';

/** The reader bench/reading-fill.ts makes to sign in as: 2,000 shelf entries, following 200 readers. */
export const BENCH_READER = { username: 'bench_leitora', email: 'bench@bench.maratona.app', password: 'maratona-bench-2026', entries: 2_000, follows: 200 };

/** The demo's reader (scripts/seed.ts), npm run bench's. */
/** The club bench/clubs-fill.ts makes, with 20,000 members; bench_leitora owns it. */
export const BENCH_CLUB = { slug: 'clube-de-bancada', id: `${GENERATED_PREFIX}club-0` };
/** The LC bench/lcs-fill.ts makes: 5,000 participants, 20,000 comments. */
export const BENCH_LC = { slug: 'lc-de-bancada', id: `${GENERATED_PREFIX}lc-0` };
/** The marathons bench/marathons-fill.ts makes, 15,000 participants each; bench_leitora is in both. */
export const BENCH_MARATHONS = {
  levels: { id: `${GENERATED_PREFIX}marathon-levels`, slug: 'maratona-de-bancada', name: 'Maratona de Bancada' },
  teams: { id: `${GENERATED_PREFIX}marathon-teams`, slug: 'maratona-de-equipes', name: 'Maratona de Equipes' },
};
/**
 * The rooms bench/foca-rooms-fill.ts makes: ROOMS rooms of PER_ROOM generated readers each (leitor_1… in order, the
 * first of each room its host), every member with a book they are reading and a session row whose token the bench
 * signs itself (no password sign-in for a thousand readers).
 */
export const BENCH_ROOMS = {
  rooms: 50,
  perRoom: 20,
  roomId: (room: number) => `${GENERATED_PREFIX}room-${room}`,
  /** Reader `i` (0-based, room-major: room r holds r·perRoom … r·perRoom + perRoom − 1). */
  readerId: (i: number) => `${GENERATED_PREFIX}u-${i + 1}`,
  sessionToken: (i: number) => `${GENERATED_PREFIX}room-session-${i + 1}`,
};
export const DEMO_READER = { username: 'lia_leitora', password: 'maratona-demo-2026' };

/**
 * The frame of a fill script run after bench/catalog-fill.ts and bench/reading-fill.ts (bench/clubs-fill.ts,
 * bench/lcs-fill.ts): migrates the configured database; when `done` (SQL giving `n`) counts rows, says `skipped`
 * and stops; else runs `fill` with bench_leitora's id and `step` (a label with the seconds since the start), then
 * VACUUM ANALYZE. Sets the exit code on a failure and closes the database either way.
 */
export function runFill(skipped: string, done: SQL, fill: (context: { db: Db; benchId: string; step: (label: string) => void }) => Promise<void>): void {
  const main = async () => {
    await migrateDatabase();
    const db = getDb();
    const [found] = await queryRows<{ n: number }>(done);
    if (Number(found?.n) > 0) {
      console.log(skipped);
      return;
    }
    const started = performance.now();
    const step = (label: string) => console.log(`  ${label} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    const [{ id: benchId } = { id: '' }] = await queryRows<{ id: string }>(sql`SELECT id FROM users WHERE username = ${BENCH_READER.username}`);
    if (!benchId) throw new Error('run bench/reading-fill.ts first');
    await fill({ db, benchId, step });
    await db.execute(sql`VACUUM ANALYZE`);
    step('vacuum');
  };
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => closeDatabase());
}

/** Signs in through the sign-in form as the server's pages do; the session's cookie header, or an error. */
export async function signIn(base: string, reader: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/auth/signin`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ intent: 'entrar', identifier: reader.username, password: reader.password, callbackUrl: '/' }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`signing in as ${reader.username} on ${base} failed (${response.status})`);
  return cookie;
}

/** A production environment on a fresh data directory under /tmp (never inside the repository). */
export function benchEnv(port: number): { env: NodeJS.ProcessEnv; dataDir: string; base: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'maratona-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    RATE_LIMIT_SIGNIN_IP_PER_MINUTE: '100000',
  };
  if (pgUrl) env.DATABASE_URL = pgUrl;
  else delete env.DATABASE_URL;
  return { env, dataDir, base };
}

/** Runs a TypeScript script of the repository to completion (seeding, generating); its output is shown when asked. */
export function runScript(script: string, env: NodeJS.ProcessEnv, show = false): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { env, stdio: show ? 'inherit' : 'ignore' });
  if (result.status !== 0) throw new Error(`${script} failed (exit ${result.status})`);
}

/** Node's options from `npm start` (package.json), so the benches measure the server as it runs in production. */
const START_NODE_OPTIONS = (() => {
  const start: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const words = start.split(/\s+/);
  return words.slice(words.indexOf('node') + 1, words.indexOf('build/server.js'));
})();

/** The built server of the repository, or of `cwd` (a directory holding another build, for paired runs). */
export function startServer(env: NodeJS.ProcessEnv, cwd = process.cwd()): ChildProcess {
  return spawn(process.execPath, [...START_NODE_OPTIONS, 'build/server.js'], { env, cwd, stdio: ['ignore', 'ignore', 'inherit'] });
}

const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);
/** Stops a process the bench started (the server of startServer, a writer) and waits until it has exited (and closed its database). */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** User plus system CPU milliseconds of a process, from the text of its /proc/{pid}/stat. */
function statCpuMs(stat: string): number {
  const fields = stat.split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticks) * 1000;
}

export const cpuMs = (pid: number): number => statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
/**
 * CPU milliseconds of each PostgreSQL process of this machine (its backends do the queries' work), or null
 * without BENCH_DATABASE_URL: PGlite runs inside the server, whose own CPU already counts it. The database must
 * be otherwise idle for the figures to mean anything.
 */
export function databaseCpuMs(): Map<string, number> | null {
  if (!pgUrl) return null;
  const byProcess = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) byProcess.set(entry, statCpuMs(stat));
    } catch {
      // the process ended while we read
    }
  }
  return byProcess;
}

/** The CPU PostgreSQL spent between two readings: processes that started since count whole, ended ones are lost. */
export function databaseCpuSince<Pid>(before: Map<Pid, number>, after: Map<Pid, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not start`);
}

/**
 * The frame of an area's bench: a production environment on a fresh data directory (benchEnv), the fills run in
 * order (`bench/{fill}.ts`, each skipping what a reused database already holds), the built server started and
 * answering, bench_leitora signed in; then `run`, and whatever happens the server stopped and the directory removed.
 */
export async function withBenchServer(
  port: number,
  fills: readonly string[],
  run: (bench: { env: NodeJS.ProcessEnv; base: string; pid: number; cookie: string }) => Promise<void>,
): Promise<void> {
  const { env, base, dataDir } = benchEnv(port);
  try {
    for (const fill of fills) runScript(`bench/${fill}.ts`, env, true);
    const server = startServer(env);
    try {
      await waitFor(`${base}/~offline`);
      const cookie = await signIn(base, BENCH_READER);
      await run({ env, base, pid: server.pid!, cookie });
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export type Result = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  cpuPerRequest: number | null;
  databaseCpuPerRequest: number | null;
  /** The server's CPU per request during the warm-up: in a fresh process, V8 is still compiling the page's code. */
  warmUpCpuPerRequest: number | null;
  errors: number;
};

/**
 * Drives `url` for DURATION seconds after a warm-up of `warmUpSeconds` at 10 connections, counting the CPU of
 * process `pid` (and of PostgreSQL) per request over the measured part only.
 */
export async function drive(
  label: string,
  url: string,
  pid: number | null,
  headers: Record<string, string> = {},
  connections = 50,
  warmUpSeconds = 2,
): Promise<Result> {
  const warmUpBefore = pid ? cpuMs(pid) : 0;
  const warmUp = await autocannon({ url, connections: 10, duration: warmUpSeconds, headers });
  const warmUpCpuPerRequest = pid ? (cpuMs(pid) - warmUpBefore) / warmUp.requests.total : null;
  const before = pid ? cpuMs(pid) : 0;
  const databaseBefore = databaseCpuMs();
  const result = await autocannon({ url, connections, duration: DURATION, headers });
  const cpu = pid ? cpuMs(pid) - before : 0;
  const databaseAfter = databaseCpuMs();
  const total = result.requests.total;
  const databaseCpuPerRequest = databaseBefore && databaseAfter ? databaseCpuSince(databaseBefore, databaseAfter) / total : null;
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest: pid ? cpu / total : null,
    databaseCpuPerRequest,
    warmUpCpuPerRequest,
    errors: result.errors + result.non2xx,
  };
}

export function printResults(results: Result[]): void {
  console.log(
    'target'.padEnd(36),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'CPU ms/req'.padStart(11),
    'DB CPU ms/req'.padStart(14),
    'errors'.padStart(7),
    'warm-up CPU ms/req'.padStart(19),
  );
  for (const r of results) {
    console.log(
      r.label.padEnd(36),
      r.rps.toFixed(0).padStart(9),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      (r.cpuPerRequest?.toFixed(3) ?? '—').padStart(11),
      (r.databaseCpuPerRequest?.toFixed(3) ?? '—').padStart(14),
      String(r.errors).padStart(7),
      (r.warmUpCpuPerRequest?.toFixed(3) ?? '—').padStart(19),
    );
  }
}

/**
 * Reads a server-sent-events response as it arrives: `onBlock` gets each event's text block (the lines between blank
 * lines) and the moment its chunk arrived, so the benches time an event from the wire, not from its parsing.
 */
export function readEventBlocks(response: IncomingMessage, onBlock: (block: string, at: number) => void): void {
  response.setEncoding('utf8');
  let buffered = '';
  response.on('data', (chunk: string) => {
    const at = performance.now();
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      onBlock(block, at);
    }
  });
}

/** The value below which `p` (0–1) of the samples fall, nearest-rank. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

/** One line a page of sequential timings (`timings`): its label padded to `width`, then p50 and p95. */
export function printTimings(rows: readonly { label: string; times: readonly number[] }[], width = 40): void {
  for (const r of rows) console.log(r.label.padEnd(width), `p50 ${percentile(r.times, 0.5).toFixed(1)} ms`, `p95 ${percentile(r.times, 0.95).toFixed(1)} ms`);
}

/** How a figure compares with its target, as the benches print it. */
export const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** Milliseconds of each of `samples` sequential requests; each must answer 200 (and hold `expected`, when given). */
export async function timings(url: string, cookie: string, samples: number, expected?: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { Cookie: cookie } });
    const body = await response.text();
    if (response.status !== 200 || (expected !== undefined && !body.includes(expected)))
      throw new Error(`${url} answered ${response.status}${expected === undefined ? '' : ` without “${expected}”`}`);
    times.push(performance.now() - started);
  }
  return times;
}

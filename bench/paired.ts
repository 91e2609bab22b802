/**
 * npm run bench:paired -- <dirA> <dirB> — figures, not tests. Two builds measured at the same time: this
 * machine's speed moves by up to 1.7× within the hour (docs/decisions/0009), so one build measured after another
 * tells nothing under ~20 %. Each directory holds a `build/` (a copy of what `npm run build` wrote; the rest of
 * the repository is taken from here: node_modules and the migrations are linked in when missing). Both servers
 * run on the same PostgreSQL database (BENCH_DATABASE_URL, required), each page is warmed on both for
 * PAIRED_WARM_UP_SECONDS (default 20), then each round drives the page on both at once, 10 connections each, for
 * BENCH_SECONDS (default 8), and prints B's CPU per request over A's, the server's and PostgreSQL's (the backends
 * of each server's pool, told apart by their application_name). Two copies of one build gave ratios 0.97–1.05,
 * median 1.01: differences under ~5 % stay invisible.
 *
 * PAIRED_DATA=reading (default) signs in as bench_leitora on bench:reading's data (bench/catalog-fill.ts and
 * bench/reading-fill.ts, reused when the database has them); PAIRED_DATA=demo seeds the demo data and signs in as
 * lia_leitora, npm run bench's reader. PAIRED_PAGES (comma-separated) and PAIRED_ROUNDS (default 5) choose the rest.
 */
import autocannon from 'autocannon';
import { existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  BENCH_READER,
  BROWSER_ENCODINGS,
  DEMO_READER,
  benchEnv,
  cpuMs,
  databaseCpuSince,
  percentile,
  pgUrl,
  runScript,
  signIn,
  startServer,
  stopServer,
  waitFor,
} from './harness';

const [dirA, dirB] = process.argv.slice(2).map((dir) => path.resolve(dir));
const DATA = process.env.PAIRED_DATA ?? 'reading';
const PAGES = (process.env.PAIRED_PAGES ?? (DATA === 'demo' ? '/configuracoes/conta,/home' : '/home,/estante,/configuracoes/conta')).split(',');
const ROUNDS = Number(process.env.PAIRED_ROUNDS ?? 5);
const WARM_UP_SECONDS = Number(process.env.PAIRED_WARM_UP_SECONDS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const READER = DATA === 'demo' ? DEMO_READER : BENCH_READER;

type Side = { name: 'A' | 'B'; dir: string; base: string; pid: number; cookie: string };

/** The repository's files a built server reads besides its build, linked into a directory that has only `build/`. */
function prepare(dir: string): void {
  if (!existsSync(path.join(dir, 'build/server.js'))) throw new Error(`${dir} has no build/server.js: copy a build there (cp -r build ${dir}/)`);
  for (const shared of ['node_modules', 'package.json', 'app']) {
    if (!existsSync(path.join(dir, shared))) symlinkSync(path.resolve(shared), path.join(dir, shared));
  }
}

/** CPU milliseconds of each PostgreSQL backend serving the server named `application`, by process id. */
async function backendsCpu(client: pg.Client, application: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [application]);
  const byPid = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      byPid.set(pid, cpuMs(pid));
    } catch {
      // the backend ended while we read
    }
  }
  return byPid;
}

const application = (side: Side) => `maratona-paired-${side.name}`;

/** One round: the page driven on both servers at once; each side's server and database CPU per request. */
async function round(client: pg.Client, sides: Side[], page: string, seconds: number) {
  const before = await Promise.all(sides.map(async (side) => ({ cpu: cpuMs(side.pid), database: await backendsCpu(client, application(side)) })));
  const results = await Promise.all(
    sides.map((side) => autocannon({ url: `${side.base}${page}`, connections: 10, duration: seconds, headers: { ...BROWSER_ENCODINGS, Cookie: side.cookie } })),
  );
  return Promise.all(
    sides.map(async (side, i) => {
      const requests = results[i]!.requests.total;
      const errors = results[i]!.errors + results[i]!.non2xx;
      if (errors > 0) throw new Error(`${side.name} ${page}: ${errors} errors or non-2xx answers`);
      const database = databaseCpuSince(before[i]!.database, await backendsCpu(client, application(side)));
      return { requests, server: (cpuMs(side.pid) - before[i]!.cpu) / requests, database: database / requests };
    }),
  );
}

/** Whether both servers send the same page, once the file names of assets (their hashes differ between builds) are set aside. */
async function samePage(sides: Side[], page: string): Promise<boolean> {
  const bodies = await Promise.all(
    sides.map(async (side) =>
      (await (await fetch(`${side.base}${page}`, { headers: { Cookie: side.cookie } })).text()).replace(/\/assets\/[^"'\s)]+/g, '/assets/*'),
    ),
  );
  return bodies[0] === bodies[1];
}

async function main() {
  if (!dirA || !dirB) throw new Error('usage: npm run bench:paired -- <dirA> <dirB> (each holding a build/)');
  if (!pgUrl) throw new Error('BENCH_DATABASE_URL is required: both servers share one PostgreSQL database');
  prepare(dirA);
  prepare(dirB);
  const port = Number(process.env.BENCH_PORT ?? 3340);
  const { env } = benchEnv(port);
  if (DATA === 'demo') runScript('scripts/seed.ts', env);
  else {
    runScript('bench/catalog-fill.ts', env, true);
    runScript('bench/reading-fill.ts', env, true);
  }
  const servers = [dirA, dirB].map((dir, i) => {
    const name = i === 0 ? 'A' : 'B';
    const { env: own, base } = benchEnv(port + i);
    const server = startServer({ ...own, PGAPPNAME: `maratona-paired-${name}` }, dir);
    return { name, dir, base, server } as const;
  });
  const client = new pg.Client({ connectionString: pgUrl, application_name: 'maratona-paired-bench' });
  await client.connect();
  try {
    const sides: Side[] = [];
    for (const { name, dir, base, server } of servers) {
      await waitFor(`${base}/~offline`);
      sides.push({ name, dir, base, pid: server.pid!, cookie: await signIn(base, READER) });
    }
    console.log(
      `A = ${dirA}\nB = ${dirB}\non PostgreSQL, ${READER.username}; ${WARM_UP_SECONDS}s of warm-up per page, then ${ROUNDS} rounds of ${SECONDS}s, 10 connections each`,
    );
    for (const page of PAGES) {
      await round(client, sides, page, WARM_UP_SECONDS);
      const serverRatios: number[] = [];
      const databaseRatios: number[] = [];
      console.log(`\n${page} (same HTML on both: ${(await samePage(sides, page)) ? 'yes' : 'NO'})`);
      console.log(
        'round'.padEnd(7),
        'A CPU ms/req'.padStart(13),
        'B CPU ms/req'.padStart(13),
        'B/A'.padStart(7),
        'A DB ms/req'.padStart(12),
        'B DB ms/req'.padStart(12),
        'B/A'.padStart(7),
      );
      for (let r = 1; r <= ROUNDS; r++) {
        const [a, b] = await round(client, sides, page, SECONDS);
        serverRatios.push(b!.server / a!.server);
        databaseRatios.push(b!.database / a!.database);
        console.log(
          String(r).padEnd(7),
          a!.server.toFixed(3).padStart(13),
          b!.server.toFixed(3).padStart(13),
          serverRatios.at(-1)!.toFixed(3).padStart(7),
          a!.database.toFixed(3).padStart(12),
          b!.database.toFixed(3).padStart(12),
          databaseRatios.at(-1)!.toFixed(3).padStart(7),
        );
      }
      const range = (values: number[]) => `${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)}`;
      console.log(
        `${page}: server CPU B/A median ${percentile(serverRatios, 0.5).toFixed(3)} (${range(serverRatios)}); PostgreSQL CPU B/A median ${percentile(databaseRatios, 0.5).toFixed(3)} (${range(databaseRatios)})`,
      );
    }
  } finally {
    await client.end();
    await Promise.all(servers.map(({ server }) => stopServer(server)));
  }
}

void main();

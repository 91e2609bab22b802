/**
 * npm run bench:reading (after npm run build) — figures, not tests. On a fresh data directory (or the
 * PostgreSQL database in BENCH_DATABASE_URL, reused when already filled): the 100k-edition catalogue
 * (bench/catalog-fill.ts), then 10,000 readers with 1,000,000 shelf entries and their follows
 * (bench/reading-fill.ts). Then prints:
 *  - the statements every reading page issues, for a visitor and for `bench_leitora` (2,000 entries), from a
 *    built server that counts each request's SQL statements;
 *  - from another built server that does not count (counting runs each request in an AsyncLocalStorage, which
 *    turns on Node's promise hooks for the whole process and costs ~5 % of a signed-in page's CPU):
 *    visitors' /u/{username} and /ed/{id} throughput against /~offline in the same run (50 connections), and
 *    signed-in /home and /estante: server CPU ms per request (and PostgreSQL's own, printed beside it when on
 *    it) and p99 at 20 connections, after READER_WARM_UP_SECONDS of warm-up (default 45: a fresh process
 *    compiles the page's code for its first ~15 s, and V8's optimizing compiler still took 2.6–3.9 % of the
 *    server's CPU 30–42 s in, 0.75 % after 90 s; the CPU during the warm-up is printed too).
 * Targets (issue "Reading life"): ≥ 90 % of /~offline, ≤ 6 ms CPU, p99 ≤ 250 ms, ≤ 10 statements per page.
 */
import { rmSync } from 'node:fs';
import {
  BROWSER_ENCODINGS,
  BENCH_READER,
  benchEnv,
  drive,
  DURATION,
  pgUrl,
  printResults,
  runScript,
  signIn,
  startServer,
  stopServer,
  verdict,
  waitFor,
} from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3330);
const READER_WARM_UP_SECONDS = Number(process.env.READER_WARM_UP_SECONDS ?? 45);
const QUERY_LIMIT = 10;
const CPU_TARGET_MS = 6;
const P99_TARGET_MS = 250;
const THROUGHPUT_TARGET = 0.9;

/** Each page once: its status and how many SQL statements its loaders issued (the server's X-Query-Count). */
async function countStatements(base: string, pages: string[], cookie?: string) {
  const rows: { page: string; status: number; queries: number }[] = [];
  for (const page of pages) {
    const response = await fetch(`${base}${page}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });
    await response.arrayBuffer();
    rows.push({ page, status: response.status, queries: Number(response.headers.get('x-query-count') ?? 0) });
  }
  return rows;
}

async function main() {
  const { env, base, dataDir } = benchEnv(PORT);
  try {
    runScript('bench/catalog-fill.ts', env, true);
    runScript('bench/reading-fill.ts', env, true);
    let server = startServer({ ...env, BENCH_COUNT_QUERIES: '1' });
    try {
      await waitFor(`${base}/~offline`);
      const cookie = await signIn(base, BENCH_READER);
      const probe = await fetch(`${base}/estante`, { headers: { Cookie: cookie } });
      const html = await probe.text();
      const edition = /href="\/ed\/([^"/?#]+)"/.exec(html)?.[1];
      if (!edition) throw new Error('the bench reader’s /estante shows no edition');
      const someone = 'leitor_1';
      const mine = BENCH_READER.username;
      const pages = [
        '/home',
        '/estante',
        '/estantes',
        '/atts',
        '/seguindo',
        `/u/${someone}`,
        `/u/${someone}/estante`,
        `/u/${someone}/lidos`,
        `/u/${someone}/resenhas`,
        `/u/${someone}/atts`,
        `/u/${someone}/estatisticas`,
        `/u/${someone}/seguidores`,
        `/u/${mine}`,
        `/ed/${edition}`,
        `/ed/${edition}/resenhas`,
        `/ed/${edition}/leitores`,
        `/ed/${edition}/atts`,
        `/ed/${edition}/estatisticas`,
      ];
      const signedIn = await countStatements(base, pages, cookie);
      const visitor = await countStatements(
        base,
        pages.filter((p) => !['/home', '/estante', '/seguindo'].includes(p)),
      );
      console.log(`\nSQL statements per page on ${pgUrl ? 'PostgreSQL' : 'PGlite'} (first request, so no HTML cache):`);
      console.log('page'.padEnd(44), 'reader'.padStart(12), 'visitor'.padStart(12));
      let worst = 0;
      for (const row of signedIn) {
        const seen = visitor.find((v) => v.page === row.page);
        const cell = (r: { status: number; queries: number } | undefined) => (r ? (r.status === 200 ? String(r.queries) : `${r.queries} (${r.status})`) : '—');
        for (const r of [row, seen]) if (r?.status === 200) worst = Math.max(worst, r.queries);
        console.log(row.page.padEnd(44), cell(row).padStart(12), cell(seen).padStart(12));
      }

      await stopServer(server);
      server = startServer(env);
      await waitFor(`${base}/~offline`);
      const pid = server.pid!;
      const visitors = [
        await drive('/~offline (prerendered)', `${base}/~offline`, pid, BROWSER_ENCODINGS),
        await drive(`/u/${someone} (visitor)`, `${base}/u/${someone}`, pid, BROWSER_ENCODINGS),
        await drive('/ed/{id} (visitor)', `${base}/ed/${edition}`, pid, BROWSER_ENCODINGS),
      ];
      const readers = [
        await drive('/home (bench_leitora)', `${base}/home`, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }, 20, READER_WARM_UP_SECONDS),
        await drive('/estante (bench_leitora)', `${base}/estante`, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }, 20, READER_WARM_UP_SECONDS),
      ];
      console.log(`\nvisitors: ${DURATION}s per target, 50 connections`);
      printResults(visitors);
      console.log(`\nsigned in: ${DURATION}s per target, 20 connections, after ${READER_WARM_UP_SECONDS}s of warm-up at 10`);
      printResults(readers);

      const [offline, profile, editionPage] = visitors;
      console.log('');
      for (const r of [profile!, editionPage!]) {
        const ratio = r.rps / offline!.rps;
        console.log(
          `${r.label} vs /~offline ${(ratio * 100).toFixed(1)} % (target ≥ ${THROUGHPUT_TARGET * 100} %): ${verdict(ratio >= THROUGHPUT_TARGET && r.errors === 0)}`,
        );
      }
      for (const r of readers) {
        const cpu = r.cpuPerRequest ?? Number.NaN;
        console.log(
          `${r.label} CPU ${cpu.toFixed(2)} ms/req (≤ ${CPU_TARGET_MS}), p99 ${r.p99} ms (≤ ${P99_TARGET_MS}): ${verdict(cpu <= CPU_TARGET_MS && r.p99 <= P99_TARGET_MS && r.errors === 0)}`,
        );
      }
      console.log(`most statements on one page: ${worst} (≤ ${QUERY_LIMIT}): ${verdict(worst <= QUERY_LIMIT)}`);
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();

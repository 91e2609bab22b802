/**
 * npm run bench:marathons (after npm run build) — figures, not tests. On the PostgreSQL database in
 * BENCH_DATABASE_URL (reused when filled) or a fresh PGlite directory: the catalogue and the reading life
 * (bench/catalog-fill.ts, bench/reading-fill.ts), then two marathons of 15,000 participants (bench/marathons-fill.ts:
 * one with levels, one with teams). While bench/marathons-writer.ts applies MARATHON_UPDATES_PER_MINUTE score
 * updates a minute to each marathon, prints from one built server:
 *  - the ranking (first page, a deep page, one level, the teams' marathon), the feed and /home: p95 over
 *    MARATHON_SAMPLES sequential requests, for a visitor and for bench_leitora (a participant of both);
 *  - bench_leitora's board (/m/{id}/progresso): p95, and its server CPU per request at 20 connections;
 *  - how long an update takes to show on the ranking (bench/marathons-probe.ts);
 *  - the ranking's server CPU per request (PostgreSQL's beside it) at 20 connections, visitor and bench_leitora.
 * Targets (issue 29), on PostgreSQL: /m/{id}/ranking p95 ≤ 100 ms, the board ≤ 6 ms server CPU per request, an
 * update on the ranking within 2 s p95.
 */
import { spawn } from 'node:child_process';
import {
  BENCH_MARATHONS,
  BROWSER_ENCODINGS,
  DURATION,
  drive,
  percentile,
  printResults,
  printTimings,
  stopServer,
  timings,
  verdict,
  withBenchServer,
} from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3370);
const WARM_UP_SECONDS = Number(process.env.MARATHON_WARM_UP_SECONDS ?? 10);
const SAMPLES = Number(process.env.MARATHON_SAMPLES ?? 200);
const P95_TARGET_MS = 100;
const BOARD_CPU_TARGET_MS = 6;

async function main() {
  await withBenchServer(PORT, ['catalog-fill', 'reading-fill', 'marathons-fill'], async ({ env, base, pid, cookie }) => {
    // The writer moves both marathons' scores while the pages are read.
    const writer = spawn(process.execPath, ['--import', 'tsx', 'bench/marathons-writer.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    try {
      const levels = `${base}/m/${BENCH_MARATHONS.levels.slug}`;
      const teams = `${base}/m/${BENCH_MARATHONS.teams.slug}`;
      const pages = [
        { label: 'ranking', url: `${levels}/ranking`, expected: 'Individual', ranking: true },
        { label: 'ranking?pagina=240', url: `${levels}/ranking?pagina=240`, expected: 'Individual', ranking: true },
        { label: 'ranking?nivel=2', url: `${levels}/ranking?nivel=2`, expected: 'Intermediário', ranking: true },
        { label: 'ranking (teams)', url: `${teams}/ranking`, expected: 'Equipes', ranking: true },
        { label: 'feed', url: `${levels}/feed`, expected: 'Feed', ranking: false },
      ];
      const sequential = [];
      for (const [who, session] of [
        ['visitor', ''],
        ['bench_leitora', cookie],
      ] as const) {
        for (const page of pages)
          sequential.push({ ...page, label: `${page.label} (${who})`, times: await timings(page.url, session, SAMPLES, page.expected) });
      }
      sequential.push({
        label: 'progresso (bench_leitora)',
        url: `${levels}/progresso`,
        expected: 'Meu progresso',
        ranking: false,
        times: await timings(`${levels}/progresso`, cookie, SAMPLES, 'Meu progresso'),
      });
      sequential.push({
        label: '/home (bench_leitora)',
        url: `${base}/home`,
        expected: 'Maratona de Bancada',
        ranking: false,
        times: await timings(`${base}/home`, cookie, SAMPLES, 'Maratona de Bancada'),
      });
      const probe = spawn(process.execPath, ['--import', 'tsx', 'bench/marathons-probe.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
      const probed = await new Promise<number | null>((resolve) => probe.once('exit', resolve));
      if (probed !== 0) throw new Error(`bench/marathons-probe.ts failed (exit ${probed})`);
      const loaded = [
        await drive('ranking (visitor)', `${levels}/ranking`, pid, BROWSER_ENCODINGS, 20, WARM_UP_SECONDS),
        await drive('ranking (bench_leitora)', `${levels}/ranking`, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }, 20, WARM_UP_SECONDS),
        await drive('ranking?pagina=240 (bench_leitora)', `${levels}/ranking?pagina=240`, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }, 20, WARM_UP_SECONDS),
        await drive('progresso (bench_leitora)', `${levels}/progresso`, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }, 20, WARM_UP_SECONDS),
      ];
      await stopServer(writer);

      console.log(`\nsequential: ${SAMPLES} requests each, while the writer runs`);
      printTimings(sequential);
      console.log(`\nunder load: ${DURATION}s per target, 20 connections, after ${WARM_UP_SECONDS}s of warm-up at 10`);
      printResults(loaded);
      console.log('');
      for (const s of sequential.filter((s) => s.ranking)) {
        const p95 = percentile(s.times, 0.95);
        console.log(`${s.label} p95 ${p95.toFixed(1)} ms (≤ ${P95_TARGET_MS}): ${verdict(p95 <= P95_TARGET_MS)}`);
      }
      const board = loaded.at(-1)!.cpuPerRequest!;
      console.log(`progresso (bench_leitora) server CPU ${board.toFixed(2)} ms/request (≤ ${BOARD_CPU_TARGET_MS}): ${verdict(board <= BOARD_CPU_TARGET_MS)}`);
    } finally {
      await stopServer(writer);
    }
  });
}

void main();

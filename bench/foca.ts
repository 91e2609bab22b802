/**
 * npm run bench:foca (after npm run build) — figures, not tests. On the PostgreSQL database in BENCH_DATABASE_URL
 * (reused when filled) or a fresh PGlite directory: the catalogue and the reading life (bench/catalog-fill.ts,
 * bench/reading-fill.ts), then a year of focus sessions for bench_leitora and one running (bench/foca-fill.ts).
 * Prints /foca, /foca/logs and /f/bench_leitora (her foca page) signed in as bench_leitora: p95 over FOCA_SAMPLES
 * sequential requests, and /foca's and /f/bench_leitora's server CPU per request (PostgreSQL's beside it) at 20
 * connections.
 * Target (issue 31): /foca signed in ≤ 6 ms server CPU per request on PostgreSQL. (The rooms' figures: npm run
 * bench:foca-rooms.)
 */
import { BROWSER_ENCODINGS, DURATION, drive, printResults, printTimings, timings, withBenchServer } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3390);
const WARM_UP_SECONDS = Number(process.env.FOCA_WARM_UP_SECONDS ?? 10);
const SAMPLES = Number(process.env.FOCA_SAMPLES ?? 200);

async function main() {
  await withBenchServer(PORT, ['catalog-fill', 'reading-fill', 'foca-fill'], async ({ base, pid, cookie }) => {
    const sequential = [
      { label: '/foca (bench_leitora)', times: await timings(`${base}/foca`, cookie, SAMPLES, 'Sessão em andamento') },
      { label: '/foca/logs?pagina=20 (bench_leitora)', times: await timings(`${base}/foca/logs?pagina=20`, cookie, SAMPLES, 'Sessões de foco') },
      { label: '/f/bench_leitora (signed in)', times: await timings(`${base}/f/bench_leitora`, cookie, SAMPLES, 'Álbum:') },
    ];
    const loaded = [
      await drive('/foca (bench_leitora)', `${base}/foca`, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }, 20, WARM_UP_SECONDS),
      await drive('/f/bench_leitora (signed in)', `${base}/f/bench_leitora`, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }, 20, WARM_UP_SECONDS),
    ];
    console.log(`\nsequential: ${SAMPLES} requests each`);
    printTimings(sequential);
    console.log(
      `\nunder load: ${DURATION}s, 20 connections, after ${WARM_UP_SECONDS}s of warm-up at 10 (target: /foca ≤ 6 ms server CPU per request on PostgreSQL)`,
    );
    printResults(loaded);
  });
}

void main();

/**
 * npm run bench:foca-ranking (after npm run build) — figures, not tests. On the PostgreSQL database in
 * BENCH_DATABASE_URL (reused when filled) or a fresh PGlite directory: the catalogue and the reading life
 * (bench/catalog-fill.ts, bench/reading-fill.ts), bench_leitora's year of sessions (bench/foca-fill.ts), then a year
 * of sessions for 1,500 more readers and the ranking's totals (bench/foca-ranking-fill.ts).
 * Prints, signed in as bench_leitora, p95 over FOCA_SAMPLES sequential requests of the weekly, monthly and
 * all-time global rankings, a far page, "Seguindo" and /f; and the server CPU per request (PostgreSQL's beside it)
 * of the three global rankings at 20 connections.
 * Target (issue 31): the signed-in ranking ≤ 6 ms server CPU per request on PostgreSQL.
 */
import { BROWSER_ENCODINGS, DURATION, drive, printResults, printTimings, timings, withBenchServer } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3391);
const WARM_UP_SECONDS = Number(process.env.FOCA_WARM_UP_SECONDS ?? 10);
const SAMPLES = Number(process.env.FOCA_SAMPLES ?? 200);
const HEADING = 'Ranking da Foca';

const PAGES = [
  { label: 'semanal', path: '/foca/ranking' },
  { label: 'mensal', path: '/foca/ranking?periodo=mensal' },
  { label: 'geral', path: '/foca/ranking?periodo=geral' },
];

async function main() {
  await withBenchServer(PORT, ['catalog-fill', 'reading-fill', 'foca-fill', 'foca-ranking-fill'], async ({ base, pid, cookie }) => {
    const sequential = [];
    for (const page of PAGES) sequential.push({ label: `${page.path} (bench_leitora)`, times: await timings(`${base}${page.path}`, cookie, SAMPLES, HEADING) });
    for (const path of ['/foca/ranking?periodo=geral&pagina=20', '/foca/ranking?periodo=geral&entre=seguindo']) {
      sequential.push({ label: `${path} (bench_leitora)`, times: await timings(`${base}${path}`, cookie, SAMPLES, HEADING) });
    }
    sequential.push({ label: '/f (bench_leitora)', times: await timings(`${base}/f`, cookie, SAMPLES, 'Destaques da Foca') });
    const loaded = [];
    for (const page of PAGES) {
      loaded.push(await drive(`${page.label} (bench_leitora)`, `${base}${page.path}`, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }, 20, WARM_UP_SECONDS));
    }
    // A control in the same run: /foca, the foca's other signed-in page (decision 0079), on this machine's speed of the moment.
    loaded.push(await drive('control: /foca (bench_leitora)', `${base}/foca`, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }, 20, WARM_UP_SECONDS));
    console.log(`\nsequential: ${SAMPLES} requests each`);
    printTimings(sequential, 56);
    console.log(
      `\nunder load: ${DURATION}s, 20 connections, after ${WARM_UP_SECONDS}s of warm-up at 10 (target: signed in ≤ 6 ms server CPU per request on PostgreSQL)`,
    );
    printResults(loaded);
  });
}

void main();

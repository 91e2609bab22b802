/**
 * npm run bench:lcs (after npm run build) — figures, not tests. On the PostgreSQL database in BENCH_DATABASE_URL
 * (reused when filled) or a fresh PGlite directory: the catalogue, the reading life (bench/catalog-fill.ts,
 * bench/reading-fill.ts) and the LC (bench/lcs-fill.ts: 5,000 participants, 20,000 comments in 20 etapas). Then
 * prints, from one built server, for bench_leitora (a participant past etapa 12 of 20):
 *  - `discussao` (the threads) and an open etapa's thread: p95 over LCS_SAMPLES sequential requests, and server
 *    CPU ms per request (PostgreSQL's beside it) at 20 connections after LCS_WARM_UP_SECONDS of warm-up;
 *  - a closed etapa's thread and `participantes` the same way, for comparison;
 *  - visitors' /lcs throughput against /~offline in the same run (50 connections).
 * Targets (issue 28): discussao p95 ≤ 50 ms and ≤ 6 ms CPU; /lcs ≥ 90 % of /~offline.
 */
import { BENCH_LC, BROWSER_ENCODINGS, DURATION, drive, percentile, printResults, printTimings, timings, verdict, withBenchServer } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3350);
const WARM_UP_SECONDS = Number(process.env.LCS_WARM_UP_SECONDS ?? 20);
const SAMPLES = Number(process.env.LCS_SAMPLES ?? 200);
const CPU_TARGET_MS = 6;
const P95_TARGET_MS = 50;
const THROUGHPUT_TARGET = 0.9;

async function main() {
  await withBenchServer(PORT, ['catalog-fill', 'reading-fill', 'lcs-fill'], async ({ base, pid, cookie }) => {
    const lc = `${base}/lc/${BENCH_LC.slug}`;
    const pages = [
      { label: 'discussao (threads)', url: `${lc}/discussao`, expected: 'Uma conversa por etapa' },
      { label: 'discussao?etapa=10 (open)', url: `${lc}/discussao?etapa=10`, expected: 'Comentário 1 da etapa' },
      { label: 'discussao?etapa=18 (closed)', url: `${lc}/discussao?etapa=18`, expected: 'Mostrar mesmo assim' },
      { label: 'participantes', url: `${lc}/participantes`, expected: 'etapas' },
    ];
    const sequential = [];
    for (const page of pages) sequential.push({ ...page, times: await timings(page.url, cookie, SAMPLES, page.expected) });
    const loaded = [];
    for (const page of pages)
      loaded.push(await drive(`${page.label} (bench_leitora)`, page.url, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }, 20, WARM_UP_SECONDS));
    const visitors = [
      await drive('/~offline (prerendered)', `${base}/~offline`, pid, BROWSER_ENCODINGS),
      await drive('/lcs (visitor)', `${base}/lcs`, pid, BROWSER_ENCODINGS),
    ];

    console.log(`\nsequential: ${SAMPLES} requests each, bench_leitora`);
    printTimings(sequential, 32);
    console.log(`\nsigned in: ${DURATION}s per target, 20 connections, after ${WARM_UP_SECONDS}s of warm-up at 10`);
    printResults(loaded);
    console.log(`\nvisitors: ${DURATION}s per target, 50 connections`);
    printResults(visitors);

    console.log('');
    for (const s of sequential.slice(0, 2)) {
      const p95 = percentile(s.times, 0.95);
      console.log(`${s.label} p95 ${p95.toFixed(1)} ms (≤ ${P95_TARGET_MS}): ${verdict(p95 <= P95_TARGET_MS)}`);
    }
    for (const r of loaded.slice(0, 2)) {
      const cpu = r.cpuPerRequest ?? Number.NaN;
      console.log(`${r.label} CPU ${cpu.toFixed(2)} ms/req (≤ ${CPU_TARGET_MS}): ${verdict(cpu <= CPU_TARGET_MS && r.errors === 0)}`);
    }
    const [offline, directory] = visitors;
    const ratio = directory!.rps / offline!.rps;
    console.log(`/lcs (visitor) vs /~offline ${(ratio * 100).toFixed(1)} % (target ≥ ${THROUGHPUT_TARGET * 100} %): ${verdict(ratio >= THROUGHPUT_TARGET)}`);
  });
}

void main();

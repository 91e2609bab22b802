/**
 * npm run bench:clubs (after npm run build) — figures, not tests. On the PostgreSQL database in
 * BENCH_DATABASE_URL (reused when filled) or a fresh PGlite directory: the catalogue, the reading life
 * (bench/catalog-fill.ts, bench/reading-fill.ts) and the clubs (bench/clubs-fill.ts: "Clube de Bancada" with
 * 20,000 members and 5,000 posts, owned by bench_leitora, and 300 other clubs). Then prints, from one built server:
 *  - visitors' /clube/{id} and /clubes throughput against /~offline in the same run (50 connections), and that
 *    a change that shows there (a new public post) drops the cached /clube/{id} and /clubes (X-Html-Cache);
 *  - bench_leitora's /clube/{id} and /clube/{id}/posts: server CPU ms per request (PostgreSQL's beside it) at
 *    20 connections after CLUBS_WARM_UP_SECONDS of warm-up;
 *  - /clube/{id}/admin/membros first page and a member search: p95 over CLUBS_SAMPLES sequential requests.
 * Targets (issue 27): ≥ 90 % of /~offline and dropped on change; ≤ 6 ms CPU; p95 ≤ 100 ms.
 */
import { BROWSER_ENCODINGS, BENCH_CLUB, drive, DURATION, percentile, printResults, printTimings, timings, verdict, withBenchServer } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3340);
const WARM_UP_SECONDS = Number(process.env.CLUBS_WARM_UP_SECONDS ?? 45);
const SAMPLES = Number(process.env.CLUBS_SAMPLES ?? 100);
const CPU_TARGET_MS = 6;
const P95_TARGET_MS = 100;
const THROUGHPUT_TARGET = 0.9;

/** Whether the next visitor's request is answered from the HTML cache. */
async function servedFromCache(url: string): Promise<boolean> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.headers.get('x-html-cache') === 'hit';
}

async function main() {
  await withBenchServer(PORT, ['catalog-fill', 'reading-fill', 'clubs-fill'], async ({ base, pid, cookie }) => {
    const club = `${base}/clube/${BENCH_CLUB.slug}`;

    const visitors = [
      await drive('/~offline (prerendered)', `${base}/~offline`, pid, BROWSER_ENCODINGS),
      await drive('/clube/{id} (visitor)', club, pid, BROWSER_ENCODINGS),
      await drive('/clubes (visitor)', `${base}/clubes`, pid, BROWSER_ENCODINGS),
    ];
    const cachedBefore = (await servedFromCache(club)) && (await servedFromCache(`${base}/clubes`));
    const form = new URLSearchParams({ intent: 'publicar', title: 'Post da bancada', body: 'Um post novo, público.', visibility: 'publico' });
    const posted = await fetch(`${club}/posts`, {
      method: 'POST',
      body: form,
      headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    if (posted.status >= 400) throw new Error(`publishing answered ${posted.status}`);
    // Invalidations travel through LISTEN/NOTIFY: give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const droppedAfter = !(await servedFromCache(club)) && !(await servedFromCache(`${base}/clubes`));

    const members = [
      await drive('/clube/{id} (bench_leitora)', club, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }, 20, WARM_UP_SECONDS),
      await drive('/clube/{id}/posts (bench_leitora)', `${club}/posts`, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }, 20, WARM_UP_SECONDS),
    ];
    const admin = [
      { label: '/admin/membros first page', times: await timings(`${club}/admin/membros`, cookie, SAMPLES) },
      { label: '/admin/membros?q=membro_12', times: await timings(`${club}/admin/membros?q=membro_12`, cookie, SAMPLES) },
    ];

    console.log(`\nvisitors: ${DURATION}s per target, 50 connections`);
    printResults(visitors);
    console.log(`\nsigned in: ${DURATION}s per target, 20 connections, after ${WARM_UP_SECONDS}s of warm-up at 10`);
    printResults(members);
    console.log(`\nadmin pages: ${SAMPLES} sequential requests each`);
    printTimings(admin, 36);

    console.log('');
    const [offline, ...cached] = visitors;
    for (const r of cached) {
      const ratio = r.rps / offline!.rps;
      console.log(
        `${r.label} vs /~offline ${(ratio * 100).toFixed(1)} % (target ≥ ${THROUGHPUT_TARGET * 100} %): ${verdict(ratio >= THROUGHPUT_TARGET && r.errors === 0)}`,
      );
    }
    console.log(`cached before a new post, dropped after it: ${verdict(cachedBefore && droppedAfter)}`);
    for (const r of members) {
      const cpu = r.cpuPerRequest ?? Number.NaN;
      console.log(`${r.label} CPU ${cpu.toFixed(2)} ms/req (≤ ${CPU_TARGET_MS}): ${verdict(cpu <= CPU_TARGET_MS && r.errors === 0)}`);
    }
    for (const a of admin) {
      const p95 = percentile(a.times, 0.95);
      console.log(`${a.label} p95 ${p95.toFixed(1)} ms (≤ ${P95_TARGET_MS}): ${verdict(p95 <= P95_TARGET_MS)}`);
    }
  });
}

void main();

/**
 * npm run bench:catalog (after npm run build) — figures, not tests. On a fresh data directory, fills the
 * database with the demo catalogue plus 100,000 generated editions and 50,000 authors
 * (bench/catalog-fill.ts); times the search page's server work over 200 realistic queries in-process
 * (bench/catalog-search.ts); then starts the built server and measures the header typeahead's latency
 * (one request at a time) and /ed/{id} for a visitor (HTML cache) against /~offline with autocannon,
 * 50 connections, in the same run. BENCH_DATABASE_URL runs everything on that (empty) PostgreSQL database
 * instead of the embedded one. See docs/decisions/0012-catalog-bench.md.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { SearchReport, SearchSample } from './catalog-search';
import { BROWSER_ENCODINGS, benchEnv, drive, DURATION, percentile, printResults, runScript, startServer, stopServer, verdict, waitFor } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3310);
const SEARCH_TARGET_MS = 30;
const TYPEAHEAD_TARGET_MS = 20;
const THROUGHPUT_TARGET = 0.9;

const fmt = (ms: number) => ms.toFixed(1).padStart(7);

function summary(label: string, ms: number[]): string {
  return `${label.padEnd(34)} n=${String(ms.length).padStart(3)}  p50 ${fmt(percentile(ms, 0.5))}  p95 ${fmt(percentile(ms, 0.95))}  max ${fmt(Math.max(...ms))} ms`;
}

function printSearch(report: SearchReport) {
  const all = report.samples.map((s) => s.ms);
  console.log(`\nsearch page server time on ${report.backend} (loadSearchPage in-process, 1 warm-up pass, then 1 timed pass):`);
  console.log(summary('all queries', all));
  const kinds = new Map<string, SearchSample[]>();
  for (const sample of report.samples) {
    const kind = sample.kind.startsWith('relevance table') ? 'relevance table (real books)' : sample.kind;
    kinds.set(kind, [...(kinds.get(kind) ?? []), sample]);
  }
  for (const [kind, samples] of kinds)
    console.log(
      summary(
        `  ${kind}`,
        samples.map((s) => s.ms),
      ),
    );
  console.log(
    '  slowest:',
    [...report.samples]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((s) => `"${s.query}" ${s.ms.toFixed(1)} ms (${s.total} found)`)
      .join(', '),
  );
  const empty = report.samples.filter((s) => s.total === 0);
  console.log(`  queries with no result: ${empty.length}${empty.length ? ` (${empty.map((s) => `"${s.query}"`).join(', ')})` : ''}`);
  return percentile(all, 0.95);
}

async function typeahead(base: string, prefixes: string[]): Promise<number[]> {
  const get = async (q: string) => {
    const started = performance.now();
    const response = await fetch(`${base}/api/catalogo/sugestoes?${new URLSearchParams({ q })}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`typeahead answered ${response.status} for "${q}"`);
    return performance.now() - started;
  };
  for (const q of prefixes) await get(q); // warm-up
  const ms: number[] = [];
  for (const q of prefixes) ms.push(await get(q));
  return ms;
}

async function main() {
  const { env, base, dataDir } = benchEnv(PORT);
  try {
    runScript('bench/catalog-fill.ts', env, true);
    const search = spawnSync(process.execPath, ['--import', 'tsx', 'bench/catalog-search.ts'], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 16 * 1024 * 1024,
    });
    if (search.status !== 0) throw new Error(`bench/catalog-search.ts failed (exit ${search.status})`);
    const report = JSON.parse(search.stdout.trim().split('\n').at(-1) ?? '') as SearchReport;
    const searchP95 = printSearch(report);

    const server = startServer(env);
    try {
      await waitFor(`${base}/~offline`);
      const suggestions = await typeahead(base, report.typeahead);
      console.log(`\nheader typeahead /api/catalogo/sugestoes, one request at a time, latency seen by the client:`);
      console.log(summary('typed prefixes', suggestions));

      const edition = `${base}/ed/${report.popularEditionId}`;
      if ((await fetch(edition, { headers: BROWSER_ENCODINGS })).status !== 200) throw new Error(`${edition} is not a page`);
      const results = [
        await drive('/~offline (prerendered)', `${base}/~offline`, server.pid!, BROWSER_ENCODINGS),
        await drive('/ed/{id} (visitor, HTML cache)', edition, server.pid!, BROWSER_ENCODINGS),
      ];
      console.log(`\nserver on ${report.backend}, ${DURATION}s per target, 50 connections`);
      printResults(results);
      const ratio = results[1]!.rps / results[0]!.rps;
      const typeaheadP95 = percentile(suggestions, 0.95);
      console.log(`\nsearch p95 ${searchP95.toFixed(1)} ms (target ≤ ${SEARCH_TARGET_MS} ms on PostgreSQL): ${verdict(searchP95 <= SEARCH_TARGET_MS)}`);
      console.log(`typeahead p95 ${typeaheadP95.toFixed(1)} ms (target ≤ ${TYPEAHEAD_TARGET_MS} ms): ${verdict(typeaheadP95 <= TYPEAHEAD_TARGET_MS)}`);
      console.log(
        `/ed/{id} vs /~offline throughput ${(ratio * 100).toFixed(1)} % (target ≥ ${THROUGHPUT_TARGET * 100} %): ${verdict(ratio >= THROUGHPUT_TARGET)}`,
      );
    } finally {
      await stopServer(server);
    }
  } finally {
    // The embedded catalogue is a few hundred MB; PostgreSQL's database is the caller's to drop.
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();

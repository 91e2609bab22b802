/**
 * npm run bench:lighthouse — figures, not tests. Starts the built server on a fresh seeded data directory
 * (the embedded database, or BENCH_DATABASE_URL) and runs Lighthouse's mobile audit (its default: a
 * simulated mid-range phone on a slow 4G network) five times on each public page the foundation issue
 * names, printing every run's performance and accessibility scores and their medians. Chromium is
 * Debian's, driven by Lighthouse's own command line (its Node API lost the trace under tsx: NO_NAVSTART); BENCH_PORT (default 3320) moves the
 * server off the default port.
 */
import { spawnSync } from 'node:child_process';
import { benchEnv, runScript, startServer, stopServer, waitFor } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3320);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const PAGES = ['/', '/auth/signin', '/novidades'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

type Report = {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
  runtimeError?: { code: string; message: string };
};

/** Lighthouse's own advice for a trace it failed to record ("Please run Lighthouse again"): a run hits it now and then. */
const RETRIED_ERRORS = ['NO_NAVSTART'];
const ATTEMPTS = 3;
let retries = 0;

function auditOnce(url: string): Report {
  const run = spawnSync(
    'node_modules/.bin/lighthouse',
    [
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance,accessibility',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) {
    const retried = RETRIED_ERRORS.find((code) => run.stderr.includes(`(${code})`));
    if (retried) return { categories: {}, audits: {}, runtimeError: { code: retried, message: run.stderr.trim() } };
    throw new Error(`lighthouse ${url} failed (exit ${run.status}): ${run.stderr}`);
  }
  return JSON.parse(run.stdout) as Report;
}

/** One audit, run again (at most ATTEMPTS times in all) when Lighthouse failed to record the trace. */
function audit(url: string): Report {
  for (let attempt = 1; ; attempt++) {
    const report = auditOnce(url);
    if (!report.runtimeError || !RETRIED_ERRORS.includes(report.runtimeError.code) || attempt === ATTEMPTS) return report;
    retries++;
  }
}

async function main() {
  const { env, base } = benchEnv(PORT);
  runScript('scripts/seed.ts', env);
  const server = startServer(env);
  try {
    await waitFor(`${base}/~offline`);
    console.log(`Lighthouse (mobile, simulated throttling), ${RUNS} runs per page\n`);
    console.log('page'.padEnd(16), 'performance (each run)'.padEnd(34), 'median', ' accessibility median', '  medians: FCP / LCP / TBT (ms), CLS');
    for (const page of PAGES) {
      const performance: number[] = [];
      const accessibility: number[] = [];
      const fcp: number[] = [];
      const lcp: number[] = [];
      const tbt: number[] = [];
      const cls: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const { categories, audits, runtimeError } = audit(`${base}${page}`);
        if (runtimeError) throw new Error(`${page}: ${runtimeError.code} ${runtimeError.message}`);
        performance.push(Math.round((categories.performance?.score ?? 0) * 100));
        accessibility.push(Math.round((categories.accessibility?.score ?? 0) * 100));
        fcp.push(audits['first-contentful-paint']?.numericValue ?? Number.NaN);
        lcp.push(audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
        tbt.push(audits['total-blocking-time']?.numericValue ?? Number.NaN);
        cls.push(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
      }
      console.log(
        page.padEnd(16),
        performance.join(' ').padEnd(34),
        String(median(performance)).padStart(6),
        String(median(accessibility)).padStart(21),
        `  ${median(fcp).toFixed(0)} / ${median(lcp).toFixed(0)} / ${median(tbt).toFixed(0)}, ${median(cls).toFixed(3)}`,
      );
    }
    if (retries > 0) console.log(`\n${retries} run(s) repeated after Lighthouse failed to record the trace (${RETRIED_ERRORS.join(', ')}).`);
  } finally {
    await stopServer(server);
  }
}

void main();

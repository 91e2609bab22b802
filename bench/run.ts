/**
 * npm run bench — figures, not tests. Starts the built server on a fresh seeded data directory and, in one
 * run, drives a bare node:http server, /~offline (prerendered reference) and / (visitor, HTML cache) with
 * autocannon (50 connections), printing req/s, p50, p99, the ratios and the server's CPU ms per request;
 * then a signed-in /configuracoes/conta, idle memory and the first-load JavaScript of / in Chromium.
 * BENCH_DATABASE_URL runs the server on PostgreSQL instead of the embedded database; BENCH_PORT (default 3300,
 * the bare server takes the next one) moves it off the default ports.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

// Overridable so several people can bench side by side on one machine.
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BARE_PORT = PORT + 1;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const base = `http://127.0.0.1:${PORT}`;
const pgUrl = process.env.BENCH_DATABASE_URL;

const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticks) * 1000;
}
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function waitFor(url: string) {
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

type Result = { label: string; rps: number; p50: number; p99: number; cpuPerRequest: number | null; errors: number };

async function drive(label: string, url: string, pid: number | null, headers: Record<string, string> = {}): Promise<Result> {
  await autocannon({ url, connections: 10, duration: 2, headers }); // warm-up
  const before = pid ? cpuMs(pid) : 0;
  const result = await autocannon({ url, connections: 50, duration: DURATION, headers });
  const cpu = pid ? cpuMs(pid) - before : 0;
  const total = result.requests.total;
  return { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuPerRequest: pid ? cpu / total : null, errors: result.errors + result.non2xx };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'maratona-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), PUBLIC_URL: base, LOG_LEVEL: 'warn', NODE_ENV: 'production', RATE_LIMIT_SIGNIN_IP_PER_MINUTE: '100000' };
  if (pgUrl) env.DATABASE_URL = pgUrl;
  else delete env.DATABASE_URL;
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { env, stdio: 'ignore' });

  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>ok</title><p>ok</p>');
  }).listen(BARE_PORT);
  const server: ChildProcess = spawn(process.execPath, ['build/server.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const pid = server.pid!;
  try {
    await waitFor(`${base}/~offline`);
    await new Promise((r) => setTimeout(r, 3000));
    const idle = rssMb(pid);
    const gz = { 'Accept-Encoding': 'gzip' };
    const results = [
      await drive('bare node:http', `http://127.0.0.1:${BARE_PORT}/`, null, gz),
      await drive('/~offline (prerendered)', `${base}/~offline`, pid, gz),
      await drive('/ (visitor, HTML cache)', `${base}/`, pid, gz),
    ];

    const signIn = await fetch(`${base}/auth/signin`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
      body: new URLSearchParams({ intent: 'entrar', identifier: 'lia_leitora', password: 'maratona-demo-2026', callbackUrl: '/' }),
    });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    results.push(await drive('/configuracoes/conta (signed in)', `${base}/configuracoes/conta`, pid, { ...gz, Cookie: cookie }));

    console.log(`\nserver on ${pgUrl ? 'PostgreSQL' : 'PGlite'}, ${DURATION}s per target, 50 connections`);
    console.log('target'.padEnd(36), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'CPU ms/req'.padStart(11), 'errors'.padStart(7));
    for (const r of results) {
      console.log(r.label.padEnd(36), r.rps.toFixed(0).padStart(9), String(r.p50).padStart(8), String(r.p99).padStart(8), (r.cpuPerRequest?.toFixed(3) ?? '—').padStart(11), String(r.errors).padStart(7));
    }
    const [b, offline, home] = results;
    console.log(`\n/ vs /~offline throughput: ${((home!.rps / offline!.rps) * 100).toFixed(1)} %   /~offline vs bare: ${((offline!.rps / b!.rps) * 100).toFixed(1)} %`);
    console.log(`server memory: ${idle.toFixed(0)} MB idle after start, ${rssMb(pid).toFixed(0)} MB after the run`);

    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    const page = await browser.newPage();
    const scripts: { url: string; size: Promise<number> }[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push({ url: request.url(), size: request.sizes().then((s) => s.responseBodySize) });
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    const transferred = (await Promise.all(scripts.map((s) => s.size))).reduce((a, n) => a + n, 0);
    let gzip = 0;
    for (const { url } of scripts) gzip += Number((await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } })).headers.get('content-length'));
    console.log(`first-load JavaScript of / in Chromium: ${scripts.length} files, ${(gzip / 1024).toFixed(1)} KB as gzip, ${(transferred / 1024).toFixed(1)} KB as transferred (brotli)`);
    await browser.close();
  } finally {
    server.kill('SIGTERM');
    bare.close();
  }
}

void main();

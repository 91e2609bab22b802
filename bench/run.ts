/**
 * npm run bench — figures, not tests. Starts the built server on a fresh seeded data directory and, in one
 * run, drives a bare node:http server, /~offline (prerendered reference) and / (visitor, HTML cache) with
 * autocannon (50 connections), printing req/s, p50, p99, the ratios and the server's CPU ms per request;
 * then a signed-in /configuracoes/conta, idle memory and the first-load JavaScript of / in Chromium.
 * BENCH_DATABASE_URL runs the server on PostgreSQL instead of the embedded database; BENCH_PORT (default 3300,
 * the bare server takes the next one) moves it off the default ports.
 */
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import {
  BROWSER_ENCODINGS,
  DEMO_READER,
  benchEnv,
  drive,
  DURATION,
  pgUrl,
  printResults,
  rssMb,
  runScript,
  signIn,
  startServer,
  stopServer,
  waitFor,
} from './harness';

// Overridable so several people can bench side by side on one machine; the bare server takes the next port.
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BARE_PORT = PORT + 1;

async function main() {
  const { env, base } = benchEnv(PORT);
  runScript('scripts/seed.ts', env);

  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>ok</title><p>ok</p>');
  }).listen(BARE_PORT);
  const server = startServer(env);
  const pid = server.pid!;
  try {
    await waitFor(`${base}/~offline`);
    await new Promise((r) => setTimeout(r, 3000));
    const idle = rssMb(pid);
    const results = [
      await drive('bare node:http', `http://127.0.0.1:${BARE_PORT}/`, null, BROWSER_ENCODINGS),
      await drive('/~offline (prerendered)', `${base}/~offline`, pid, BROWSER_ENCODINGS),
      await drive('/ (visitor, HTML cache)', `${base}/`, pid, BROWSER_ENCODINGS),
    ];

    const cookie = await signIn(base, DEMO_READER);
    results.push(await drive('/configuracoes/conta (signed in)', `${base}/configuracoes/conta`, pid, { ...BROWSER_ENCODINGS, Cookie: cookie }));

    console.log(`\nserver on ${pgUrl ? 'PostgreSQL' : 'PGlite'}, ${DURATION}s per target, 50 connections`);
    printResults(results);
    const [b, offline, home] = results;
    console.log(
      `\n/ vs /~offline throughput: ${((home!.rps / offline!.rps) * 100).toFixed(1)} %   /~offline vs bare: ${((offline!.rps / b!.rps) * 100).toFixed(1)} %`,
    );
    console.log(`server memory: ${idle.toFixed(0)} MB idle after start, ${rssMb(pid).toFixed(0)} MB after the run`);

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const page = await browser.newPage();
    const scripts: { url: string; size: Promise<number> }[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push({ url: request.url(), size: request.sizes().then((s) => s.responseBodySize) });
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    const transferred = (await Promise.all(scripts.map((s) => s.size))).reduce((a, n) => a + n, 0);
    let gzip = 0;
    for (const { url } of scripts) gzip += Number((await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } })).headers.get('content-length'));
    console.log(
      `first-load JavaScript of / in Chromium: ${scripts.length} files, ${(gzip / 1024).toFixed(1)} KB as gzip, ${(transferred / 1024).toFixed(1)} KB as transferred (brotli)`,
    );
    await browser.close();
  } finally {
    await stopServer(server);
    bare.close();
  }
}

void main();

/**
 * npm run bench:bodies — figures, not tests. Starts the built server on a fresh data directory and sends
 * BENCH_BODIES (default 20) concurrent bodies of BENCH_BODY_MB (default 30) MB to /auth/signin, once with
 * Content-Length and once chunked, sampling the server's RSS every 20 ms: prints how each body was answered
 * and the server's memory before, at its peak during each round and after it (the issue asks for a rise of
 * at most 20 MB). BENCH_PORT (default 3330) moves it off the default port.
 */
import { request } from 'node:http';
import { benchEnv, rssMb, startServer, stopServer, waitFor } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3330);
const BODIES = Number(process.env.BENCH_BODIES ?? 20);
const BODY_BYTES = Number(process.env.BENCH_BODY_MB ?? 30) * 1024 * 1024;
const PIECE = Buffer.alloc(64 * 1024, 'a');

/** One body, written as fast as the server takes it until the server answers or closes: its status, or the error that ended it. */
function send(chunked: boolean): Promise<string> {
  return new Promise((resolve) => {
    let outcome = '';
    const headers: Record<string, string | number> = { 'Content-Type': 'application/x-www-form-urlencoded' };
    if (!chunked) headers['Content-Length'] = BODY_BYTES;
    const req = request({ host: '127.0.0.1', port: PORT, method: 'POST', path: '/auth/signin', headers }, (res) => {
      outcome = String(res.statusCode);
      res.resume();
      res.on('close', () => resolve(outcome));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!outcome) resolve(error.code ?? error.message);
    });
    let sent = 0;
    const write = () => {
      while (!outcome && !req.destroyed && sent < BODY_BYTES) {
        sent += PIECE.length;
        if (!req.write(PIECE)) return void req.once('drain', write);
      }
      if (!req.destroyed) req.end();
    };
    write();
  });
}

/** The server's RSS sampled while `work` runs: its peak. */
async function peakDuring(pid: number, work: Promise<unknown>): Promise<number> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  await work;
  clearInterval(sampler);
  return Math.max(peak, rssMb(pid));
}

const tally = (outcomes: string[]) =>
  Object.entries(outcomes.reduce<Record<string, number>>((counts, o) => ({ ...counts, [o]: (counts[o] ?? 0) + 1 }), {}))
    .map(([o, n]) => `${n}× ${o}`)
    .join(', ');

async function main() {
  const { env, base } = benchEnv(PORT);
  const server = startServer(env);
  const pid = server.pid!;
  try {
    await waitFor(`${base}/~offline`);
    // The sign-in route's modules loaded and the process settled before the idle reading.
    for (let i = 0; i < 5; i++) await fetch(`${base}/auth/signin`, { method: 'POST', body: new URLSearchParams({ identifier: 'x', password: 'x' }) });
    await new Promise((r) => setTimeout(r, 3000));
    const idle = rssMb(pid);
    console.log(`${BODIES} concurrent bodies of ${BODY_BYTES / 1024 / 1024} MB to /auth/signin; server idle at ${idle.toFixed(1)} MB`);
    for (const chunked of [false, true]) {
      const before = rssMb(pid);
      const outcomes: string[] = [];
      const started = performance.now();
      const peak = await peakDuring(pid, Promise.all(Array.from({ length: BODIES }, () => send(chunked).then((o) => outcomes.push(o)))));
      const ms = performance.now() - started;
      await new Promise((r) => setTimeout(r, 1000));
      console.log(
        `${(chunked ? 'chunked' : 'Content-Length').padEnd(15)} answers: ${tally(outcomes)} in ${ms.toFixed(0)} ms; RSS ${before.toFixed(1)} → peak ${peak.toFixed(1)} MB (+${(peak - before).toFixed(1)} MB), ${rssMb(pid).toFixed(1)} MB a second later`,
      );
    }
  } finally {
    await stopServer(server);
  }
}

void main();

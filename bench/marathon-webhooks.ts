/**
 * npm run bench:webhooks — figures, not tests. Marathon webhooks' deliveries against the issue's rate: 2,000
 * participant updates a minute (issue 29). On the PostgreSQL database in BENCH_DATABASE_URL or a fresh PGlite
 * directory, one marathon with WEBHOOK_BENCH_READERS participants (each with two linked editions and a ticked
 * activity) and its webhook pointing at a local receiver (node:http on 127.0.0.1, WEBHOOKS_ALLOW_LOOPBACK=true).
 *  1. capacity: one delivery queued for each participant at once, then drained by one job runner
 *     (startJobRunner, as a server runs it): deliveries per minute;
 *  2. sustained: WEBHOOK_BENCH_SECONDS of updates at WEBHOOK_BENCH_RATE a minute to random participants, each a
 *     link's progress changed and the webhook queued in the same transaction, while the runner delivers: per
 *     10 s, updates, deliveries and the backlog (deliveries waiting), which must not grow.
 */
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';

const dataDir = mkdtempSync(path.join(tmpdir(), 'maratona-bench-webhooks-'));
process.env.DATA_DIR = dataDir;
process.env.WEBHOOKS_ALLOW_LOOPBACK = 'true';
process.env.LOG_LEVEL ??= 'warn';
process.env.PUBLIC_URL ??= 'http://127.0.0.1:3000';
if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.DATABASE_URL;

const READERS = Number(process.env.WEBHOOK_BENCH_READERS ?? 3000);
const SECONDS = Number(process.env.WEBHOOK_BENCH_SECONDS ?? 120);
const RATE = Number(process.env.WEBHOOK_BENCH_RATE ?? 2000);
const WINDOW_SECONDS = 10;

async function main() {
  const { closeDatabase, getDb, migrateDatabase, queryRows } = await import('~/db/client.server');
  const { ingestEdition } = await import('~/features/catalog/ingest/editions.server');
  const { enqueueParticipantWebhook } = await import('~/features/marathons/webhooks.server');
  const { startJobRunner } = await import('~/server/jobs.server');
  const { newId } = await import('~/lib/ids');

  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;

  await migrateDatabase();
  const db = getDb();
  const run = newId()
    .slice(0, 8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');
  const marathonId = `bench-wh-${run}`;
  const editions: string[] = [];
  for (const title of ['Dom Casmurro', 'Vidas Secas'])
    editions.push(await db.transaction(async (tx) => (await ingestEdition(tx, { title: `${title} ${run}`, authors: [`Autora ${run}`] })).editionId));
  await db.execute(sql`INSERT INTO users (id, name, email, email_verified, username)
    SELECT ${`${marathonId}-u`} || i, 'Leitora ' || i, ${`${run}-`} || i || '@bench.maratona.app', true, ${`wh_${run}_`} || i
    FROM generate_series(1, ${READERS}) i`);
  await db.execute(sql`INSERT INTO marathons (id, slug, name, official, starts_on, ends_on, registration_opens_on, registration_closes_on, visibility)
    VALUES (${marathonId}, ${`bancada-${run}`}, 'Maratona de Bancada', true, current_date, current_date + 13, current_date - 1, current_date + 13, 'publico')`);
  await db.execute(sql`INSERT INTO marathon_categories (id, marathon_id, position, name) VALUES (${`${marathonId}-c`}, ${marathonId}, 0, 'Clássicos')`);
  await db.execute(sql`INSERT INTO marathon_challenges (id, marathon_id, category_id, position, kind, description) VALUES
    (${`${marathonId}-d0`}, ${marathonId}, ${`${marathonId}-c`}, 0, 'leitura', 'Leia um clássico'),
    (${`${marathonId}-d1`}, ${marathonId}, ${`${marathonId}-c`}, 1, 'leitura', 'Leia um livro curto'),
    (${`${marathonId}-d2`}, ${marathonId}, ${`${marathonId}-c`}, 2, 'atividade', 'Poste uma foto')`);
  await db.execute(sql`INSERT INTO marathon_participants (marathon_id, user_id, status)
    SELECT ${marathonId}, ${`${marathonId}-u`} || i, 'active' FROM generate_series(1, ${READERS}) i`);
  await db.execute(sql`INSERT INTO marathon_challenge_links (id, marathon_id, challenge_id, user_id, edition_id, progress, comment)
    SELECT ${`${marathonId}-l`} || i || '-' || k, ${marathonId}, ${marathonId} || '-d' || k, ${`${marathonId}-u`} || i,
      (ARRAY[${editions[0]!}, ${editions[1]!}])[k + 1], (i * 7) % 100, 'Gostando muito'
    FROM generate_series(1, ${READERS}) i, generate_series(0, 1) k`);
  await db.execute(sql`INSERT INTO marathon_challenge_completions (marathon_id, challenge_id, user_id)
    SELECT ${marathonId}, ${`${marathonId}-d2`}, ${`${marathonId}-u`} || i FROM generate_series(1, ${READERS}) i`);
  await db.execute(sql`INSERT INTO marathon_webhooks (id, marathon_id, url, api_key, secret)
    VALUES (${`${marathonId}-w`}, ${marathonId}, ${url}, 'chave-de-bancada', 'segredo-de-bancada')`);

  const backlog = async () =>
    (
      await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM marathon_webhook_deliveries
        WHERE webhook_id = ${`${marathonId}-w`} AND status IN ('pendente', 'enviando')`)
    )[0]!.n;
  const reader = (i: number) => `${marathonId}-u${i}`;
  const update = (i: number) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE marathon_challenge_links SET progress = (progress + 1) % 101, updated_at = now() WHERE id = ${`${marathonId}-l${i}-0`}`);
      await enqueueParticipantWebhook(tx, { marathonId, userId: reader(i) });
    });

  // 1. Capacity: a delivery for every participant, then the runner drains them.
  for (let i = 1; i <= READERS; i++) await update(i);
  const runner = startJobRunner('bench-webhooks', 2000);
  let started = performance.now();
  while ((await backlog()) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  const drainSeconds = (performance.now() - started) / 1000;
  const capacity = (received / drainSeconds) * 60;
  console.log(`capacity: ${received} deliveries in ${drainSeconds.toFixed(1)} s = ${capacity.toFixed(0)} deliveries/min (one runner)`);

  // 2. Sustained: RATE updates a minute, spread evenly, to random participants.
  received = 0;
  let updates = 0;
  const windows: { updates: number; deliveries: number; backlog: number }[] = [];
  let lastUpdates = 0;
  let lastReceived = 0;
  started = performance.now();
  const interval = 60_000 / RATE;
  let next = performance.now();
  let windowEnd = started + WINDOW_SECONDS * 1000;
  console.log(`\nsustained: ${RATE} updates/min for ${SECONDS} s to ${READERS} participants`);
  console.log('window'.padEnd(10), 'updates'.padStart(8), 'deliveries'.padStart(11), 'backlog'.padStart(8));
  while (performance.now() - started < SECONDS * 1000) {
    await update(1 + Math.floor(Math.random() * READERS));
    updates += 1;
    next += interval;
    const now = performance.now();
    if (now >= windowEnd) {
      const row = { updates: updates - lastUpdates, deliveries: received - lastReceived, backlog: await backlog() };
      windows.push(row);
      console.log(
        `${((windowEnd - started) / 1000).toFixed(0)} s`.padEnd(10),
        String(row.updates).padStart(8),
        String(row.deliveries).padStart(11),
        String(row.backlog).padStart(8),
      );
      lastUpdates = updates;
      lastReceived = received;
      windowEnd += WINDOW_SECONDS * 1000;
    }
    if (next > now) await new Promise((resolve) => setTimeout(resolve, next - now));
  }
  const elapsed = (performance.now() - started) / 1000;
  await runner.stop();
  receiver.close();

  const perMinute = (n: number) => (n / elapsed) * 60;
  const third = Math.max(1, Math.floor(windows.length / 3));
  const mean = (rows: typeof windows) => rows.reduce((s, r) => s + r.backlog, 0) / rows.length;
  const early = mean(windows.slice(0, third));
  const late = mean(windows.slice(-third));
  const growing = late > Math.max(early * 1.5, early + 20);
  console.log(
    `\nupdates ${perMinute(updates).toFixed(0)}/min, deliveries ${perMinute(received).toFixed(0)}/min (coalescing joins updates of one reader that wait)`,
  );
  console.log(`backlog: mean ${early.toFixed(1)} in the first third, ${late.toFixed(1)} in the last: ${growing ? 'GROWING — FAIL' : 'steady — PASS'}`);
  console.log(`capacity ${capacity.toFixed(0)} deliveries/min vs ${RATE} updates/min: ${capacity >= RATE ? 'PASS' : 'FAIL'}`);
  await closeDatabase();
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    // The receiver and the database's timers would keep a failed run alive.
    process.exit();
  });

/**
 * The writer of `npm run bench:marathons`: applies MARATHON_UPDATES_PER_MINUTE score updates a minute to each of
 * the bench's marathons (bench/marathons-fill.ts), to random participants, until SIGTERM; then prints how many it
 * applied and their latency. Run by bench/marathons.ts with the server's environment.
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, getDb, queryRows } from '~/db/client.server';
import { BENCH_MARATHONS, percentile } from './harness';
import { applyScoreUpdate } from './marathons-score';

const PER_MINUTE = Number(process.env.MARATHON_UPDATES_PER_MINUTE ?? 2_000);

async function main() {
  const db = getDb();
  const marathons = await Promise.all(
    Object.values(BENCH_MARATHONS).map(async (m) => ({
      id: m.id,
      users: (await queryRows<{ user_id: string }>(sql`SELECT user_id FROM marathon_participants WHERE marathon_id = ${m.id} AND status = 'active'`)).map(
        (r) => r.user_id,
      ),
    })),
  );
  const latencies: number[] = [];
  const started = performance.now();
  let stopping = false;
  process.once('SIGTERM', () => {
    stopping = true;
  });
  const interval = 60_000 / PER_MINUTE;
  for (let tick = 0; !stopping; tick += 1) {
    const due = started + tick * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await Promise.all(
      marathons.map(async (m) => {
        const userId = m.users[Math.floor(Math.random() * m.users.length)]!;
        const points = Math.random() < 0.3 ? 1 + Math.floor(Math.random() * 5) : 0;
        const begun = performance.now();
        await applyScoreUpdate(db, m.id, userId, {
          challengesDone: points > 0 ? 1 : 0,
          points,
          pages: Math.floor(Math.random() * 30),
          minutes: Math.floor(Math.random() * 40),
        });
        latencies.push(performance.now() - begun);
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `writer: ${latencies.length} score updates in ${seconds.toFixed(0)} s (${(((latencies.length / seconds) * 60) / marathons.length).toFixed(0)}/min per marathon, target ${PER_MINUTE}),`,
    `update p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());

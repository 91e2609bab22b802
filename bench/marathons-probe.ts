/**
 * The probe of `npm run bench:marathons`: MARATHON_PROBES times, while the writer runs, gives a participant of
 * "Maratona de Bancada" who is not on the ranking's first page one point more than the leader (through the same
 * score update as the writer), then reads `/m/{id}/ranking` every 50 ms until their row is on it. Prints the
 * p50/p95 time from the update's start to the first ranking that shows it (issue 29: ≤ 2 s p95). Run by
 * bench/marathons.ts with the server's environment.
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, getDb, queryRows } from '~/db/client.server';
import { BENCH_MARATHONS, percentile, verdict } from './harness';
import { applyScoreUpdate } from './marathons-score';

const PROBES = Number(process.env.MARATHON_PROBES ?? 20);
const TARGET_MS = 2_000;
const GIVE_UP_MS = 30_000;

async function main() {
  const db = getDb();
  const marathon = BENCH_MARATHONS.levels;
  const ranking = `${process.env.PUBLIC_URL}/m/${marathon.slug}/ranking`;
  const times: number[] = [];
  for (let i = 0; i < PROBES; i++) {
    const [probe] = await queryRows<{ user_id: string; username: string; behind: number }>(
      sql`SELECT p.user_id, u.username,
          (SELECT max(points) FROM marathon_participants WHERE marathon_id = ${marathon.id} AND status = 'active') - p.points AS behind
        FROM marathon_participants p JOIN users u ON u.id = p.user_id
        WHERE p.marathon_id = ${marathon.id} AND p.status = 'active' AND u.username LIKE 'maratonista\\_%' AND p.points < 100
        ORDER BY random() LIMIT 1`,
    );
    if (!probe) throw new Error('no participant to probe');
    const row = `/u/${probe.username}"`;
    const started = performance.now();
    await applyScoreUpdate(db, marathon.id, probe.user_id, { challengesDone: 0, points: probe.behind + 1, pages: 0, minutes: 0 });
    for (;;) {
      const body = await (await fetch(ranking)).text();
      if (body.includes(row)) break;
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`${probe.username} did not reach the ranking in ${GIVE_UP_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    times.push(performance.now() - started);
  }
  const p95 = percentile(times, 0.95);
  console.log(
    `update → ranking: ${PROBES} probes, p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (≤ ${TARGET_MS}): ${verdict(p95 <= TARGET_MS)}`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());

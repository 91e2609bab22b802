/** Child process for the crash test: writes one committed row at a time and reports each commit. */
import { sql } from 'drizzle-orm';
import { getDatabase, migrateDatabase, queryRows } from '~/db/client.server';

// Bounded, so a writer whose test died before killing it stops by itself.
const STOP_AFTER_MS = 120_000;
const deadline = Date.now() + STOP_AFTER_MS;
const database = getDatabase();
await migrateDatabase(database);
for (let i = 1; Date.now() < deadline; i++) {
  await database.db.execute(sql`INSERT INTO rate_limit_counters (key, window_start, count) VALUES (${`crash-${i}`}, now(), ${i})`);
  const [row] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM rate_limit_counters WHERE key LIKE 'crash-%'`);
  process.stdout.write(`committed ${row?.n}\n`);
}
await database.close();

/** Child process for the crash test: writes one committed row at a time and reports each commit. */
import { sql } from 'drizzle-orm';
import { getDatabase, migrateDatabase, queryRows } from '~/db/client.server';

const database = getDatabase();
await migrateDatabase(database);
for (let i = 1; ; i++) {
  await database.db.execute(sql`INSERT INTO rate_limit_counters (key, window_start, count) VALUES (${`crash-${i}`}, now(), ${i})`);
  const [row] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM rate_limit_counters WHERE key LIKE 'crash-%'`);
  process.stdout.write(`committed ${row?.n}\n`);
}

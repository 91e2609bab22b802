/**
 * `npm run seed`: the demo data (scripts/demo-data.ts) on the configured database. Idempotent. Runs with the
 * server stopped (it takes the embedded database's lock).
 */
import { closeDatabase, getDatabase, migrateDatabase } from '~/db/client.server';

async function main() {
  const database = getDatabase();
  // Everything heavy is loaded once the database lock is ours, so a second process is refused at once.
  const { seedDemo } = await import('./demo-data');
  await migrateDatabase(database);
  for (const line of await seedDemo()) console.log(line);
  console.log(`Dados de demonstração prontos (${database.kind}).`);
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());

import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, getDatabase, migrateDatabase, useDatabaseForTests } from '~/db/client.server';
import { newsPosts } from '~/db/schema';
import { createBackup, restoreBackup, tableRowCounts } from './backup.server';
import { resetEnvForTests } from './env.server';

/** Backup and restore of the embedded database, on real data directories. */
describe.skipIf(!!process.env.DATABASE_URL)('embedded database backup', () => {
  const original = process.env.DATA_DIR;
  afterEach(async () => {
    await closeDatabase();
    process.env.DATA_DIR = original;
    resetEnvForTests();
    useDatabaseForTests(undefined);
  });

  it('restores into an empty data directory with identical row counts, and refuses a non-empty one', async () => {
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'maratona-backup-'));
    resetEnvForTests();
    const database = getDatabase();
    await migrateDatabase(database);
    for (let i = 0; i < 25; i++) {
      await database.db.insert(newsPosts).values({ id: `n${i}`, slug: `n-${i}`, title: `Novidade ${i}`, body: 'Texto' });
    }
    await database.db.execute(sql`INSERT INTO rate_limit_counters VALUES ('x', now(), 3)`);
    const { file, counts } = await createBackup(database);
    expect(counts.news_posts).toBe(25);
    await closeDatabase();

    await expect(restoreBackup(file)).rejects.toThrow(/não está vazio/);

    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'maratona-restore-'));
    resetEnvForTests();
    const restored = await restoreBackup(file);
    expect(restored).toEqual(counts);
    const again = getDatabase();
    expect(await tableRowCounts(again)).toEqual(counts);
  }, 60_000);
});

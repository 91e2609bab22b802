import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openPglite, queryRows } from './client.server';

/**
 * The embedded database under a hard crash: a writer is killed with SIGKILL mid-write; a second process
 * meanwhile is refused by the lock; afterwards the data directory opens again (the stale lock is taken
 * over) with every committed row.
 */
describe.skipIf(!!process.env.DATABASE_URL)('PGlite crash safety', () => {
  it('keeps every committed row after kill -9, and refuses a second process while the first runs', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'maratona-crash-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const writer = spawn(process.execPath, ['--import', 'tsx', 'test/pglite-writer.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    // A failed assertion must not leave the writer running: it would write forever and slow every later test.
    onTestFinished(() => {
      if (writer.exitCode === null && writer.signalCode === null) writer.kill('SIGKILL');
    });
    let committed = 0;
    writer.stdout.on('data', (chunk: Buffer) => {
      for (const m of chunk.toString().matchAll(/committed (\d+)/g)) committed = Math.max(committed, Number(m[1]));
    });
    await expect.poll(() => committed, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(20);

    const started = Date.now();
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { env, encoding: 'utf8', timeout: 20_000 });
    expect(second.status).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000 + 3_000); // tsx start-up on a loaded CI machine
    expect(second.stderr).toContain('já está em uso pelo processo');

    writer.kill('SIGKILL');
    await new Promise((resolve) => writer.on('exit', resolve));
    const lastReported = committed;

    const database = openPglite(path.join(dataDir, 'db'));
    try {
      const [row] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM rate_limit_counters WHERE key LIKE 'crash-%'`, database.db);
      expect(row?.n).toBeGreaterThanOrEqual(lastReported);
    } finally {
      await database.close();
    }
  }, 90_000);
});

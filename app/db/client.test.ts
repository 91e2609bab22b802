import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres, queryRows } from './client.server';

describe('PostgreSQL connections', () => {
  it.skipIf(!process.env.DATABASE_URL)('run without JIT or parallel workers, whatever the server’s defaults', async () => {
    const database = openPostgres(process.env.DATABASE_URL ?? '');
    try {
      const [row] = await queryRows<{ jit: string; workers: string }>(sql`SELECT current_setting('jit') AS jit, current_setting('max_parallel_workers_per_gather') AS workers`, database.db);
      expect(row).toEqual({ jit: 'off', workers: '0' });
    } finally {
      await database.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres, queryRows } from './client.server';

describe('PostgreSQL connections', () => {
  it.skipIf(!process.env.DATABASE_URL)('run without JIT, whatever the server’s default', async () => {
    const database = openPostgres(process.env.DATABASE_URL ?? '');
    try {
      const [row] = await queryRows<{ jit: string }>(sql`SHOW jit`, database.db);
      expect(row?.jit).toBe('off');
    } finally {
      await database.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { PREPARED_PER_CONNECTION, createPostgresPool, drizzleOptions, openPostgres, queryRows, type Db } from './client.server';

describe('PostgreSQL connections', () => {
  it.skipIf(!process.env.DATABASE_URL)('run without JIT or parallel workers, whatever the server’s defaults', async () => {
    const database = openPostgres(process.env.DATABASE_URL ?? '');
    try {
      const [row] = await queryRows<{ jit: string; workers: string }>(
        sql`SELECT current_setting('jit') AS jit, current_setting('max_parallel_workers_per_gather') AS workers`,
        database.db,
      );
      expect(row).toEqual({ jit: 'off', workers: '0' });
    } finally {
      await database.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('prepare each statement with parameters once per connection, and at most a bounded number of them', async () => {
    // One connection, so every statement below meets the same session's prepared statements.
    const pool = createPostgresPool(process.env.DATABASE_URL ?? '', 1);
    const db = drizzle(pool, drizzleOptions) as unknown as Db;
    const prepared = async () =>
      (await queryRows<{ statement: string }>(sql`SELECT statement FROM pg_prepared_statements ORDER BY prepare_time`, db)).map((r) => r.statement);
    try {
      const twice = (n: number) => queryRows<{ n: number }>(sql`SELECT ${n}::int * 2 AS n`, db);
      expect(await twice(2)).toEqual([{ n: 4 }]);
      expect(await twice(5)).toEqual([{ n: 10 }]);
      expect((await prepared()).filter((s) => s.includes('* 2 AS n'))).toHaveLength(1);
      // Without parameters there is nothing to reuse: the statement runs unnamed.
      await queryRows(sql`SELECT 'sem parâmetros' AS t`, db);
      expect((await prepared()).some((s) => s.includes('sem parâmetros'))).toBe(false);

      // Texts that differ without end (a list's length, say) stop being prepared at the bound, and still run.
      for (let i = 0; i < PREPARED_PER_CONNECTION + 5; i++) {
        const [row] = await queryRows<{ n: number }>(sql`SELECT ${i}::int AS n, ${sql.raw(String(i))} AS k`, db);
        expect(row?.n).toBe(i);
      }
      expect(await prepared()).toHaveLength(PREPARED_PER_CONNECTION);
    } finally {
      await pool.end();
    }
  });
});

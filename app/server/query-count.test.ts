import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { users } from '~/db/schema';
import { useTestDatabase } from '../../test/db';
import { countQueries } from './query-count.server';

useTestDatabase();

describe('countQueries', () => {
  it('counts the statements issued inside it, and only those', async () => {
    await queryRows(sql`SELECT 1`); // outside: not counted
    const { result, queries } = await countQueries(async () => {
      await getDb().select().from(users);
      await Promise.all([queryRows(sql`SELECT 1`), queryRows(sql`SELECT 2`)]);
      await getDb().transaction(async (tx) => {
        await tx.select().from(users);
      });
      return 'done';
    });
    expect(result).toBe('done');
    // select + 2 raw + (begin + select + commit) inside the transaction
    expect(queries).toBeGreaterThanOrEqual(4);
    const again = await countQueries(async () => queryRows(sql`SELECT 1`));
    expect(again.queries).toBe(1);
  });
});

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

/**
 * Counting the SQL statements one request issues (the benchmarks' "no page issues more than 10 queries").
 * Every Drizzle query — raw `execute` included — passes the logger; outside `countQueries` it costs one
 * `getStore()` call and counts nothing.
 */
const counter = new AsyncLocalStorage<{ queries: number }>();

export const queryCountLogger: Logger = {
  logQuery() {
    const store = counter.getStore();
    if (store) store.queries++;
  },
};

export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const store = { queries: 0 };
  const result = await counter.run(store, work);
  return { result, queries: store.queries };
}

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Reads a GET request repeats, kept for that one request: a page reads a club with the viewer's standing in it,
 * then each data function it calls authorizes by reading the same again (docs/decisions/0066). Only while a
 * GET or HEAD is answered (the root middleware opens the memo): a request that writes — an action, then the
 * loaders that show its result — reads everything afresh. Outside a request (tests, jobs) nothing is kept.
 */
const memo = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs a GET request's loaders with a memo of their own. */
export function withRequestMemo<T>(work: () => T): T {
  return memo.run(new Map(), work);
}

/** `read()`, or what it gave earlier in this request under `key` (a failed read is not kept). */
export function memoizedInRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
  const kept = memo.getStore();
  if (!kept) return read();
  const known = kept.get(key) as Promise<T> | undefined;
  if (known) return known;
  const reading = read();
  kept.set(key, reading);
  reading.catch(() => kept.delete(key));
  return reading;
}

/** Keeps a value another read already had in hand, for the reads of `key` later in this request. */
export function rememberInRequest<T>(key: string, value: T): void {
  memo.getStore()?.set(key, Promise.resolve(value));
}

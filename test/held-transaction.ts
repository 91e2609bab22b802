import { type Tx, getDb } from '~/db/client.server';

/**
 * A transaction (PostgreSQL: a connection of its own) that runs `first`, then stays open until `release()` before it
 * runs `then` and commits: `ready` resolves once `first` ran, `done` when it committed. For tests of what concurrent
 * transactions wait on.
 */
export function heldTransaction(first: (tx: Tx) => Promise<unknown>, then: (tx: Tx) => Promise<unknown> = async () => undefined) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const ready = new Promise<void>((resolve) => (reached = resolve));
  const done = getDb().transaction(async (tx) => {
    await first(tx);
    reached();
    await gate;
    await then(tx);
  });
  return { ready, release, done };
}

/** A short wait, for a concurrent statement to reach the lock it waits on. */
export const lockWait = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

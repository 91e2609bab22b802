/**
 * Two concurrent transactions in a chosen order, for lock-order tests on PostgreSQL: `first` runs and calls
 * `pause()` where the second should start — `second` starts then, while `first` waits `ms` before it goes on. Each
 * outcome is 'ok' or the rejection's PostgreSQL code (40P01: deadlock detected).
 */
export async function interleave(first: (pause: () => Promise<void>) => Promise<unknown>, second: () => Promise<unknown>, ms = 500): Promise<string[]> {
  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const one = first(async () => {
    start();
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
  // A first that ends (or fails) before its pause still lets the second run.
  void one.then(start, start);
  const results = await Promise.allSettled([one, started.then(second)]);
  return results.map((r) => (r.status === 'rejected' ? ((r.reason as { cause?: { code?: string } }).cause?.code ?? String(r.reason)) : 'ok'));
}

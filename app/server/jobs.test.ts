import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { jobs } from '~/db/schema';
import { useTestDatabase } from '../../test/db';
import {
  backoffSeconds,
  claimJobs,
  enqueueDueRecurringJobs,
  enqueueJob,
  listDeadJobs,
  registerJobHandler,
  registerRecurringJob,
  releaseLeases,
  runJobsOnce,
} from './jobs.server';

useTestDatabase();

const seen: unknown[] = [];
registerJobHandler('test.ok', async (payload) => {
  seen.push(payload);
});
registerJobHandler('test.fail', async () => {
  throw new Error('falhou de propósito');
});
// Two jobs of a concurrent kind, each finishing only once both have started: run one after the other they would
// wait forever (the test's timeout); run together, both finish.
const together: string[] = [];
let bothStarted: () => void = () => undefined;
const barrier = new Promise<void>((resolve) => {
  bothStarted = resolve;
});
registerJobHandler(
  'test.together',
  async (payload) => {
    together.push(`start ${(payload as { n: number }).n}`);
    if (together.length === 2) bothStarted();
    await barrier;
    together.push(`end ${(payload as { n: number }).n}`);
  },
  { concurrent: true },
);
let recurringRuns = 0;
registerRecurringJob('test.recurring', 3600, async () => {
  recurringRuns += 1;
});

const getJob = async (id: string) => (await getDb().select().from(jobs).where(eq(jobs.id, id)))[0];

describe('job queue', () => {
  it('runs a job once and marks it done', async () => {
    const id = (await enqueueJob('test.ok', { n: 1 })) ?? '';
    expect(await runJobsOnce('w1')).toBe(1);
    expect(seen).toContainEqual({ n: 1 });
    expect(await getJob(id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await runJobsOnce('w1')).toBe(0);
  });

  it('runs the jobs of a concurrent kind claimed together at the same time', async () => {
    await enqueueJob('test.together', { n: 1 }, { runAt: new Date(Date.now() - 2000) });
    await enqueueJob('test.together', { n: 2 }, { runAt: new Date(Date.now() - 1000) });
    expect(await runJobsOnce('w1')).toBe(2);
    expect(together.slice(0, 2).sort()).toEqual(['start 1', 'start 2']);
    expect(together.slice(2).sort()).toEqual(['end 1', 'end 2']);
  });

  it('retries with growing backoff and ends dead after the maximum', async () => {
    expect([1, 2, 3, 9, 20].map(backoffSeconds)).toEqual([10, 20, 40, 2560, 3600]);
    const id = (await enqueueJob('test.fail', {}, { maxAttempts: 3 })) ?? '';
    for (let attempt = 1; attempt <= 3; attempt++) {
      await runJobsOnce('w1');
      const job = await getJob(id);
      expect(job?.attempts).toBe(attempt);
      expect(job?.lastError).toBe('falhou de propósito');
      if (attempt < 3) {
        expect(job?.status).toBe('pending');
        expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
        await getDb().update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, id));
      }
    }
    expect((await getJob(id))?.status).toBe('dead');
    expect((await listDeadJobs()).map((j) => j.id)).toContain(id);
  });

  it('does not hand one job to two workers, and reclaims it when the lease runs out', async () => {
    const id = (await enqueueJob('test.ok', { n: 2 })) ?? '';
    const first = await claimJobs('w1');
    const second = await claimJobs('w2');
    expect(first.map((j) => j.id)).toEqual([id]);
    expect(second).toEqual([]);
    // The first worker died: its lease expires and another worker takes the job.
    await getDb().execute(sql`UPDATE jobs SET lease_until = now() - interval '1 second' WHERE id = ${id}`);
    const reclaimed = await claimJobs('w2');
    expect(reclaimed.map((j) => j.id)).toEqual([id]);
    expect(reclaimed[0]?.attempts).toBe(2);
  });

  it('hands the jobs of a killed server out again at once when the restarted server knows it is the only worker', async () => {
    const id = (await enqueueJob('test.ok', { n: 4 })) ?? '';
    expect((await claimJobs('killed')).map((j) => j.id)).toEqual([id]);
    expect(await claimJobs('restarted')).toEqual([]);
    expect(await releaseLeases()).toBe(1);
    const reclaimed = await claimJobs('restarted');
    expect(reclaimed.map((j) => j.id)).toEqual([id]);
    expect(reclaimed[0]?.attempts).toBe(2);
    expect(await releaseLeases()).toBe(1);
    expect(await releaseLeases()).toBe(0);
  });

  it('buries a job whose worker died on its last attempt instead of handing it out again', async () => {
    const id = (await enqueueJob('test.ok', { n: 3 }, { maxAttempts: 2 })) ?? '';
    for (const worker of ['w1', 'w2']) {
      expect((await claimJobs(worker)).map((j) => j.id)).toEqual([id]);
      await getDb().execute(sql`UPDATE jobs SET lease_until = now() - interval '1 second' WHERE id = ${id}`);
    }
    expect(await claimJobs('w3')).toEqual([]);
    expect((await getJob(id))?.status).toBe('dead');
    expect((await listDeadJobs()).map((j) => j.id)).toContain(id);
  });

  it('enqueues each occurrence of a recurring job once, however many servers try', async () => {
    const now = Date.now();
    await enqueueDueRecurringJobs(now);
    await enqueueDueRecurringJobs(now);
    const rows = await getDb().select().from(jobs).where(eq(jobs.kind, 'test.recurring'));
    expect(rows).toHaveLength(1);
    await runJobsOnce('w1', 50);
    expect(recurringRuns).toBe(1);
  });
});

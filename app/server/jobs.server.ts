import { and, eq, lt, sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '~/db/client.server';
import { jobs } from '~/db/schema';
import { newId } from '~/lib/ids';
import { log } from './logger.server';

/**
 * A Postgres-backed job queue run inside the server process. Jobs survive restarts; a worker claims them
 * with SKIP LOCKED under a lease, so any number of servers can share the queue and a job whose worker
 * died is claimed again once its lease runs out.
 */
export type JobHandler = (payload: unknown, job: { id: string; attempts: number }) => Promise<void>;

export const JOB_LEASE_SECONDS = 60;
const BATCH = 10;
const handlers = new Map<string, { run: JobHandler; concurrent: boolean }>();
const recurring: { kind: string; everySeconds: number }[] = [];

/**
 * `concurrent`: the jobs of this kind claimed in one batch run at the same time (each waits mostly on the network,
 * as a webhook's delivery does); the others run one after another, as before.
 */
export function registerJobHandler(kind: string, handler: JobHandler, options: { concurrent?: boolean } = {}) {
  handlers.set(kind, { run: handler, concurrent: options.concurrent ?? false });
}

/** A job enqueued every `everySeconds`; the unique key makes each occurrence run once across servers. */
export function registerRecurringJob(kind: string, everySeconds: number, handler: JobHandler) {
  registerJobHandler(kind, handler);
  if (!recurring.some((r) => r.kind === kind)) recurring.push({ kind, everySeconds });
}

export type EnqueueOptions = { runAt?: Date; maxAttempts?: number; uniqueKey?: string; tx?: Tx };

export async function enqueueJob(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<string | null> {
  const id = newId();
  const rows = await (options.tx ?? getDb())
    .insert(jobs)
    .values({ id, kind, payload: payload ?? {}, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 5, uniqueKey: options.uniqueKey })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/** Seconds before attempt n+1: 10 s, 20 s, 40 s… capped at one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

type ClaimedJob = { id: string; kind: string; payload: unknown; attempts: number; max_attempts: number };

export async function claimJobs(workerId: string, limit = BATCH): Promise<ClaimedJob[]> {
  // A job whose worker died on its last attempt (a crash, running out of memory) is dead, not taken again:
  // otherwise a job that kills its worker would do so forever.
  await getDb().execute(sql`
    UPDATE jobs SET status = 'dead', finished_at = now(), lease_until = NULL,
      last_error = coalesce(last_error, 'O trabalho parou sem terminar na última tentativa.')
    WHERE status = 'running' AND lease_until < now() AND attempts >= max_attempts`);
  return queryRows<ClaimedJob>(sql`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, worker_id = ${workerId},
      lease_until = now() + make_interval(secs => ${JOB_LEASE_SECONDS})
    WHERE id IN (
      SELECT id FROM jobs
      WHERE (status = 'pending' AND run_at <= now()) OR (status = 'running' AND lease_until < now() AND attempts < max_attempts)
      ORDER BY run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, kind, payload, attempts, max_attempts`);
}

/**
 * Ends every lease at once, for a server that knows it is the only worker (the embedded database is held by
 * one process, its lock says so): a job left running by a server that was killed is taken again now, not
 * when its lease runs out. Returns how many jobs it freed.
 */
export async function releaseLeases(): Promise<number> {
  const freed = await queryRows<{ id: string }>(sql`
    UPDATE jobs SET lease_until = now() - interval '1 second' WHERE status = 'running' AND lease_until >= now() RETURNING id`);
  return freed.length;
}

/** Runs one batch; returns how many jobs it took. Each job commits on its own, never inside a long transaction. */
export async function runJobsOnce(workerId: string, limit = BATCH): Promise<number> {
  const claimed = await claimJobs(workerId, limit);
  const together = claimed.filter((job) => handlers.get(job.kind)?.concurrent);
  const inTurn = claimed.filter((job) => !handlers.get(job.kind)?.concurrent);
  await Promise.all([
    Promise.all(together.map(runJob)),
    (async () => {
      for (const job of inTurn) await runJob(job);
    })(),
  ]);
  return claimed.length;
}

async function runJob(job: ClaimedJob): Promise<void> {
  const handler = handlers.get(job.kind)?.run;
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler(job.payload, { id: job.id, attempts: job.attempts });
    await getDb().update(jobs).set({ status: 'done', finishedAt: new Date(), leaseUntil: null, lastError: null }).where(eq(jobs.id, job.id));
  } catch (error) {
    const dead = job.attempts >= job.max_attempts;
    const message = error instanceof Error ? error.message : String(error);
    log.warn('job.failed', { jobId: job.id, kind: job.kind, attempts: job.attempts, dead, error: message });
    await getDb()
      .update(jobs)
      .set({
        status: dead ? 'dead' : 'pending',
        lastError: message.slice(0, 2000),
        leaseUntil: null,
        runAt: new Date(Date.now() + backoffSeconds(job.attempts) * 1000),
        finishedAt: dead ? new Date() : null,
      })
      .where(eq(jobs.id, job.id));
  }
}

export async function enqueueDueRecurringJobs(now = Date.now()): Promise<void> {
  for (const { kind, everySeconds } of recurring) {
    const slot = Math.floor(now / 1000 / everySeconds);
    await enqueueJob(kind, {}, { uniqueKey: `${kind}:${slot}`, runAt: new Date(slot * everySeconds * 1000), maxAttempts: 3 });
  }
}

export async function listDeadJobs(limit = 50) {
  return getDb()
    .select()
    .from(jobs)
    .where(eq(jobs.status, 'dead'))
    .orderBy(sql`${jobs.finishedAt} DESC`)
    .limit(limit);
}

export async function retryDeadJob(id: string): Promise<void> {
  await getDb()
    .update(jobs)
    .set({ status: 'pending', attempts: 0, runAt: new Date(), finishedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')));
}

registerRecurringJob('jobs.cleanup', 24 * 3600, async () => {
  await getDb()
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, new Date(Date.now() - 7 * 24 * 3600 * 1000))));
});

export type JobRunner = { stop: () => Promise<void>; wake: () => void };

/** This process's runner, so work a person is watching (an import's progress bar) starts at once, not at the next poll. */
let current: JobRunner | null = null;

/** Runs due jobs now instead of at the next poll; nothing when no runner is started (tests run jobs themselves). */
export function wakeJobRunner(): void {
  current?.wake();
}

/** Polls every few seconds (and at once when woken); stops cleanly on shutdown. */
export function startJobRunner(workerId = `${process.pid}-${newId().slice(0, 6)}`, intervalMs = 2000): JobRunner {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    clearTimeout(timer);
    running = (async () => {
      try {
        await enqueueDueRecurringJobs();
        while (!stopped && (await runJobsOnce(workerId)) > 0);
      } catch (error) {
        log.error('job.runner_failed', { error });
      }
    })().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  timer = setTimeout(tick, 100);
  const runner: JobRunner = {
    wake: () => {
      void running.then(tick);
    },
    stop: async () => {
      stopped = true;
      if (current === runner) current = null;
      clearTimeout(timer);
      await running;
    },
  };
  current = runner;
  return runner;
}

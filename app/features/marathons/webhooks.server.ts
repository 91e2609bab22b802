import { createHmac } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { jobs } from '~/db/schema';
import { newId } from '~/lib/ids';
import { getEnv } from '~/server/env.server';
import { isUniqueViolation } from '~/server/errors';
import { JOB_LEASE_SECONDS, enqueueJob, registerJobHandler, registerRecurringJob } from '~/server/jobs.server';
import { log } from '~/server/logger.server';
import { todayIn } from '~/lib/calendar';
import type { ChallengeKind, WebhookDeliveryStatus } from './vocabulary';
import { WEBHOOK_TIMEOUT_MS, postToWebhook } from './webhook-target.server';
import { mayStillOpenSql } from './access.server';

/**
 * Marathon webhooks' deliveries (PRODUCT.md §G, decision 0078). A participant update enqueues a delivery for the
 * marathon's webhook in the update's own transaction; while it waits, more updates of the same reader join it
 * (one `pendente` row per reader and webhook), and its payload is built when it is sent, with the latest state.
 * Each attempt is a job; a failed one is tried again with exponential backoff and jitter, up to a cap.
 */
export const WEBHOOK_DELIVERY_JOB = 'marathon.webhook.deliver';
export const WEBHOOK_MAX_ATTEMPTS = 8;
const RETRY_BASE_SECONDS = 30;
const RETRY_CAP_SECONDS = 3600;
/** The log keeps finished deliveries this long, and at most this many per webhook. */
const WEBHOOK_LOG_DAYS = 30;
export const WEBHOOK_LOG_MAX = 1000;

/** §G's payload: a participant's board in a marathon. */
export type WebhookPayload = {
  perfil: { nome: string; link: string | null; imagem: string | null };
  maratona: { nome: string; identificador: string };
  desafios: {
    id: string;
    descricao: string;
    categoria: string;
    concluido: boolean;
    tipo: ChallengeKind;
    vinculados: {
      id: string;
      completo: boolean;
      progresso: number;
      avaliacao: number | null;
      comentario: string | null;
      updatedAt: string;
      edicao: { titulo: string; autor: string | null; capa: string | null };
      diaMarcado: string | null;
    }[];
  }[];
};

/**
 * Queues the participant's board for the marathon's webhook (when it has one, switched on), inside the transaction
 * of the update that changed it: nothing goes if the update rolls back. Called by every participant update.
 */
export async function enqueueParticipantWebhook(tx: Tx, { marathonId, userId }: { marathonId: string; userId: string }): Promise<void> {
  await enqueueDeliveries(tx, marathonId, sql`SELECT ${userId}::text AS user_id`);
}

/**
 * Every active participant's board queued at once, for an organiser's change that shows on all of them (a revealed
 * challenge edited or removed): the same upsert as one update, for each reader in one statement.
 */
export async function enqueueAllParticipantsWebhook(tx: Tx, marathonId: string): Promise<void> {
  await enqueueDeliveries(tx, marathonId, sql`SELECT user_id FROM marathon_participants WHERE marathon_id = ${marathonId} AND status = 'active'`);
}

async function enqueueDeliveries(tx: Tx, marathonId: string, readers: SQL): Promise<void> {
  // A delivery already waiting takes this update along (its payload is built when it goes); the upsert's row lock
  // also makes a delivery being claimed right now wait for this transaction, so it reads the committed update.
  const rows = await queryRows<{ id: string; inserted: boolean }>(
    sql`INSERT INTO marathon_webhook_deliveries (id, webhook_id, user_id)
      SELECT md5(random()::text || r.user_id || clock_timestamp()::text), w.id, r.user_id
      FROM marathon_webhooks w JOIN marathons m ON m.id = w.marathon_id CROSS JOIN (${readers}) r
      WHERE w.marathon_id = ${marathonId} AND w.enabled AND ${mayStillOpenSql(sql`m`, sql`r.user_id`)}
      ON CONFLICT (webhook_id, user_id) WHERE status = 'pendente' DO UPDATE SET status = 'pendente'
      RETURNING id, (xmax = 0) AS inserted`,
    tx,
  );
  const inserted = rows.filter((row) => row.inserted);
  const now = new Date();
  for (let i = 0; i < inserted.length; i += 1000)
    await tx
      .insert(jobs)
      .values(inserted.slice(i, i + 1000).map((row) => ({ id: newId(), kind: WEBHOOK_DELIVERY_JOB, ...attemptJob(row.id, 0, now) })))
      .onConflictDoNothing();
}

const attemptJob = (deliveryId: string, attempt: number, runAt: Date) => ({
  payload: { deliveryId, attempt },
  runAt,
  maxAttempts: 3,
  uniqueKey: `${WEBHOOK_DELIVERY_JOB}:${deliveryId}:${attempt}`,
});

function scheduleAttempt(tx: Tx, deliveryId: string, attempt: number, runAt: Date) {
  const { payload, ...options } = attemptJob(deliveryId, attempt, runAt);
  return enqueueJob(WEBHOOK_DELIVERY_JOB, payload, { tx, ...options });
}

/**
 * Seconds before attempt `attempt + 1`, after `attempt` failed: 30 s doubling up to an hour, with "equal jitter"
 * (between half and all of it) so receivers that came back are not hit by every waiting delivery at once.
 */
export function webhookRetryDelaySeconds(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(RETRY_CAP_SECONDS, RETRY_BASE_SECONDS * 2 ** Math.max(0, attempt - 1));
  return Math.round(full / 2 + (full / 2) * random());
}

const signWebhookBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const absolute = (url: string | null, origin: string) => (url ? new URL(url, `${origin}/`).href : null);

/** The participant's board as §G shapes it, or null when they no longer take part (left, banned, gone). */
export async function buildParticipantPayload(marathonId: string, userId: string, now: Date = new Date()): Promise<WebhookPayload | null> {
  const [who] = await queryRows<{
    marathon_name: string;
    slug: string;
    time_zone: string;
    name: string;
    username: string | null;
    image: string | null;
    level_position: number | null;
  }>(sql`
    SELECT m.name AS marathon_name, m.slug, m.time_zone, u.name, u.username, u.image, l.position AS level_position
    FROM marathon_participants p JOIN marathons m ON m.id = p.marathon_id JOIN users u ON u.id = p.user_id
    LEFT JOIN marathon_levels l ON l.id = p.level_id
    WHERE p.marathon_id = ${marathonId} AND p.user_id = ${userId} AND p.status = 'active' AND ${mayStillOpenSql(sql`m`, sql`p.user_id`)}`);
  // Nothing of a reader who may not open the marathon now (suspended, in a block with its organising reader, out
  // of its club) goes to its organisers: the delivery is cancelled, as for one who left.
  if (!who) return null;
  const origin = getEnv().publicUrl;
  // The challenges revealed today in the marathon's time zone, of the reader's level and those below (all of them
  // without a level), in the board's order.
  const [challenges, links] = await Promise.all([
    queryRows<{ id: string; description: string; category: string; kind: ChallengeKind; done: boolean }>(sql`
      SELECT c.id, c.description, cat.name AS category, c.kind,
        EXISTS (SELECT 1 FROM marathon_challenge_completions d WHERE d.challenge_id = c.id AND d.user_id = ${userId}) AS done
      FROM marathon_challenges c JOIN marathon_categories cat ON cat.id = c.category_id
      LEFT JOIN marathon_levels l ON l.id = c.level_id
      WHERE c.marathon_id = ${marathonId} AND (c.reveals_on IS NULL OR c.reveals_on <= ${todayIn(who.time_zone, now)})
        AND (c.level_id IS NULL OR ${who.level_position}::int IS NULL OR l.position <= ${who.level_position}::int)
      ORDER BY cat.position, c.position`),
    queryRows<{
      id: string;
      challenge_id: string;
      complete: boolean;
      progress: number;
      rating_quarters: number | null;
      comment: string | null;
      updated_at: string;
      marked_on: string | null;
      title: string;
      authors: string | null;
      cover_url: string | null;
    }>(sql`
      SELECT k.id, k.challenge_id, k.complete, k.progress, k.rating_quarters, k.comment,
        to_char(k.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at, k.marked_on::text AS marked_on,
        e.title, e.cover_url,
        (SELECT string_agg(a.name, ', ' ORDER BY wa.position, a.name) FROM work_authors wa JOIN authors a ON a.id = wa.author_id
          WHERE wa.work_id = e.work_id) AS authors
      FROM marathon_challenge_links k JOIN editions e ON e.id = k.edition_id
      WHERE k.marathon_id = ${marathonId} AND k.user_id = ${userId}
      ORDER BY k.created_at, k.id`),
  ]);
  return {
    perfil: { nome: who.name, link: who.username ? `${origin}/u/${who.username}` : null, imagem: absolute(who.image, origin) },
    maratona: { nome: who.marathon_name, identificador: who.slug },
    desafios: challenges.map((c) => ({
      id: c.id,
      descricao: c.description,
      categoria: c.category,
      concluido: c.done,
      tipo: c.kind,
      vinculados: links
        .filter((k) => k.challenge_id === c.id)
        .map((k) => ({
          id: k.id,
          completo: k.complete,
          progresso: k.progress,
          avaliacao: k.rating_quarters === null ? null : k.rating_quarters / 4,
          comentario: k.comment,
          updatedAt: k.updated_at,
          edicao: { titulo: k.title, autor: k.authors, capa: absolute(k.cover_url, origin) },
          diaMarcado: k.marked_on,
        })),
    })),
  };
}

type Claimed = { user_id: string; marathon_id: string; url: string; api_key: string; secret: string; enabled: boolean };

/**
 * One attempt of a delivery: claimed only by the job of its current attempt (a job left over from an earlier
 * attempt, or for a delivery that was replaced, finds nothing to do), or again by the same job after its worker died.
 */
async function deliverWebhook(deliveryId: string, attempt: number): Promise<void> {
  const [claimed] = await queryRows<Claimed>(sql`
    UPDATE marathon_webhook_deliveries d SET status = 'enviando', attempts = ${attempt + 1}, last_attempt_at = now()
    FROM marathon_webhooks w
    WHERE d.id = ${deliveryId} AND w.id = d.webhook_id
      AND ((d.status = 'pendente' AND d.attempts = ${attempt}) OR (d.status = 'enviando' AND d.attempts = ${attempt + 1}))
    RETURNING d.user_id, w.marathon_id, w.url, w.api_key, w.secret, w.enabled`);
  if (!claimed) return;
  const held = holds(attempt + 1);
  if (!claimed.enabled) return void (await finish(deliveryId, held, 'cancelada', { status: null, durationMs: null, error: 'O webhook foi desativado.' }));
  const payload = await buildParticipantPayload(claimed.marathon_id, claimed.user_id);
  if (!payload)
    return void (await finish(deliveryId, held, 'cancelada', { status: null, durationMs: null, error: 'A pessoa não participa mais da maratona.' }));
  const body = JSON.stringify(payload);
  const response = await postToWebhook(claimed.url, body, {
    'Content-Type': 'application/json; charset=utf-8',
    'User-Agent': 'Maratona-Webhooks/1',
    'X-API-Key': claimed.api_key,
    'X-Maratona-Signature': signWebhookBody(claimed.secret, body),
    'X-Maratona-Delivery': deliveryId,
  });
  if (!response.error) return void (await finish(deliveryId, held, 'entregue', response));
  log.info('marathon.webhook.failed', { deliveryId, attempt: attempt + 1, status: response.status });
  await retryOrGiveUp(deliveryId, attempt + 1, response);
}

type AttemptOutcome = { status: number | null; durationMs: number | null; error: string | null };

/**
 * A delivery whose attempt number `attemptsMade` did not deliver: `falhou` once the attempts ran out, otherwise
 * back to `pendente` for the next one after the backoff — unless a newer delivery for the same reader waits already
 * (an update came while this one was being sent): the partial unique index allows one `pendente` per reader, so
 * this one is folded into it and ends `substituida` (the newer carries the latest board, and goes on its own
 * schedule). The fold is decided by the index itself, in a savepoint: a newer row committed while this runs (or
 * one being committed, which the UPDATE waits for) is a unique violation, never a lost retry (decision 0080).
 * Nothing happens when the delivery is no longer at that attempt (the sweeper or a re-run job moved it), nor, with
 * `claimedBefore` (the sweeper's stuck cutoff), when it was claimed since: a job's re-run claims it again at the same
 * attempt number, and is sending it. True when the delivery moved.
 */
export async function retryOrGiveUp(
  deliveryId: string,
  attemptsMade: number,
  outcome: AttemptOutcome,
  now: Date = new Date(),
  claimedBefore: Date | null = null,
): Promise<boolean> {
  const held = holds(attemptsMade, claimedBefore);
  if (attemptsMade >= WEBHOOK_MAX_ATTEMPTS) return finish(deliveryId, held, 'falhou', outcome);
  const nextAt = new Date(now.getTime() + webhookRetryDelaySeconds(attemptsMade) * 1000);
  return getDb().transaction(async (tx) => {
    let requeued: { id: string }[];
    try {
      requeued = await tx.transaction((savepoint) =>
        queryRows<{ id: string }>(
          sql`UPDATE marathon_webhook_deliveries SET status = 'pendente', response_status = ${outcome.status},
            duration_ms = ${outcome.durationMs}, error = ${outcome.error?.slice(0, 500) ?? null}, next_attempt_at = ${nextAt}
          WHERE id = ${deliveryId} AND ${held} RETURNING id`,
          savepoint,
        ),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return finish(deliveryId, held, 'substituida', outcome, tx);
    }
    if (requeued.length > 0) await scheduleAttempt(tx, deliveryId, attemptsMade, nextAt);
    return requeued.length > 0;
  });
}

/** The delivery is still held by its attempt number `attemptsMade` (claimed, being sent) — and claimed before `claimedBefore`. */
const holds = (attemptsMade: number, claimedBefore: Date | null = null) =>
  sql`status = 'enviando' AND attempts = ${attemptsMade} ${claimedBefore ? sql`AND last_attempt_at < ${claimedBefore}` : sql``}`;

async function finish(
  deliveryId: string,
  held: SQL,
  status: Exclude<WebhookDeliveryStatus, 'pendente' | 'enviando'>,
  outcome: AttemptOutcome,
  db: Tx | ReturnType<typeof getDb> = getDb(),
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    sql`UPDATE marathon_webhook_deliveries SET status = ${status}, response_status = ${outcome.status},
      duration_ms = ${outcome.durationMs}, error = ${outcome.error?.slice(0, 500) ?? null}, finished_at = now()
    WHERE id = ${deliveryId} AND ${held} RETURNING id`,
    db,
  );
  return rows.length > 0;
}

/**
 * A delivery `enviando` this long was abandoned (its server died mid-send and its job will not take it again: the
 * job's own re-runs, after its 60 s lease, claim it well within this). The send timeout, a job lease and a margin.
 */
export const WEBHOOK_STUCK_SECONDS = WEBHOOK_TIMEOUT_MS / 1000 + JOB_LEASE_SECONDS + 110;

/**
 * The sweeper: deliveries stuck in `enviando` go back to `pendente` for their next attempt (folded into a newer
 * one waiting, as a failed attempt is) or, when that was their last attempt, end `falhou`. Each move is guarded by
 * the same cutoff: one a job's re-run claimed again between the select and the move (same attempt number, a fresh
 * last_attempt_at) is being sent, and stays. Returns how many it moved.
 */
export async function sweepStuckWebhookDeliveries(now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - WEBHOOK_STUCK_SECONDS * 1000);
  const stuck = await queryRows<{ id: string; attempts: number }>(sql`
    SELECT id, attempts FROM marathon_webhook_deliveries
    WHERE status = 'enviando' AND last_attempt_at < ${cutoff}
    ORDER BY last_attempt_at LIMIT 500`);
  let moved = 0;
  for (const { id, attempts } of stuck) {
    if (!(await retryOrGiveUp(id, attempts, { status: null, durationMs: null, error: STUCK_ERROR }, now, cutoff))) continue;
    log.warn('marathon.webhook.stuck', { deliveryId: id, attempts });
    moved += 1;
  }
  return moved;
}

const STUCK_ERROR = 'O envio foi interrompido antes de terminar (o servidor parou).';

const deliveryJob = z.object({ deliveryId: z.string().min(1), attempt: z.number().int().min(0) });

// Deliveries wait on the receivers: a batch of them goes at once (an attempt is bounded by its 10 s timeout).
registerJobHandler(
  WEBHOOK_DELIVERY_JOB,
  async (payload) => {
    const { deliveryId, attempt } = deliveryJob.parse(payload);
    await deliverWebhook(deliveryId, attempt);
  },
  { concurrent: true },
);

/** The log stays bounded: finished deliveries go after WEBHOOK_LOG_DAYS, and beyond the newest WEBHOOK_LOG_MAX per webhook. */
export async function pruneWebhookLog(): Promise<void> {
  await getDb().execute(sql`DELETE FROM marathon_webhook_deliveries
    WHERE finished_at < now() - make_interval(days => ${WEBHOOK_LOG_DAYS})`);
  await getDb().execute(sql`DELETE FROM marathon_webhook_deliveries WHERE id IN (
    SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY webhook_id ORDER BY created_at DESC, id DESC) AS n
      FROM marathon_webhook_deliveries WHERE finished_at IS NOT NULL) ranked WHERE n > ${WEBHOOK_LOG_MAX})`);
}

registerRecurringJob('marathon.webhook.prune', 3600, pruneWebhookLog);
registerRecurringJob('marathon.webhook.sweep', 60, async () => {
  await sweepStuckWebhookDeliveries();
});

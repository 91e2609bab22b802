import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import {
  editions,
  jobs,
  marathonChallengeCompletions,
  marathonChallengeLinks,
  marathonChallenges,
  marathonLevels,
  marathonWebhookDeliveries,
  users,
} from '~/db/schema';
import { archiveData } from '~/features/export/archive.server';
import { addDays } from '~/features/lcs/schedule';
import type { AppError } from '~/server/errors';
import { runJobsOnce } from '~/server/jobs.server';
import { useTestDatabase } from '../../../test/db';
import { withEnv } from '../../../test/env';
import { createEdition } from '../../../test/factories';
import { heldTransaction, lockWait } from '../../../test/held-transaction';
import { marathonInput, noticeReader } from '../../../test/marathon-fixtures';
import { block } from '../../../test/reading-factories';
import { startReceiver } from '../../../test/webhook-receiver';
import { tickChallenge } from './board.server';
import { createMarathon, joinMarathon, leaveMarathon } from './mutations.server';
import { todayIn } from '~/lib/calendar';
import { getWebhookSettings, resendWebhookDelivery, rotateWebhookSecret, saveWebhook, setWebhookEnabled } from './webhook-settings.server';
import {
  WEBHOOK_DELIVERY_JOB,
  WEBHOOK_LOG_MAX,
  WEBHOOK_MAX_ATTEMPTS,
  buildParticipantPayload,
  enqueueParticipantWebhook,
  pruneWebhookLog,
  retryOrGiveUp,
  sweepStuckWebhookDeliveries,
  webhookRetryDelaySeconds,
} from './webhooks.server';

useTestDatabase();

const receivers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

const LOOPBACK = { WEBHOOKS_ALLOW_LOOPBACK: 'true' };
const UPDATED_AT = '2026-11-20T12:34:56.789Z';

/**
 * A marathon with two categories: a reading challenge with two linked editions (one finished, rated and commented,
 * with a marked day), an activity ticked, and a reading challenge revealed only in ten days (not in the payload).
 */
async function boardFixture() {
  const organizer = await noticeReader();
  const reader = await noticeReader();
  const start = addDays(todayIn('America/Sao_Paulo'), 3);
  const marathon = await createMarathon(
    organizer.viewer,
    marathonInput({
      categories: [{ name: 'Clássicos' }, { name: 'Extras' }],
      challenges: [
        { category: 0, kind: 'leitura', description: 'Leia um clássico brasileiro', points: 3, revealsOn: null, level: null },
        { category: 1, kind: 'atividade', description: 'Poste uma foto da sua pilha', points: 1, revealsOn: null, level: null },
        { category: 1, kind: 'leitura', description: 'Leia um livro de terror', points: 2, revealsOn: addDays(start, 10), level: null },
      ],
    }),
  );
  await joinMarathon(reader.viewer, marathon.id, null);
  const challenges = await getDb()
    .select({ id: marathonChallenges.id, description: marathonChallenges.description })
    .from(marathonChallenges)
    .where(eq(marathonChallenges.marathonId, marathon.id));
  const byName = (d: string) => challenges.find((c) => c.description === d)!.id;
  const reading = byName('Leia um clássico brasileiro');
  const activity = byName('Poste uma foto da sua pilha');
  const [domCasmurro, vidasSecas] = await Promise.all([
    createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'] }),
    createEdition({ title: 'Memórias Sentimentais', authors: ['Oswald de Andrade', 'Tarsila do Amaral'] }),
  ]);
  await getDb().update(editions).set({ coverUrl: '/uploads/covers/dom.webp' }).where(eq(editions.id, domCasmurro));
  await getDb().update(editions).set({ coverUrl: 'https://capas.exemplo.org/memorias.jpg' }).where(eq(editions.id, vidasSecas));
  await getDb().update(users).set({ name: 'Lia Leitora', image: '/uploads/avatars/lia.webp' }).where(eq(users.id, reader.user.id));
  const at = new Date(UPDATED_AT);
  await getDb()
    .insert(marathonChallengeLinks)
    .values([
      {
        id: 'link-1',
        marathonId: marathon.id,
        challengeId: reading,
        userId: reader.user.id,
        editionId: domCasmurro,
        progress: 100,
        complete: true,
        ratingQuarters: 18,
        comment: 'Capitu!',
        markedOn: '2026-11-19',
        createdAt: new Date('2026-11-18T10:00:00Z'),
        updatedAt: at,
      },
      {
        id: 'link-2',
        marathonId: marathon.id,
        challengeId: reading,
        userId: reader.user.id,
        editionId: vidasSecas,
        progress: 40,
        createdAt: at,
        updatedAt: at,
      },
    ]);
  await getDb()
    .insert(marathonChallengeCompletions)
    .values([
      { marathonId: marathon.id, challengeId: reading, userId: reader.user.id },
      { marathonId: marathon.id, challengeId: activity, userId: reader.user.id },
    ]);
  return { organizer, reader, marathon, reading, activity };
}

const enqueue = (marathonId: string, userId: string) => getDb().transaction((tx) => enqueueParticipantWebhook(tx, { marathonId, userId }));
const deliveries = (userId: string) =>
  getDb().select().from(marathonWebhookDeliveries).where(eq(marathonWebhookDeliveries.userId, userId)).orderBy(marathonWebhookDeliveries.createdAt);
/** Every waiting webhook job made due now (the clock of a retry, without waiting for it). */
const makeDue = () => getDb().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = ${WEBHOOK_DELIVERY_JOB} AND status = 'pending'`);

describe('the payload (PRODUCT.md §G)', () => {
  it('is the participant’s board, field by field: revealed challenges in order, links with absolute URLs', async () => {
    const { reader, marathon, reading, activity } = await boardFixture();
    const payload = await buildParticipantPayload(marathon.id, reader.user.id);
    expect(payload).toStrictEqual({
      perfil: { nome: 'Lia Leitora', link: `http://localhost:3000/u/${reader.user.username}`, imagem: 'http://localhost:3000/uploads/avatars/lia.webp' },
      maratona: { nome: 'Maratona de Verão', identificador: marathon.slug },
      desafios: [
        {
          id: reading,
          descricao: 'Leia um clássico brasileiro',
          categoria: 'Clássicos',
          concluido: true,
          tipo: 'leitura',
          vinculados: [
            {
              id: 'link-1',
              completo: true,
              progresso: 100,
              avaliacao: 4.5,
              comentario: 'Capitu!',
              updatedAt: UPDATED_AT,
              edicao: { titulo: 'Dom Casmurro', autor: 'Machado de Assis', capa: 'http://localhost:3000/uploads/covers/dom.webp' },
              diaMarcado: '2026-11-19',
            },
            {
              id: 'link-2',
              completo: false,
              progresso: 40,
              avaliacao: null,
              comentario: null,
              updatedAt: UPDATED_AT,
              edicao: { titulo: 'Memórias Sentimentais', autor: 'Oswald de Andrade, Tarsila do Amaral', capa: 'https://capas.exemplo.org/memorias.jpg' },
              diaMarcado: null,
            },
          ],
        },
        { id: activity, descricao: 'Poste uma foto da sua pilha', categoria: 'Extras', concluido: true, tipo: 'atividade', vinculados: [] },
      ],
    });
  });

  it('leaves out the challenges of levels above the participant’s, and is null once they left', async () => {
    const organizer = await noticeReader();
    const reader = await noticeReader();
    const marathon = await createMarathon(
      organizer.viewer,
      marathonInput({
        mode: 'levels',
        groups: [{ name: 'Principiante' }, { name: 'Hardcore' }],
        challenges: [
          { category: 0, kind: 'atividade', description: 'Para todos', points: 1, revealsOn: null, level: null },
          { category: 0, kind: 'atividade', description: 'Só hardcore', points: 1, revealsOn: null, level: 1 },
        ],
      }),
    );
    const [first] = await getDb()
      .select()
      .from(marathonLevels)
      .where(and(eq(marathonLevels.marathonId, marathon.id), eq(marathonLevels.position, 0)));
    await joinMarathon(reader.viewer, marathon.id, first!.id);
    const payload = await buildParticipantPayload(marathon.id, reader.user.id);
    expect(payload?.desafios.map((d) => d.descricao)).toEqual(['Para todos']);
    expect(payload?.perfil.imagem).toBeNull();
    await leaveMarathon(reader.viewer, marathon.id);
    expect(await buildParticipantPayload(marathon.id, reader.user.id)).toBeNull();
  });
});

describe('deliveries', () => {
  it('POSTs the payload signed with the secret, with the API key and the delivery id; updates waiting become one delivery with the latest state', async () => {
    await withEnv(LOOPBACK, async () => {
      const { organizer, reader, marathon } = await boardFixture();
      const hook = await receiver();
      const { secret } = await saveWebhook(organizer.viewer, marathon.id, { url: hook.url, apiKey: 'chave-da-api-123' });
      expect(secret).toMatch(/^mwhsec_[A-Za-z0-9_-]{43}$/);

      await enqueue(marathon.id, reader.user.id);
      // A second update before the delivery goes: the same delivery, one job, and the later progress in it.
      await getDb().update(marathonChallengeLinks).set({ progress: 75 }).where(eq(marathonChallengeLinks.id, 'link-2'));
      await enqueue(marathon.id, reader.user.id);
      expect(await deliveries(reader.user.id)).toHaveLength(1);
      expect(await getDb().select().from(jobs).where(eq(jobs.kind, WEBHOOK_DELIVERY_JOB))).toHaveLength(1);

      await runJobsOnce('test');
      expect(hook.requests).toHaveLength(1);
      const [request] = hook.requests;
      const [delivery] = await deliveries(reader.user.id);
      expect(request!.method).toBe('POST');
      expect(request!.path).toBe('/hook');
      expect(request!.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(request!.headers['x-api-key']).toBe('chave-da-api-123');
      expect(request!.headers['x-maratona-delivery']).toBe(delivery!.id);
      // The receiver checks the signature over the raw body with the secret it was shown once.
      const expected = `sha256=${createHmac('sha256', secret!).update(request!.body).digest('hex')}`;
      expect(request!.headers['x-maratona-signature']).toBe(expected);
      const body = JSON.parse(request!.body) as Awaited<ReturnType<typeof buildParticipantPayload>>;
      expect(body).toEqual(await buildParticipantPayload(marathon.id, reader.user.id));
      expect(body!.desafios[0]!.vinculados[1]!.progresso).toBe(75);
      expect(delivery).toMatchObject({ status: 'entregue', attempts: 1, responseStatus: 200, error: null });
      expect(delivery!.durationMs).toBeGreaterThanOrEqual(0);
      expect(delivery!.finishedAt).not.toBeNull();

      // After it went, a new update is a new delivery.
      await enqueue(marathon.id, reader.user.id);
      expect(await deliveries(reader.user.id)).toHaveLength(2);
    });
  });

  it('goes for every change a participant makes on their board (participantUpdated), with the board as it is after it', async () => {
    await withEnv(LOOPBACK, async () => {
      const { organizer, reader, marathon, activity } = await boardFixture();
      const hook = await receiver();
      await saveWebhook(organizer.viewer, marathon.id, { url: hook.url, apiKey: 'chave-da-api-123' });
      expect(await deliveries(reader.user.id)).toHaveLength(0);
      // The activity unticked on the board, on the marathon's second day.
      const secondDay = new Date(`${addDays(addDays(todayIn('America/Sao_Paulo'), 3), 1)}T12:00:00-03:00`);
      await tickChallenge(reader.viewer, marathon.id, activity, false, secondDay);
      expect(await deliveries(reader.user.id)).toHaveLength(1);
      await runJobsOnce('test');
      const body = JSON.parse(hook.requests[0]!.body) as Awaited<ReturnType<typeof buildParticipantPayload>>;
      expect(body!.desafios.find((d) => d.id === activity)).toMatchObject({ concluido: false, tipo: 'atividade' });
    });
  });

  it('sends nothing of a reader who may not open the marathon now (one who blocked its organiser)', async () => {
    await withEnv(LOOPBACK, async () => {
      const { organizer, reader, marathon } = await boardFixture();
      const hook = await receiver();
      await saveWebhook(organizer.viewer, marathon.id, { url: hook.url, apiKey: 'chave-da-api-123' });
      await enqueue(marathon.id, reader.user.id);
      // Blocked after the update was queued: the waiting delivery is cancelled when it would go.
      await block(reader.user.id, organizer.user.id);
      await runJobsOnce('test');
      expect(hook.requests).toHaveLength(0);
      await enqueue(marathon.id, reader.user.id);
      expect((await deliveries(reader.user.id)).filter((d) => d.status === 'pendente')).toHaveLength(0);
    });
  });

  it('tries a failed delivery again with growing delays (jittered), logs each attempt, and delivers when the receiver recovers', async () => {
    await withEnv(LOOPBACK, async () => {
      const { organizer, reader, marathon } = await boardFixture();
      const hook = await receiver((n) => ({ status: n <= 2 ? 503 : 204 }));
      await saveWebhook(organizer.viewer, marathon.id, { url: hook.url, apiKey: 'k' });
      await enqueue(marathon.id, reader.user.id);

      const before = Date.now();
      await runJobsOnce('test');
      let [delivery] = await deliveries(reader.user.id);
      expect(delivery).toMatchObject({ status: 'pendente', attempts: 1, responseStatus: 503, error: 'O destino respondeu 503.' });
      // The first retry waits 15–30 s; its job runs then.
      const wait = (delivery!.nextAttemptAt.getTime() - before) / 1000;
      expect(wait).toBeGreaterThanOrEqual(14);
      expect(wait).toBeLessThanOrEqual(31 + 60);
      const [next] = await getDb()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, WEBHOOK_DELIVERY_JOB), eq(jobs.status, 'pending')));
      expect(next!.runAt.getTime()).toBe(delivery!.nextAttemptAt.getTime());
      expect(await runJobsOnce('test')).toBe(0);

      const log = await getWebhookSettings(organizer.viewer, marathon.id);
      expect(log.log.items).toMatchObject([{ status: 'pendente', attempts: 1, responseStatus: 503, nextAttemptAt: delivery!.nextAttemptAt.toISOString() }]);

      await makeDue();
      await runJobsOnce('test');
      [delivery] = await deliveries(reader.user.id);
      expect(delivery).toMatchObject({ status: 'pendente', attempts: 2, responseStatus: 503 });
      await makeDue();
      await runJobsOnce('test');
      [delivery] = await deliveries(reader.user.id);
      expect(delivery).toMatchObject({ status: 'entregue', attempts: 3, responseStatus: 204, error: null });
      expect(hook.requests).toHaveLength(3);
      // One delivery id across its attempts.
      expect(new Set(hook.requests.map((r) => r.headers['x-maratona-delivery']))).toEqual(new Set([delivery!.id]));
    });
  });

  it('gives up after the cap of attempts; "reenviar" sends the current board again', async () => {
    await withEnv(LOOPBACK, async () => {
      const { organizer, reader, marathon } = await boardFixture();
      let failing = true;
      const hook = await receiver(() => ({ status: failing ? 500 : 200 }));
      await saveWebhook(organizer.viewer, marathon.id, { url: hook.url, apiKey: 'k' });
      await enqueue(marathon.id, reader.user.id);
      for (let i = 0; i < WEBHOOK_MAX_ATTEMPTS + 2; i++) {
        await makeDue();
        await runJobsOnce('test');
      }
      const [delivery] = await deliveries(reader.user.id);
      expect(delivery).toMatchObject({ status: 'falhou', attempts: WEBHOOK_MAX_ATTEMPTS, responseStatus: 500 });
      expect(hook.requests).toHaveLength(WEBHOOK_MAX_ATTEMPTS);

      failing = false;
      await resendWebhookDelivery(organizer.viewer, marathon.id, delivery!.id);
      await runJobsOnce('test');
      const list = await deliveries(reader.user.id);
      expect(list.map((d) => d.status)).toEqual(['falhou', 'entregue']);
      expect(hook.requests).toHaveLength(WEBHOOK_MAX_ATTEMPTS + 1);

      // Switched off: nothing is queued, and "reenviar" says why.
      await setWebhookEnabled(organizer.viewer, marathon.id, false);
      await enqueue(marathon.id, reader.user.id);
      expect(await deliveries(reader.user.id)).toHaveLength(2);
      await expect(resendWebhookDelivery(organizer.viewer, marathon.id, delivery!.id)).rejects.toMatchObject({ message: 'Ative o webhook para reenviar.' });
    });
  });

  it('cancels a waiting delivery when the webhook was switched off or the reader left', async () => {
    await withEnv(LOOPBACK, async () => {
      const { organizer, reader, marathon } = await boardFixture();
      const hook = await receiver();
      await saveWebhook(organizer.viewer, marathon.id, { url: hook.url, apiKey: 'k' });
      await enqueue(marathon.id, reader.user.id);
      await setWebhookEnabled(organizer.viewer, marathon.id, false);
      await runJobsOnce('test');
      await setWebhookEnabled(organizer.viewer, marathon.id, true);
      await enqueue(marathon.id, reader.user.id);
      await leaveMarathon(reader.viewer, marathon.id);
      await runJobsOnce('test');
      expect((await deliveries(reader.user.id)).map((d) => [d.status, d.error])).toEqual([
        ['cancelada', 'O webhook foi desativado.'],
        ['cancelada', 'A pessoa não participa mais da maratona.'],
      ]);
      expect(hook.requests).toHaveLength(0);
    });
  });

  it('backs off exponentially with jitter, up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => webhookRetryDelaySeconds(n, () => 1))).toEqual([30, 60, 120, 240]);
    expect([1, 2, 3, 4].map((n) => webhookRetryDelaySeconds(n, () => 0))).toEqual([15, 30, 60, 120]);
    expect(webhookRetryDelaySeconds(20, () => 1)).toBe(3600);
    expect(webhookRetryDelaySeconds(20, () => 0)).toBe(1800);
  });

  it('keeps the log bounded: finished deliveries older than 30 days, and beyond the newest 1,000 per webhook, go', async () => {
    await withEnv(LOOPBACK, async () => {
      const { organizer, reader, marathon } = await boardFixture();
      await saveWebhook(organizer.viewer, marathon.id, { url: 'http://127.0.0.1:9/hook', apiKey: 'k' });
      const [webhook] = await queryRows<{ id: string }>(sql`SELECT id FROM marathon_webhooks WHERE marathon_id = ${marathon.id}`);
      const webhookId = webhook!.id;
      await getDb().execute(sql`INSERT INTO marathon_webhook_deliveries (id, webhook_id, user_id, status, created_at, finished_at)
        SELECT 'd' || g, ${webhookId}, ${reader.user.id}, 'entregue', now() - make_interval(secs => g), now() - make_interval(secs => g)
        FROM generate_series(1, ${WEBHOOK_LOG_MAX + 5}) g`);
      await getDb().execute(sql`INSERT INTO marathon_webhook_deliveries (id, webhook_id, user_id, status, created_at, finished_at)
        VALUES ('old', ${webhookId}, ${reader.user.id}, 'falhou', now() - interval '31 days', now() - interval '31 days')`);
      await enqueue(marathon.id, reader.user.id);
      await pruneWebhookLog();
      const left = await deliveries(reader.user.id);
      expect(left.filter((d) => d.status === 'entregue')).toHaveLength(WEBHOOK_LOG_MAX);
      expect(left.some((d) => d.id === 'old' || d.id === `d${WEBHOOK_LOG_MAX + 1}`)).toBe(false);
      // What waits is never pruned.
      expect(left.filter((d) => d.status === 'pendente')).toHaveLength(1);
    });
  });
});

describe('retries that meet a newer delivery, and deliveries left being sent (decision 0080)', () => {
  const states = async (userId: string) => (await deliveries(userId)).map((d) => [d.status, d.attempts]);
  /** A reader's delivery being sent (`enviando`) at attempt `attempts`, its last attempt begun `ago` (an interval) ago. */
  async function beingSent(attempts: number, ago = '0 seconds') {
    const { organizer, reader, marathon } = await boardFixture();
    await saveWebhook(organizer.viewer, marathon.id, { url: 'http://127.0.0.1:9/hook', apiKey: 'k' });
    await enqueue(marathon.id, reader.user.id);
    const [delivery] = await deliveries(reader.user.id);
    await getDb().execute(sql`UPDATE marathon_webhook_deliveries SET status = 'enviando', attempts = ${attempts},
      last_attempt_at = now() - ${ago}::interval WHERE id = ${delivery!.id}`);
    return { reader, marathon, delivery: delivery! };
  }

  it('folds a failed attempt into the newer delivery an update queued while it was being sent (a real collision on the index)', async () => {
    await withEnv(LOOPBACK, async () => {
      const { organizer, reader, marathon } = await boardFixture();
      // The receiver answers only after an update of the reader was committed: a newer delivery waits meanwhile.
      const hook = await receiver(async (n) => {
        if (n === 1) await enqueue(marathon.id, reader.user.id);
        return { status: n === 1 ? 503 : 200 };
      });
      await saveWebhook(organizer.viewer, marathon.id, { url: hook.url, apiKey: 'k' });
      await enqueue(marathon.id, reader.user.id);
      await runJobsOnce('test');
      // The first one did not go back to `pendente` (the index allows one): the newer carries the latest board.
      expect(await states(reader.user.id)).toEqual([
        ['substituida', 1],
        ['pendente', 0],
      ]);
      const [folded] = await deliveries(reader.user.id);
      expect(folded).toMatchObject({ responseStatus: 503, error: 'O destino respondeu 503.' });
      expect(folded!.finishedAt).not.toBeNull();

      // "Reenviar" of the folded one joins the delivery waiting, with no second `pendente`.
      await resendWebhookDelivery(organizer.viewer, marathon.id, folded!.id);
      expect(await states(reader.user.id)).toEqual([
        ['substituida', 1],
        ['pendente', 0],
      ]);
      await runJobsOnce('test');
      expect(await states(reader.user.id)).toEqual([
        ['substituida', 1],
        ['entregue', 1],
      ]);
      expect(hook.requests).toHaveLength(2);
    });
  });

  it.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, folds a retry into a newer delivery committed while the retry waits for it', async () => {
    await withEnv(LOOPBACK, async () => {
      const { reader, marathon, delivery: sending } = await beingSent(1);
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let queued!: () => void;
      const inserted = new Promise<void>((resolve) => (queued = resolve));
      // An update's transaction queues a newer delivery and stays open; the retry's UPDATE waits on its index entry.
      const update = getDb().transaction(async (tx) => {
        await enqueueParticipantWebhook(tx, { marathonId: marathon.id, userId: reader.user.id });
        queued();
        await committed;
      });
      await inserted;
      const retry = retryOrGiveUp(sending.id, 1, { status: 500, durationMs: 3, error: 'O destino respondeu 500.' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      commit();
      await Promise.all([update, retry]);
      expect(await states(reader.user.id)).toEqual([
        ['substituida', 1],
        ['pendente', 0],
      ]);
    });
  });

  it('the sweeper returns deliveries left `enviando` to the queue (folded into a newer one when there is one) or fails them after the last attempt', async () => {
    await withEnv(LOOPBACK, async () => {
      const { organizer, reader, marathon } = await boardFixture();
      const other = await noticeReader();
      const last = await noticeReader();
      const fresh = await noticeReader();
      for (const r of [other, last, fresh]) await joinMarathon(r.viewer, marathon.id, null);
      const hook = await receiver();
      await saveWebhook(organizer.viewer, marathon.id, { url: hook.url, apiKey: 'k' });
      for (const r of [reader, other, last, fresh]) await enqueue(marathon.id, r.user.id);
      // Their server died mid-send: `enviando` since long ago (one on its last attempt), one just now.
      const leftSending = (userId: string, attempts: number, ago: string) =>
        getDb().execute(sql`UPDATE marathon_webhook_deliveries SET status = 'enviando', attempts = ${attempts},
          last_attempt_at = now() - ${ago}::interval WHERE user_id = ${userId}`);
      await leftSending(reader.user.id, 2, '10 minutes');
      await leftSending(other.user.id, 1, '10 minutes');
      await leftSending(last.user.id, WEBHOOK_MAX_ATTEMPTS, '10 minutes');
      await leftSending(fresh.user.id, 1, '5 seconds');
      await enqueue(marathon.id, other.user.id);

      expect(await sweepStuckWebhookDeliveries()).toBe(3);
      expect(await states(reader.user.id)).toEqual([['pendente', 2]]);
      expect(await states(other.user.id)).toEqual([
        ['substituida', 1],
        ['pendente', 0],
      ]);
      expect(await states(last.user.id)).toEqual([['falhou', WEBHOOK_MAX_ATTEMPTS]]);
      expect(await states(fresh.user.id)).toEqual([['enviando', 1]]);
      const [swept] = await deliveries(reader.user.id);
      expect(swept!.error).toBe('O envio foi interrompido antes de terminar (o servidor parou).');
      expect(await sweepStuckWebhookDeliveries()).toBe(0);

      // The swept one goes at its next attempt; the old job of the interrupted attempt finds nothing to do.
      await getDb().execute(sql`UPDATE jobs SET status = 'pending' WHERE kind = ${WEBHOOK_DELIVERY_JOB}`);
      await makeDue();
      await runJobsOnce('test');
      await runJobsOnce('test');
      expect(await states(reader.user.id)).toEqual([['entregue', 3]]);
      expect(await states(other.user.id)).toEqual([
        ['substituida', 1],
        ['entregue', 1],
      ]);
      expect(hook.requests.filter((r) => r.headers['x-maratona-delivery'] === swept!.id)).toHaveLength(1);
    });
  });

  it('the sweeper leaves a delivery a job’s re-run claimed again since (same attempt, fresh last_attempt_at): it is being sent', async () => {
    await withEnv(LOOPBACK, async () => {
      const { reader, delivery } = await beingSent(2);
      // The sweeper saw it stuck a moment ago; its move is guarded by the same cutoff, which the re-claim is past.
      const cutoff = new Date(Date.now() - 5 * 60_000);
      const outcome = { status: null, durationMs: null, error: 'O envio foi interrompido antes de terminar (o servidor parou).' };
      expect(await retryOrGiveUp(delivery.id, 2, outcome, new Date(), cutoff)).toBe(false);
      expect(await retryOrGiveUp(delivery.id, WEBHOOK_MAX_ATTEMPTS, outcome, new Date(), cutoff)).toBe(false);
      expect(await states(reader.user.id)).toEqual([['enviando', 2]]);
      expect(await sweepStuckWebhookDeliveries()).toBe(0);
    });
  });

  it.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, the sweeper does not requeue a delivery re-claimed between its select and its move', async () => {
    await withEnv(LOOPBACK, async () => {
      const { reader, delivery } = await beingSent(1, '10 minutes');
      // The job's re-run claims it again (as deliverWebhook does: same attempt number, last_attempt_at now) and stays
      // open; the sweeper selects it as stuck (it reads the committed row) and its move waits on the row.
      const rerun = heldTransaction((tx) =>
        tx.execute(sql`UPDATE marathon_webhook_deliveries SET status = 'enviando', attempts = 1, last_attempt_at = now()
          WHERE id = ${delivery.id} AND status = 'enviando' AND attempts = 1`),
      );
      await rerun.ready;
      const sweep = sweepStuckWebhookDeliveries();
      await lockWait(200);
      rerun.release();
      const [, moved] = await Promise.all([rerun.done, sweep]);
      expect(moved).toBe(0);
      expect(await states(reader.user.id)).toEqual([['enviando', 1]]);
    });
  });
});

describe('SSRF at delivery (the address checks themselves: webhook-target.test.ts)', () => {
  it('checks again at delivery, after DNS: a saved address that now resolves to loopback is not contacted', async () => {
    const hook = await receiver();
    const { organizer, reader, marathon } = await boardFixture();
    await withEnv(LOOPBACK, () => saveWebhook(organizer.viewer, marathon.id, { url: `http://localhost:${hook.port}/hook`, apiKey: 'k' }));
    await enqueue(marathon.id, reader.user.id);
    await runJobsOnce('test');
    const [delivery] = await deliveries(reader.user.id);
    expect(delivery).toMatchObject({ status: 'pendente', attempts: 1, responseStatus: null });
    expect(delivery!.error).toMatch(/"localhost" aponta para .*rede privada/);
    expect(hook.requests).toHaveLength(0);
  });

  it('does not follow a redirect (to a private address or anywhere): the delivery fails and says so', async () => {
    await withEnv(LOOPBACK, async () => {
      const inside = await receiver();
      const hook = await receiver(() => ({ status: 302, headers: { Location: `http://127.0.0.1:${inside.port}/interno` } }));
      const { organizer, reader, marathon } = await boardFixture();
      await saveWebhook(organizer.viewer, marathon.id, { url: hook.url, apiKey: 'k' });
      await enqueue(marathon.id, reader.user.id);
      await runJobsOnce('test');
      const [delivery] = await deliveries(reader.user.id);
      expect(delivery).toMatchObject({ status: 'pendente', responseStatus: 302 });
      expect(delivery!.error).toMatch(/redirecionamento.*não seguimos/);
      expect(hook.requests).toHaveLength(1);
      expect(inside.requests).toHaveLength(0);
    });
  });
});

describe('secrets', () => {
  it('a rotated secret signs from then on; neither secret nor key is in the settings, the export, the log or the jobs', async () => {
    await withEnv(LOOPBACK, async () => {
      const { organizer, reader, marathon } = await boardFixture();
      const hook = await receiver(() => ({ status: 500 }));
      const { secret: first } = await saveWebhook(organizer.viewer, marathon.id, { url: hook.url, apiKey: 'chave-secreta-xyz9' });
      // Saving again changes the address, not the secret (and a blank key keeps the key).
      expect((await saveWebhook(organizer.viewer, marathon.id, { url: hook.url, apiKey: '' })).secret).toBeNull();
      const second = await rotateWebhookSecret(organizer.viewer, marathon.id);
      expect(second).not.toBe(first);
      await enqueue(marathon.id, reader.user.id);
      await runJobsOnce('test');
      const [request] = hook.requests;
      expect(request!.headers['x-api-key']).toBe('chave-secreta-xyz9');
      expect(request!.headers['x-maratona-signature']).toBe(`sha256=${createHmac('sha256', second).update(request!.body).digest('hex')}`);

      const settings = JSON.stringify(await getWebhookSettings(organizer.viewer, marathon.id));
      expect(settings).toContain('xyz9');
      expect(settings).not.toContain('chave-secreta');
      const { data } = await archiveData(organizer.user.id);
      const exported = JSON.stringify(data);
      expect(exported).toContain(hook.url);
      for (const hidden of [first!, second, 'chave-secreta-xyz9']) {
        expect(exported).not.toContain(hidden);
        const stored = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM marathon_webhook_deliveries d, jobs j
          WHERE d.error LIKE ${`%${hidden}%`} OR j.payload::text LIKE ${`%${hidden}%`} OR j.last_error LIKE ${`%${hidden}%`}`);
        expect(stored[0]!.n).toBe(0);
      }
    });
  });

  it('only organisers manage the webhook; anyone else is told it does not exist', async () => {
    const { organizer, reader, marathon } = await boardFixture();
    await withEnv(LOOPBACK, () => saveWebhook(organizer.viewer, marathon.id, { url: 'http://127.0.0.1:9/hook', apiKey: 'k' }));
    const notFound = expect.objectContaining({ code: 'not_found' }) as AppError;
    await expect(getWebhookSettings(reader.viewer, marathon.id)).rejects.toEqual(notFound);
    await expect(rotateWebhookSecret(reader.viewer, marathon.id)).rejects.toEqual(notFound);
    await expect(saveWebhook(reader.viewer, marathon.id, { url: 'https://8.8.8.8/', apiKey: 'k' })).rejects.toEqual(notFound);
    await expect(setWebhookEnabled(reader.viewer, marathon.id, false)).rejects.toEqual(notFound);
  });
});

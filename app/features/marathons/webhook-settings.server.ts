import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { marathonWebhookDeliveries, marathonWebhooks, users } from '~/db/schema';
import { newId } from '~/lib/ids';
import { AppError, isAppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { requireMarathonAccess } from './access.server';
import { WebhookTargetError, checkWebhookUrl } from './webhook-target.server';
import type { WebhookInput } from './webhook-validation';
import type { WebhookDeliveryStatus } from './vocabulary';
import { enqueueParticipantWebhook } from './webhooks.server';

const WEBHOOK_LOG_PAGE_SIZE = 50;

export type WebhookSettings = {
  url: string;
  /** The API key's last four characters: enough to recognise it, not to use it. */
  apiKeyEnd: string;
  enabled: boolean;
  createdAt: string;
  secretRotatedAt: string;
};

export type WebhookDeliveryView = {
  id: string;
  reader: { name: string; username: string | null };
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
};

/**
 * The webhook tools are the organisers' alone (site admins only for an official marathon, as Gerenciar): anyone
 * else is told nothing exists (404), even a reader who sees the marathon.
 */
async function requireOrganizer(db: Tx | ReturnType<typeof getDb>, viewer: Viewer, marathonId: string, lock = false) {
  try {
    return await requireMarathonAccess(db, viewer, marathonId, 'manage', { lock });
  } catch (error) {
    if (isAppError(error) && error.code === 'forbidden') throw new AppError('not_found');
    throw error;
  }
}

const newSecret = () => `mwhsec_${randomBytes(32).toString('base64url')}`;

/** The marathon's webhook (without its secret or key) and a page of its log, newest first. */
export async function getWebhookSettings(
  viewer: Viewer,
  marathonId: string,
  page = 1,
): Promise<{ webhook: WebhookSettings | null; log: { items: WebhookDeliveryView[]; total: number; page: number; pageSize: number } }> {
  const db = getDb();
  await requireOrganizer(db, viewer, marathonId);
  const [row] = await db.select().from(marathonWebhooks).where(eq(marathonWebhooks.marathonId, marathonId));
  if (!row) return { webhook: null, log: { items: [], total: 0, page: 1, pageSize: WEBHOOK_LOG_PAGE_SIZE } };
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: marathonWebhookDeliveries.id,
        name: users.name,
        username: users.username,
        status: marathonWebhookDeliveries.status,
        attempts: marathonWebhookDeliveries.attempts,
        responseStatus: marathonWebhookDeliveries.responseStatus,
        durationMs: marathonWebhookDeliveries.durationMs,
        error: marathonWebhookDeliveries.error,
        nextAttemptAt: marathonWebhookDeliveries.nextAttemptAt,
        createdAt: marathonWebhookDeliveries.createdAt,
        lastAttemptAt: marathonWebhookDeliveries.lastAttemptAt,
      })
      .from(marathonWebhookDeliveries)
      .innerJoin(users, eq(users.id, marathonWebhookDeliveries.userId))
      .where(eq(marathonWebhookDeliveries.webhookId, row.id))
      .orderBy(desc(marathonWebhookDeliveries.createdAt), desc(marathonWebhookDeliveries.id))
      .limit(WEBHOOK_LOG_PAGE_SIZE)
      .offset((page - 1) * WEBHOOK_LOG_PAGE_SIZE),
    db.select({ n: count() }).from(marathonWebhookDeliveries).where(eq(marathonWebhookDeliveries.webhookId, row.id)),
  ]);
  return {
    webhook: {
      url: row.url,
      apiKeyEnd: row.apiKey.slice(-4),
      enabled: row.enabled,
      createdAt: row.createdAt.toISOString(),
      secretRotatedAt: row.secretRotatedAt.toISOString(),
    },
    log: {
      items: rows.map(({ name, username, nextAttemptAt, createdAt, lastAttemptAt, ...d }) => ({
        ...d,
        reader: { name, username },
        nextAttemptAt: d.status === 'pendente' ? nextAttemptAt.toISOString() : null,
        createdAt: createdAt.toISOString(),
        lastAttemptAt: lastAttemptAt?.toISOString() ?? null,
      })),
      total: total?.n ?? 0,
      page,
      pageSize: WEBHOOK_LOG_PAGE_SIZE,
    },
  };
}

/**
 * Creates the webhook (its secret returned, to be shown this once) or changes its URL and, when a new one is typed,
 * its API key (null: the secret stays). The URL is checked, DNS included, before anything is written.
 */
export async function saveWebhook(viewer: Viewer, marathonId: string, input: WebhookInput): Promise<{ secret: string | null }> {
  await requireOrganizer(getDb(), viewer, marathonId);
  let url: string;
  try {
    url = await checkWebhookUrl(input.url);
  } catch (error) {
    if (error instanceof WebhookTargetError) throw new AppError('invalid_input', error.message, 'url');
    throw error;
  }
  return getDb().transaction(async (tx) => {
    // The marathon locked: two saves at once of a new webhook are one after the other (the second updates it).
    await requireOrganizer(tx, viewer, marathonId, true);
    const [existing] = await tx.select({ id: marathonWebhooks.id }).from(marathonWebhooks).where(eq(marathonWebhooks.marathonId, marathonId)).for('update');
    if (existing) {
      await tx
        .update(marathonWebhooks)
        .set({ url, ...(input.apiKey ? { apiKey: input.apiKey } : {}), updatedAt: new Date() })
        .where(eq(marathonWebhooks.id, existing.id));
      return { secret: null };
    }
    if (!input.apiKey) throw new AppError('invalid_input', 'Digite a chave de API que o seu sistema espera receber.', 'apiKey');
    const secret = newSecret();
    await tx.insert(marathonWebhooks).values({ id: newId(), marathonId, url, apiKey: input.apiKey, secret }).onConflictDoNothing();
    return { secret };
  });
}

async function requireWebhook(tx: Tx, viewer: Viewer, marathonId: string) {
  await requireOrganizer(tx, viewer, marathonId);
  const [row] = await tx.select().from(marathonWebhooks).where(eq(marathonWebhooks.marathonId, marathonId)).for('update');
  if (!row) throw new AppError('not_found', 'Esta maratona ainda não tem webhook.');
  return row;
}

/** A new secret, returned to be shown this once; the old one stops signing at once. */
export async function rotateWebhookSecret(viewer: Viewer, marathonId: string): Promise<string> {
  return getDb().transaction(async (tx) => {
    const row = await requireWebhook(tx, viewer, marathonId);
    const secret = newSecret();
    await tx.update(marathonWebhooks).set({ secret, secretRotatedAt: new Date(), updatedAt: new Date() }).where(eq(marathonWebhooks.id, row.id));
    return secret;
  });
}

/** Switched off, nothing new is queued and what waits is cancelled when its turn comes; switched on, updates go again. */
export async function setWebhookEnabled(viewer: Viewer, marathonId: string, enabled: boolean): Promise<void> {
  await getDb().transaction(async (tx) => {
    const row = await requireWebhook(tx, viewer, marathonId);
    await tx.update(marathonWebhooks).set({ enabled, updatedAt: new Date() }).where(eq(marathonWebhooks.id, row.id));
  });
}

/** The webhook and its log, gone. */
export async function deleteWebhook(viewer: Viewer, marathonId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const row = await requireWebhook(tx, viewer, marathonId);
    await tx.delete(marathonWebhooks).where(eq(marathonWebhooks.id, row.id));
  });
}

/**
 * "Reenviar": the reader of a logged delivery gets a delivery of their current board (joining one already waiting).
 * Only while the webhook is on.
 */
export async function resendWebhookDelivery(viewer: Viewer, marathonId: string, deliveryId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const row = await requireWebhook(tx, viewer, marathonId);
    if (!row.enabled) throw new AppError('invalid_input', 'Ative o webhook para reenviar.');
    const [delivery] = await tx
      .select({ userId: marathonWebhookDeliveries.userId })
      .from(marathonWebhookDeliveries)
      .where(and(eq(marathonWebhookDeliveries.id, deliveryId), eq(marathonWebhookDeliveries.webhookId, row.id)));
    if (!delivery) throw new AppError('not_found', 'Essa entrega não está mais no registro.');
    await enqueueParticipantWebhook(tx, { marathonId, userId: delivery.userId });
  });
}

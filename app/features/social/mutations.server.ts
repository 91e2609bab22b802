import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Tx } from '~/db/client.server';
import { notifications, users } from '~/db/schema';
import { newId } from '~/lib/ids';
import { sendEmail } from '~/server/email.server';
import { getEnv } from '~/server/env.server';
import { enqueueJob, registerJobHandler } from '~/server/jobs.server';
import { publish } from '~/server/realtime.server';
import type { Viewer } from '~/server/viewer.server';
import { switchFor } from './notification-settings.server';
import { NOTIFICATION_KIND_TYPES, type NotificationKind } from './notification-types';

/** `actorId`: the reader whose act it tells of, so deleting their account takes the notification (and its email) away. */
export type NewNotification = { userId: string; actorId?: string; kind: NotificationKind; text: string; link?: string; data?: Record<string, unknown> };

/**
 * How other domains tell a reader something happened. The text is written by the caller, in Portuguese;
 * the reader's open pages hear about it through the realtime channel. The reader's switches for the kind's
 * type (notification-types.ts) decide whether it is shown in the app (null when not) and whether it is
 * also e-mailed — by a job, enqueued in the caller's transaction so it goes only if that commits.
 */
export async function notify(notification: NewNotification, tx?: Tx): Promise<string | null> {
  const db = tx ?? getDb();
  const type = notification.kind in NOTIFICATION_KIND_TYPES ? NOTIFICATION_KIND_TYPES[notification.kind as keyof typeof NOTIFICATION_KIND_TYPES] : undefined;
  const switches = type ? await switchFor(db, notification.userId, type) : { inApp: true, email: false };
  if (switches.email) {
    await enqueueJob(
      'notifications.email',
      { userId: notification.userId, actorId: notification.actorId ?? null, text: notification.text, link: notification.link ?? null },
      tx ? { tx } : {},
    );
  }
  if (!switches.inApp) return null;
  const id = newId();
  await db
    .insert(notifications)
    .values({ id, ...notification, actorId: notification.actorId ?? null, link: notification.link ?? null, data: notification.data ?? {} });
  await publish(notificationsChannel(notification.userId), { id }, db);
  return id;
}

const emailPayload = z.object({ userId: z.string(), text: z.string(), link: z.string().nullable() });

registerJobHandler('notifications.email', async (payload) => {
  const { userId, text, link } = emailPayload.parse(payload);
  const [reader] = await getDb().select({ name: users.name, email: users.email, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId));
  if (!reader || reader.suspendedAt) return;
  const origin = getEnv().publicUrl;
  const subject = text.length > 90 ? `${text.slice(0, 89)}…` : text;
  await sendEmail({
    to: reader.email,
    subject: `Maratona: ${subject}`,
    text: [
      `Olá, ${reader.name}!`,
      text,
      link ? `Ver no Maratona: ${origin}${link}` : '',
      `Escolha quais e-mails você recebe em ${origin}/configuracoes/notificacoes.`,
      '— Equipe Maratona',
    ]
      .filter(Boolean)
      .join('\n\n'),
  });
});

export const notificationsChannel = (userId: string) => `notifications_${userId}`;

export async function markNotificationsRead(viewer: Viewer, ids: readonly string[] | 'all'): Promise<void> {
  const mine = and(eq(notifications.userId, viewer.id), isNull(notifications.readAt));
  await getDb()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(ids === 'all' ? mine : and(mine, inArray(notifications.id, [...ids])));
  await publish(notificationsChannel(viewer.id), { read: true });
}

import { and, eq, inArray, isNull } from 'drizzle-orm';
import { getDb, type Tx } from '~/db/client.server';
import { notifications } from '~/db/schema';
import { newId } from '~/lib/ids';
import { publish } from '~/server/realtime.server';
import type { Viewer } from '~/server/viewer.server';

export type NewNotification = { userId: string; kind: string; text: string; link?: string; data?: Record<string, unknown> };

/**
 * How other domains tell a reader something happened. The text is written by the caller, in Portuguese;
 * the reader's open pages hear about it through the realtime channel.
 */
export async function notify(notification: NewNotification, tx?: Tx): Promise<string> {
  const id = newId();
  const db = tx ?? getDb();
  await db.insert(notifications).values({ id, ...notification, link: notification.link ?? null, data: notification.data ?? {} });
  await publish(notificationsChannel(notification.userId), { id }, db);
  return id;
}

export const notificationsChannel = (userId: string) => `notifications_${userId}`;

export async function markNotificationsRead(viewer: Viewer, ids: readonly string[] | 'all'): Promise<void> {
  const mine = and(eq(notifications.userId, viewer.id), isNull(notifications.readAt));
  await getDb()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(ids === 'all' ? mine : and(mine, inArray(notifications.id, [...ids])));
  await publish(notificationsChannel(viewer.id), { read: true });
}

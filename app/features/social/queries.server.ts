import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { notifications, users } from '~/db/schema';
import type { Viewer } from '~/server/viewer.server';
import type { NotificationItem } from './types';

export const NOTIFICATIONS_PAGE = 30;

/** Only ever the viewer's own notifications: the viewer is the filter, not a parameter. */
export async function countUnreadNotifications(viewer: Viewer): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, viewer.id), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function listNotifications(viewer: Viewer, page = 1): Promise<{ items: NotificationItem[]; hasMore: boolean }> {
  const rows = await getDb()
    .select({ notification: notifications, actor: { name: users.name, username: users.username, image: users.image, suspendedAt: users.suspendedAt } })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(eq(notifications.userId, viewer.id))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE + 1)
    .offset((page - 1) * NOTIFICATIONS_PAGE);
  return {
    hasMore: rows.length > NOTIFICATIONS_PAGE,
    items: rows.slice(0, NOTIFICATIONS_PAGE).map(({ notification: row, actor }) => ({
      id: row.id,
      kind: row.kind,
      actor: actor?.username ? { name: actor.name, username: actor.username, image: actor.image, suspended: actor.suspendedAt !== null } : null,
      text: row.text,
      link: row.link,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

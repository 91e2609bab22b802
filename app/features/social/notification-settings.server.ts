import { and, eq, sql } from 'drizzle-orm';
import { type Db, type Tx, getDb } from '~/db/client.server';
import { notificationSettings } from '~/db/schema';
import type { Viewer } from '~/server/viewer.server';
import { NOTIFICATION_TYPES, NOTIFICATION_TYPE_INFO, type NotificationSwitches, type NotificationType } from './notification-types';

/** The reader's switches, each type's defaults where they never chose. */
export async function getNotificationSwitches(viewer: Viewer): Promise<NotificationSwitches> {
  const rows = await getDb().select().from(notificationSettings).where(eq(notificationSettings.userId, viewer.id));
  const chosen = new Map(rows.map((r) => [r.type, r]));
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => {
      const row = chosen.get(type);
      const info = NOTIFICATION_TYPE_INFO[type];
      return [type, { inApp: info.inAppAvailable && (row?.inApp ?? info.defaults.inApp), email: row?.email ?? info.defaults.email }];
    }),
  ) as NotificationSwitches;
}

/** Saves every switch at once (the page's one form); an in-app switch of an e-mail-only type stays off. */
export async function saveNotificationSwitches(viewer: Viewer, switches: NotificationSwitches): Promise<void> {
  const values = NOTIFICATION_TYPES.map((type) => ({
    userId: viewer.id,
    type,
    inApp: NOTIFICATION_TYPE_INFO[type].inAppAvailable && switches[type].inApp,
    email: switches[type].email,
    updatedAt: new Date(),
  }));
  await getDb()
    .insert(notificationSettings)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.type],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`excluded.updated_at` },
    });
}

/** One reader's switch for one type, inside the caller's transaction when there is one (notify()). */
export async function switchFor(db: Db | Tx, userId: string, type: NotificationType): Promise<{ inApp: boolean; email: boolean }> {
  const [row] = await db
    .select({ inApp: notificationSettings.inApp, email: notificationSettings.email })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.type, type)));
  const info = NOTIFICATION_TYPE_INFO[type];
  return { inApp: info.inAppAvailable && (row?.inApp ?? info.defaults.inApp), email: row?.email ?? info.defaults.email };
}

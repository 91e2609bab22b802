import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { notify } from '~/features/social/mutations.server';
import { formatDateTime } from '~/lib/format';
import { registerRecurringJob } from '~/server/jobs.server';
import { ACTIVITY_KIND_LABELS } from '../labels';
import type { ActivityKind } from '../vocabulary';

/**
 * Activity reminders (issue 27 item 6): the day before an activity starts, each active member is told once —
 * the club_activity notification type, so each reader's switches decide whether it shows and is e-mailed.
 * A row in club_activity_reminders is written in the same transaction as the notification, and claimed with
 * ON CONFLICT DO NOTHING, so however often (and on however many servers) the job runs, a member hears of an
 * activity once. Members are taken in batches, each its own short transaction.
 */
export const REMINDER_WINDOW_MS = 24 * 3600 * 1000;
export const REMINDER_BATCH = 500;
const ACTIVITIES_PER_RUN = 100;

type DueActivity = { id: string; kind: ActivityKind; title: string; starts_at: Date; club_name: string; club_slug: string };

/** Sends the reminders owed now (activities starting within a day); returns how many members were reminded. */
export async function sendActivityReminders(now = new Date()): Promise<number> {
  const due = await queryRows<DueActivity>(sql`
    SELECT a.id, a.kind, a.title, a.starts_at, c.name AS club_name, c.slug AS club_slug
    FROM club_activities a JOIN clubs c ON c.id = a.club_id
    WHERE a.starts_at > ${now.toISOString()}::timestamptz AND a.starts_at <= ${new Date(now.getTime() + REMINDER_WINDOW_MS).toISOString()}::timestamptz
    ORDER BY a.starts_at, a.id LIMIT ${ACTIVITIES_PER_RUN}`);
  let sent = 0;
  for (const activity of due) {
    for (;;) {
      const batch = await getDb().transaction(async (tx) => {
        const claimed = await queryRows<{ user_id: string }>(
          sql`
          INSERT INTO club_activity_reminders (activity_id, user_id)
          SELECT ${activity.id}, m.user_id
          FROM club_members m JOIN club_activities a ON a.id = ${activity.id} AND a.club_id = m.club_id
            JOIN users u ON u.id = m.user_id AND u.suspended_at IS NULL
          WHERE m.status = 'active'
            AND NOT EXISTS (SELECT 1 FROM club_activity_reminders r WHERE r.activity_id = ${activity.id} AND r.user_id = m.user_id)
          ORDER BY m.user_id LIMIT ${REMINDER_BATCH}
          ON CONFLICT DO NOTHING
          RETURNING user_id`,
          tx,
        );
        const when = formatDateTime(new Date(activity.starts_at));
        for (const { user_id } of claimed) {
          await notify(
            {
              userId: user_id,
              kind: 'club_activity',
              text: `Lembrete do clube ${activity.club_name}: ${ACTIVITY_KIND_LABELS[activity.kind]} “${activity.title}” começa em ${when}.`,
              link: `/clube/${activity.club_slug}`,
              data: { activityId: activity.id },
            },
            tx,
          );
        }
        return claimed.length;
      });
      sent += batch;
      if (batch < REMINDER_BATCH) break;
    }
  }
  return sent;
}

// Hourly: an activity enters the one-day window in some run; later runs find its members reminded.
registerRecurringJob('clubs.activity-reminders', 3600, async () => {
  await sendActivityReminders();
});

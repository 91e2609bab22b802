import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { newId } from '~/lib/ids';
import { FOCUS_TIME_ZONE } from './vocabulary';

/** lia's demo sessions: [minutes ago it ended, planned minutes, status, credited minutes]. */
const DEMO_SESSIONS = [
  [60, 25, 'finished', 25],
  [3 * 1440 + 120, 40, 'finished', 40],
  [5 * 1440 + 300, 25, 'given_up', 6],
] as const;

/**
 * A reader's finished focus sessions with a book they are reading (issue 31): one about an hour ago, others days
 * ago, one given up — never a running one, which the end-to-end journeys that sign in as lia would trip over.
 * Written as history (the sessions closed in the past), so they are not counted again in marathons. Skips a reader
 * who has sessions; answers how many it wrote.
 */
export async function seedDemoFocusSessions(username: string): Promise<number> {
  const [reader] = await queryRows<{ user_id: string; edition_id: string; has_sessions: boolean }>(sql`
    SELECT s.user_id, s.edition_id, EXISTS (SELECT 1 FROM focus_sessions f WHERE f.user_id = s.user_id) AS has_sessions
    FROM shelf_entries s JOIN users u ON u.id = s.user_id
    WHERE u.username = ${username} AND s.status = 'reading' ORDER BY s.updated_at DESC, s.id LIMIT 1`);
  if (!reader || reader.has_sessions) return 0;
  for (const [endedAgo, planned, status, credited] of DEMO_SESSIONS) {
    const endsAt = sql`(now() - make_interval(mins => ${endedAgo}::int))`;
    // A given-up session ended when the reader gave up: twice its credited minutes after it started.
    const started =
      status === 'given_up' ? sql`(${endsAt} - make_interval(mins => ${credited * 2}::int))` : sql`(${endsAt} - make_interval(mins => ${planned}::int))`;
    const plannedEnd = sql`(${started} + make_interval(mins => ${planned}::int))`;
    await getDb()
      .execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, status, started_at, ends_at, finished_at, credited_minutes, credited_on)
      VALUES (${newId()}, ${reader.user_id}, ${reader.edition_id}, ${planned}, ${status}, ${started}, ${plannedEnd}, ${endsAt}, ${credited},
        (${endsAt} AT TIME ZONE ${FOCUS_TIME_ZONE})::date)`);
  }
  return DEMO_SESSIONS.length;
}

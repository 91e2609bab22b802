import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import type { Viewer } from '~/server/viewer.server';
import type { ActivityKind } from '../vocabulary';
import { requireClubAccess } from '../standing.server';
import type { ClubActivitiesAdmin, ClubActivityAdminItem } from './types';

/** Past activities the admin page still lists (the most recent first). */
export const PAST_ACTIVITIES_SHOWN = 20;
/** Upcoming activities a club may have at once; the agenda feed reads as many. */
export const UPCOMING_ACTIVITIES_MAX = 100;

type ActivityRow = {
  id: string;
  kind: ActivityKind;
  title: string;
  description: string;
  starts_at: Date;
  ends_at: Date | null;
  link: string | null;
  edition_id: string | null;
  edition_title: string | null;
};

const toItem = (row: ActivityRow): ClubActivityAdminItem => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  description: row.description,
  startsAt: new Date(row.starts_at).toISOString(),
  endsAt: row.ends_at ? new Date(row.ends_at).toISOString() : null,
  link: row.link,
  edition: row.edition_id ? { id: row.edition_id, title: row.edition_title ?? '' } : null,
});

/** /admin/atividades: what is coming (soonest first) and what just ended, for the staff who run the club. */
export async function listActivitiesAdmin(viewer: Viewer, clubId: string): Promise<ClubActivitiesAdmin> {
  await requireClubAccess(getDb(), viewer, clubId, 'run_club');
  const select = sql`
    SELECT a.id, a.kind, a.title, a.description, a.starts_at, a.ends_at, a.link, e.id AS edition_id, e.title AS edition_title
    FROM club_activities a LEFT JOIN editions e ON e.id = a.edition_id WHERE a.club_id = ${clubId}`;
  const [upcoming, past] = await Promise.all([
    queryRows<ActivityRow>(sql`${select} AND coalesce(a.ends_at, a.starts_at) >= now() ORDER BY a.starts_at, a.id LIMIT ${UPCOMING_ACTIVITIES_MAX}`),
    queryRows<ActivityRow>(sql`${select} AND coalesce(a.ends_at, a.starts_at) < now() ORDER BY a.starts_at DESC, a.id LIMIT ${PAST_ACTIVITIES_SHOWN}`),
  ]);
  return { upcoming: upcoming.map(toItem), past: past.map(toItem) };
}

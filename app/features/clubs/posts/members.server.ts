import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import type { Viewer } from '~/server/viewer.server';
import { requireClubAccess } from '../standing.server';
import type { ClubRole } from '../vocabulary';
import type { ClubMemberPage } from './types';
import { type ListCursor, encodeListCursor } from './validation';

export const MEMBERS_PAGE_SIZE = 30;

/**
 * /comunidade's member directory, for the club's active members: the newest members first, with their role
 * and the plan they hold now, searched by name (accents and case ignored) or username. One query per page
 * that walks club_members_club_status_idx (club, status, joined_at DESC, user_id) — fast at 20,000 members.
 */
export async function listClubMembers(viewer: Viewer | null, clubId: string, options: { q: string; cursor?: ListCursor | undefined }): Promise<ClubMemberPage> {
  await requireClubAccess(getDb(), viewer, clubId, 'take_part');
  const q = options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const search = q
    ? sql`AND (immutable_unaccent(lower(u.name)) LIKE '%' || immutable_unaccent(${q}) || '%' OR u.username LIKE '%' || ${q.replace(/^@/, '')} || '%')`
    : sql``;
  const after = options.cursor
    ? // The first bound lets the index start at the cursor; the second breaks ties on the same instant.
      sql`AND m.joined_at <= ${options.cursor.at}::timestamptz
        AND (m.joined_at < ${options.cursor.at}::timestamptz OR m.user_id > ${options.cursor.id})`
    : sql``;
  const rows = await queryRows<{
    user_id: string;
    username: string;
    name: string;
    image: string | null;
    role: ClubRole;
    plan_name: string | null;
    joined_at: Date | string;
    cursor_at: string;
  }>(sql`
    SELECT m.user_id, u.username, u.name, u.image, m.role, hp.name AS plan_name, m.joined_at,
      to_char(m.joined_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
    FROM club_members m JOIN users u ON u.id = m.user_id AND u.suspended_at IS NULL
      LEFT JOIN club_plans hp ON hp.id = m.plan_id AND (m.plan_ends_at IS NULL OR m.plan_ends_at > now())
    WHERE m.club_id = ${clubId} AND m.status = 'active' ${search} ${after}
    ORDER BY m.joined_at DESC NULLS LAST, m.user_id LIMIT ${sql.raw(String(MEMBERS_PAGE_SIZE + 1))}`);
  const page = rows.slice(0, MEMBERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      reader: { username: row.username, name: row.name, image: row.image },
      role: row.role,
      plan: row.plan_name,
      joinedAt: new Date(row.joined_at).toISOString(),
    })),
    nextCursor: rows.length > MEMBERS_PAGE_SIZE && last ? encodeListCursor({ at: last.cursor_at, id: last.user_id }) : null,
  };
}

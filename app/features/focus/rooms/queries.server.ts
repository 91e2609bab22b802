import { type SQL, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { blockedEitherWay } from '~/features/social/audience.server';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import type { FocusRoomVisibility } from '../vocabulary';
import { FOCUS_ROOMS_LISTED, FOCUS_ROOM_PRESENCE_STALE_SECONDS } from './policy';
import type { FocusRoomCard, FocusRoomMember, FocusRoomPage, FocusRoomSprint } from './types';

/**
 * Reading focus rooms (decision 0083). Who may see a room: its members; and, for a public room, any signed-in
 * reader — but never one the host blocked or who blocked the host, nor anyone while the host is suspended. Anything
 * else answers `not_found`, as a missing room does (a private room is 404 without its code).
 */

/** The live channel of a room: an event on every change its members should see (presence, book, sprint, closing). */
export const roomChannel = (roomId: string) => `focus-room:${roomId}`;

/** SQL: a member seen by their page's live connection within the staleness window. */
export const presentSql = (seenAt: ReturnType<typeof sql>) => sql`(${seenAt} > now() - make_interval(secs => ${FOCUS_ROOM_PRESENCE_STALE_SECONDS}))`;

export type RoomAccess = { id: string; name: string; visibility: FocusRoomVisibility; code: string; hostId: string; member: boolean };

/**
 * The room as the viewer may reach it, or not_found: a member always (while the host is not suspended); anyone else
 * signed in when it is public, or when they have its code; never across a block with the host. `lock` takes the
 * room's row for the transaction (joining, starting a sprint: the member count and the running sprint are decided
 * under it).
 */
export async function roomAccess(viewer: Viewer, roomId: string, options: { code?: string; tx?: Tx; lock?: boolean } = {}): Promise<RoomAccess> {
  const [row] = await queryRows<RoomAccess>(
    sql`SELECT r.id, r.name, r.visibility, r.code, r.host_id AS "hostId",
        EXISTS (SELECT 1 FROM focus_room_members m WHERE m.room_id = r.id AND m.user_id = ${viewer.id}) AS member
      FROM focus_rooms r JOIN users h ON h.id = r.host_id AND h.suspended_at IS NULL
      WHERE r.id = ${roomId} AND NOT ${blockedEitherWay(sql`r.host_id`, sql`${viewer.id}`)} ${options.lock ? sql`FOR UPDATE OF r` : sql``}`,
    options.tx,
  );
  if (!row || (!row.member && row.visibility === 'private' && row.code !== options.code)) throw new AppError('not_found');
  return row;
}

/** A room's id by its code, when the viewer may join it (the same rules as the room page, with the code). */
export async function roomIdByCode(viewer: Viewer, code: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(sql`SELECT id FROM focus_rooms WHERE code = ${code}`);
  if (!row) throw new AppError('invalid_input', 'Nenhuma sala tem esse código. Confira como está escrito.', 'code');
  try {
    return (await roomAccess(viewer, row.id, { code })).id;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found')
      throw new AppError('invalid_input', 'Nenhuma sala tem esse código. Confira como está escrito.', 'code');
    throw error;
  }
}

const cardColumns = sql`r.id, r.name, r.visibility, json_build_object('username', h.username, 'name', h.name) AS host,
  (SELECT count(*)::int FROM focus_room_members m WHERE m.room_id = r.id) AS members,
  (SELECT count(*)::int FROM focus_room_members m WHERE m.room_id = r.id AND ${presentSql(sql`m.seen_at`)}) AS present,
  EXISTS (SELECT 1 FROM focus_room_sprints s WHERE s.room_id = r.id AND s.ends_at > now()) AS "sprintRunning"`;

/** /foca/salas: the rooms the viewer is in (private ones included), and the newest public rooms they may join. */
export async function listFocusRooms(viewer: Viewer): Promise<{ mine: FocusRoomCard[]; open: FocusRoomCard[] }> {
  const [mine, open] = await Promise.all([
    queryRows<FocusRoomCard>(sql`SELECT ${cardColumns}
      FROM focus_room_members me JOIN focus_rooms r ON r.id = me.room_id JOIN users h ON h.id = r.host_id AND h.suspended_at IS NULL
      WHERE me.user_id = ${viewer.id} AND NOT ${blockedEitherWay(sql`r.host_id`, sql`${viewer.id}`)}
      ORDER BY me.joined_at DESC, r.id`),
    queryRows<FocusRoomCard>(sql`SELECT ${cardColumns}
      FROM focus_rooms r JOIN users h ON h.id = r.host_id AND h.suspended_at IS NULL
      WHERE r.visibility = 'public' AND NOT ${blockedEitherWay(sql`r.host_id`, sql`${viewer.id}`)}
        AND NOT EXISTS (SELECT 1 FROM focus_room_members me WHERE me.room_id = r.id AND me.user_id = ${viewer.id})
      ORDER BY r.created_at DESC, r.id LIMIT ${FOCUS_ROOMS_LISTED}`),
  ]);
  return { mine, open };
}

/** SQL: a member (`m`, their user `u`, their book `e`) as the room page shows them; `present` decides who is shown in the room. */
export const memberJson = (hostId: SQL, present: SQL) =>
  sql`json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'image', u.image, 'host', u.id = ${hostId},
    'present', ${present},
    'edition', CASE WHEN e.id IS NULL THEN NULL ELSE json_build_object('id', e.id, 'title', e.title) END,
    'companion', (SELECT json_build_object('species', p.species, 'name', p.name) FROM focus_pets p WHERE p.user_id = u.id AND p.companion))`;

/**
 * SQL: whether the room page shows reader `shown` (a member, a sprint's result) to `viewer`: themselves, or anyone
 * with no block either way. The one rule of the page's loader and of the state pushed to members (decision 0087).
 */
export const shownTo = (shown: SQL, viewer: SQL) => sql`(${shown} = ${viewer} OR NOT ${blockedEitherWay(shown, viewer)})`;

/** SQL: the id of the room's latest sprint (the one its page shows), or null. */
export const latestSprintIdSql = (roomId: SQL) => sql`(SELECT s.id FROM focus_room_sprints s WHERE s.room_id = ${roomId} ORDER BY s.started_at DESC LIMIT 1)`;

/** SQL: the room's latest sprint with the results of the members `visible` keeps (SQL on their user `u`), or null. */
export const latestSprintJson = (roomId: SQL, visible: SQL) =>
  sql`(SELECT json_build_object('id', s.id, 'plannedMinutes', s.planned_minutes, 'startedAt', to_json(s.started_at) #>> '{}',
      'endsAt', to_json(s.ends_at) #>> '{}', 'running', s.ends_at > now(),
      'results', coalesce((SELECT json_agg(json_build_object('sessionId', f.id, 'userId', u.id, 'username', u.username, 'name', u.name,
          'edition', json_build_object('id', e.id, 'title', e.title), 'status', f.status, 'creditedMinutes', f.credited_minutes,
          'progressValue', f.progress_value, 'progressUnit', f.progress_unit) ORDER BY f.credited_minutes DESC, u.username)
        FROM focus_sessions f JOIN users u ON u.id = f.user_id AND u.suspended_at IS NULL JOIN editions e ON e.id = f.edition_id
        WHERE f.room_sprint_id = s.id AND (${visible})), '[]'::json))
    FROM focus_room_sprints s WHERE s.id = ${latestSprintIdSql(roomId)})`;

/**
 * A room page: the room, its members (present first; never one the viewer blocked or who blocked them, nor a
 * suspended account), the latest sprint with each member's session in it, and the database's clock read in the same
 * statement as the sprint's end (the countdown's offset, as /foca's).
 */
export async function getFocusRoomPage(viewer: Viewer, roomId: string): Promise<FocusRoomPage> {
  const access = await roomAccess(viewer, roomId);
  const [row] = await queryRows<{ now: string; host: FocusRoomPage['host']; members: FocusRoomMember[] | null; sprint: FocusRoomSprint | null }>(sql`
    SELECT to_json(now()) #>> '{}' AS now,
      (SELECT json_build_object('id', h.id, 'username', h.username, 'name', h.name) FROM users h WHERE h.id = ${access.hostId}) AS host,
      (SELECT json_agg(${memberJson(sql`${access.hostId}`, sql`u.id = ${viewer.id} OR coalesce(${presentSql(sql`m.seen_at`)}, false)`)}
          ORDER BY u.id = ${viewer.id} OR coalesce(${presentSql(sql`m.seen_at`)}, false) DESC, m.joined_at, u.id)
        FROM focus_room_members m JOIN users u ON u.id = m.user_id AND u.suspended_at IS NULL LEFT JOIN editions e ON e.id = m.edition_id
        WHERE m.room_id = ${roomId} AND ${shownTo(sql`u.id`, sql`${viewer.id}`)}) AS members,
      ${latestSprintJson(sql`${roomId}`, shownTo(sql`u.id`, sql`${viewer.id}`))} AS sprint`);
  const members = row!.members ?? [];
  return {
    id: access.id,
    name: access.name,
    visibility: access.visibility,
    code: access.member ? access.code : null,
    host: row!.host,
    viewerIsMember: access.member,
    viewerIsHost: access.hostId === viewer.id,
    members,
    viewerEditionId: members.find((member) => member.id === viewer.id)?.edition?.id ?? null,
    sprint: row!.sprint,
    serverNow: new Date(row!.now).toISOString(),
  };
}

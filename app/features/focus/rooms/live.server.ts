import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { log } from '~/server/logger.server';
import { subscribe } from '~/server/realtime.server';
import type { Viewer } from '~/server/viewer.server';
import { runningSessionsOf } from '../queries.server';
import type { RunningFocusSession } from '../types';
import type { FocusRoomVisibility } from '../vocabulary';
import { refreshPresence } from './mutations.server';
import { FOCUS_ROOM_HEARTBEAT_SECONDS } from './policy';
import { latestSprintIdSql, latestSprintJson, memberJson, presentSql, roomChannel, shownTo } from './queries.server';
import type { FocusRoomMember, FocusRoomPage, FocusRoomSprint } from './types';

/**
 * The room's state pushed to its members' live connections (decision 0087): on a change, each server reads the room
 * once — every member, the latest sprint with every result, whom the page hides from each member, each member's running
 * session — and each connection shapes it for its own viewer as the room page's loader would (roomViewFor). A change
 * then costs one read per server instead of one page load per member. The whole snapshot never leaves the server.
 */
export type RoomSnapshot = {
  id: string;
  name: string;
  visibility: FocusRoomVisibility;
  code: string;
  host: FocusRoomPage['host'];
  /** Every member whose account is not suspended, in the page's order after the present ones (joined, then id). */
  members: FocusRoomMember[];
  sprint: FocusRoomSprint | null;
  /**
   * [member, reader] for every reader the room shows (a member, the host, a result of the latest sprint) whom the
   * page does not show that member: the loader's rule (shownTo), asked of each pair.
   */
  hidden: [string, string][];
  /** Each member's running session (any, the sprint's or their own), by member. */
  running: Map<string, RunningFocusSession>;
  serverNow: string;
};

/** What the room page's loader gives a member, but their bookshelf (which no room change touches). */
export type RoomLiveView = { room: FocusRoomPage; running: RunningFocusSession | null; ownSessionRunning: boolean };

/** The room as every member may see it, or null when it is gone or its host suspended (nobody sees it then). */
export async function readRoomSnapshot(roomId: string): Promise<RoomSnapshot | null> {
  const [row] = await queryRows<
    Omit<RoomSnapshot, 'running' | 'hidden' | 'members'> & { members: FocusRoomMember[] | null; hidden: [string, string][] | null }
  >(sql`
    SELECT r.id, r.name, r.visibility, r.code, to_json(now()) #>> '{}' AS "serverNow",
      json_build_object('id', h.id, 'username', h.username, 'name', h.name) AS host,
      (SELECT json_agg(${memberJson(sql`r.host_id`, sql`coalesce(${presentSql(sql`m.seen_at`)}, false)`)}
          ORDER BY m.joined_at, u.id)
        FROM focus_room_members m JOIN users u ON u.id = m.user_id AND u.suspended_at IS NULL LEFT JOIN editions e ON e.id = m.edition_id
        WHERE m.room_id = r.id) AS members,
      (SELECT json_agg(json_build_array(v.user_id, p.id)) FROM focus_room_members v CROSS JOIN (
          SELECT user_id AS id FROM focus_room_members WHERE room_id = r.id
          UNION SELECT user_id FROM focus_sessions WHERE room_sprint_id = ${latestSprintIdSql(sql`r.id`)}
          UNION SELECT r.host_id) p
        WHERE v.room_id = r.id AND NOT ${shownTo(sql`p.id`, sql`v.user_id`)}) AS hidden,
      ${latestSprintJson(sql`r.id`, sql`true`)} AS sprint
    FROM focus_rooms r JOIN users h ON h.id = r.host_id AND h.suspended_at IS NULL
    WHERE r.id = ${roomId}`);
  if (!row) return null;
  const running = await runningSessionsOf(sql`SELECT user_id FROM focus_room_members WHERE room_id = ${roomId}`);
  return {
    ...row,
    serverNow: new Date(row.serverNow).toISOString(),
    members: row.members ?? [],
    hidden: row.hidden ?? [],
    running,
  };
}

/**
 * The snapshot as the room page's loader gives it to `viewer` (a member): nobody who blocked them or whom they
 * blocked, themselves shown present and first among the present, their own session. Null when they may not see the
 * room as a member any more (they left, a block with the host): their connection then ends.
 */
export function roomViewFor(snapshot: RoomSnapshot, viewer: Viewer): RoomLiveView | null {
  const blocked = new Set(snapshot.hidden.filter(([member]) => member === viewer.id).map(([, reader]) => reader));
  const own = snapshot.members.find((member) => member.id === viewer.id);
  if (!own || blocked.has(snapshot.host.id)) return null;
  const here = (member: FocusRoomMember) => member.id === viewer.id || member.present;
  const members = snapshot.members
    .filter((member) => !blocked.has(member.id))
    .map((member) => (member.id === viewer.id ? { ...member, present: true } : member))
    // Stable: the present first, each part in the snapshot's order (joined, then id), as the loader's ORDER BY.
    .sort((a, b) => Number(here(b)) - Number(here(a)));
  const sprint = snapshot.sprint && { ...snapshot.sprint, results: snapshot.sprint.results.filter((result) => !blocked.has(result.userId)) };
  const room: FocusRoomPage = {
    id: snapshot.id,
    name: snapshot.name,
    visibility: snapshot.visibility,
    code: snapshot.code,
    host: snapshot.host,
    viewerIsMember: true,
    viewerIsHost: snapshot.host.id === viewer.id,
    members,
    viewerEditionId: own.edition?.id ?? null,
    sprint,
    serverNow: snapshot.serverNow,
  };
  // As the loader: the viewer's session is read when they have one in the sprint or a sprint runs.
  const mine = sprint?.results.find((result) => result.userId === viewer.id && result.status === 'running');
  const running = mine || sprint?.running ? (snapshot.running.get(viewer.id) ?? null) : null;
  return { room, running: running && running.id === mine?.sessionId ? running : null, ownSessionRunning: Boolean(running && running.id !== mine?.sessionId) };
}

/** What a member's connection is told: the room changed (and how it is now), or it closed. */
export type RoomChange = { kind: 'closed' } | { kind: string; snapshot: RoomSnapshot };
/** One member's live connection: what it is told, and how it ends (they may no longer reach the room). */
type Follower = { viewer: Viewer; change: (change: RoomChange) => void; end: () => void };

/**
 * One room followed by this server: its channel, heard once for all its members' connections here; the reads a
 * burst of changes coalesces into (one read at a time; a change during a read asks for one more after it, so the
 * last change is always read); and one heartbeat for all those connections (refreshPresence).
 */
type Followed = {
  followers: Set<Follower>;
  unsubscribe: Promise<() => Promise<void>>;
  heartbeat: NodeJS.Timeout;
  reading: boolean;
  again: string | null;
};
const followed = new Map<string, Followed>();

function changed(roomId: string, room: Followed, kind: string): void {
  if (kind === 'closed') {
    for (const follower of room.followers) follower.change({ kind });
    return;
  }
  if (room.reading) {
    room.again = kind;
    return;
  }
  room.reading = true;
  readRoomSnapshot(roomId)
    .then(
      (snapshot) => {
        for (const follower of room.followers) follower.change(snapshot ? { kind, snapshot } : { kind: 'closed' });
      },
      (error: unknown) => log.warn('focus_room.snapshot_failed', { roomId, error }),
    )
    .finally(() => {
      room.reading = false;
      const next = room.again;
      room.again = null;
      if (next !== null && room.followers.size) changed(roomId, room, next);
    });
}

/** The heartbeat of a room's connections here: presence refreshed in one statement; those who may not reach it end. */
function beat(roomId: string, room: Followed): void {
  const followers = [...room.followers];
  refreshPresence(roomId, [...new Set(followers.map((follower) => follower.viewer.id))]).then(
    (kept) => {
      for (const follower of followers) if (!kept.has(follower.viewer.id)) follower.end();
    },
    (error: unknown) => log.warn('focus_room.heartbeat_failed', { roomId, error }),
  );
}

/**
 * Follows a room's changes and keeps its member present for one connection; the returned function stops (the last
 * connection here stops listening and beating).
 */
export async function followRoom(roomId: string, follower: Follower): Promise<() => Promise<void>> {
  let room = followed.get(roomId);
  if (!room) {
    const kindOf = (payload: unknown) =>
      typeof payload === 'object' && payload && 'kind' in payload && typeof payload.kind === 'string' ? payload.kind : 'changed';
    const created: Followed = {
      followers: new Set(),
      reading: false,
      again: null,
      heartbeat: setInterval(() => beat(roomId, created), FOCUS_ROOM_HEARTBEAT_SECONDS * 1000),
      unsubscribe: subscribe(roomChannel(roomId), (payload) => changed(roomId, created, kindOf(payload))).catch((error: unknown) => {
        clearInterval(created.heartbeat);
        followed.delete(roomId);
        throw error;
      }),
    };
    followed.set(roomId, created);
    room = created;
  }
  room.followers.add(follower);
  await room.unsubscribe;
  const current = room;
  return async () => {
    current.followers.delete(follower);
    if (current.followers.size === 0 && followed.get(roomId) === current) {
      followed.delete(roomId);
      clearInterval(current.heartbeat);
      await (
        await current.unsubscribe
      )();
    }
  };
}

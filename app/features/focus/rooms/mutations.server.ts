import { sql } from 'drizzle-orm';
import { customAlphabet } from 'nanoid';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { recordTaskEvent } from '~/features/tasks/record.server';
import { focusRoomMembers, focusRooms } from '~/db/schema';
import { resolveUsername } from '~/features/accounts/queries.server';
import { signalOverlays } from '~/features/overlays/live.server';
import { notify } from '~/features/social/mutations.server';
import { blockedEitherWay, isBlockedPair } from '~/features/social/audience.server';
import { newId } from '~/lib/ids';
import { AppError, RateLimitError, isUniqueViolation } from '~/server/errors';
import { formatWait, hitRateLimit } from '~/server/rate-limit.server';
import { publish } from '~/server/realtime.server';
import type { Viewer } from '~/server/viewer.server';
import { closeAsGivingUp, lockRunning, lockRunningSessions } from '../closing.server';
import { FOCUS_ROOMS_PER_HOST, FOCUS_ROOM_CODE_ALPHABET, FOCUS_ROOM_CODE_LENGTH, FOCUS_ROOM_INVITATIONS_PER_HOUR, FOCUS_ROOM_MAX_MEMBERS } from './policy';
import { type RoomAccess, presentSql, roomAccess, roomChannel } from './queries.server';
import type { FocusRoomVisibility } from '../vocabulary';

/**
 * Focus rooms (PRODUCT.md §J, decision 0083): a host's room where members focus together. Every function checks the
 * viewer against the room itself (roomAccess); every change is published on the room's channel, in the transaction
 * that made it, so every member's page — on whichever server — reloads the room.
 */

/** A new room code (policy: 8 characters, no look-alikes). */
export const newRoomCode = customAlphabet(FOCUS_ROOM_CODE_ALPHABET, FOCUS_ROOM_CODE_LENGTH);
const changed = (roomId: string, kind: string, db?: Tx) => publish(roomChannel(roomId), { kind }, db);

/** Host-only actions: a member who is not the host is refused (403); anyone else never saw the room (404). */
function requireHost(viewer: Viewer, room: RoomAccess, message: string): void {
  if (room.hostId !== viewer.id) throw new AppError(room.member || room.visibility === 'public' ? 'forbidden' : 'not_found', message);
}

/** Creates a room, with its host as its first member; at most FOCUS_ROOMS_PER_HOST open at once. */
export async function createFocusRoom(viewer: Viewer, input: { name: string; visibility: FocusRoomVisibility }): Promise<{ id: string }> {
  const id = newId();
  for (let attempt = 0; ; attempt += 1) {
    try {
      await getDb().transaction(async (tx) => {
        // The host's row, locked: two creations at once count the rooms one after the other.
        const [host] = await queryRows<{ rooms: number }>(
          sql`SELECT (SELECT count(*)::int FROM focus_rooms WHERE host_id = u.id) AS rooms FROM users u WHERE u.id = ${viewer.id} FOR UPDATE`,
          tx,
        );
        if ((host?.rooms ?? 0) >= FOCUS_ROOMS_PER_HOST)
          throw new AppError('invalid_input', `Você já tem ${FOCUS_ROOMS_PER_HOST} salas abertas: feche uma para criar outra.`, 'name');
        await tx.insert(focusRooms).values({ id, hostId: viewer.id, name: input.name, visibility: input.visibility, code: newRoomCode() });
        await tx.insert(focusRoomMembers).values({ roomId: id, userId: viewer.id });
      });
      return { id };
    } catch (error) {
      // A code already taken (one in a billion): draw another.
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}

/**
 * Joins a room: a public one from its page, a private one with its code. Never across a block with the host; at
 * most FOCUS_ROOM_MAX_MEMBERS members, counted under the room's lock. Joining twice changes nothing.
 */
export async function joinFocusRoom(viewer: Viewer, roomId: string, code?: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const room = await roomAccess(viewer, roomId, { code, tx, lock: true });
    if (room.member) return;
    const [count] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM focus_room_members WHERE room_id = ${roomId}`, tx);
    if ((count?.n ?? 0) >= FOCUS_ROOM_MAX_MEMBERS)
      throw new AppError('invalid_input', `Esta sala está cheia: são ${FOCUS_ROOM_MAX_MEMBERS} pessoas no máximo.`);
    await tx.insert(focusRoomMembers).values({ roomId, userId: viewer.id });
    await recordTaskEvent(tx, viewer.id, 'room_joined', 1, roomId);
    await changed(roomId, 'member', tx);
  });
}

/** The book a member brings to the room's sprints: one they are reading, or none ("sem livro": they sit out). */
export async function chooseRoomBook(viewer: Viewer, roomId: string, editionId: string | null): Promise<void> {
  const room = await roomAccess(viewer, roomId);
  if (!room.member) throw new AppError('forbidden', 'Entre na sala para escolher seu livro.');
  if (editionId) {
    const [reading] = await queryRows<{ id: string }>(
      sql`SELECT id FROM shelf_entries WHERE user_id = ${viewer.id} AND edition_id = ${editionId} AND status = 'reading'`,
    );
    if (!reading) throw new AppError('invalid_input', 'Escolha um livro que você está lendo.', 'edition');
  }
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`UPDATE focus_room_members SET edition_id = ${editionId} WHERE room_id = ${roomId} AND user_id = ${viewer.id}`);
    await changed(roomId, 'member', tx);
  });
}

/**
 * Leaves a room. Leaving during a sprint is giving up: the member's session in it closes as /foca's "Desistir" would
 * (half the minutes elapsed). The host does not leave: they close the room. Under the room's lock, as a sprint start
 * (taken first, then the session, then the member's row): a leave and a start are one after the other, so a member
 * who left never gets the sprint's session, and one who had it gives it up in the same transaction.
 */
export async function leaveFocusRoom(viewer: Viewer, roomId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const room = await roomAccess(viewer, roomId, { tx, lock: true });
    if (!room.member) throw new AppError('invalid_input', 'Você não está nesta sala.');
    if (room.hostId === viewer.id) throw new AppError('invalid_input', 'Você criou esta sala: para sair, feche a sala.');
    const running = await lockRunning(tx, sql`user_id = ${viewer.id} AND room_sprint_id IN (SELECT id FROM focus_room_sprints WHERE room_id = ${roomId})`);
    if (running) await closeAsGivingUp(tx, running);
    await tx.execute(sql`DELETE FROM focus_room_members WHERE room_id = ${roomId} AND user_id = ${viewer.id}`);
    await changed(roomId, running ? 'sprint' : 'member', tx);
  });
}

/**
 * Closes a room (the host): the room, its members and its sprints go. A sprint running then goes on as each
 * member's own session (their sessions stay, no longer tied to a room).
 */
export async function closeFocusRoom(viewer: Viewer, roomId: string): Promise<void> {
  const room = await roomAccess(viewer, roomId);
  requireHost(viewer, room, 'Só quem criou a sala pode fechá-la.');
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM focus_rooms WHERE id = ${roomId}`);
    await changed(roomId, 'closed', tx);
  });
}

/**
 * Starts a sprint (the host): for `minutes` from the database's `now()`. In one transaction, under the room's lock
 * (one sprint at a time; a leave takes it too), every member present now with a book they are still reading, no
 * block either way with the host, and no running session of their own, gets a focus session with the sprint's start
 * and end, tied to it. A member's session whose end has passed (the last sprint's, not concluded yet) is not running
 * any more: it closes first as "Desistir" after the end would (finished, full minutes, no page; expired past the
 * grace). One still before its end keeps its reader out of this sprint (their page says why). Members are taken in
 * user_id order, so two rooms' starts with the same members lock their sessions in the same order (no deadlock).
 * Only the duration comes from the form; a member's session that a start of their own beat by a moment is left as
 * it is (the one-running-session index decides).
 */
export async function startRoomSprint(viewer: Viewer, roomId: string, minutes: number): Promise<{ id: string; sessions: number }> {
  const room = await roomAccess(viewer, roomId);
  requireHost(viewer, room, 'Só quem criou a sala começa uma sprint.');
  const id = newId();
  return getDb().transaction(async (tx) => {
    await roomAccess(viewer, roomId, { tx, lock: true });
    const [running] = await queryRows<{ id: string }>(sql`SELECT id FROM focus_room_sprints WHERE room_id = ${roomId} AND ends_at > now() LIMIT 1`, tx);
    if (running) throw new AppError('invalid_input', 'Já há uma sprint em andamento nesta sala.');
    // The host pressing the button is in the room, whether or not their page's connection has said so yet.
    await tx.execute(sql`UPDATE focus_room_members SET seen_at = now() WHERE room_id = ${roomId} AND user_id = ${viewer.id}`);
    await tx.execute(sql`INSERT INTO focus_room_sprints (id, room_id, planned_minutes, started_at, ends_at)
      VALUES (${id}, ${roomId}, ${minutes}, now(), now() + make_interval(mins => ${minutes}))`);
    const joining = await queryRows<{ user_id: string; edition_id: string }>(
      sql`SELECT m.user_id, m.edition_id FROM focus_room_members m JOIN users u ON u.id = m.user_id AND u.suspended_at IS NULL
        WHERE m.room_id = ${roomId} AND ${presentSql(sql`m.seen_at`)} AND m.edition_id IS NOT NULL
          AND NOT ${blockedEitherWay(sql`${viewer.id}`, sql`m.user_id`)}
          AND EXISTS (SELECT 1 FROM shelf_entries se WHERE se.user_id = m.user_id AND se.edition_id = m.edition_id AND se.status = 'reading')
        ORDER BY m.user_id`,
      tx,
    );
    if (!joining.length) {
      await changed(roomId, 'sprint', tx);
      return { id, sessions: 0 };
    }
    const readers = sql.join(
      joining.map((member) => sql`${member.user_id}`),
      sql`, `,
    );
    // Sessions of theirs whose end has passed: locked in user_id order, closed first (rare: a last sprint not concluded).
    for (const row of await lockRunningSessions(tx, sql`ends_at <= now() AND user_id IN (${readers})`)) await closeAsGivingUp(tx, row);
    // Then every member's session in one statement, in user_id order.
    const inserted = await queryRows<{ user_id: string }>(
      sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, started_at, ends_at, room_sprint_id)
        SELECT j.id, j.user_id, j.edition_id, s.planned_minutes, s.started_at, s.ends_at, s.id
        FROM (VALUES ${sql.join(
          joining.map((member) => sql`(${newId()}, ${member.user_id}, ${member.edition_id})`),
          sql`, `,
        )}) AS j (id, user_id, edition_id) JOIN focus_room_sprints s ON s.id = ${id}
        ORDER BY j.user_id
        ON CONFLICT (user_id) WHERE status = 'running' DO NOTHING RETURNING user_id`,
      tx,
    );
    const sessions = inserted.length;
    // Each member's foca overlay starts its timer (decision 0092).
    for (const { user_id } of inserted) await signalOverlays(user_id, tx);
    await changed(roomId, 'sprint', tx);
    return { id, sessions };
  });
}

export const FOCUS_ROOM_INVITATIONS_RATE_LIMIT = { name: 'focus-room-invitations', limit: FOCUS_ROOM_INVITATIONS_PER_HOUR, windowSeconds: 3600 } as const;

/**
 * The host invites a reader by username (a name changed in the last 30 days still finds them): they are told, with
 * a link that carries the room's code (`room_invitation`; their switches decide). Nobody is told across a block.
 */
export async function inviteToFocusRoom(viewer: Viewer, roomId: string, username: string): Promise<void> {
  const room = await roomAccess(viewer, roomId);
  requireHost(viewer, room, 'Só quem criou a sala convida.');
  const resolved = await resolveUsername(username);
  const unknown = () => new AppError('invalid_input', `Ninguém no Maratona tem o nome de usuário @${username}. Confira como está escrito.`, 'username');
  if (!resolved || resolved.userId === viewer.id) throw unknown();
  await getDb().transaction(async (tx) => {
    const [reader] = await queryRows<{ id: string; member: boolean }>(
      sql`SELECT u.id, EXISTS (SELECT 1 FROM focus_room_members m WHERE m.room_id = ${roomId} AND m.user_id = u.id) AS member
        FROM users u WHERE u.id = ${resolved.userId} AND u.suspended_at IS NULL`,
      tx,
    );
    if (!reader || (await isBlockedPair(viewer.id, reader.id, tx))) throw unknown();
    if (reader.member) throw new AppError('invalid_input', `@${resolved.username} já está na sala.`, 'username');
    const limit = await hitRateLimit(FOCUS_ROOM_INVITATIONS_RATE_LIMIT, viewer.id, 1, tx);
    if (!limit.ok)
      throw new RateLimitError(
        limit.retryAfterSeconds,
        `Você chegou ao limite de ${FOCUS_ROOM_INVITATIONS_PER_HOUR} convites por hora. Poderá convidar de novo daqui a ${formatWait(limit.retryAfterSeconds)}.`,
        'username',
      );
    await notify(
      {
        userId: reader.id,
        actorId: viewer.id,
        kind: 'focus_room_invitation',
        text: `@${viewer.username} convidou você para a sala de foco “${room.name}”.`,
        link: `/foca/salas?codigo=${room.code}`,
      },
      tx,
    );
  });
}

/**
 * Presence, from a member's live connection (api/foca/salas/{id}/eventos) as it opens: `seen_at` now, while the
 * member may still reach the room (a block with the host, the host suspended or the member gone: false, and the
 * connection ends); then the server's heartbeat keeps it (refreshPresence). The room hears of it only when the member
 * was not present before (their arrival).
 */
export async function markPresent(viewer: Viewer, roomId: string): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [row] = await queryRows<{ present: boolean | null }>(
      sql`SELECT ${presentSql(sql`seen_at`)} AS present FROM focus_room_members WHERE room_id = ${roomId} AND user_id = ${viewer.id} FOR UPDATE`,
      tx,
    );
    if (!row || !(await reaches(viewer, roomId, tx))) return false;
    await tx.execute(sql`UPDATE focus_room_members SET seen_at = now() WHERE room_id = ${roomId} AND user_id = ${viewer.id}`);
    if (!row.present) await changed(roomId, 'presence', tx);
    return true;
  });
}

/**
 * Presence for every live connection one server holds in a room, in one statement every heartbeat (decision 0087):
 * `seen_at` now for each of `readerIds` still a member who may reach the room (not suspended themselves, as the
 * viewer of every page; roomAccess's rules for a member: the host not suspended, no block either way with the host); the room hears of it only when one was not present before.
 * Returns those refreshed: the others' connections end. Member rows are locked in user_id order, as a start takes them.
 */
export async function refreshPresence(roomId: string, readerIds: readonly string[]): Promise<Set<string>> {
  if (!readerIds.length) return new Set();
  return getDb().transaction(async (tx) => {
    const rows = await queryRows<{ user_id: string; was: boolean }>(
      sql`WITH kept AS (
          SELECT m.room_id, m.user_id, coalesce(${presentSql(sql`m.seen_at`)}, false) AS was
          FROM focus_room_members m JOIN users u ON u.id = m.user_id AND u.suspended_at IS NULL
            JOIN focus_rooms r ON r.id = m.room_id JOIN users h ON h.id = r.host_id AND h.suspended_at IS NULL
          WHERE m.room_id = ${roomId} AND m.user_id IN (${sql.join(
            readerIds.map((id) => sql`${id}`),
            sql`, `,
          )}) AND NOT ${blockedEitherWay(sql`r.host_id`, sql`m.user_id`)}
          ORDER BY m.user_id FOR UPDATE OF m)
        UPDATE focus_room_members m SET seen_at = now() FROM kept WHERE m.room_id = kept.room_id AND m.user_id = kept.user_id
        RETURNING m.user_id, kept.was`,
      tx,
    );
    if (rows.some((row) => !row.was)) await changed(roomId, 'presence', tx);
    return new Set(rows.map((row) => row.user_id));
  });
}

/** Whether the viewer may still see the room as a member (roomAccess's rules, without its not_found). */
async function reaches(viewer: Viewer, roomId: string, tx: Tx): Promise<boolean> {
  try {
    return (await roomAccess(viewer, roomId, { tx })).member;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return false;
    throw error;
  }
}

/** The member's page closed: they are no longer in the room (another open tab says so again at its next heartbeat). */
export async function markAbsent(viewer: Viewer, roomId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const left = await queryRows<{ user_id: string }>(
      sql`UPDATE focus_room_members SET seen_at = NULL WHERE room_id = ${roomId} AND user_id = ${viewer.id} AND seen_at IS NOT NULL RETURNING user_id`,
      tx,
    );
    if (left.length) await changed(roomId, 'presence', tx);
  });
}

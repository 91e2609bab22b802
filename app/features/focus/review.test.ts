import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDatabase, getDb, queryRows } from '~/db/client.server';
import { blockReader } from '~/features/social/blocks.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { newId } from '~/lib/ids';
import { clearHtmlCache, listenForInvalidations } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../../test/factories';
import { dropped, settled, visit, type Page } from '../../../test/page-cache';
import { restrict } from '../../../test/reading-factories';
import { call, statusOf } from '../../../test/routes';
import * as topPlayers from '../../routes/f';
import * as rankingPage from '../../routes/foca.ranking';
import * as roomPage from '../../routes/foca.salas.$id';
import { closeSession, lockRunning } from './closing.server';
import { createFocusRoom, joinFocusRoom, leaveFocusRoom, markPresent, startRoomSprint } from './rooms/mutations.server';

/**
 * Review of the foca rooms (decision 0083) and ranking (0084): failing tests that show bugs found in review.
 * They are for the fixer; each says what should happen.
 */

useTestDatabase();

type Reader = { viewer: Viewer; cookie: string; book: string };

async function reader(): Promise<Reader> {
  const user = await createUser();
  const viewer = testViewer(user);
  const book = await createEdition({ title: `São Bernardo ${newId()}`, authors: ['Graciliano Ramos'], pages: 200 });
  await setShelfStatus(viewer, book, 'reading');
  return { viewer, cookie: user.cookie, book };
}

const post = (who: Reader, roomId: string, fields: Record<string, string>) =>
  call(roomPage.action, formRequest(`/foca/salas/${roomId}`, fields, { cookie: who.cookie }), { id: roomId });

/** A member in the room with their book, present (as their open page's live connection makes them). */
async function seated(roomId: string, who: Reader) {
  await joinFocusRoom(who.viewer, roomId);
  expect(await statusOf(post(who, roomId, { intent: 'livro', edition: who.book }))).toBe(200);
  await markPresent(who.viewer, roomId);
}

const sprintSessionsOf = (sprintId: string) =>
  queryRows<{ user_id: string }>(sql`SELECT user_id FROM focus_sessions WHERE room_sprint_id = ${sprintId} ORDER BY user_id`);

/** Moves a sprint and its sessions back in time (the clock is the database's: the rows move). */
async function moveBack(sprintId: string, minutes: number) {
  await getDb().execute(
    sql`UPDATE focus_room_sprints SET started_at = started_at - make_interval(mins => ${minutes}), ends_at = ends_at - make_interval(mins => ${minutes}) WHERE id = ${sprintId}`,
  );
  await getDb().execute(
    sql`UPDATE focus_sessions SET started_at = started_at - make_interval(mins => ${minutes}), ends_at = ends_at - make_interval(mins => ${minutes}) WHERE room_sprint_id = ${sprintId}`,
  );
}

describe('review: room sprints and blocks', () => {
  it('a member the host blocked gets no session in the host’s next sprint (the room is 404 to them)', async () => {
    const host = await reader();
    const member = await reader();
    const room = await createFocusRoom(host.viewer, { name: 'Sala com bloqueio', visibility: 'public' });
    await seated(room.id, host);
    await seated(room.id, member);
    await blockReader(host.viewer, member.viewer.id);
    // The member's page is still open: its live connection's heartbeat keeps them present (markPresent does not
    // ask roomAccess again after the connection was opened).
    await markPresent(member.viewer, room.id);
    expect(await statusOf(call(roomPage.loader, getRequest(`/foca/salas/${room.id}`, member.cookie), { id: room.id }))).toBe(404);

    const { id } = await startRoomSprint(host.viewer, room.id, 25);
    // Never across a block: the host's sprint must not start a session for a reader who cannot see the room.
    expect((await sprintSessionsOf(id)).map((s) => s.user_id)).toEqual([host.viewer.id]);
  });
});

describe('review: a sprint right after the last one', () => {
  it('a member whose session of the last sprint is still open (ended, within the grace) is in the next sprint', async () => {
    const host = await reader();
    const member = await reader();
    const room = await createFocusRoom(host.viewer, { name: 'Pomodoro', visibility: 'public' });
    await seated(room.id, host);
    await seated(room.id, member);
    const first = await startRoomSprint(host.viewer, room.id, 25);
    // The sprint ended two minutes ago; the host concluded, the member has not pressed "Concluir" yet (the grace is
    // 30 minutes, so nothing closed their session).
    await moveBack(first.id, 27);
    const loaded = (await call(roomPage.loader, getRequest(`/foca/salas/${room.id}`, host.cookie), { id: room.id })) as Awaited<
      ReturnType<typeof roomPage.loader>
    >;
    expect(await statusOf(post(host, room.id, { intent: 'concluir', session: loaded.running!.id, value: '', unit: 'page' }))).toBe(200);
    await markPresent(member.viewer, room.id);

    // The 5-minute break is over: the host starts the next sprint, the member is present with their book.
    const second = await startRoomSprint(host.viewer, room.id, 25);
    // The member's ended session of this room's own previous sprint is not "a running session of their own": they
    // must be in the new sprint (today they are silently left out, and the page tells them to choose a book).
    expect((await sprintSessionsOf(second.id)).map((s) => s.user_id).sort()).toEqual([host.viewer.id, member.viewer.id].sort());
  });
});

describe('review: leaving racing a sprint start', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'a member who leaves while the host starts a sprint does not end up with a running session of a room they left',
    async () => {
      const database = getDatabase();
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const host = await reader();
      const member = await reader();
      const room = await createFocusRoom(host.viewer, { name: 'Corrida', visibility: 'public' });
      await seated(room.id, host);
      await seated(room.id, member);

      // A second connection holds the member's row a moment (as any concurrent writer of it could, e.g. their
      // heartbeat's markPresent): leaveFocusRoom has checked "no running session" and waits at its DELETE.
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT 1 FROM focus_room_members WHERE room_id = $1 AND user_id = $2 FOR UPDATE', [room.id, member.viewer.id]);
        const leaving = leaveFocusRoom(member.viewer, room.id);
        await expect
          .poll(
            async () =>
              (
                await queryRows<{ n: number }>(
                  sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'DELETE FROM focus_room_members%'`,
                )
              )[0]!.n,
            { timeout: 10_000 },
          )
          .toBe(1);
        // Meanwhile the host starts a sprint: the room's lock does not serialize it with the leave.
        const sprint = await startRoomSprint(host.viewer, room.id, 25);
        await other.query('COMMIT');
        await leaving;

        expect(await queryRows(sql`SELECT 1 FROM focus_room_members WHERE room_id = ${room.id} AND user_id = ${member.viewer.id}`)).toEqual([]);
        // Leaving is giving up (decision 0083): the member who left has no running session of that room.
        const running = await queryRows<{ id: string }>(
          sql`SELECT id FROM focus_sessions WHERE user_id = ${member.viewer.id} AND status = 'running' AND room_sprint_id = ${sprint.id}`,
        );
        expect(running).toEqual([]);
      } finally {
        await other.end();
      }
    },
    30_000,
  );
});

describe('review: the visitors’ cached rankings', () => {
  beforeEach(async () => {
    clearHtmlCache();
    await listenForInvalidations();
  });

  it('a reader with minutes who makes their profile public again shows on the visitors’ /foca/ranking and /f at once', async () => {
    const ana = await reader();
    const bia = await reader();
    // Bia focused more than Ana, but her profile is restrito: the visitors' ranking leaves her out.
    await restrict(bia.viewer.id);
    for (const [who, minutes] of [
      [ana, 40],
      [bia, 90],
    ] as const) {
      const id = newId();
      await getDb().execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, started_at, ends_at)
        VALUES (${id}, ${who.viewer.id}, ${who.book}, ${minutes}, now() - make_interval(mins => ${minutes}), now())`);
      await getDb().transaction(async (tx) => {
        const row = await lockRunning(tx, sql`id = ${id}`);
        await closeSession(tx, row!, 'finished');
      });
    }
    const global: Page = { url: new URL('http://localhost:3000/foca/ranking'), route: rankingPage, params: {} };
    const top: Page = { url: new URL('http://localhost:3000/f'), route: topPlayers, params: {} };
    await settled();
    expect(await visit(global)).not.toContain(bia.viewer.id);
    expect(await visit(top)).not.toContain(bia.viewer.id);

    // She makes her profile public (the users row's triggers send only her own reader: tag, which these pages —
    // not listing her — do not carry): the cached pages must go, or visitors keep seeing a ranking without her.
    await getDb().execute(sql`UPDATE users SET profile_visibility = 'publico' WHERE id = ${bia.viewer.id}`);
    await dropped(global, top);
    expect(await visit(global)).toContain(bia.viewer.id);
  });
});

describe('review: two rooms’ sprints at once', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'two hosts starting sprints at once, with members in both rooms, both start (no deadlock on the members’ sessions)',
    async () => {
      const database = getDatabase();
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const host1 = await reader();
      const host2 = await reader();
      const ana = await reader();
      const bia = await reader();
      const caio = await reader();
      const room1 = await createFocusRoom(host1.viewer, { name: 'Sala um', visibility: 'public' });
      const room2 = await createFocusRoom(host2.viewer, { name: 'Sala dois', visibility: 'public' });
      // Room 1's members in the order they joined: Ana, Caio, Bia; room 2's: Bia, Ana. Ana and Bia have both rooms
      // open (two tabs): present in both.
      await seated(room1.id, host1);
      await seated(room2.id, host2);
      await seated(room1.id, ana);
      await seated(room1.id, caio);
      await seated(room2.id, bia);
      await seated(room1.id, bia);
      await seated(room2.id, ana);

      const waiting = async () =>
        (
          await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)
        )[0]!.n;
      // Caio is starting a session of his own at that very moment (not committed yet): room 1's start, having
      // inserted Ana's session, waits on him; meanwhile room 2's inserts Bia's and waits on Ana's.
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query(
          `INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, started_at, ends_at) VALUES ($1, $2, $3, 25, now(), now() + interval '25 minutes')`,
          [newId(), caio.viewer.id, caio.book],
        );
        const first = startRoomSprint(host1.viewer, room1.id, 25);
        await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
        const second = startRoomSprint(host2.viewer, room2.id, 25);
        await expect.poll(waiting, { timeout: 10_000 }).toBe(2);
        // Caio changes his mind (his start fails): room 1 goes on to Caio, then Bia — held by room 2, which waits on room 1.
        await other.query('ROLLBACK');
        const results = await Promise.allSettled([first, second]);
        expect(results.map((r) => (r.status === 'fulfilled' ? 'started' : String((r.reason as Error).cause ?? r.reason)))).toEqual(['started', 'started']);
      } finally {
        await other.end();
      }
    },
    30_000,
  );
});

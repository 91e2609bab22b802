import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { getDatabase, getDb, queryRows } from '~/db/client.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { blockReader } from '~/features/social/blocks.server';
import { newId } from '~/lib/ids';
import { subscribe } from '~/server/realtime.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../../test/db';
import { heldTransaction } from '../../../../test/held-transaction';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../../../test/factories';
import { block, suspend } from '../../../../test/reading-factories';
import { call, statusOf } from '../../../../test/routes';
import * as roomPage from '../../../routes/foca.salas.$id';
import * as roomsPage from '../../../routes/foca.salas';
import * as events from '../../../routes/api/foca.salas.$id.eventos';
import { type RoomLiveView, type RoomSnapshot, readRoomSnapshot, roomViewFor } from './live.server';
import { startFocusSession } from '../sessions.server';
import { FOCUS_ROOMS_PER_HOST, FOCUS_ROOM_MAX_MEMBERS } from './policy';
import { createFocusRoom, joinFocusRoom, leaveFocusRoom, markAbsent, markPresent, refreshPresence, startRoomSprint } from './mutations.server';
import { getFocusRoomPage, listFocusRooms, roomChannel } from './queries.server';

useTestDatabase();

type Reader = { viewer: Viewer; cookie: string; book: string };

async function reader(withBook = true): Promise<Reader> {
  const user = await createUser();
  const viewer = testViewer(user);
  const book = await createEdition({ title: `Vidas Secas ${newId()}`, authors: ['Graciliano Ramos'], pages: 200 });
  if (withBook) await setShelfStatus(viewer, book, 'reading');
  return { viewer, cookie: user.cookie, book };
}

const post = (who: Reader, roomId: string, fields: Record<string, string>) =>
  call(roomPage.action, formRequest(`/foca/salas/${roomId}`, fields, { cookie: who.cookie }), { id: roomId });

/** A member in the room with their book, present (as their open page's live connection makes them). */
async function seated(roomId: string, who: Reader, options: { book?: boolean } = {}) {
  await joinFocusRoom(who.viewer, roomId);
  if (options.book !== false) expect(await statusOf(post(who, roomId, { intent: 'livro', edition: who.book }))).toBe(200);
  await markPresent(who.viewer, roomId);
}

const sessionsOf = (sprintId: string) =>
  queryRows<{ user_id: string; status: string; started_at: string; ends_at: string; credited_minutes: number }>(
    sql`SELECT user_id, status, started_at::text, ends_at::text, credited_minutes FROM focus_sessions WHERE room_sprint_id = ${sprintId} ORDER BY user_id`,
  );

const roomPageOf = async (who: Reader, roomId: string) =>
  (await call(roomPage.loader, getRequest(`/foca/salas/${roomId}`, who.cookie), { id: roomId })) as Awaited<ReturnType<typeof roomPage.loader>>;

const seenAt = async (roomId: string, userId: string) =>
  (await queryRows<{ seen_at: string | null }>(sql`SELECT seen_at::text FROM focus_room_members WHERE room_id = ${roomId} AND user_id = ${userId}`))[0]
    ?.seen_at ?? null;

/** A public room with its host and one member, both seated with their book. */
async function roomOfTwo(name: string) {
  const host = await reader();
  const member = await reader();
  const room = await createFocusRoom(host.viewer, { name, visibility: 'public' });
  await seated(room.id, host);
  await seated(room.id, member);
  return { host, member, room };
}

/** Moves a sprint and its sessions back in time (the clock is the database's: the rows move). */
async function moveBack(sprintId: string, minutes: number) {
  await getDb().execute(
    sql`UPDATE focus_room_sprints SET started_at = started_at - make_interval(mins => ${minutes}), ends_at = ends_at - make_interval(mins => ${minutes}) WHERE id = ${sprintId}`,
  );
  await getDb().execute(
    sql`UPDATE focus_sessions SET started_at = started_at - make_interval(mins => ${minutes}), ends_at = ends_at - make_interval(mins => ${minutes}) WHERE room_sprint_id = ${sprintId}`,
  );
}

/** How many statements of this database wait on a lock (optionally, those whose text starts so). */
async function waitingOnLocks(startingWith = '') {
  const [row] = await queryRows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ${`${startingWith}%`}`,
  );
  return row!.n;
}

describe('focus rooms: creating, listing, joining', () => {
  it('lists public rooms to others, hides private ones (404 without the code) and lets the code in', async () => {
    const host = await reader();
    const other = await reader();
    const pub = await createFocusRoom(host.viewer, { name: 'Leitura da manhã', visibility: 'public' });
    const priv = await createFocusRoom(host.viewer, { name: 'Só nós', visibility: 'private' });
    const listed = await listFocusRooms(other.viewer);
    expect(listed.open.map((room) => room.id)).toEqual([pub.id]);
    expect(listed.mine).toEqual([]);
    expect(await statusOf(call(roomPage.loader, getRequest(`/foca/salas/${priv.id}`, other.cookie), { id: priv.id }))).toBe(404);
    expect(await statusOf(post(other, priv.id, { intent: 'entrar' }))).toBe(404);

    const [{ code }] = (await queryRows<{ code: string }>(sql`SELECT code FROM focus_rooms WHERE id = ${priv.id}`)) as [{ code: string }];
    // A wrong code is told next to the field, with what was typed kept.
    const wrong = (await call(roomsPage.action, formRequest('/foca/salas', { intent: 'entrar-com-codigo', code: 'ZZZZ-ZZZZ' }, { cookie: other.cookie }))) as {
      data: { fieldErrors: Record<string, string>; fields: Record<string, string> };
    };
    expect(wrong.data.fieldErrors.code).toMatch(/Nenhuma sala tem esse código/);
    expect(wrong.data.fields.code).toBe('ZZZZ-ZZZZ');
    // The code as a reader types it: lower case, with a dash.
    const joined = (await call(
      roomsPage.action,
      formRequest('/foca/salas', { intent: 'entrar-com-codigo', code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}` }, { cookie: other.cookie }),
    )) as Response;
    expect(joined.headers.get('location')).toBe(`/foca/salas/${priv.id}`);
    const page = await getFocusRoomPage(other.viewer, priv.id);
    expect(page.members.map((member) => member.id).sort()).toEqual([host.viewer.id, other.viewer.id].sort());
    expect(page.code).toBe(code);
    expect((await listFocusRooms(other.viewer)).mine.map((room) => room.id)).toEqual([priv.id]);
  });

  it('keeps blocked readers out of each other’s rooms, and holds the limits: rooms per host, members per room', async () => {
    const host = await reader();
    const blocked = await reader();
    await block(host.viewer.id, blocked.viewer.id);
    const room = await createFocusRoom(host.viewer, { name: 'Sala cheia', visibility: 'public' });
    expect((await listFocusRooms(blocked.viewer)).open).toEqual([]);
    expect(await statusOf(post(blocked, room.id, { intent: 'entrar' }))).toBe(404);

    for (let i = 1; i < FOCUS_ROOMS_PER_HOST; i += 1) await createFocusRoom(host.viewer, { name: `Sala ${i}`, visibility: 'private' });
    const over = (await call(
      roomsPage.action,
      formRequest('/foca/salas', { intent: 'criar', name: 'Mais uma', visibility: 'public' }, { cookie: host.cookie }),
    )) as { data: { fieldErrors: Record<string, string>; fields: Record<string, string> } };
    expect(over.data.fieldErrors.name).toMatch(/já tem 3 salas abertas/);
    expect(over.data.fields.name).toBe('Mais uma');

    // Fill the room to its limit with readers made in SQL (the count is what is tested).
    await getDb()
      .execute(sql`INSERT INTO users (id, name, email, username) SELECT 'cheio_' || g, 'Leitor ' || g, 'cheio' || g || '@exemplo.com.br', 'cheio_' || g
      FROM generate_series(1, ${FOCUS_ROOM_MAX_MEMBERS - 1}) g`);
    await getDb().execute(
      sql`INSERT INTO focus_room_members (room_id, user_id) SELECT ${room.id}, 'cheio_' || g FROM generate_series(1, ${FOCUS_ROOM_MAX_MEMBERS - 1}) g`,
    );
    const late = await reader();
    const refused = (await post(late, room.id, { intent: 'entrar' })) as { data: { formError: string } };
    expect(refused.data.formError).toMatch(/sala está cheia/);
  });
});

describe('room sprints', () => {
  it('the host starts one with the database’s clock: every member present with a book gets the same session; forged times and a non-host start are ignored', async () => {
    const host = await reader();
    const member = await reader();
    const noBook = await reader(false);
    const away = await reader();
    const busy = await reader();
    const room = await createFocusRoom(host.viewer, { name: 'Sprint das nove', visibility: 'public' });
    await seated(room.id, host);
    await seated(room.id, member);
    await seated(room.id, noBook, { book: false });
    await seated(room.id, busy);
    await joinFocusRoom(away.viewer, room.id);
    expect(await statusOf(post(away, room.id, { intent: 'livro', edition: away.book }))).toBe(200);
    const own = await startFocusSession(busy.viewer, { editionId: busy.book, plannedMinutes: 60 });

    // A member who is not the host: refused, nothing started, whatever the form carries.
    const forged = { intent: 'sprint', minutes: '25', startedAt: '2020-01-01T00:00:00Z', endsAt: '2020-01-01T03:00:00Z', plannedMinutes: '5' };
    expect(await statusOf(post(member, room.id, forged))).toBe(403);
    expect(await queryRows(sql`SELECT id FROM focus_room_sprints WHERE room_id = ${room.id}`)).toEqual([]);

    // The host: the times posted are not in the schema; start and end are now() and now() + 25 min.
    expect(await statusOf(post(host, room.id, forged))).toBe(200);
    const [sprint] = await queryRows<{ id: string; planned_minutes: number; fresh: boolean; length_minutes: number }>(
      sql`SELECT id, planned_minutes, started_at > now() - interval '1 minute' AS fresh, extract(epoch FROM ends_at - started_at)::int / 60 AS length_minutes
        FROM focus_room_sprints WHERE room_id = ${room.id}`,
    );
    expect(sprint).toMatchObject({ planned_minutes: 25, fresh: true, length_minutes: 25 });
    const sessions = await sessionsOf(sprint!.id);
    expect(sessions.map((s) => s.user_id).sort()).toEqual([host.viewer.id, member.viewer.id].sort());
    expect(new Set(sessions.map((s) => `${s.started_at}|${s.ends_at}`)).size).toBe(1);
    const [ownAfter] = await queryRows<{ status: string; room_sprint_id: string | null }>(
      sql`SELECT status, room_sprint_id FROM focus_sessions WHERE id = ${own.id}`,
    );
    expect(ownAfter).toEqual({ status: 'running', room_sprint_id: null });
    // The busy member's page tells them why they sit out; the member in the sprint is not told so.
    expect((await roomPageOf(busy, room.id)).ownSessionRunning).toBe(true);
    expect((await roomPageOf(member, room.id)).ownSessionRunning).toBe(false);

    // One sprint at a time.
    const again = (await post(host, room.id, { intent: 'sprint', minutes: '25' })) as { data: { formError: string } };
    expect(again.data.formError).toMatch(/Já há uma sprint/);

    // Everyone sees the same countdown: the sprint's end and the database's clock.
    const seen = await getFocusRoomPage(member.viewer, room.id);
    expect(seen.sprint).toMatchObject({ id: sprint!.id, running: true, plannedMinutes: 25 });
    expect(Date.parse(seen.sprint!.endsAt) - Date.parse(seen.serverNow)).toBeGreaterThan(24 * 60_000);
    expect(seen.members.find((m) => m.id === noBook.viewer.id)).toMatchObject({ present: true, edition: null });
    expect(seen.members.find((m) => m.id === away.viewer.id)).toMatchObject({ present: false });
  });

  it('leaving mid-sprint gives the session up; the results show each member’s minutes and the page reached', async () => {
    const host = await reader();
    const quitter = await reader();
    const room = await createFocusRoom(host.viewer, { name: 'Sprint curta', visibility: 'public' });
    await seated(room.id, host);
    await seated(room.id, quitter);
    const { id: sprintId } = await startRoomSprint(host.viewer, room.id, 30);
    // Twenty minutes in (the clock is the server's: the rows move back).
    await getDb().execute(
      sql`UPDATE focus_room_sprints SET started_at = started_at - interval '20 minutes', ends_at = ends_at - interval '20 minutes' WHERE id = ${sprintId}`,
    );
    await getDb().execute(
      sql`UPDATE focus_sessions SET started_at = started_at - interval '20 minutes', ends_at = ends_at - interval '20 minutes' WHERE room_sprint_id = ${sprintId}`,
    );
    const left = (await post(quitter, room.id, { intent: 'sair' })) as Response;
    expect(left.headers.get('location')).toBe('/foca/salas');
    expect(await queryRows(sql`SELECT 1 FROM focus_room_members WHERE room_id = ${room.id} AND user_id = ${quitter.viewer.id}`)).toEqual([]);

    // The sprint ends; the host concludes from the room page, with the page reached.
    await getDb().execute(
      sql`UPDATE focus_room_sprints SET started_at = started_at - interval '11 minutes', ends_at = ends_at - interval '11 minutes' WHERE id = ${sprintId}`,
    );
    await getDb().execute(
      sql`UPDATE focus_sessions SET started_at = started_at - interval '11 minutes', ends_at = ends_at - interval '11 minutes' WHERE room_sprint_id = ${sprintId}`,
    );
    const loaded = (await call(roomPage.loader, getRequest(`/foca/salas/${room.id}`, host.cookie), { id: room.id })) as Awaited<
      ReturnType<typeof roomPage.loader>
    >;
    expect(loaded.running?.unit).toBe('page');
    expect(await statusOf(post(host, room.id, { intent: 'concluir', session: loaded.running!.id, value: '42', unit: 'page' }))).toBe(200);
    const results = (await getFocusRoomPage(host.viewer, room.id)).sprint!;
    expect(results.running).toBe(false);
    expect(results.results.map(({ userId, status, creditedMinutes, progressValue }) => ({ userId, status, creditedMinutes, progressValue }))).toEqual([
      { userId: host.viewer.id, status: 'finished', creditedMinutes: 30, progressValue: 42 },
      { userId: quitter.viewer.id, status: 'given_up', creditedMinutes: 10, progressValue: null },
    ]);
  });

  it('a room closed by its host: its sprint goes on as each member’s own session', async () => {
    const host = await reader();
    const room = await createFocusRoom(host.viewer, { name: 'Sala que fecha', visibility: 'public' });
    // The host's page has not connected yet: starting the sprint, they are in the room all the same.
    expect(await statusOf(post(host, room.id, { intent: 'livro', edition: host.book }))).toBe(200);
    await startRoomSprint(host.viewer, room.id, 25);
    const heard: unknown[] = [];
    const off = await subscribe(roomChannel(room.id), (payload) => heard.push(payload));
    expect(await statusOf(post(host, room.id, { intent: 'fechar' }))).toBe(302);
    await expect.poll(() => heard).toEqual([{ kind: 'closed' }]);
    await off();
    const [session] = await queryRows<{ status: string; room_sprint_id: string | null }>(
      sql`SELECT status, room_sprint_id FROM focus_sessions WHERE user_id = ${host.viewer.id}`,
    );
    expect(session).toEqual({ status: 'running', room_sprint_id: null });
  });
});

describe('room sprints and blocks', () => {
  it('a member the host blocked gets no session in the host’s sprint, and their open page’s heartbeat no longer keeps them present', async () => {
    const { host, member, room } = await roomOfTwo('Sala com bloqueio');
    await blockReader(host.viewer, member.viewer.id);
    expect(await statusOf(call(roomPage.loader, getRequest(`/foca/salas/${room.id}`, member.cookie), { id: room.id }))).toBe(404);
    // Their page is still open: its live connection's heartbeat asks again, is refused (the stream then ends) and
    // does not mark them present.
    await getDb().execute(sql`UPDATE focus_room_members SET seen_at = NULL WHERE room_id = ${room.id} AND user_id = ${member.viewer.id}`);
    expect(await markPresent(member.viewer, room.id)).toBe(false);
    const [row] = await queryRows<{ seen_at: string | null }>(
      sql`SELECT seen_at FROM focus_room_members WHERE room_id = ${room.id} AND user_id = ${member.viewer.id}`,
    );
    expect(row!.seen_at).toBeNull();
    expect(await markPresent(host.viewer, room.id)).toBe(true);

    // Even present (their last beat before the block), the host's sprint never starts a session across a block.
    await getDb().execute(sql`UPDATE focus_room_members SET seen_at = now() WHERE room_id = ${room.id} AND user_id = ${member.viewer.id}`);
    const { id } = await startRoomSprint(host.viewer, room.id, 25);
    expect((await sessionsOf(id)).map((s) => s.user_id)).toEqual([host.viewer.id]);
  });
});

describe('a sprint right after the last one', () => {
  it('a member whose session of the last sprint ended but was not concluded is in the next sprint; that session finished with its full minutes', async () => {
    const { host, member, room } = await roomOfTwo('Pomodoro');
    const first = await startRoomSprint(host.viewer, room.id, 25);
    // The sprint ended two minutes ago; the host concluded, the member has not pressed "Concluir" yet (within the
    // 30 minutes' grace, nothing closed their session).
    await moveBack(first.id, 27);
    const loaded = await roomPageOf(host, room.id);
    expect(await statusOf(post(host, room.id, { intent: 'concluir', session: loaded.running!.id, value: '', unit: 'page' }))).toBe(200);
    await markPresent(member.viewer, room.id);

    // The 5-minute break is over: the host starts the next sprint, the member is present with their book.
    const second = await startRoomSprint(host.viewer, room.id, 25);
    expect((await sessionsOf(second.id)).map((s) => s.user_id).sort()).toEqual([host.viewer.id, member.viewer.id].sort());
    // Their ended session closed as "Desistir" after the end would: finished, the full 25 minutes, no page.
    const [ended] = await queryRows<{ status: string; credited_minutes: number; progress_value: number | null }>(
      sql`SELECT status, credited_minutes, progress_value FROM focus_sessions WHERE room_sprint_id = ${first.id} AND user_id = ${member.viewer.id}`,
    );
    expect(ended).toEqual({ status: 'finished', credited_minutes: 25, progress_value: null });
  });
});

describe('room sprints under concurrency (PostgreSQL)', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'a member who leaves while the host starts a sprint never keeps a running session of the room they left',
    async () => {
      const { host, member, room } = await roomOfTwo('Corrida');

      // Another transaction holds the member's row a moment (as any concurrent writer of it could, e.g. their
      // heartbeat's markPresent): leaveFocusRoom has checked "no running session" and waits at its DELETE.
      const held = heldTransaction((tx) =>
        tx.execute(sql`SELECT 1 FROM focus_room_members WHERE room_id = ${room.id} AND user_id = ${member.viewer.id} FOR UPDATE`),
      );
      await held.ready;
      const leaving = leaveFocusRoom(member.viewer, room.id);
      await expect.poll(() => waitingOnLocks('DELETE FROM focus_room_members'), { timeout: 10_000 }).toBe(1);
      // Meanwhile the host starts a sprint: it waits for the leave (the room's lock), or — unserialized — ends first.
      let started = false;
      const starting = startRoomSprint(host.viewer, room.id, 25).finally(() => (started = true));
      await expect.poll(async () => started || (await waitingOnLocks()) === 2, { timeout: 10_000 }).toBe(true);
      held.release();
      await held.done;
      await leaving;
      const sprint = await starting;

      expect(await queryRows(sql`SELECT 1 FROM focus_room_members WHERE room_id = ${room.id} AND user_id = ${member.viewer.id}`)).toEqual([]);
      // Leaving is giving up (decision 0083): the member who left has no running session of that room.
      const running = await queryRows<{ id: string }>(
        sql`SELECT id FROM focus_sessions WHERE user_id = ${member.viewer.id} AND status = 'running' AND room_sprint_id = ${sprint.id}`,
      );
      expect(running).toEqual([]);
    },
    30_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'two hosts starting sprints at once, with members in both rooms, both start (no deadlock on the members’ sessions)',
    async () => {
      const host1 = await reader();
      const host2 = await reader();
      // Ids are random: Caio is the one of the three who comes last in user_id order.
      const [ana, bia, caio] = (await Promise.all([reader(), reader(), reader()])).sort((a, b) => (a.viewer.id < b.viewer.id ? -1 : 1)) as [
        Reader,
        Reader,
        Reader,
      ];
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

      // Caio is starting a session of his own at that very moment (not committed yet): room 1's start waits on him;
      // meanwhile room 2's waits on a session room 1 inserted. In join order (Ana, Caio, Bia against Bia, Ana) they
      // would then wait on each other: in user_id order they cannot.
      const held = heldTransaction(
        (tx) =>
          tx.execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, started_at, ends_at)
            VALUES (${newId()}, ${caio.viewer.id}, ${caio.book}, 25, now(), now() + interval '25 minutes')`),
        () => Promise.reject(new Error('Caio changed his mind')),
      );
      await held.ready;
      const first = startRoomSprint(host1.viewer, room1.id, 25);
      await expect.poll(() => waitingOnLocks(), { timeout: 10_000 }).toBe(1);
      const second = startRoomSprint(host2.viewer, room2.id, 25);
      await expect.poll(() => waitingOnLocks(), { timeout: 10_000 }).toBe(2);
      // Caio changes his mind (his start fails): room 1 goes on to Caio and commits, then room 2 goes on.
      held.release();
      await expect(held.done).rejects.toThrow('Caio changed his mind');
      const results = await Promise.allSettled([first, second]);
      expect(results.map((r) => (r.status === 'fulfilled' ? 'started' : String((r.reason as Error).cause ?? r.reason)))).toEqual(['started', 'started']);
    },
    30_000,
  );
});

describe('presence', () => {
  it('a member is present while their page’s connection beats, heard once on arrival and on leaving; stale after the window', async () => {
    const host = await reader();
    const member = await reader();
    const room = await createFocusRoom(host.viewer, { name: 'Quem está aqui', visibility: 'public' });
    await joinFocusRoom(member.viewer, room.id);
    const heard: unknown[] = [];
    const off = await subscribe(roomChannel(room.id), (payload) => heard.push(payload));
    await markPresent(member.viewer, room.id);
    await markPresent(member.viewer, room.id);
    await expect.poll(() => heard).toEqual([{ kind: 'presence' }]);
    const present = async () => (await getFocusRoomPage(host.viewer, room.id)).members.find((m) => m.id === member.viewer.id)?.present;
    expect(await present()).toBe(true);
    await getDb().execute(sql`UPDATE focus_room_members SET seen_at = now() - interval '60 seconds' WHERE user_id = ${member.viewer.id}`);
    expect(await present()).toBe(false);
    await markPresent(member.viewer, room.id);
    await markAbsent(member.viewer, room.id);
    await expect.poll(() => heard).toHaveLength(3);
    expect(await present()).toBe(false);
    await off();
  });
});

describe('presence, one heartbeat a room', () => {
  it('refreshes every connected member who may still reach the room in one statement, heard only for one who had gone stale', async () => {
    const { host, member, room } = await roomOfTwo('Batimento da sala');
    const stale = await reader();
    const blocked = await reader();
    const stranger = await reader();
    await seated(room.id, stale);
    await seated(room.id, blocked);
    await blockReader(host.viewer, blocked.viewer.id);
    const heard: unknown[] = [];
    const off = await subscribe(roomChannel(room.id), (payload) => heard.push(payload));
    const ids = [host, member, stale, blocked, stranger].map((who) => who.viewer.id);
    // Every present member refreshed, silently; the blocked one and one who is not a member are not kept.
    await getDb().execute(sql`UPDATE focus_room_members SET seen_at = now() - interval '10 seconds' WHERE room_id = ${room.id}`);
    expect(await refreshPresence(room.id, ids)).toEqual(new Set([host.viewer.id, member.viewer.id, stale.viewer.id]));
    const seen = await queryRows<{ user_id: string; fresh: boolean }>(
      sql`SELECT user_id, seen_at > now() - interval '5 seconds' AS fresh FROM focus_room_members WHERE room_id = ${room.id} ORDER BY user_id`,
    );
    expect(Object.fromEntries(seen.map((row) => [row.user_id, row.fresh]))).toEqual({
      [host.viewer.id]: true,
      [member.viewer.id]: true,
      [stale.viewer.id]: true,
      [blocked.viewer.id]: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
    // One gone stale (their laptop slept) is back: the room hears it once.
    await getDb().execute(sql`UPDATE focus_room_members SET seen_at = now() - interval '60 seconds' WHERE user_id = ${stale.viewer.id}`);
    await refreshPresence(room.id, ids);
    await expect.poll(() => heard).toEqual([{ kind: 'presence' }]);
    await off();
  });

  it('the room’s heartbeat does not keep a suspended member’s connection (their sessions ended; the page is closed to them)', async () => {
    const { host, member, room } = await roomOfTwo('Sala com suspensão');
    await suspend(member.viewer.id);
    expect(await refreshPresence(room.id, [host.viewer.id, member.viewer.id])).toEqual(new Set([host.viewer.id]));
  });
});

describe('presence across servers', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'a member arriving through one server is heard by a room page on another sharing the PostgreSQL',
    async () => {
      const database = getDatabase();
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const host = await reader();
      const room = await createFocusRoom(host.viewer, { name: 'Dois servidores', visibility: 'public' });
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/realtime-child.ts', roomChannel(room.id)], {
        env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await expect.poll(() => output, { timeout: 15_000 }).toContain('ready');
      await markPresent(host.viewer, room.id);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
      expect(output).toContain('received {"kind":"presence"}');
    },
    30_000,
  );
});

describe('room invitations', () => {
  it('tells the invited reader, with the room’s code, unless their switch is off; never across a block', async () => {
    const host = await reader();
    const friend = await reader();
    const quiet = await reader();
    const blocker = await reader();
    await block(blocker.viewer.id, host.viewer.id);
    const room = await createFocusRoom(host.viewer, { name: 'Convidados', visibility: 'private' });
    const [{ code }] = (await queryRows<{ code: string }>(sql`SELECT code FROM focus_rooms WHERE id = ${room.id}`)) as [{ code: string }];
    await getDb().execute(sql`INSERT INTO notification_settings (user_id, type, in_app, email) VALUES (${quiet.viewer.id}, 'room_invitation', false, false)`);
    for (const who of [friend, quiet]) expect(await statusOf(post(host, room.id, { intent: 'convidar', username: `@${who.viewer.username}` }))).toBe(200);
    const refused = (await post(host, room.id, { intent: 'convidar', username: blocker.viewer.username })) as { data: { fieldErrors: Record<string, string> } };
    expect(refused.data.fieldErrors.username).toMatch(/Ninguém no Maratona/);
    const told = await queryRows<{ user_id: string; text: string; link: string }>(
      sql`SELECT user_id, text, link FROM notifications WHERE kind = 'focus_room_invitation'`,
    );
    expect(told).toEqual([
      { user_id: friend.viewer.id, text: `@${host.viewer.username} convidou você para a sala de foco “Convidados”.`, link: `/foca/salas?codigo=${code}` },
    ]);
    // The link fills in the code on /foca/salas.
    const list = (await call(roomsPage.loader, getRequest(`/foca/salas?codigo=${code}`, friend.cookie))) as { code: string };
    expect(list.code).toBe(code);
    // Only the host invites.
    await joinFocusRoom(friend.viewer, room.id, code);
    expect(await statusOf(post(friend, room.id, { intent: 'convidar', username: quiet.viewer.username }))).toBe(403);
  });
});

describe('companions in the room', () => {
  it('each member shows with their companion (a hatched pet they chose), or none yet', async () => {
    const host = await reader();
    const member = await reader();
    const room = await createFocusRoom(host.viewer, { name: 'Bichinhos juntos', visibility: 'public' });
    await seated(room.id, member);
    const egg = newId();
    await getDb().execute(sql`INSERT INTO focus_eggs (id, user_id, rarity, source, source_key, minutes, hatched_at)
      VALUES (${egg}, ${member.viewer.id}, 'rara', 'milestone', 'milestone:first-session', 180, now())`);
    await getDb().execute(sql`INSERT INTO focus_pets (id, user_id, egg_id, species, name, companion)
      VALUES (${newId()}, ${member.viewer.id}, ${egg}, 'foca-harpa', 'Capitu', true)`);
    const page = await getFocusRoomPage(host.viewer, room.id);
    const companions = Object.fromEntries(page.members.map((m) => [m.id, m.companion]));
    expect(companions).toEqual({ [host.viewer.id]: null, [member.viewer.id]: { species: 'foca-harpa', name: 'Capitu' } });
  });
});

describe('the room pushed to its members (decision 0087)', () => {
  const liveOf = (who: Reader, snapshot: RoomSnapshot) => roomViewFor(snapshot, who.viewer);
  const asLoaded = async (who: Reader, roomId: string, serverNow: string) => {
    const { room, running, ownSessionRunning } = await roomPageOf(who, roomId);
    return { room: { ...room, serverNow }, running, ownSessionRunning };
  };

  it('each member’s view of a change is what the room page’s loader gives them: blocks, their own session, their place first', async () => {
    const { host, member, room } = await roomOfTwo('Sala ao vivo');
    const blocker = await reader();
    const busy = await reader();
    const away = await reader();
    await seated(room.id, blocker);
    await block(blocker.viewer.id, member.viewer.id);
    // Busy's own session runs when the sprint starts: it keeps them out, and their page says so.
    await seated(room.id, busy);
    await startFocusSession(busy.viewer, { editionId: busy.book, plannedMinutes: 40 });
    // Away chose a book but their page is closed: not present, no session; shown present only to themselves.
    await seated(room.id, away);
    await markAbsent(away.viewer, room.id);
    await startRoomSprint(host.viewer, room.id, 25);
    const snapshot = (await readRoomSnapshot(room.id))!;
    for (const who of [host, member, blocker, busy, away]) expect(liveOf(who, snapshot)).toEqual(await asLoaded(who, room.id, snapshot.serverNow));
    const forMember = liveOf(member, snapshot)!;
    expect(forMember.running?.id).toBe(forMember.room.sprint?.results.find((r) => r.userId === member.viewer.id)?.sessionId);
    expect(forMember.room.members.map((m) => m.id)).not.toContain(blocker.viewer.id);
    expect(liveOf(busy, snapshot)!.ownSessionRunning).toBe(true);
    expect(liveOf(away, snapshot)!.room.members.map((m) => [m.id, m.present])).toEqual([
      [host.viewer.id, true],
      [member.viewer.id, true],
      [blocker.viewer.id, true],
      [busy.viewer.id, true],
      [away.viewer.id, true],
    ]);
    expect(liveOf(host, snapshot)!.room.members.at(-1)).toMatchObject({ id: away.viewer.id, present: false });
  });

  it('nothing for a member who left, one the host blocked, or when the host is suspended', async () => {
    const { host, member, room } = await roomOfTwo('Sala sem quem saiu');
    const leaver = await reader();
    await seated(room.id, leaver);
    await leaveFocusRoom(leaver.viewer, room.id);
    await blockReader(host.viewer, member.viewer.id);
    const snapshot = (await readRoomSnapshot(room.id))!;
    expect(liveOf(leaver, snapshot)).toBeNull();
    expect(liveOf(member, snapshot)).toBeNull();
    expect(liveOf(host, snapshot)).not.toBeNull();
    await getDb().execute(sql`UPDATE users SET suspended_at = now() WHERE id = ${host.viewer.id}`);
    expect(await readRoomSnapshot(room.id)).toBeNull();
  });

  it('a former member’s sprint result is not pushed to a reader across a block with them (the loader hides it)', async () => {
    const host = await reader();
    const member = await reader();
    const leaver = await reader();
    const room = await createFocusRoom(host.viewer, { name: 'Sala da revisão', visibility: 'public' });
    for (const who of [host, member, leaver]) await seated(room.id, who);
    await startRoomSprint(host.viewer, room.id, 25);
    // The leaver gives the sprint up (their result stays in the latest sprint), then blocks the member.
    await leaveFocusRoom(leaver.viewer, room.id);
    await block(leaver.viewer.id, member.viewer.id);

    const loaded = await roomPageOf(member, room.id);
    expect(loaded.room.sprint!.results.map((result) => result.userId)).not.toContain(leaver.viewer.id);
    const pushed = roomViewFor((await readRoomSnapshot(room.id))!, member.viewer)!;
    // Their result (name, username, book, minutes) stays hidden from the member they blocked, as the loader hides it.
    expect(pushed.room.sprint!.results.map((result) => result.userId)).not.toContain(leaver.viewer.id);
  });

  it('a live connection dropped while it opens ends: the member is not left present, kept by the room’s heartbeat', async () => {
    const host = await reader();
    const member = await reader();
    const room = await createFocusRoom(host.viewer, { name: 'Sala que fecha cedo', visibility: 'public' });
    await joinFocusRoom(member.viewer, room.id);
    // The tab closes while the loader runs (reading the viewer, the room): React Router then drops the Response
    // unread (its static handler throws on an aborted request), so the stream is never cancelled either.
    const controller = new AbortController();
    const request = new Request(`http://localhost/api/foca/salas/${room.id}/eventos`, { headers: { cookie: member.cookie }, signal: controller.signal });
    controller.abort();
    await call(events.loader, request, { id: room.id });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The stream ends as it opens: the cleanup (unfollow, markAbsent) runs, so the room's heartbeat does not keep
    // this ghost present (joining every sprint), nor the room followed, for as long as the server runs.
    await expect.poll(() => seenAt(room.id, member.viewer.id), { timeout: 3000 }).toBeNull();
  });

  it('a member’s open connection receives the room as it is after a change, then `closed` and the end when the host closes it', async () => {
    const { host, member, room } = await roomOfTwo('Sala que transmite');
    // Away until the connection opens: its arrival is then a change the connection itself hears, once it listens.
    await getDb().execute(sql`UPDATE focus_room_members SET seen_at = NULL WHERE room_id = ${room.id} AND user_id = ${member.viewer.id}`);
    const controller = new AbortController();
    const response = (await call(
      events.loader,
      new Request(`http://localhost/api/foca/salas/${room.id}/eventos`, { headers: { cookie: member.cookie }, signal: controller.signal }),
      { id: room.id },
    )) as Response;
    expect(response.status).toBe(200);
    const stream = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    /** The `sala` events received so far, parsed. */
    const received = () =>
      text
        .split('\n\n')
        .filter((block) => block.startsWith('event: sala'))
        .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { kind: string; view?: RoomLiveView });
    const until = async (done: () => boolean) => {
      while (!done()) {
        const { value, done: ended } = await stream.read();
        if (ended) return;
        text += value;
      }
    };
    // The response comes back before the stream listens: a change before that would not reach it (the page loaded
    // the room just before), so the sprint starts once the connection has heard its own arrival.
    await until(() => received().some((change) => change.kind === 'presence'));
    await startRoomSprint(host.viewer, room.id, 25);
    await until(() => received().some((change) => change.kind === 'sprint'));
    const change = received().find((c) => c.kind === 'sprint')!;
    expect(change.view).toEqual(await asLoaded(member, room.id, change.view!.room.serverNow));
    expect(change.view!.running).toMatchObject({ plannedMinutes: 25, status: 'running' });
    expect(await statusOf(post(host, room.id, { intent: 'fechar' }))).toBe(302);
    await until(() => received().some((c) => c.kind === 'closed'));
    expect(received().at(-1)).toEqual({ kind: 'closed' });
    // The server ended the stream.
    expect((await stream.read()).done).toBe(true);
    controller.abort();
  });
});

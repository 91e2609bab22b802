import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDatabase, queryRows } from '~/db/client.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { newId } from '~/lib/ids';
import { closeRealtime, publish, subscribe } from '~/server/realtime.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../../test/db';
import { createEdition, createUser, getRequest, testViewer } from '../../../../test/factories';
import { block, suspend } from '../../../../test/reading-factories';
import { call } from '../../../../test/routes';
import * as roomPage from '../../../routes/foca.salas.$id';
import * as events from '../../../routes/api/foca.salas.$id.eventos';
import { readRoomSnapshot, roomViewFor } from './live.server';
import { chooseRoomBook, createFocusRoom, joinFocusRoom, leaveFocusRoom, markPresent, refreshPresence, startRoomSprint } from './mutations.server';

/** Review of decision 0087 (room events carrying each member's view): each test shows one bug. */

useTestDatabase();

type Reader = { viewer: Viewer; cookie: string; book: string };

async function reader(): Promise<Reader> {
  const user = await createUser();
  const viewer = testViewer(user);
  const book = await createEdition({ title: `São Bernardo ${newId()}`, authors: ['Graciliano Ramos'], pages: 200 });
  await setShelfStatus(viewer, book, 'reading');
  return { viewer, cookie: user.cookie, book };
}

async function seated(roomId: string, who: Reader) {
  await joinFocusRoom(who.viewer, roomId);
  await chooseRoomBook(who.viewer, roomId, who.book);
  await markPresent(who.viewer, roomId);
}

const roomPageOf = async (who: Reader, roomId: string) =>
  (await call(roomPage.loader, getRequest(`/foca/salas/${roomId}`, who.cookie), { id: roomId })) as Awaited<ReturnType<typeof roomPage.loader>>;

const seenAt = async (roomId: string, userId: string) =>
  (await queryRows<{ seen_at: string | null }>(sql`SELECT seen_at::text FROM focus_room_members WHERE room_id = ${roomId} AND user_id = ${userId}`))[0]
    ?.seen_at ?? null;

describe('decision 0087 under review', () => {
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
    // The pushed view carries the blocker's name, username, book and minutes: the snapshot's blocks are only those
    // among current members.
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
    // eventStream adds its abort listener only after start resolves and never looks at signal.aborted: the abort is
    // never heard, the cleanup (unfollow, markAbsent) never runs, and the room's heartbeat keeps this ghost present
    // (joining every sprint) and the room followed for as long as the server runs.
    await expect.poll(() => seenAt(room.id, member.viewer.id), { timeout: 3000 }).toBeNull();
  });

  it('the room’s heartbeat does not keep a suspended member’s connection (their sessions ended; the page is closed to them)', async () => {
    const host = await reader();
    const member = await reader();
    const room = await createFocusRoom(host.viewer, { name: 'Sala com suspensão', visibility: 'public' });
    await seated(room.id, host);
    await seated(room.id, member);
    await suspend(member.viewer.id);
    expect(await refreshPresence(room.id, [host.viewer.id, member.viewer.id])).toEqual(new Set([host.viewer.id]));
  });
});

describe('realtime.server under review', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a LISTEN that failed once does not leave the channel deaf for every later subscriber', async () => {
    // The first LISTEN fails (the listening connection reset as it was made), once.
    const database = getDatabase();
    let failOnce = true;
    if (database.kind === 'pglite') {
      const listen = database.pglite.listen.bind(database.pglite);
      vi.spyOn(database.pglite, 'listen').mockImplementation((...args: Parameters<typeof listen>) => {
        if (!failOnce) return listen(...args);
        failOnce = false;
        return Promise.reject(new Error('connection reset'));
      });
    } else {
      const query = pg.Client.prototype.query;
      vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
        if (failOnce && typeof args[0] === 'string' && args[0].startsWith('LISTEN ')) {
          failOnce = false;
          return Promise.reject(new Error('connection reset'));
        }
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query);
    }
    const channel = `review:${newId()}`;
    await expect(subscribe(channel, () => undefined)).rejects.toThrow('connection reset');
    // The next page to subscribe (the member's reconnect) must hear the channel.
    const heard: unknown[] = [];
    const off = await subscribe(channel, (payload) => heard.push(payload));
    await publish(channel, { kind: 'presence' });
    await expect.poll(() => heard, { timeout: 2000 }).toEqual([{ kind: 'presence' }]);
    await off();
  });

  it.skipIf(!process.env.DATABASE_URL)('closing realtime while a page subscribes leaves no listening connection open behind it', async () => {
    // A page subscribing as the server stops: its LISTEN is queued on the listener when closeRealtime runs.
    const subscribing = subscribe(`review:${newId()}`, () => undefined).catch(() => undefined);
    await closeRealtime();
    await subscribing;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The queued work finds no listener and makes a new one after the close: a connection nobody ends.
    const [row] = await queryRows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
    );
    expect(row!.n).toBe(0);
  });
});

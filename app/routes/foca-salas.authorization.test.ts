import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import { createFocusRoom, joinFocusRoom } from '~/features/focus/rooms/mutations.server';
import { useTestDatabase } from '../../test/db';
import { createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import { block, suspend } from '../../test/reading-factories';
import { call, matrixOf, outcomeOf, statusOf } from '../../test/routes';
import * as events from './api/foca.salas.$id.eventos';
import * as room from './foca.salas.$id';

useTestDatabase();

const WHO = ['visitante', 'anfitriao', 'membro', 'leitor', 'bloqueado', 'suspenso', 'admin'] as const;
type Who = (typeof WHO)[number];

describe('focus rooms: who may open and change what', () => {
  it('a public room is every signed-in reader’s to see (not across a block); a private one its members’; the host’s tools are the host’s', async () => {
    const users = {
      anfitriao: await createUser(),
      membro: await createUser(),
      leitor: await createUser(),
      bloqueado: await createUser(),
      suspenso: await createUser(),
      admin: await createUser({ role: 'admin' }),
    };
    await block(users.anfitriao.id, users.bloqueado.id);
    const host = testViewer(users.anfitriao);
    const rooms = {
      publica: (await createFocusRoom(host, { name: 'Sala aberta', visibility: 'public' })).id,
      privada: (await createFocusRoom(host, { name: 'Sala fechada', visibility: 'private' })).id,
    };
    const [{ code }] = (await queryRows<{ code: string }>(sql`SELECT code FROM focus_rooms WHERE id = ${rooms.privada}`)) as [{ code: string }];
    await joinFocusRoom(testViewer(users.membro), rooms.publica);
    await joinFocusRoom(testViewer(users.membro), rooms.privada, code);
    await joinFocusRoom(testViewer(users.suspenso), rooms.publica);
    await suspend(users.suspenso.id);
    const cookie = (who: Who) => (who === 'visitante' ? undefined : users[who].cookie);
    const seen = (run: (who: Who) => Promise<unknown>) => matrixOf(WHO, run);
    const page = (id: string) => (who: Who) => call(room.loader, getRequest(`/foca/salas/${id}`, cookie(who)), { id });
    const live = (id: string) => async (who: Who) => {
      const controller = new AbortController();
      const request = new Request(`http://localhost/api/foca/salas/${id}/eventos`, {
        headers: cookie(who) ? { cookie: cookie(who)! } : {},
        signal: controller.signal,
      });
      const response = await call(events.loader, request, { id }).catch((thrown: unknown) => {
        controller.abort();
        throw thrown;
      });
      if (response instanceof Response && response.status === 200) {
        // Open: the member is present until the connection closes.
        const seenAt = async () =>
          (
            await queryRows<{ seen: boolean }>(
              sql`SELECT seen_at IS NOT NULL AS seen FROM focus_room_members WHERE room_id = ${id} AND user_id = ${users[who as 'membro'].id}`,
            )
          )[0]?.seen;
        await expect.poll(seenAt).toBe(true);
        controller.abort();
        await expect.poll(seenAt).toBe(false);
      } else controller.abort();
      return response;
    };
    const post = (id: string, fields: Record<string, string>) => (who: Who) =>
      call(room.action, formRequest(`/foca/salas/${id}`, fields, { cookie: cookie(who) ?? '' }), { id });

    expect(await seen(page(rooms.publica))).toEqual({
      visitante: 'entrar',
      anfitriao: 200,
      membro: 200,
      leitor: 200,
      bloqueado: 404,
      suspenso: 'entrar',
      admin: 200,
    });
    expect(await seen(page(rooms.privada))).toEqual({
      visitante: 'entrar',
      anfitriao: 200,
      membro: 200,
      leitor: 404,
      bloqueado: 404,
      suspenso: 'entrar',
      admin: 404,
    });
    // The live connection (presence) is the members’.
    expect(await seen(live(rooms.publica))).toEqual({ visitante: 401, anfitriao: 200, membro: 200, leitor: 404, bloqueado: 404, suspenso: 401, admin: 404 });
    expect(await seen(live(rooms.privada))).toEqual({ visitante: 401, anfitriao: 200, membro: 200, leitor: 404, bloqueado: 404, suspenso: 401, admin: 404 });

    // The host's tools, tried by everyone else first: a member (or anyone who sees a public room) 403, others 404.
    const others = WHO.filter((who) => who !== 'anfitriao');
    const tried = (run: (who: Who) => Promise<unknown>) => matrixOf(others, run);
    const onPublic = { visitante: 'entrar', membro: 403, leitor: 403, bloqueado: 404, suspenso: 'entrar', admin: 403 };
    const onPrivate = { visitante: 'entrar', membro: 403, leitor: 404, bloqueado: 404, suspenso: 'entrar', admin: 404 };
    const hostTools: Record<string, string>[] = [
      { intent: 'sprint', minutes: '25' },
      { intent: 'convidar', username: users.leitor.username },
      { intent: 'fechar' },
    ];
    for (const fields of hostTools) {
      expect(await tried(post(rooms.publica, fields))).toEqual(onPublic);
      expect(await tried(post(rooms.privada, fields))).toEqual(onPrivate);
    }
    const [left] = await queryRows<{ rooms: number; sprints: number; invitations: number }>(
      sql`SELECT (SELECT count(*)::int FROM focus_rooms) AS rooms, (SELECT count(*)::int FROM focus_room_sprints) AS sprints,
        (SELECT count(*)::int FROM notifications WHERE kind = 'focus_room_invitation') AS invitations`,
    );
    expect(left).toEqual({ rooms: 2, sprints: 0, invitations: 0 });
    // Joining: a public room to any signed-in reader (not across a block); a private one only with its code (on /foca/salas).
    const joins = { visitante: 'entrar', membro: 200, leitor: 200, bloqueado: 404, suspenso: 'entrar', admin: 200 };
    expect(await tried(post(rooms.publica, { intent: 'entrar' }))).toEqual(joins);
    expect(await tried(post(rooms.privada, { intent: 'entrar' }))).toEqual({ ...joins, leitor: 404, admin: 404 });
    // The host's own: 200.
    expect(await outcomeOf(post(rooms.privada, { intent: 'sprint', minutes: '25' })('anfitriao'))).toBe(200);
    expect(await statusOf(post(rooms.publica, { intent: 'fechar' })('anfitriao'))).toBe(302);
    expect(await queryRows(sql`SELECT id FROM focus_rooms`)).toEqual([{ id: rooms.privada }]);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { grantEgg } from '~/features/focus/game.server';
import { startFocusSession } from '~/features/focus/sessions.server';
import { TASKS } from '~/features/tasks/tasks';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { newId } from '~/lib/ids';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, getRequest, testViewer } from '../../test/factories';
import { call } from '../../test/routes';
import * as pet from './foca.$id';
import * as shelter from './foca.abrigo';
import * as album from './foca.bichinhos';
import * as logs from './foca.logs';
import * as eggs from './foca.ovinhos';

useTestDatabase();

/**
 * A reader whose 25-minute session ended an hour ago and was never finished (past the grace: it closes itself as
 * `expired`, 25 minutes), with a companion and a comum egg at 50 of its 60 minutes: the close hatches it.
 */
async function readerWithExpiredSession() {
  const user = await createUser();
  const viewer = testViewer(user);
  const book = await createEdition({ title: 'Iracema', authors: ['José de Alencar'], pages: 120 });
  await setShelfStatus(viewer, book, 'reading');
  await getDb().transaction((tx) => grantEgg(tx, viewer.id, { source: 'milestone', sourceKey: 'milestone:primeira-sessao', rarity: 'comum' }));
  await getDb().execute(sql`UPDATE focus_eggs SET minutes = 50 WHERE user_id = ${viewer.id}`);
  const egg = newId();
  const petId = newId();
  await getDb().execute(sql`INSERT INTO focus_eggs (id, user_id, rarity, source, source_key, minutes, hatched_at)
    VALUES (${egg}, ${viewer.id}, 'comum', 'challenge', 'challenge:antigo', 60, now() - interval '2 days')`);
  await getDb().execute(sql`INSERT INTO focus_pets (id, user_id, egg_id, species, companion) VALUES (${petId}, ${viewer.id}, ${egg}, 'foca-comum', true)`);
  const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 25 });
  await getDb().execute(sql`UPDATE focus_sessions SET started_at = now() - interval '85 minutes', ends_at = now() - interval '60 minutes' WHERE id = ${id}`);
  return { user, sessionId: id, petId };
}

/** The companion's XP after the close: a minute each, and "Leia 20 minutos" (decision 0085) the 25 minutes complete. */
const XP_AFTER_CLOSE = 25 + (TASKS['ler-20-minutos'].reward.xp ?? 0);

const statusOf = async (id: string) => (await queryRows<{ status: string }>(sql`SELECT status FROM focus_sessions WHERE id = ${id}`))[0]?.status;

describe("the game's pages close the reader's session left open past its end, as /foca does", () => {
  it('/foca/ovinhos shows the egg the expired session hatched', async () => {
    const { user, sessionId } = await readerWithExpiredSession();
    const out = (await call(eggs.loader, getRequest('/foca/ovinhos', user.cookie))) as Awaited<ReturnType<typeof eggs.loader>>;
    expect(await statusOf(sessionId)).toBe('expired');
    expect(out.eggs).toEqual([]);
  });

  it('/foca/bichinhos counts the pet it hatched', async () => {
    const { user, sessionId } = await readerWithExpiredSession();
    const out = (await call(album.loader, getRequest('/foca/bichinhos', user.cookie))) as Awaited<ReturnType<typeof album.loader>>;
    expect(await statusOf(sessionId)).toBe('expired');
    expect(Object.values(out.collected).reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('/foca/abrigo lists the new pet and the companion with its minutes', async () => {
    const { user, sessionId } = await readerWithExpiredSession();
    const out = (await call(shelter.loader, getRequest('/foca/abrigo', user.cookie))) as Awaited<ReturnType<typeof shelter.loader>>;
    expect(await statusOf(sessionId)).toBe('expired');
    expect(out.pets).toHaveLength(2);
    expect(out.pets[0]).toMatchObject({ companion: true, xp: XP_AFTER_CLOSE });
  });

  it('/foca/logs lists the session closed, and the hatch', async () => {
    const { user, sessionId } = await readerWithExpiredSession();
    const out = (await call(logs.loader, getRequest('/foca/logs', user.cookie))) as Awaited<ReturnType<typeof logs.loader>>;
    expect(out.sessions[0]).toMatchObject({ id: sessionId, status: 'expired', creditedMinutes: 25 });
    expect(out.events.map((event) => event.kind)).toContain('egg_hatched');
  });

  it("/foca/{id} shows the pet's minutes with its owner's expired session, whoever looks", async () => {
    const { sessionId, petId } = await readerWithExpiredSession();
    const out = (await call(pet.loader, getRequest(`/foca/${petId}`), { id: petId })) as Awaited<ReturnType<typeof pet.loader>>;
    expect(await statusOf(sessionId)).toBe('expired');
    expect(out.pet.xp).toBe(XP_AFTER_CLOSE);
  });
});

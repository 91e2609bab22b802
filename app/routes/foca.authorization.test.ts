import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { grantEgg } from '~/features/focus/game.server';
import { newId } from '~/lib/ids';
import { startFocusSession } from '~/features/focus/sessions.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import { block, follow, restrict, suspend } from '../../test/reading-factories';
import { call, matrixOf, outcomeOf, type Outcome } from '../../test/routes';
import * as foca from './foca';
import * as logs from './foca.logs';
import * as ranking from './foca.ranking';
import * as topPlayers from './f';
import * as pet from './foca.$id';
import * as shelter from './foca.abrigo';
import * as tasks from './tarefas';

useTestDatabase();

const WHO = ['visitante', 'leitor', 'outroLeitor', 'suspenso', 'admin'] as const;
type Who = (typeof WHO)[number];

describe('foca: who may open what', () => {
  it('pages and forms are the signed-in reader’s own; another reader’s session answers 404, a suspended account signs in again', async () => {
    const users = {
      leitor: await createUser(),
      outroLeitor: await createUser(),
      suspenso: await createUser(),
      admin: await createUser({ role: 'admin' }),
    };
    const book = await createEdition({ title: 'Memórias Póstumas de Brás Cubas', authors: ['Machado de Assis'], pages: 208 });
    for (const user of Object.values(users)) await setShelfStatus(testViewer(user), book, 'reading');
    const { id } = await startFocusSession(testViewer(users.leitor), { editionId: book, plannedMinutes: 25 });
    await suspend(users.suspenso.id);
    const cookie = (who: Who) => (who === 'visitante' ? undefined : users[who].cookie);

    const seen = (run: (who: Who) => Promise<unknown>) => matrixOf(WHO, run);
    const signedIn = { visitante: 'entrar', leitor: 200, outroLeitor: 200, suspenso: 'entrar', admin: 200 };
    expect(await seen((who) => call(foca.loader, getRequest('/foca', cookie(who))))).toEqual(signedIn);
    expect(await seen((who) => call(logs.loader, getRequest('/foca/logs?pagina=2', cookie(who))))).toEqual(signedIn);
    // The rankings are public, "Seguindo" needs an account that may sign in (a suspended one signs in again).
    const everyone = { visitante: 200, leitor: 200, outroLeitor: 200, suspenso: 200, admin: 200 };
    expect(await seen((who) => call(ranking.loader, getRequest('/foca/ranking', cookie(who))))).toEqual(everyone);
    expect(await seen((who) => call(ranking.loader, getRequest('/foca/ranking?entre=seguindo', cookie(who))))).toEqual(signedIn);
    expect(await seen((who) => call(topPlayers.loader, getRequest('/f', cookie(who))))).toEqual(everyone);
    expect(await seen((who) => call(shelter.loader, getRequest('/foca/abrigo', cookie(who))))).toEqual(signedIn);
    // The tasks are the signed-in reader's own; a POST finds no action (progress only comes from real events).
    expect(await seen((who) => call(tasks.loader, getRequest('/tarefas', cookie(who))))).toEqual(signedIn);
    expect('action' in tasks).toBe(false);

    // The reader's running session: giving it up or finishing it is theirs alone (an admin too gets a 404).
    const post = (who: Who, fields: Record<string, string>) => call(foca.action, formRequest('/foca', fields, { cookie: cookie(who) ?? '' }));
    const notTheirs = { visitante: 'entrar', leitor: 200, outroLeitor: 404, suspenso: 'entrar', admin: 404 };
    const others = WHO.filter((who) => who !== 'leitor');
    for (const intent of ['desistir', 'concluir']) {
      expect(await matrixOf(others, (who) => post(who, { intent, session: id }))).toEqual(Object.fromEntries(others.map((who) => [who, notTheirs[who]])));
    }
    const [untouched] = await queryRows<{ status: string }>(sql`SELECT status FROM focus_sessions WHERE id = ${id}`);
    expect(untouched?.status).toBe('running');
    // Starting needs an account that may sign in; the denied ones left no session.
    expect(await matrixOf(others, (who) => post(who, { intent: 'iniciar', edition: book, minutes: '25' }))).toEqual({
      visitante: 'entrar',
      outroLeitor: 200,
      suspenso: 'entrar',
      admin: 200,
    });
    const [count] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM focus_sessions WHERE user_id = ${users.suspenso.id}`);
    expect(count?.n).toBe(0);
    // The owner gives up: the visitors' and others' attempts above changed nothing.
    expect(await outcomeOf(post('leitor', { intent: 'desistir', session: id }))).toBe(200);
  });
});

describe('foca pets: who may see or change them', () => {
  it('a pet’s page follows its owner’s profile (restricted: followers; blocks and suspensions: 404); the shelter’s forms are the owner’s', async () => {
    const owner = await createUser();
    const follower = await createUser();
    const stranger = await createUser();
    const blocked = await createUser();
    const admin = await createUser({ role: 'admin' });
    await getDb().transaction((tx) => grantEgg(tx, owner.id, { source: 'task', sourceKey: 'task:auth', rarity: 'comum' }));
    const [egg] = await queryRows<{ id: string }>(sql`SELECT id FROM focus_eggs WHERE user_id = ${owner.id}`);
    const petId = newId();
    await getDb().execute(sql`UPDATE focus_eggs SET hatched_at = now(), minutes = 60 WHERE id = ${egg!.id}`);
    await getDb().execute(
      sql`INSERT INTO focus_pets (id, user_id, egg_id, species, name, companion) VALUES (${petId}, ${owner.id}, ${egg!.id}, 'foca-comum', 'Baleia', true)`,
    );
    await follow(follower.id, owner.id);
    await block(owner.id, blocked.id);

    const cast = { visitante: undefined, dona: owner, seguidor: follower, estranho: stranger, bloqueado: blocked, admin } as const;
    const seen = async () => {
      const out: Record<string, Outcome> = {};
      for (const [who, user] of Object.entries(cast)) out[who] = await outcomeOf(call(pet.loader, getRequest(`/foca/${petId}`, user?.cookie), { id: petId }));
      return out;
    };
    expect(await seen()).toEqual({ visitante: 200, dona: 200, seguidor: 200, estranho: 200, bloqueado: 404, admin: 200 });
    await restrict(owner.id);
    expect(await seen()).toEqual({ visitante: 404, dona: 200, seguidor: 200, estranho: 404, bloqueado: 404, admin: 404 });
    await suspend(owner.id);
    expect(await seen()).toMatchObject({ visitante: 404, seguidor: 404, estranho: 404, admin: 404 });
    expect(await outcomeOf(call(pet.loader, getRequest('/foca/nao-existe'), { id: 'nao-existe' }))).toBe(404);
    expect(await outcomeOf(call(pet.loader, getRequest('/foca/x%27y'), { id: "x'y" }))).toBe(404);

    // Renaming or choosing the companion: another reader (an admin too) gets a 404 and changes nothing.
    const forms: Record<string, string>[] = [
      { intent: 'renomear', pet: petId, name: 'Roubada' },
      { intent: 'companheiro', pet: petId },
    ];
    for (const fields of forms) {
      const out: Record<string, Outcome> = {};
      for (const [who, user] of Object.entries({ visitante: undefined, estranho: stranger, admin })) {
        out[who] = await outcomeOf(call(shelter.action, formRequest('/foca/abrigo', fields, { cookie: user?.cookie ?? '' })));
      }
      expect(out).toEqual({ visitante: 'entrar', estranho: 404, admin: 404 });
    }
    const [untouched] = await queryRows<{ name: string }>(sql`SELECT name FROM focus_pets WHERE id = ${petId}`);
    expect(untouched?.name).toBe('Baleia');
  });
});

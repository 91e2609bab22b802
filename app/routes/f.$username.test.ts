import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { deleteAccount } from '~/features/accounts/deletion.server';
import { closeSession, lockRunning } from '~/features/focus/closing.server';
import { seedDemoFocusGame, seedDemoFocusSessions } from '~/features/focus/seed.server';
import { recountFocusTotals } from '~/features/focus/totals.server';
import { newId } from '~/lib/ids';
import { useTestDatabase } from '../../test/db';
import { clearHtmlCache, listenForInvalidations } from '~/server/html-cache.server';
import { createEdition, createUser, formRequest, getRequest, testViewer, type TestUser } from '../../test/factories';
import { dropped, settled, visit, type Page } from '../../test/page-cache';
import { block, follow, restrict, suspend } from '../../test/reading-factories';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { call, statusOf } from '../../test/routes';
import * as readerFoca from './f.$username';
import * as profileTab from './u.$username.$tab';

useTestDatabase();

type Loaded = Awaited<ReturnType<typeof readerFoca.loader>>;
const body = (out: unknown) => (out as { data: Loaded extends { data: infer D } ? D : never }).data;

/** A reader with a companion, another pet, and focus history: two finished sessions this week and a given-up one. */
async function player(title = 'Grande Sertão: Veredas'): Promise<TestUser> {
  const user = await createUser();
  const book = await createEdition({ title, authors: ['Guimarães Rosa'], pages: 600 });
  await setShelfStatus(testViewer(user), book, 'reading');
  for (const [species, xp, companion] of [
    ['foca-harpa', 200, true],
    ['foca-comum', 10, false],
  ] as const) {
    const egg = newId();
    await getDb().execute(sql`INSERT INTO focus_eggs (id, user_id, rarity, source, source_key, minutes, hatched_at)
      VALUES (${egg}, ${user.id}, 'comum', 'milestone', ${`milestone:${egg}`}, 60, now())`);
    await getDb().execute(
      sql`INSERT INTO focus_pets (id, user_id, egg_id, species, xp, companion, name) VALUES (${newId()}, ${user.id}, ${egg}, ${species}, ${xp}, ${companion}, ${companion ? 'Nanuk' : null})`,
    );
  }
  for (const [status, minutes] of [
    ['finished', 40],
    ['expired', 25],
    ['given_up', 6],
  ] as const)
    await getDb()
      .execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, status, started_at, ends_at, finished_at, credited_minutes, credited_on)
      VALUES (${newId()}, ${user.id}, ${book}, 40, ${status}, now() - interval '2 hours', now() - interval '80 minutes', now() - interval '80 minutes', ${minutes},
        (now() AT TIME ZONE 'America/Sao_Paulo')::date)`);
  await recountFocusTotals([user.id]);
  return user;
}

const WHO = ['dono', 'seguidor', 'estranho', 'visitante', 'bloqueado', 'bloqueador', 'admin'] as const;
type Who = (typeof WHO)[number];

describe('/f/{username}: who sees a reader’s foca page (and the foca tab of their profile)', () => {
  it('follows the profile: public to everyone, restricted to followers; blocks either way and a suspended owner are 404', async () => {
    const owner = await player();
    const users = {
      seguidor: await createUser(),
      estranho: await createUser(),
      bloqueado: await createUser(),
      bloqueador: await createUser(),
      admin: await createUser({ role: 'admin' }),
    };
    await follow(users.seguidor.id, owner.id);
    await block(owner.id, users.bloqueado.id);
    await block(users.bloqueador.id, owner.id);
    const cookie = (who: Who) => (who === 'visitante' ? undefined : who === 'dono' ? owner.cookie : users[who].cookie);
    const seen = async () => {
      const out = {} as Record<Who, [number, number]>;
      for (const who of WHO)
        out[who] = [
          await statusOf(call(readerFoca.loader, getRequest(`/f/${owner.username}`, cookie(who)), { username: owner.username })),
          await statusOf(call(profileTab.loader, getRequest(`/u/${owner.username}/foca`, cookie(who)), { username: owner.username, tab: 'foca' })),
        ];
      return out;
    };
    const ok: [number, number] = [200, 200];
    const gone: [number, number] = [404, 404];
    expect(await seen()).toEqual({ dono: ok, seguidor: ok, estranho: ok, visitante: ok, bloqueado: gone, bloqueador: gone, admin: ok });
    await restrict(owner.id);
    expect(await seen()).toEqual({ dono: ok, seguidor: ok, estranho: gone, visitante: gone, bloqueado: gone, bloqueador: gone, admin: gone });
    await getDb().execute(sql`UPDATE users SET profile_visibility = 'publico' WHERE id = ${owner.id}`);
    await suspend(owner.id);
    const out = await seen();
    for (const who of WHO.filter((w) => w !== 'dono')) expect(out[who]).toEqual(gone);
    // A username nobody has is the same 404.
    await expect(statusOf(call(readerFoca.loader, getRequest('/f/ninguem_aqui'), { username: 'ninguem_aqui' }))).resolves.toBe(404);
  });

  it('shows the companion, pets, album, minutes and place, and no book; finished sessions only in the recent count', async () => {
    const owner = await player('Livro Secreto da Lia');
    const response = await call(readerFoca.loader, getRequest(`/f/${owner.username}`), { username: owner.username });
    const page = body(response);
    expect(page.foca.pets.map((pet) => [pet.name, pet.species, pet.companion])).toEqual([
      ['Nanuk', 'foca-harpa', true],
      [null, 'foca-comum', false],
    ]);
    expect(page.foca).toMatchObject({
      petCount: 2,
      album: { 'foca-harpa': 1, 'foca-comum': 1 },
      totals: { week: 71, month: expect.any(Number), all: 71 },
      place: 1,
      recent: { sessions: 2, minutes: 65 },
    });
    expect(JSON.stringify(page)).not.toContain('Livro Secreto');
    // Visitors' copies carry the tags that drop them: the reader's, their foca's and the rankings'.
    const tags = (response as { init: { headers: Record<string, string> } }).init.headers['X-Cache-Tags']!.split(',');
    expect(tags.sort()).toEqual([`focus-reader:${owner.id}`, 'focus-ranking', `reader:${owner.id}`].sort());
    // A restricted reader has no place in the global ranking (their followers see them in "Seguindo").
    await restrict(owner.id);
    const follower = await createUser();
    await follow(follower.id, owner.id);
    expect(body(await call(readerFoca.loader, getRequest(`/f/${owner.username}`, follower.cookie), { username: owner.username })).foca.place).toBeNull();
  });
});

/** A reader with `minutes` credited by a finished session that ended a moment ago (the server's close). */
async function focused(minutes: number): Promise<TestUser> {
  const user = await createUser({ verified: true });
  const book = await createEdition({ title: `Vidas Secas ${newId()}`, authors: ['Graciliano Ramos'], pages: 176 });
  await setShelfStatus(testViewer(user), book, 'reading');
  const id = newId();
  await getDb().execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, started_at, ends_at)
    VALUES (${id}, ${user.id}, ${book}, ${minutes}, now() - make_interval(mins => ${minutes + 1}), now() - interval '1 minute')`);
  await getDb().transaction(async (tx) => {
    const row = await lockRunning(tx, sql`id = ${id}`);
    await closeSession(tx, row!, 'finished');
  });
  return user;
}

/** A hatched pet of the reader's (its egg hatched a moment ago). */
async function hatchedPet(user: TestUser, species: string, companion: boolean, xp: number) {
  const egg = newId();
  await getDb().execute(sql`INSERT INTO focus_eggs (id, user_id, rarity, source, source_key, minutes, hatched_at)
    VALUES (${egg}, ${user.id}, 'comum', 'milestone', ${`milestone:${egg}`}, 60, now())`);
  await getDb().execute(
    sql`INSERT INTO focus_pets (id, user_id, egg_id, species, xp, companion) VALUES (${newId()}, ${user.id}, ${egg}, ${species}, ${xp}, ${companion})`,
  );
}

type ReaderFocaData = { foca: { place: number | null } };

describe("a visitor's cached /f/{username} and the place it shows", () => {
  beforeEach(async () => {
    clearHtmlCache();
    await listenForInvalidations();
  });

  it('is dropped when a reader ahead in the all-time ranking deletes their account (the place moves up)', async () => {
    const ahead = await focused(90);
    const lia = await focused(40);
    const page: Page = { url: new URL(`http://localhost:3000/f/${lia.username}`), route: readerFoca, params: { username: lia.username } };
    await settled();
    expect((JSON.parse(await visit(page)) as ReaderFocaData).foca.place).toBe(2);

    const fields = { username: ahead.username, password: ahead.password };
    await deleteAccount(testViewer(ahead), formRequest('/configuracoes/excluir', fields, { cookie: ahead.cookie }), fields);
    // What the loader answers now: Lia is first.
    const fresh = (await call(readerFoca.loader, getRequest(`/f/${lia.username}`), { username: lia.username })) as { data: ReaderFocaData };
    expect(fresh.data.foca.place).toBe(1);
    // The visitors' copy, "2º no ranking geral", is dropped with the account.
    await dropped(page);
  });
});

describe("the profile's Foca tab", () => {
  it('lists up to 6 pets besides the companion, as decision 0086 says ("up to 6 other pets")', async () => {
    const lia = await createUser();
    await hatchedPet(lia, 'foca-harpa', true, 300);
    for (let i = 0; i < 7; i += 1) await hatchedPet(lia, 'foca-comum', false, 10 * (i + 1));
    const out = (await call(profileTab.loader, getRequest(`/u/${lia.username}/foca`), { username: lia.username, tab: 'foca' })) as {
      data: { tab: 'foca'; foca: { pets: { companion: boolean }[]; petCount: number } };
    };
    const others = out.data.foca.pets.filter((pet) => !pet.companion);
    expect(out.data.foca.petCount).toBe(8);
    expect(others).toHaveLength(6);
  });
});

describe("the demo's foca page (/f/lia_leitora) adds up", () => {
  it("a pet's minutes together are never more than the reader's focus minutes of all time (XP comes only from them)", async () => {
    const lia = await createUser();
    const book = await createEdition({ title: 'Iracema', authors: ['José de Alencar'], pages: 120 });
    await setShelfStatus(testViewer(lia), book, 'reading');
    await seedDemoFocusSessions(lia.username);
    await seedDemoFocusGame(lia.username);
    const page = (await call(readerFoca.loader, getRequest(`/f/${lia.username}`), { username: lia.username })) as {
      data: { foca: { pets: { name: string | null; xp: number }[]; totals: { all: number } } };
    };
    const { pets, totals } = page.data.foca;
    expect(pets.filter((pet) => pet.xp > totals.all).map((pet) => [pet.name, pet.xp, totals.all])).toEqual([]);
    // No egg before her first session (the first one gave the first egg).
    const [early] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM focus_eggs g
      WHERE g.user_id = ${lia.id} AND g.received_at < (SELECT min(started_at) FROM focus_sessions WHERE user_id = ${lia.id})`);
    expect(early?.n).toBe(0);
  });
});

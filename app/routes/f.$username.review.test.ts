import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { deleteAccount } from '~/features/accounts/deletion.server';
import { closeSession, lockRunning } from '~/features/focus/closing.server';
import { seedDemoFocusGame, seedDemoFocusSessions } from '~/features/focus/seed.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { newId } from '~/lib/ids';
import { clearHtmlCache, listenForInvalidations } from '~/server/html-cache.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer, type TestUser } from '../../test/factories';
import { dropped, settled, visit, type Page } from '../../test/page-cache';
import { call } from '../../test/routes';
import * as readerFoca from './f.$username';
import * as profileTab from './u.$username.$tab';

/**
 * Review of decision 0086 (/f/{username}, the profile's Foca tab): failing tests for what the change misses.
 */

useTestDatabase();

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

describe("review 0086: a visitor's cached /f/{username} and the place it shows", () => {
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
    // The visitors' copy still says "2º no ranking geral" for up to five minutes: nothing drops it.
    await dropped(page);
  });
});

describe("review 0086: the profile's Foca tab", () => {
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

describe("review 0086: the demo's foca page (/f/lia_leitora) adds up", () => {
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
    // Today: Pipoca "420 min juntos" beside "Desde sempre: 71 min".
    expect(pets.filter((pet) => pet.xp > totals.all).map((pet) => [pet.name, pet.xp, totals.all])).toEqual([]);
  });
});

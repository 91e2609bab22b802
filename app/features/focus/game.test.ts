import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { tickChallenge } from '~/features/marathons/board.server';
import { createMarathon, joinMarathon } from '~/features/marathons/mutations.server';
import { todayIn } from '~/lib/calendar';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../../test/factories';
import { renderPage } from '../../../test/render';
import { call } from '../../../test/routes';
import * as focaPage from '../../routes/foca';
import * as petPage from '../../routes/foca.$id';
import * as abrigo from '../../routes/foca.abrigo';
import * as bichinhos from '../../routes/foca.bichinhos';
import * as ovinhos from '../../routes/foca.ovinhos';
import { marathonInput, noticeReader } from '../../../test/marathon-fixtures';
import {
  CHALLENGE_EGG_WEIGHTS,
  CHALLENGE_EGGS_PER_DAY,
  type RandomInt,
  advanceEgg,
  drawRarity,
  drawSpecies,
  levelFor,
  MOOD_FLOOR,
  MOOD_START,
} from './game-policy';
import { getFocaGame, listEggs, listFocusEvents, listPets } from './game-queries.server';
import { grantEgg, replaceRandomForTests } from './game.server';
import { HATCH_MINUTES, RARITIES, type Rarity } from './vocabulary';
import { chooseCompanion } from './pets.server';
import { finishFocusSession, giveUpFocusSession, startFocusSession } from './sessions.server';
import { SPECIES, speciesOf } from './species';

useTestDatabase();
afterEach(() => replaceRandomForTests(null));

/** A seeded generator (mulberry32): the same draws on every run. */
function seeded(seed: number): RandomInt {
  let a = seed >>> 0;
  return (max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

/** Pearson's χ² of observed counts against expected proportions. */
const chiSquare = (observed: number[], expected: number[]) => observed.reduce((sum, o, i) => sum + (o - expected[i]!) ** 2 / expected[i]!, 0);

describe('the rules', () => {
  it('hatches at 60, 180 and 600 minutes, keeping no more than the egg needs', () => {
    expect(HATCH_MINUTES).toEqual({ comum: 60, rara: 180, lendaria: 600 });
    expect(advanceEgg({ rarity: 'comum', minutes: 35 }, 24)).toEqual({ minutes: 59, hatched: false });
    expect(advanceEgg({ rarity: 'comum', minutes: 35 }, 25)).toEqual({ minutes: 60, hatched: true });
    expect(advanceEgg({ rarity: 'rara', minutes: 0 }, 179)).toEqual({ minutes: 179, hatched: false });
    expect(advanceEgg({ rarity: 'rara', minutes: 170 }, 60)).toEqual({ minutes: 180, hatched: true });
    expect(advanceEgg({ rarity: 'lendaria', minutes: 540 }, 59)).toEqual({ minutes: 599, hatched: false });
    expect(advanceEgg({ rarity: 'lendaria', minutes: 540 }, 60)).toEqual({ minutes: 600, hatched: true });
  });

  it('levels need 30·L·(L−1) minutes in all', () => {
    expect([0, 59, 60, 179, 180, 599, 600, 2700].map(levelFor)).toEqual([1, 1, 2, 2, 3, 4, 5, 10]);
  });

  it('draws rarities 70/25/5 and species evenly within a rarity (χ² over many seeded draws)', () => {
    const random = seeded(31);
    const draws = 20_000;
    const counts: Record<Rarity, number> = { comum: 0, rara: 0, lendaria: 0 };
    for (let i = 0; i < draws; i++) counts[drawRarity(random)] += 1;
    const total = RARITIES.reduce((sum, r) => sum + CHALLENGE_EGG_WEIGHTS[r], 0);
    const expected = RARITIES.map((r) => (draws * CHALLENGE_EGG_WEIGHTS[r]) / total);
    // 2 degrees of freedom: 13.82 is the 0.1 % critical value.
    expect(
      chiSquare(
        RARITIES.map((r) => counts[r]),
        expected,
      ),
    ).toBeLessThan(13.82);
    // A skewed draw is caught by the same measure.
    expect(chiSquare([draws * 0.6, draws * 0.3, draws * 0.1], expected)).toBeGreaterThan(13.82);

    for (const rarity of RARITIES) {
      const pool = speciesOf(rarity);
      expect(pool.length).toBeGreaterThanOrEqual(3);
      const seen = new Map<string, number>();
      for (let i = 0; i < 9_000; i++) {
        const species = drawSpecies(random, rarity);
        expect(SPECIES[species].rarity).toBe(rarity);
        seen.set(species, (seen.get(species) ?? 0) + 1);
      }
      // pool.length − 1 degrees of freedom (2 or 3): 16.27 is the 0.1 % critical value for 3.
      expect(
        chiSquare(
          pool.map((slug) => seen.get(slug) ?? 0),
          pool.map(() => 9_000 / pool.length),
        ),
      ).toBeLessThan(16.27);
    }
  });
});

async function reader(): Promise<{ viewer: Viewer; book: string }> {
  const user = await createUser();
  const viewer = testViewer(user);
  const book = await createEdition({ title: `O Cortiço ${newId()}`, authors: ['Aluísio Azevedo'], pages: 300 });
  await setShelfStatus(viewer, book, 'reading');
  return { viewer, book };
}

/** Moves a session as if it had started `minutesAgo` minutes ago (the clock is the server's: tests move rows). */
const startedAgo = (id: string, minutesAgo: number) =>
  getDb().execute(
    sql`UPDATE focus_sessions SET started_at = now() - make_interval(mins => ${minutesAgo}), ends_at = now() - make_interval(mins => ${minutesAgo}) + make_interval(mins => planned_minutes) WHERE id = ${id}`,
  );

/** A session of `minutes` that ran to its end, finished by the reader. */
async function focus(viewer: Viewer, book: string, minutes: number) {
  const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: minutes });
  await startedAgo(id, minutes + 1);
  return finishFocusSession(viewer, id, null);
}

const notices = (viewer: Viewer) =>
  queryRows<{ kind: string; text: string; link: string }>(
    sql`SELECT kind, text, link FROM notifications WHERE user_id = ${viewer.id} AND kind LIKE 'focus_%' ORDER BY created_at, id`,
  );

describe('eggs and pets, by the sessions', () => {
  it('the first session gives an egg however it ends; a given-up session advances nothing; 60 minutes hatch it into the companion', async () => {
    const { viewer, book } = await reader();
    replaceRandomForTests(() => 0);
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 40 });
    await startedAgo(id, 30);
    expect(await giveUpFocusSession(viewer, id)).toEqual({ status: 'given_up', credited: 15 });
    const [egg] = await listEggs(viewer);
    expect(egg).toMatchObject({ rarity: 'comum', source: 'milestone', minutes: 0, incubating: true });

    await focus(viewer, book, 40);
    expect((await listEggs(viewer))[0]).toMatchObject({ id: egg!.id, minutes: 40 });
    await focus(viewer, book, 25);
    expect(await listEggs(viewer)).toEqual([]);
    const [pet] = await listPets(viewer);
    expect(pet).toMatchObject({ species: speciesOf('comum')[0], companion: true, xp: 0 });
    expect(await notices(viewer)).toEqual([{ kind: 'focus_egg_hatched', text: expect.stringContaining(SPECIES[pet!.species].name), link: `/foca/${pet!.id}` }]);

    // The companion gains a minute of XP per minute of focus: 60 reach level 2, told once.
    await focus(viewer, book, 60);
    expect((await listPets(viewer))[0]).toMatchObject({ xp: 60 });
    expect((await notices(viewer)).map((n) => n.kind)).toEqual(['focus_egg_hatched', 'focus_level_up']);
    // "Leia 20 minutos" was done by the 40 minutes, before any pet: its XP went nowhere.
    expect((await listFocusEvents(viewer, 10)).map((e) => e.kind)).toEqual(['level_up', 'egg_hatched', 'task_completed', 'egg_received']);
    expect((await getFocaGame(viewer)).companion).toMatchObject({ id: pet!.id, xp: 60 });

    // Mood: 70 at hatching, +60 by that hour (at most 100); 10 a day less on read, never below the floor.
    expect((await listPets(viewer))[0]!.mood).toBe(100);
    await getDb().execute(sql`UPDATE focus_pets SET mood_at = now() - interval '3 days' WHERE id = ${pet!.id}`);
    expect((await listPets(viewer))[0]!.mood).toBe(70);
    await focus(viewer, book, 5);
    expect((await listPets(viewer))[0]!.mood).toBe(75);
    await getDb().execute(sql`UPDATE focus_pets SET mood_at = now() - interval '300 days' WHERE id = ${pet!.id}`);
    expect((await listPets(viewer))[0]!.mood).toBe(MOOD_FLOOR);
    expect(MOOD_START).toBe(70);
  });

  it('three eggs incubate and advance together; a fourth waits and takes the slot a hatched one frees', async () => {
    const { viewer, book } = await reader();
    const grant = (key: string, rarity: Rarity) => getDb().transaction((tx) => grantEgg(tx, viewer.id, { source: 'task', sourceKey: key, rarity }));
    expect(await grant('task:a', 'comum')).toBe(true);
    await grant('task:b', 'rara');
    await grant('task:c', 'lendaria');
    await grant('task:d', 'rara');
    expect(await grant('task:a', 'lendaria')).toBe(false);
    await focus(viewer, book, 60); // also the first-session egg: received after the four, it waits too
    const eggs = await listEggs(viewer);
    expect(eggs.map((e) => [e.rarity, e.minutes, e.incubating])).toEqual([
      ['rara', 60, true],
      ['lendaria', 60, true],
      ['rara', 0, true],
      ['comum', 0, false],
    ]);
    expect(await listPets(viewer)).toHaveLength(1);
    const game = await getFocaGame(viewer);
    expect(game.incubating).toHaveLength(3);
    expect(game.waiting).toBe(true);
  });

  it('a marathon challenge done gives one egg, once, however often it is ticked', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(
      organizer,
      marathonInput({
        startsOn: todayIn('America/Sao_Paulo'),
        challenges: [{ category: 0, kind: 'atividade', description: 'Foto da pilha', points: 2, revealsOn: null, level: null }],
      }),
    );
    const { viewer } = await noticeReader();
    await joinMarathon(viewer, marathon.id, null);
    const [challenge] = await queryRows<{ id: string }>(sql`SELECT id FROM marathon_challenges WHERE marathon_id = ${marathon.id}`);
    replaceRandomForTests(() => 96); // the last 5 of 100: lendária
    await tickChallenge(viewer, marathon.id, challenge!.id, true);
    await tickChallenge(viewer, marathon.id, challenge!.id, false);
    await tickChallenge(viewer, marathon.id, challenge!.id, true);
    expect((await listEggs(viewer)).map((e) => [e.source, e.rarity])).toEqual([['challenge', 'lendaria']]);
  });

  it('challenge eggs cannot be farmed: none from a marathon the reader organises, at most CHALLENGE_EGGS_PER_DAY a day', async () => {
    const five = Array.from({ length: CHALLENGE_EGGS_PER_DAY + 2 }, (_, i) => ({
      category: 0,
      kind: 'atividade' as const,
      description: `Tarefa ${i + 1}`,
      points: 1,
      revealsOn: null,
      level: null,
    }));
    const { viewer: organizer } = await noticeReader();
    const own = await createMarathon(organizer, marathonInput({ startsOn: todayIn('America/Sao_Paulo'), challenges: five }));
    await joinMarathon(organizer, own.id, null);
    const challengesOf = async (marathonId: string) =>
      (await queryRows<{ id: string }>(sql`SELECT id FROM marathon_challenges WHERE marathon_id = ${marathonId} ORDER BY position, id`)).map((c) => c.id);
    for (const id of await challengesOf(own.id)) await tickChallenge(organizer, own.id, id, true);
    expect(await listEggs(organizer)).toEqual([]);

    const { viewer } = await noticeReader();
    await joinMarathon(viewer, own.id, null);
    for (const id of await challengesOf(own.id)) await tickChallenge(viewer, own.id, id, true);
    // (and the weekly "Complete 3 desafios" task's egg, decision 0085)
    expect((await listEggs(viewer)).map((e) => e.source)).toEqual([...Array<string>(CHALLENGE_EGGS_PER_DAY).fill('challenge'), 'task']);
  });

  it('10 hours of focus in all give a rare egg, once', async () => {
    const { viewer, book } = await reader();
    // Earlier days' history: 580 minutes.
    await getDb()
      .execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, status, started_at, ends_at, finished_at, credited_minutes, credited_on)
      SELECT ${newId()} || n, ${viewer.id}, ${book}, 145, 'finished', now() - make_interval(days => n + 1), now() - make_interval(days => n + 1) + interval '145 minutes',
        now() - make_interval(days => n + 1) + interval '145 minutes', 145, (now() - make_interval(days => n + 1))::date FROM generate_series(1, 4) n`);
    await focus(viewer, book, 10);
    expect((await listEggs(viewer)).map((e) => e.rarity)).toEqual(['comum']);
    await focus(viewer, book, 10);
    expect((await listEggs(viewer)).map((e) => e.rarity)).toEqual(['comum', 'rara']);
    await focus(viewer, book, 10);
    expect(await listEggs(viewer)).toHaveLength(2);
  });

  it('given-up minutes do not count toward the 10 h and 50 h milestones (only finished sessions do, as /foca/ovinhos says)', async () => {
    const { viewer, book } = await reader();
    // Earlier days' history: 580 finished minutes, and 300 of sessions given up.
    await getDb()
      .execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, status, started_at, ends_at, finished_at, credited_minutes, credited_on)
      SELECT ${newId()} || n, ${viewer.id}, ${book}, 145, CASE WHEN n <= 4 THEN 'finished' ELSE 'given_up' END, now() - make_interval(days => n + 1),
        now() - make_interval(days => n + 1) + interval '145 minutes', now() - make_interval(days => n + 1) + interval '145 minutes',
        CASE WHEN n <= 4 THEN 145 ELSE 60 END, (now() - make_interval(days => n + 1))::date FROM generate_series(1, 9) n`);
    await focus(viewer, book, 10);
    expect((await listEggs(viewer)).map((e) => e.rarity)).toEqual(['comum']);
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 60 });
    await startedAgo(id, 50);
    expect(await giveUpFocusSession(viewer, id)).toEqual({ status: 'given_up', credited: 25 });
    expect((await listEggs(viewer)).map((e) => e.rarity)).toEqual(['comum']);
    await focus(viewer, book, 10);
    expect((await listEggs(viewer)).map((e) => e.rarity)).toEqual(['comum', 'rara']);
  });

  it('two closes of one session at once advance the eggs and feed the pets once', async () => {
    const { viewer, book } = await reader();
    await focus(viewer, book, 60); // the first-session egg
    await focus(viewer, book, 60); // hatches it
    const [pet] = await listPets(viewer);
    await getDb().transaction((tx) => grantEgg(tx, viewer.id, { source: 'task', sourceKey: 'task:x', rarity: 'lendaria' }));
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 30 });
    await startedAgo(id, 31);
    const results = await Promise.allSettled([finishFocusSession(viewer, id, null), finishFocusSession(viewer, id, null), giveUpFocusSession(viewer, id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await listEggs(viewer)).map((e) => e.minutes)).toEqual([30]);
    expect((await listPets(viewer)).find((p) => p.id === pet!.id)).toMatchObject({ xp: 30 });
  });

  it('choosing the companion moves the XP to it; the one-companion rule is the database’s', async () => {
    const { viewer, book } = await reader();
    for (const key of ['task:1', 'task:2']) await getDb().transaction((tx) => grantEgg(tx, viewer.id, { source: 'task', sourceKey: key, rarity: 'comum' }));
    await focus(viewer, book, 60);
    const pets = await listPets(viewer);
    expect(pets.map((p) => p.companion)).toEqual([true, false]);
    await chooseCompanion(viewer, pets[1]!.id);
    await focus(viewer, book, 20);
    const after = await listPets(viewer);
    // The first companion also got "Leia 20 minutos"'s 30 XP (decision 0085), in the close that hatched it.
    expect(after.map((p) => [p.id, p.xp])).toEqual([
      [pets[1]!.id, 20],
      [pets[0]!.id, 30],
    ]);
    await expect(getDb().execute(sql`UPDATE focus_pets SET companion = true WHERE user_id = ${viewer.id}`)).rejects.toThrow();
    const other = await reader();
    await expect(chooseCompanion(other.viewer, pets[0]!.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the pages', () => {
  it('show the eggs, the album and the shelter; a name too long is refused next to its pet’s field, keeping what was typed', async () => {
    const user = await createUser();
    const viewer = testViewer(user);
    replaceRandomForTests(() => 0);
    for (const key of ['task:p1', 'task:p2', 'task:p3', 'task:p4', 'task:p5'])
      await getDb().transaction((tx) => grantEgg(tx, viewer.id, { source: 'task', sourceKey: key, rarity: 'comum' }));
    await getDb().execute(sql`UPDATE focus_eggs SET minutes = 60, hatched_at = now() WHERE user_id = ${viewer.id} AND source_key = 'task:p1'`);
    const [egg] = await queryRows<{ id: string }>(sql`SELECT id FROM focus_eggs WHERE user_id = ${viewer.id} AND source_key = 'task:p1'`);
    const petId = newId();
    await getDb().execute(
      sql`INSERT INTO focus_pets (id, user_id, egg_id, species, companion) VALUES (${petId}, ${viewer.id}, ${egg!.id}, 'foca-harpa', true)`,
    );

    const eggsHtml = renderPage(ovinhos.default, await call(ovinhos.loader, getRequest('/foca/ovinhos', user.cookie)), '/foca/ovinhos');
    expect(eggsHtml.match(/0 de 60 min de foco/g)).toHaveLength(3);
    expect(eggsHtml).toContain('Esperando uma vaga na chocadeira.');
    const albumHtml = renderPage(bichinhos.default, await call(bichinhos.loader, getRequest('/foca/bichinhos', user.cookie)), '/foca/bichinhos');
    expect(albumHtml).toContain('Você encontrou 1 de 10 espécies');
    expect(albumHtml).toContain(SPECIES['foca-harpa'].facts[0]);
    expect(albumHtml).not.toContain(SPECIES['foca-leopardo'].facts[0]);

    const tooLong = 'x'.repeat(41);
    const failed = (await call(abrigo.action, formRequest('/foca/abrigo', { intent: 'renomear', pet: petId, name: tooLong }, { cookie: user.cookie }))) as {
      data: unknown;
    };
    const shelterHtml = renderPage(abrigo.default, await call(abrigo.loader, getRequest('/foca/abrigo', user.cookie)), '/foca/abrigo', failed.data);
    expect(shelterHtml).toContain('O nome tem até 40 caracteres.');
    expect(shelterHtml).toContain(`value="${tooLong}"`);
    expect(await call(abrigo.action, formRequest('/foca/abrigo', { intent: 'renomear', pet: petId, name: ' Nanuk ' }, { cookie: user.cookie }))).toEqual({
      success: 'Agora se chama Nanuk.',
    });
    const focaHtml = renderPage(focaPage.default, await call(focaPage.loader, getRequest('/foca', user.cookie)), '/foca');
    expect(focaHtml).toContain('Nanuk');
    expect(focaHtml.match(/0 de 60 min de foco/g)).toHaveLength(3);
    const petHtml = renderPage(petPage.default, await call(petPage.loader, getRequest(`/foca/${petId}`), { id: petId }), `/foca/${petId}`);
    expect(petHtml).toContain('Nanuk');
    expect(petHtml).toContain('Foca-harpa (rara)');
  });
});

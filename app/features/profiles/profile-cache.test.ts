import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '~/db/client.server';
import { postAtt, toggleReaction } from '~/features/atts/mutations.server';
import { setReadingGoal } from '~/features/reading/goals/goals.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { logProgress } from '~/features/reading/progress/progress.server';
import { followReader } from '~/features/social/follows.server';
import { clearHtmlCache, listenForInvalidations, lookupPage, storeWhileStreaming } from '~/server/html-cache.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer, type TestUser } from '../../../test/factories';
import { readerCacheTag } from './cache';
import { type ProfileOwner, findProfileOwner, getProfile } from './queries.server';
import { levelFor } from '~/features/focus/game-policy';
import { applyClosedSession } from '~/features/focus/game.server';
import { chooseCompanion, renamePet } from '~/features/focus/pets.server';
import { FOCUS_RANKING_CACHE_TAG, focusReaderCacheTag } from '~/features/focus/cache';
import { addToFocusTotals } from '~/features/focus/totals.server';
import { newId } from '~/lib/ids';
import { settled } from '../../../test/page-cache';

useTestDatabase();

const profileUrl = (user: TestUser) => new URL(`http://localhost/u/${user.username}`);

/** A visitor's copy of a page with its tags, stored as the server stores it. */
async function cachePage(url: URL, tags: string) {
  const response = new Response('<h1>página</h1>', { headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Cache-Tags': tags } });
  await storeWhileStreaming(new Request(url), response).text();
  await vi.waitFor(() => expect(lookupPage('GET', url, undefined)).toBeDefined());
}

/** A visitor's copy of the reader's profile. */
const cacheProfile = (user: TestUser) => cachePage(profileUrl(user), readerCacheTag(user.id));

/** A hatched pet of the reader's (its egg hatched a moment ago), with `xp` minutes together. */
async function hatchedPet(user: TestUser, species: string, companion: boolean, xp = 0) {
  const egg = newId();
  const id = newId();
  await getDb().execute(sql`INSERT INTO focus_eggs (id, user_id, rarity, source, source_key, minutes, hatched_at)
    VALUES (${egg}, ${user.id}, 'comum', 'milestone', ${`milestone:${egg}`}, 60, now())`);
  await getDb().execute(
    sql`INSERT INTO focus_pets (id, user_id, egg_id, species, xp, companion) VALUES (${id}, ${user.id}, ${egg}, ${species}, ${xp}, ${companion})`,
  );
  return id;
}

const cached = (user: TestUser) => lookupPage('GET', profileUrl(user), undefined) !== undefined;
const dropped = (user: TestUser) => vi.waitFor(() => expect(cached(user)).toBe(false));
/** Invalidations arrive through LISTEN/NOTIFY: a page still there after a moment was not dropped. */
const kept = async (user: TestUser) => {
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(cached(user)).toBe(true);
};

describe("a visitor's cached profile (migration 0016's triggers)", () => {
  beforeEach(async () => {
    clearHtmlCache();
    await listenForInvalidations();
  });

  it('is dropped when the reader changes what the page shows, and kept on writes it does not show', async () => {
    const reader = await createUser({ verified: true });
    const other = await createUser({ verified: true });
    const viewer = { ...testViewer(reader), emailVerified: true };
    const book = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 });

    await cacheProfile(reader);
    await cacheProfile(other);
    await getDb().execute(sql`UPDATE users SET updated_at = now(), email_verified = true WHERE id = ${reader.id}`);
    await kept(reader);
    await getDb().execute(sql`UPDATE users SET bio = 'Nova bio' WHERE id = ${reader.id}`);
    await dropped(reader);
    await kept(other);

    await cacheProfile(reader);
    await setShelfStatus(viewer, book, 'reading');
    await dropped(reader);

    await cacheProfile(reader);
    const { entryId } = await logProgress(viewer, book, { value: 40, unit: 'page', comment: null, emotion: null, spoiler: false });
    await dropped(reader);

    await cacheProfile(reader);
    await setReadingGoal(viewer, 2026, { books: 12, pages: null });
    await dropped(reader);

    await cacheProfile(reader);
    const att = await postAtt(viewer, {
      editionId: book,
      kind: 'progress',
      progressEntryId: entryId,
      text: 'Baleia!',
      spoiler: false,
      visibility: 'publico',
      images: [],
    });
    await dropped(reader);

    // Someone else's reaction changes the counts on the reader's latest atts.
    await cacheProfile(reader);
    await toggleReaction({ ...testViewer(other), emailVerified: true }, att, 'heart');
    await dropped(reader);

    // A follow changes both readers' counts.
    await cacheProfile(reader);
    await cacheProfile(other);
    await followReader({ ...testViewer(other), emailVerified: true }, reader.id);
    await dropped(reader);
    await dropped(other);

    await cacheProfile(reader);
    await getDb().execute(sql`UPDATE users SET profile_visibility = 'restrito' WHERE id = ${reader.id}`);
    await dropped(reader);
  });

  it('is not dropped by a transaction that rolls back', async () => {
    const reader = await createUser();
    await cacheProfile(reader);
    await getDb()
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE users SET bio = 'Rascunho' WHERE id = ${reader.id}`);
        throw new Error('desfazer');
      })
      .catch(() => undefined);
    await kept(reader);
  });
});

describe("a visitor's cached profile and foca page, and the reader's foca", () => {
  beforeEach(async () => {
    clearHtmlCache();
    await listenForInvalidations();
  });

  it('shows the companion (name, species, level, its page) and is dropped when it is renamed, changed or levels up', async () => {
    const reader = await createUser({ verified: true });
    const viewer = testViewer(reader);
    const first = await hatchedPet(reader, 'foca-comum', true, 60);
    const second = await hatchedPet(reader, 'foca-harpa', false, 60);
    const owner = await findProfileOwner(null, reader.username);
    const profile = await getProfile(null, owner as ProfileOwner);
    expect(profile.details?.companion).toEqual({ id: first, species: 'foca-comum', name: null, level: levelFor(60) });

    await settled(); // the set-up's invalidations (the new account's) are heard before the page is stored
    await cacheProfile(reader);
    await renamePet(viewer, second, 'Capitu'); // not the companion: the profile does not show it
    await kept(reader);
    await renamePet(viewer, first, 'Pipoca');
    await dropped(reader);

    await settled(); // the rename's invalidation also comes back from the database: heard before the page is stored again
    await cacheProfile(reader);
    await chooseCompanion(viewer, second);
    await dropped(reader);

    // A finished session's minutes: 10 XP more keep the companion's level (kept); 120 more reach the next (dropped).
    await settled();
    await cacheProfile(reader);
    await getDb().transaction((tx) => applyClosedSession(tx, reader.id, { status: 'finished', credited: 10 }));
    await kept(reader);
    await getDb().transaction((tx) => applyClosedSession(tx, reader.id, { status: 'finished', credited: 120 }));
    await dropped(reader);
  });

  it('is dropped when the first egg hatches (the first pet is the companion), kept when a later one hatches beside it', async () => {
    const reader = await createUser({ verified: true });
    const egg = async (minutes: number) =>
      getDb().execute(sql`INSERT INTO focus_eggs (id, user_id, rarity, source, source_key, minutes, received_at)
        VALUES (${newId()}, ${reader.id}, 'comum', 'milestone', ${`milestone:${newId()}`}, ${minutes}, clock_timestamp())`);
    await egg(50);
    await settled();
    await cacheProfile(reader);
    // 10 minutes hatch it: the profile now shows a companion.
    await getDb().transaction((tx) => applyClosedSession(tx, reader.id, { status: 'finished', credited: 10 }));
    await dropped(reader);
    const owner = await findProfileOwner(null, reader.username);
    expect((await getProfile(null, owner as ProfileOwner)).details?.companion).toMatchObject({ species: expect.any(String), level: 1 });

    // A second egg hatching beside the companion (10 XP, no new level) changes nothing the profile shows.
    await egg(55);
    await settled();
    await cacheProfile(reader);
    await getDb().transaction((tx) => applyClosedSession(tx, reader.id, { status: 'finished', credited: 10 }));
    await kept(reader);
  });

  it('the foca page (/f/{username}) is dropped when any pet is renamed, the companion changes, or a session credits minutes', async () => {
    const reader = await createUser({ verified: true });
    const viewer = testViewer(reader);
    const url = new URL(`http://localhost/f/${reader.username}`);
    const tags = [readerCacheTag(reader.id), focusReaderCacheTag(reader.id), FOCUS_RANKING_CACHE_TAG].join(',');
    const cache = async () => {
      await settled();
      await cachePage(url, tags);
    };
    const gone = () => vi.waitFor(() => expect(lookupPage('GET', url, undefined)).toBeUndefined());
    const pets = [await hatchedPet(reader, 'foca-comum', true), await hatchedPet(reader, 'foca-comum', false)];
    await cache();
    await renamePet(viewer, pets[1]!, 'Capitu'); // not the companion: the profile keeps, the foca page goes
    await gone();
    await cache();
    await chooseCompanion(viewer, pets[1]!);
    await gone();
    await cache();
    await getDb().transaction((tx) => addToFocusTotals(tx, reader.id, '2026-11-20', 25, new Date()));
    await gone();
  });
});

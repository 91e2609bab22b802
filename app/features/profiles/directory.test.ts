import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { users } from '~/db/schema';
import { postAtt } from '~/features/atts/mutations.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer, type TestUser } from '../../../test/factories';
import { block, follow, restrict, shelve, suspend } from '../../../test/reading-factories';
import { DIRECTORY_LIST_SIZE, listMostFollowedReaders, listRecentlyActiveReaders } from './directory.server';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });
const fifteenYearsOld = () => `${new Date().getUTCFullYear() - 15}-01-01`;
const usernames = (readers: { username: string }[]) => readers.map((r) => r.username);
/** Moves a reader's shelf changes back in time, so the order of activity is the test's and not the clock's. */
const activeAt = (user: TestUser, minutesAgo: number) =>
  getDb().execute(sql`UPDATE shelf_entries SET updated_at = now() - make_interval(mins => ${minutesAgo}) WHERE user_id = ${user.id}`);

describe('the readers directory (/u before anything is typed)', () => {
  it('lists recently active public profiles newest first, counting public atts, never restricted, suspended, minor or blocked readers', async () => {
    const edition = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 });
    const [old, fresh, poster, secretPoster, restricted, suspended, minor, blocker, viewer] = [
      await createUser({ username: 'antiga' }),
      await createUser({ username: 'recente' }),
      await createUser({ username: 'postou' }),
      await createUser({ username: 'postou_privado' }),
      await createUser({ username: 'restrita' }),
      await createUser({ username: 'suspensa' }),
      await createUser({ username: 'menor', birthDate: fifteenYearsOld() }),
      await createUser({ username: 'bloqueou' }),
      await createUser({ username: 'quem_ve' }),
    ];
    for (const reader of [old, fresh, restricted, suspended, minor, blocker, viewer]) await shelve(reader.id, edition, { status: 'reading' });
    await activeAt(old, 60);
    await activeAt(fresh, 5);
    for (const reader of [restricted, suspended, minor, viewer]) await activeAt(reader, 1);
    await activeAt(blocker, 2);
    await restrict(restricted.id);
    await suspend(suspended.id);
    await block(blocker.id, viewer.id);
    for (const reader of [poster, secretPoster])
      await shelve(reader.id, edition, { status: 'read', reads: [{ started: '2026-01-02', finished: '2026-01-20' }] });
    // An att is activity only when it is public: a private one says nothing of its author to others.
    await postAtt(verified(poster), { editionId: edition, kind: 'finished', text: 'Terminei!', spoiler: false, visibility: 'publico', images: [] });
    await postAtt(verified(secretPoster), { editionId: edition, kind: 'finished', text: 'Só para mim.', spoiler: false, visibility: 'privado', images: [] });
    await getDb().execute(sql`UPDATE shelf_entries SET updated_at = now() - interval '2 days' WHERE user_id IN (${poster.id}, ${secretPoster.id})`);

    // The private att's author comes by their shelf change of two days ago, not by the att.
    expect(usernames(await listRecentlyActiveReaders(null))).toEqual(['postou', 'quem_ve', 'bloqueou', 'recente', 'antiga', 'postou_privado']);
    // The viewer is not offered themself, nor a reader of a blocked pair (either way).
    expect(usernames(await listRecentlyActiveReaders(testViewer(viewer)))).toEqual(['postou', 'recente', 'antiga', 'postou_privado']);
    expect(usernames(await listRecentlyActiveReaders(testViewer(blocker)))).toEqual(['postou', 'recente', 'antiga', 'postou_privado']);
  });

  it('lists the most followed public profiles with their follower count, leaving out suspended followers and the excluded readers at once', async () => {
    const [star, second, third, restricted, suspended, viewer] = [
      await createUser({ username: 'estrela' }),
      await createUser({ username: 'segunda' }),
      await createUser({ username: 'terceira' }),
      await createUser({ username: 'restrita' }),
      await createUser({ username: 'suspensa' }),
      await createUser({ username: 'quem_ve' }),
    ];
    const fans = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    for (const fan of fans) await follow(fan.id, star.id);
    for (const fan of fans.slice(0, 4)) await follow(fan.id, restricted.id);
    for (const fan of fans.slice(0, 3)) await follow(fan.id, suspended.id);
    for (const fan of fans.slice(0, 2)) await follow(fan.id, second.id);
    await follow(fans[0]!.id, third.id);
    await follow(fans[1]!.id, third.id, 'pending');
    await restrict(restricted.id);
    await suspend(suspended.id);
    // A suspended follower is not counted, as on the profile.
    await suspend(fans[4]!.id);

    const ranked = (readers: { username: string; followers: number }[]) => readers.map((r) => `${r.username} ${r.followers}`);
    expect(ranked(await listMostFollowedReaders(null))).toEqual(['estrela 4', 'segunda 2', 'terceira 1']);

    // A kept ranking still leaves out, on the next request, a reader who restricted their profile or blocked the viewer.
    await block(second.id, viewer.id);
    expect(ranked(await listMostFollowedReaders(testViewer(viewer)))).toEqual(['estrela 4', 'terceira 1']);
    await getDb().update(users).set({ profileVisibility: 'restrito' }).where(eq(users.id, star.id));
    expect(ranked(await listMostFollowedReaders(null))).toEqual(['segunda 2', 'terceira 1']);
  });

  it(`stops at ${DIRECTORY_LIST_SIZE} readers each`, async () => {
    const edition = await createEdition({ title: 'São Bernardo', authors: ['Graciliano Ramos'], pages: 200 });
    const readers = await Promise.all(Array.from({ length: DIRECTORY_LIST_SIZE + 3 }, () => createUser()));
    for (const reader of readers) await shelve(reader.id, edition, { status: 'read' });
    for (const [i, reader] of readers.entries()) for (const fan of readers.slice(0, i)) await follow(fan.id, reader.id);
    expect(await listRecentlyActiveReaders(null)).toHaveLength(DIRECTORY_LIST_SIZE);
    const mostFollowed = await listMostFollowedReaders(null);
    expect(mostFollowed.map((r) => r.followers)).toEqual(Array.from({ length: DIRECTORY_LIST_SIZE }, (_, i) => DIRECTORY_LIST_SIZE + 2 - i));
  });
});

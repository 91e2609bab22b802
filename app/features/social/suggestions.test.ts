import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { users } from '~/db/schema';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { block, follow, restrict, shelve, suspend } from '../../../test/reading-factories';
import { followReader } from './follows.server';
import { listReaderSuggestions } from './suggestions.server';

useTestDatabase();

describe('readers to follow', () => {
  it('suggests readers followed by people I follow and readers of my books, never the ones it must not', async () => {
    const me = await createUser();
    const friend = await createUser();
    const [friendOfFriend, sameBook, both, followed, requested, blocker, blockedByMe, suspended, minor, restrictedReader] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser({ birthDate: '2011-03-01' }),
      createUser(),
    ]);
    const book = await createEdition({ title: 'O Cortiço', authors: ['Aluísio Azevedo'], pages: 320 });
    await follow(me.id, friend.id);
    await follow(me.id, followed.id);
    await follow(me.id, requested.id, 'pending');
    // Everyone below is followed by my friend: only some may be suggested.
    for (const user of [friendOfFriend, both, followed, requested, blocker, blockedByMe, suspended, minor, me]) await follow(friend.id, user.id);
    await block(blocker.id, me.id);
    await block(me.id, blockedByMe.id);
    await suspend(suspended.id);
    // Reading a book I want to read.
    await shelve(me.id, book, { status: 'want_to_read' });
    for (const user of [sameBook, both, restrictedReader, minor]) await shelve(user.id, book, { status: 'reading', reads: [{ started: '2026-02-01' }] });
    // A restricted profile's reading is for its followers: not a reason to suggest them to me.
    await restrict(restrictedReader.id);

    const suggestions = await listReaderSuggestions(testViewer(me));
    expect(suggestions.map((s) => s.id)).toEqual([both.id, friendOfFriend.id, sameBook.id]);
    expect(suggestions.map((s) => s.reason)).toEqual([
      `Seguido por ${friend.username}, que você segue`,
      `Seguido por ${friend.username}, que você segue`,
      'Está lendo um livro da sua estante',
    ]);
    // The next visit is answered from the kept ranking, in the same order and with the same reasons.
    expect(await listReaderSuggestions(testViewer(me))).toEqual(suggestions);
  });

  it('counts several common follows, and suggests nobody to a reader who follows no one and reads alone', async () => {
    const [me, a, b, target] = [await createUser(), await createUser(), await createUser(), await createUser()];
    expect(await listReaderSuggestions(testViewer(me))).toEqual([]);
    await follow(me.id, a.id);
    await follow(me.id, b.id);
    await follow(a.id, target.id);
    await follow(b.id, target.id);
    // A pending follow of my friend's is no follow: it suggests nothing.
    await follow(a.id, (await createUser()).id, 'pending');
    expect(await listReaderSuggestions(testViewer(me))).toMatchObject([{ id: target.id, reason: 'Seguido por 2 pessoas que você segue' }]);
  });

  it('keeps a ranking for the next visit, applying blocks, suspensions and follows made since; following ranks anew', async () => {
    const [me, friend, newFriend, kept, blocked, suspended, followed, later] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
    ]);
    await follow(me.id, friend.id);
    for (const user of [kept, blocked, suspended, followed]) await follow(friend.id, user.id);
    const ids = async () => (await listReaderSuggestions(testViewer(me))).map((s) => s.id).sort();
    expect(await ids()).toEqual([blocked.id, followed.id, kept.id, suspended.id].sort());

    // Written straight to the tables: the kept ranking is not told, yet none of them is suggested again.
    await block(blocked.id, me.id);
    await suspend(suspended.id);
    await follow(me.id, followed.id);
    await follow(friend.id, later.id);
    expect(await ids()).toEqual([kept.id]);
    // The reader a suggestion comes through is named at each visit: once they are gone, the kept ranking
    // never names them again.
    const friendName = (await getDb().select({ name: users.name }).from(users).where(eq(users.id, friend.id)))[0]?.name ?? '';
    expect((await listReaderSuggestions(testViewer(me)))[0]?.reason).toBe(`Seguido por ${friendName}, que você segue`);
    await suspend(friend.id);
    expect((await listReaderSuggestions(testViewer(me)))[0]?.reason).toBe('Seguido por quem você segue');
    await getDb().update(users).set({ suspendedAt: null }).where(eq(users.id, friend.id));

    // Following someone through the app ranks again: the new friend's follows count at once.
    await follow(newFriend.id, later.id);
    await followReader(testViewer(me), newFriend.id);
    expect(await ids()).toEqual([kept.id, later.id].sort());
  });
});

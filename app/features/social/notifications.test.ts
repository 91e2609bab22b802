import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { users } from '~/db/schema';
import { changeUsername } from '~/features/accounts/mutations.server';
import { useTestDatabase } from '../../../test/db';
import { createUser, testViewer } from '../../../test/factories';
import { subscribe } from '~/server/realtime.server';
import { markNotificationsRead, notificationsChannel, notify } from './mutations.server';
import { countUnreadNotifications, listNotifications } from './queries.server';

useTestDatabase();

describe('notifications', () => {
  it('are counted, listed newest first, marked read, and only ever the viewer’s own', async () => {
    const ana = await createUser();
    const bia = await createUser();
    const heard: unknown[] = [];
    const off = await subscribe(notificationsChannel(ana.id), (p) => heard.push(p));
    await notify({ userId: ana.id, kind: 'follow', text: 'Bia começou a seguir você.', link: '/u/bia' });
    await notify({ userId: ana.id, kind: 'att_comment', text: 'Bia comentou sua att.' });
    await notify({ userId: bia.id, kind: 'follow', text: 'Ana começou a seguir você.' });
    await expect.poll(() => heard.length).toBe(2);
    await off();

    expect(await countUnreadNotifications(testViewer(ana))).toBe(2);
    const { items } = await listNotifications(testViewer(ana));
    expect(items.map((n) => n.text)).toEqual(['Bia comentou sua att.', 'Bia começou a seguir você.']);

    await markNotificationsRead(testViewer(bia), [items[0]!.id]); // not Bia's: nothing changes
    expect(await countUnreadNotifications(testViewer(ana))).toBe(2);
    await markNotificationsRead(testViewer(ana), 'all');
    expect(await countUnreadNotifications(testViewer(ana))).toBe(0);
    expect(await countUnreadNotifications(testViewer(bia))).toBe(1);
  });

  it('name their actor as the actor is now, for a link to the profile that no longer leads a suspended reader anywhere', async () => {
    const [ana, bia] = [await createUser(), await createUser({ username: 'bia_antiga' })];
    await notify({ userId: ana.id, actorId: bia.id, kind: 'follow', text: '@bia_antiga começou a seguir você.', link: '/u/bia_antiga' });
    await notify({ userId: ana.id, kind: 'moderation_warning', text: 'Advertência da moderação: calma.' });
    await changeUsername(testViewer(bia), 'bia_nova');
    const actors = async () => (await listNotifications(testViewer(ana))).items.map((n) => n.actor);
    expect(await actors()).toEqual([null, { name: expect.any(String), username: 'bia_nova', image: null, suspended: false }]);
    await getDb().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, bia.id));
    expect((await actors())[1]).toMatchObject({ username: 'bia_nova', suspended: true });
  });
});

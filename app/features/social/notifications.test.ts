import { describe, expect, it } from 'vitest';
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
});

import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { blocks, follows, notifications, users } from '~/db/schema';
import { useTestDatabase } from '../../../test/db';
import { createUser, testViewer } from '../../../test/factories';
import { audienceOf } from './audience.server';
import { blockReader, unblockReader } from './blocks.server';
import { approveFollower, cancelFollowRequest, followReader, rejectFollower, removeFollower, unfollowReader } from './follows.server';

useTestDatabase();

const restrict = (id: string) => getDb().update(users).set({ profileVisibility: 'restrito' }).where(eq(users.id, id));
const followRow = async (followerId: string, followeeId: string) =>
  (
    await getDb()
      .select({ status: follows.status })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
  )[0]?.status ?? null;
const notificationsOf = (userId: string) =>
  getDb().select({ kind: notifications.kind, text: notifications.text, link: notifications.link }).from(notifications).where(eq(notifications.userId, userId));

describe('following', () => {
  it('follows a public profile at once, telling its owner; following again changes nothing; unfollow ends it', async () => {
    const ana = await createUser({ username: 'ana_segue' });
    const bia = await createUser({ username: 'bia_lida' });
    expect(await followReader(testViewer(ana), bia.id)).toBe('accepted');
    expect(await followReader(testViewer(ana), bia.id)).toBe('accepted');
    expect(await notificationsOf(bia.id)).toEqual([{ kind: 'follow', text: '@ana_segue começou a seguir você.', link: '/u/ana_segue' }]);
    expect((await audienceOf(ana.id, bia.id))?.relation).toBe('follower');
    await unfollowReader(testViewer(ana), bia.id);
    expect(await followRow(ana.id, bia.id)).toBeNull();
    await expect(unfollowReader(testViewer(ana), bia.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('asks a restricted profile, which approves or declines; only its owner may decide', async () => {
    const caio = await createUser({ username: 'caio_pede' });
    const duda = await createUser({ username: 'duda_restrita' });
    const eva = await createUser();
    await restrict(duda.id);
    expect(await followReader(testViewer(caio), duda.id)).toBe('pending');
    expect(await notificationsOf(duda.id)).toEqual([
      { kind: 'follow_request', text: '@caio_pede pediu para seguir você.', link: '/u/duda_restrita/seguidores' },
    ]);
    const pending = await audienceOf(caio.id, duda.id);
    expect(pending).toMatchObject({ relation: 'stranger', followPending: true });

    // Nobody else can approve Duda's requests, nor can Caio approve himself.
    await expect(approveFollower(testViewer(eva), caio.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(approveFollower(testViewer(caio), duda.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(rejectFollower(testViewer(eva), caio.id)).rejects.toMatchObject({ code: 'not_found' });
    // A pending request is not a follow: "deixar de seguir" does not remove it; cancelling does.
    await expect(unfollowReader(testViewer(caio), duda.id)).rejects.toMatchObject({ code: 'not_found' });

    await approveFollower(testViewer(duda), caio.id);
    expect(await followRow(caio.id, duda.id)).toBe('accepted');
    expect(await notificationsOf(caio.id)).toEqual([
      { kind: 'follow_approved', text: '@duda_restrita aprovou seu pedido para seguir.', link: '/u/duda_restrita' },
    ]);
    await expect(approveFollower(testViewer(duda), caio.id)).rejects.toMatchObject({ code: 'not_found' });

    // Removing a follower: only the followed reader may, and only an accepted follower.
    await expect(removeFollower(testViewer(eva), caio.id)).rejects.toMatchObject({ code: 'not_found' });
    await removeFollower(testViewer(duda), caio.id);
    expect(await followRow(caio.id, duda.id)).toBeNull();

    expect(await followReader(testViewer(eva), duda.id)).toBe('pending');
    await expect(cancelFollowRequest(testViewer(caio), duda.id)).rejects.toMatchObject({ code: 'not_found' });
    await rejectFollower(testViewer(duda), eva.id);
    expect(await followRow(eva.id, duda.id)).toBeNull();
    expect(await followReader(testViewer(eva), duda.id)).toBe('pending');
    await cancelFollowRequest(testViewer(eva), duda.id);
    expect(await followRow(eva.id, duda.id)).toBeNull();
  });

  it('refuses following yourself, a missing or suspended reader, and either side of a block', async () => {
    const ana = await createUser();
    const bia = await createUser();
    const suspended = await createUser();
    await getDb()
      .update(users)
      .set({ suspendedAt: sql`now()` })
      .where(eq(users.id, suspended.id));
    await expect(followReader(testViewer(ana), ana.id)).rejects.toMatchObject({ code: 'invalid_input', message: 'Você não pode seguir a si mesmo.' });
    await expect(followReader(testViewer(ana), 'ninguem')).rejects.toMatchObject({ code: 'not_found' });
    await expect(followReader(testViewer(ana), suspended.id)).rejects.toMatchObject({ code: 'not_found' });
    await blockReader(testViewer(bia), ana.id);
    await expect(followReader(testViewer(ana), bia.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(followReader(testViewer(bia), ana.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await getDb().select().from(follows)).toEqual([]);
    expect(await notificationsOf(bia.id)).toEqual([]);
  });
});

describe('blocking', () => {
  it('ends follows and requests both ways; only the blocker may lift it, and the other reader’s block stays', async () => {
    const ana = await createUser();
    const bia = await createUser();
    await restrict(ana.id);
    await followReader(testViewer(ana), bia.id);
    await followReader(testViewer(bia), ana.id);
    expect(await followRow(bia.id, ana.id)).toBe('pending');

    await expect(blockReader(testViewer(ana), ana.id)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(blockReader(testViewer(ana), 'ninguem')).rejects.toMatchObject({ code: 'not_found' });
    await blockReader(testViewer(ana), bia.id);
    await blockReader(testViewer(ana), bia.id);
    expect(await getDb().select().from(follows)).toEqual([]);
    expect((await audienceOf(bia.id, ana.id))?.relation).toBe('blocked');
    expect((await audienceOf(ana.id, bia.id))?.relation).toBe('blocked');

    // Bia cannot lift Ana's block; Bia's own block of Ana is hers alone.
    await expect(unblockReader(testViewer(bia), ana.id)).rejects.toMatchObject({ code: 'not_found' });
    await blockReader(testViewer(bia), ana.id);
    await unblockReader(testViewer(ana), bia.id);
    expect((await audienceOf(ana.id, bia.id))?.relation).toBe('blocked');
    await unblockReader(testViewer(bia), ana.id);
    expect(await getDb().select().from(blocks)).toEqual([]);
    expect((await audienceOf(ana.id, bia.id))?.relation).toBe('stranger');
  });
});

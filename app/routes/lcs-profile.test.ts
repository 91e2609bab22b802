import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { clubs } from '~/db/schema';
import { joinClub } from '~/features/clubs/membership.server';
import { createClub } from '~/features/clubs/mutations.server';
import { createGroupRead } from '~/features/lcs/mutations.server';
import { inviteToGroupRead, joinGroupRead } from '~/features/lcs/participants.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createUser, getRequest, testViewer, type TestUser } from '../../test/factories';
import { lcInput } from '../../test/lc-fixtures';
import { block, restrict, suspend } from '../../test/reading-factories';
import { call, statusOf } from '../../test/routes';
import * as tab from './u.$username.$tab';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });
type LcsTab = { data: { groupReads: { hosting: { title: string }[]; joined: { title: string }[] } } };

describe('/u/{username}/lcs', () => {
  it('lists what the reader hosts and reads along in, each LC only to who may see it, under the profile’s own rules', async () => {
    const seen: Record<string, Record<string, string>> = {};
    for (const kind of ['publico', 'restrito'] as const) {
      const owner = await createUser({ verified: true });
      const [host, member, stranger, blocked] = await Promise.all([1, 2, 3, 4].map(() => createUser({ verified: true })));
      const club = await createClub(verified(host!), { name: `Clube ${kind}`, description: '', visibility: 'aberto', categories: [] });
      for (const reader of [owner, member!]) await joinClub(verified(reader), club.id);
      await createGroupRead(verified(owner), await lcInput({ title: 'Minha LC' }));
      const clubLc = await createGroupRead(verified(host!), await lcInput({ title: 'LC do clube', hostClubId: club.id, visibility: 'clube' }));
      const secret = await createGroupRead(verified(host!), await lcInput({ title: 'LC secreta', visibility: 'privado' }));
      const finished = await createGroupRead(verified(host!), await lcInput({ title: 'LC que deixei' }));
      await joinGroupRead(verified(owner), clubLc.id);
      await inviteToGroupRead(verified(host!), secret.id, owner.username);
      await joinGroupRead(verified(owner), secret.id);
      // Invited to one and waiting in none: only places taken count.
      await inviteToGroupRead(verified(host!), finished.id, owner.username);
      if (kind === 'restrito') await restrict(owner.id);
      await block(owner.id, blocked!.id);
      const who: Record<string, string | undefined> = {
        dona: owner.cookie,
        membro: member!.cookie,
        anfitria: host!.cookie,
        estranho: stranger!.cookie,
        bloqueado: blocked!.cookie,
        visitante: undefined,
      };
      seen[kind] = {};
      for (const [name, cookie] of Object.entries(who)) {
        const load = call(tab.loader, getRequest(`/u/${owner.username}/lcs`, cookie), { username: owner.username, tab: 'lcs' });
        const status = await statusOf(load);
        if (status !== 200) {
          seen[kind][name] = String(status);
          continue;
        }
        const { hosting, joined } = ((await load) as LcsTab).data.groupReads;
        seen[kind][name] = `organiza ${hosting.map((lc) => lc.title).join('+')}; participa ${joined.map((lc) => lc.title).join('+')}`;
      }
    }
    const everyone = 'organiza Minha LC; participa ';
    expect(seen).toEqual({
      publico: {
        dona: 'organiza Minha LC; participa LC secreta+LC do clube',
        membro: 'organiza Minha LC; participa LC do clube',
        anfitria: 'organiza Minha LC; participa LC secreta+LC do clube',
        estranho: everyone,
        bloqueado: '404',
        visitante: everyone,
      },
      restrito: {
        dona: 'organiza Minha LC; participa LC secreta+LC do clube',
        membro: '404',
        anfitria: '404',
        estranho: '404',
        bloqueado: '404',
        visitante: '404',
      },
    });
  });

  it('leaves out the LCs of a host in a block with the viewer, or suspended, as /lcs does', async () => {
    const [owner, host, viewer] = await Promise.all([1, 2, 3].map(() => createUser({ verified: true })));
    const lc = await createGroupRead(verified(host!), await lcInput({ title: 'LC da anfitriã' }));
    await joinGroupRead(verified(owner!), lc.id);
    const joined = async (cookie?: string) =>
      (
        (await call(tab.loader, getRequest(`/u/${owner!.username}/lcs`, cookie), { username: owner!.username, tab: 'lcs' })) as LcsTab
      ).data.groupReads.joined.map((g) => g.title);
    expect(await joined(viewer!.cookie)).toEqual(['LC da anfitriã']);
    await block(host!.id, viewer!.id);
    expect(await joined(viewer!.cookie)).toEqual([]);
    expect(await joined()).toEqual(['LC da anfitriã']);
    await suspend(host!.id);
    expect(await joined()).toEqual([]);
    // The tab is never stored in the visitors' cache (it sends no cache tags), so a suspension or a restoration
    // shows at the next visit: there is no cached copy to drop (decision 0070).
    expect(tab).not.toHaveProperty('headers');
  });

  it("shows a private club's public LC (one made public before the club went private) as the club's: to its members only", async () => {
    const [owner, clubOwner, member] = await Promise.all([1, 2, 3].map(() => createUser({ verified: true })));
    const club = await createClub(verified(clubOwner!), { name: 'Clube que fechou', description: '', visibility: 'aberto', categories: [] });
    await joinClub(verified(member!), club.id);
    const lc = await createGroupRead(verified(clubOwner!), await lcInput({ title: 'LC pública do clube', hostClubId: club.id }));
    await joinGroupRead(verified(owner!), lc.id);
    const joined = async (cookie?: string) =>
      (
        (await call(tab.loader, getRequest(`/u/${owner!.username}/lcs`, cookie), { username: owner!.username, tab: 'lcs' })) as LcsTab
      ).data.groupReads.joined.map((g) => g.title);
    expect(await joined()).toEqual(['LC pública do clube']);
    // Written straight to the table, as a club gone private before its LCs followed it would have left them.
    await getDb().update(clubs).set({ visibility: 'privado' }).where(eq(clubs.id, club.id));
    expect([await joined(), await joined(member!.cookie), await joined(owner!.cookie)]).toEqual([[], ['LC pública do clube'], []]);
  });
});

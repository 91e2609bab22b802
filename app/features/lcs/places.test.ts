import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { catalogRedirects, clubs, groupReadEditions, groupReadParticipants, groupReads, notificationSettings, notifications, users } from '~/db/schema';
import { setSuspended } from '~/features/accounts/admin.server';
import { changeUsername } from '~/features/accounts/mutations.server';
import { applyEditionChanges } from '~/features/catalog/edits.server';
import { banMember, changeRole, joinClub, leaveClub } from '~/features/clubs/membership.server';
import { createClub, updateClubSettings } from '~/features/clubs/mutations.server';
import { blockReader, unblockReader } from '~/features/social/blocks.server';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer, type TestUser } from '../../../test/factories';
import { lcInput } from '../../../test/lc-fixtures';
import { block, suspend } from '../../../test/reading-factories';
import { groupReadCacheTag } from './cache';
import { closeGroupReadEarly, createGroupRead, shiftGroupReadSchedule, updateGroupReadSettings } from './mutations.server';
import { admitWaiting, inviteToGroupRead, joinGroupRead, leaveGroupRead } from './participants.server';
import { GROUP_READ_INVITATIONS_PER_HOUR } from './policy';
import { getGroupReadBySlug, listGroupReadDirectory } from './queries.server';
import type { GroupReadVisibility } from './vocabulary';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });
const reader = async () => verified(await createUser());

const places = async (groupReadId: string) =>
  Object.fromEntries(
    (
      await getDb()
        .select({ userId: groupReadParticipants.userId, status: groupReadParticipants.status })
        .from(groupReadParticipants)
        .where(eq(groupReadParticipants.groupReadId, groupReadId))
    ).map((row) => [row.userId, row.status]),
  );
const positions = async (groupReadId: string) =>
  Object.fromEntries(
    (
      await getDb()
        .select({ userId: groupReadParticipants.userId, position: groupReadParticipants.waitingPosition })
        .from(groupReadParticipants)
        .where(and(eq(groupReadParticipants.groupReadId, groupReadId), eq(groupReadParticipants.status, 'waiting')))
    ).map((row) => [row.userId, row.position]),
  );
const countOf = async (groupReadId: string) =>
  (await getDb().select({ n: groupReads.participantCount }).from(groupReads).where(eq(groupReads.id, groupReadId)))[0]?.n;

async function clubWithLc(visibility: GroupReadVisibility, cap: number | null) {
  const owner = await reader();
  const club = await createClub(owner, { name: `Clube ${newId().slice(0, 6)}`, description: '', visibility: 'aberto', categories: [] });
  const lc = await createGroupRead(owner, await lcInput({ hostClubId: club.id, visibility, participantCap: cap }));
  return { owner, club, lc };
}

describe("a club's LC when the membership ends", () => {
  it('leaving the club (or a ban from it) gives up the place, the waiting and the invitation, and lets the next in; a public LC keeps them', async () => {
    const { owner, club, lc } = await clubWithLc('clube', 1);
    const publicLc = await createGroupRead(owner, await lcInput({ hostClubId: club.id, visibility: 'publico' }));
    const [leaver, waiting, banned] = [await reader(), await reader(), await reader()];
    for (const r of [leaver, waiting, banned]) await joinClub(r, club.id);
    expect(await joinGroupRead(leaver, lc.id)).toBe('joined');
    expect(await joinGroupRead(waiting, lc.id)).toBe('waiting');
    expect(await joinGroupRead(banned, lc.id)).toBe('waiting');
    await joinGroupRead(leaver, publicLc.id);

    await leaveClub(leaver, club.id);
    expect(await places(lc.id)).toEqual({ [waiting.id]: 'active', [banned.id]: 'waiting' });
    expect(await countOf(lc.id)).toBe(1);
    expect(await places(publicLc.id)).toEqual({ [leaver.id]: 'active' });

    await banMember(owner, club.id, banned.id, 'spam');
    expect(await places(lc.id)).toEqual({ [waiting.id]: 'active' });
    await banMember(owner, club.id, waiting.id, 'spam');
    expect(await places(lc.id)).toEqual({});
    expect(await countOf(lc.id)).toBe(0);
  });

  it('made members-only, an LC keeps no place for who is not in the club', async () => {
    const { owner, lc } = await clubWithLc('publico', null);
    const outsider = await reader();
    await joinGroupRead(outsider, lc.id);
    await updateGroupReadSettings(owner, lc.id, { title: 'LC', slug: lc.slug, description: '', visibility: 'clube', participantCap: null });
    expect(await places(lc.id)).toEqual({});
    expect(await countOf(lc.id)).toBe(0);
  });
});

describe('the waiting list', () => {
  it('goes first: a place open while readers wait is theirs, and a newcomer waits behind them', async () => {
    const { lc } = await clubWithLc('publico', 1);
    const [a, b, c, d] = [await reader(), await reader(), await reader(), await reader()];
    await joinGroupRead(a, lc.id);
    expect(await joinGroupRead(b, lc.id)).toBe('waiting');
    // A place open with someone waiting (as a cap raised by hand would leave it).
    await getDb().update(groupReads).set({ participantCap: 2 }).where(eq(groupReads.id, lc.id));
    expect(await joinGroupRead(c, lc.id)).toBe('waiting');
    expect(await places(lc.id)).toEqual({ [a.id]: 'active', [b.id]: 'active', [c.id]: 'waiting' });
    await getDb().update(groupReads).set({ participantCap: 4 }).where(eq(groupReads.id, lc.id));
    expect(await joinGroupRead(d, lc.id)).toBe('joined');
    expect(await places(lc.id)).toEqual({ [a.id]: 'active', [b.id]: 'active', [c.id]: 'active', [d.id]: 'active' });
    expect(await countOf(lc.id)).toBe(4);
  });

  it('admits by waiting_position, as many as the places at once, and nobody once the LC is over', async () => {
    const { owner, lc } = await clubWithLc('publico', 1);
    const readers = [];
    for (let i = 0; i < 7; i++) readers.push(await reader());
    for (const r of readers) await joinGroupRead(r, lc.id);
    // Positions out of the order the rows were written in.
    const order = [readers[5]!, readers[2]!, readers[6]!, readers[1]!, readers[4]!, readers[3]!];
    for (const [i, r] of order.entries())
      await getDb()
        .update(groupReadParticipants)
        .set({ waitingPosition: 100 - i * 10 })
        .where(eq(groupReadParticipants.userId, r.id));
    const settings = { title: 'LC', slug: lc.slug, description: '', visibility: 'publico' as const };
    await updateGroupReadSettings(owner, lc.id, { ...settings, participantCap: 4 });
    const now = await places(lc.id);
    expect(order.map((r) => now[r.id])).toEqual(['waiting', 'waiting', 'waiting', 'active', 'active', 'active']);
    expect(await countOf(lc.id)).toBe(4);

    await closeGroupReadEarly(owner, lc.id);
    await getDb().update(groupReads).set({ participantCap: null }).where(eq(groupReads.id, lc.id));
    expect(await getDb().transaction((tx) => admitWaiting(tx, lc.id))).toEqual([]);
    await expect(shiftGroupReadSchedule(owner, lc.id, 3)).rejects.toMatchObject({ message: expect.stringMatching(/já terminou/) });
  });
});

describe('the waiting list and readers who could not join now', () => {
  it('passes over a suspended reader and one in a block with the host: they keep their position, the next one gets in', async () => {
    const host = await reader();
    const lc = await createGroupRead(host, await lcInput({ participantCap: 1 }));
    const [first, suspended, blocked, next] = [await reader(), await reader(), await reader(), await reader()];
    for (const r of [first, suspended, blocked, next]) await joinGroupRead(r, lc.id);
    await suspend(suspended.id);
    await block(blocked.id, host.id);
    await leaveGroupRead(first, lc.id);
    expect(await places(lc.id)).toEqual({ [suspended.id]: 'waiting', [blocked.id]: 'waiting', [next.id]: 'active' });
    expect(await countOf(lc.id)).toBe(1);
    expect(await positions(lc.id)).toEqual({ [suspended.id]: 1, [blocked.id]: 2 });
    // Restored, the suspended reader is first in line again.
    await getDb().update(users).set({ suspendedAt: null }).where(eq(users.id, suspended.id));
    await leaveGroupRead(next, lc.id);
    expect(await places(lc.id)).toEqual({ [suspended.id]: 'active', [blocked.id]: 'waiting' });
  });

  it('lets a passed-over reader in once restored or unblocked, while a place is free, in order and never past the cap', async () => {
    const host = await reader();
    const admin = testViewer(await createUser({ role: 'admin' }), 'admin');
    const lc = await createGroupRead(host, await lcInput({ participantCap: 1 }));
    const [first, suspended, blocked, late] = [await reader(), await reader(), await reader(), await reader()];
    for (const r of [first, suspended, blocked]) await joinGroupRead(r, lc.id);
    await setSuspended(admin, suspended.id, true);
    await blockReader(blocked, host.id);
    // Two places open, nobody who may take them waiting.
    await updateGroupReadSettings(host, lc.id, { title: 'LC', slug: lc.slug, description: '', visibility: 'publico', participantCap: 3 });
    expect(await countOf(lc.id)).toBe(1);
    await setSuspended(admin, suspended.id, false);
    expect(await places(lc.id)).toEqual({ [first.id]: 'active', [suspended.id]: 'active', [blocked.id]: 'waiting' });
    await unblockReader(blocked, host.id);
    expect(await places(lc.id)).toEqual({ [first.id]: 'active', [suspended.id]: 'active', [blocked.id]: 'active' });
    expect(await countOf(lc.id)).toBe(3);
    // Full: one restored now keeps waiting.
    expect(await joinGroupRead(late, lc.id)).toBe('waiting');
    await setSuspended(admin, late.id, true);
    await setSuspended(admin, late.id, false);
    expect(await places(lc.id)).toMatchObject({ [late.id]: 'waiting' });
    expect(await countOf(lc.id)).toBe(3);
  });

  it("passes over, in a club's LC, a reader in a block with one of the club's owner and admins", async () => {
    const { owner, club, lc } = await clubWithLc('clube', 1);
    const [first, blocked, next] = [await reader(), await reader(), await reader()];
    for (const r of [first, blocked, next]) {
      await joinClub(r, club.id);
      await joinGroupRead(r, lc.id);
    }
    await block(owner.id, blocked.id);
    await leaveGroupRead(first, lc.id);
    expect(await places(lc.id)).toEqual({ [blocked.id]: 'waiting', [next.id]: 'active' });
  });

  it('lets in a reader passed over for a block with a club admin once that admin steps down, or leaves the club', async () => {
    const { owner, club, lc } = await clubWithLc('clube', 1);
    const [admin, otherAdmin, first, blocked, alsoBlocked] = [await reader(), await reader(), await reader(), await reader(), await reader()];
    for (const r of [admin, otherAdmin, first, blocked, alsoBlocked]) await joinClub(r, club.id);
    await changeRole(owner, club.id, admin.id, 'admin');
    await changeRole(owner, club.id, otherAdmin.id, 'admin');
    for (const r of [first, blocked, alsoBlocked]) await joinGroupRead(r, lc.id);
    await block(admin.id, blocked.id);
    await block(otherAdmin.id, alsoBlocked.id);
    // Two more places: both waiting readers are passed over, each in a block with an admin.
    await updateGroupReadSettings(owner, lc.id, { title: 'LC', slug: lc.slug, description: '', visibility: 'clube', participantCap: 3 });
    expect(await places(lc.id)).toMatchObject({ [blocked.id]: 'waiting', [alsoBlocked.id]: 'waiting' });
    await changeRole(owner, club.id, admin.id, 'member');
    expect(await places(lc.id)).toMatchObject({ [blocked.id]: 'active', [alsoBlocked.id]: 'waiting' });
    await leaveClub(otherAdmin, club.id);
    expect(await places(lc.id)).toMatchObject({ [blocked.id]: 'active', [alsoBlocked.id]: 'active' });
    expect(await countOf(lc.id)).toBe(3);
  });
});

describe('a private club', () => {
  it('hosts no public LC: refused by the visibility field on creation and on edit', async () => {
    const owner = await reader();
    const club = await createClub(owner, { name: 'Clube Secreto', description: '', visibility: 'privado', categories: [] });
    await expect(createGroupRead(owner, await lcInput({ hostClubId: club.id, visibility: 'publico' }))).rejects.toMatchObject({
      field: 'visibility',
      message: expect.stringMatching(/clube privado/),
    });
    const lc = await createGroupRead(owner, await lcInput({ hostClubId: club.id, visibility: 'clube' }));
    await expect(
      updateGroupReadSettings(owner, lc.id, { title: 'LC', slug: lc.slug, description: '', visibility: 'publico', participantCap: null }),
    ).rejects.toMatchObject({ field: 'visibility' });
    // Someone who does not run the club hears it beside the club's field.
    await expect(createGroupRead(await reader(), await lcInput({ hostClubId: club.id, visibility: 'clube' }))).rejects.toMatchObject({
      field: 'hostClubId',
    });
  });
});

describe('a club turned private', () => {
  it('tells each reader who loses their place or their waiting in its public LCs, as their notification switches say; members keep theirs', async () => {
    const { owner, club, lc } = await clubWithLc('publico', 1);
    const [member, outsider, waiting, quiet] = [await reader(), await reader(), await reader(), await reader()];
    await joinClub(member, club.id);
    await joinGroupRead(outsider, lc.id);
    for (const r of [member, waiting, quiet]) await joinGroupRead(r, lc.id);
    await getDb().insert(notificationSettings).values({ userId: quiet.id, type: 'group_read_place', inApp: false, email: false });
    const [{ name }] = (await getDb().select({ name: clubs.name }).from(clubs).where(eq(clubs.id, club.id))) as [{ name: string }];
    await updateClubSettings(owner, club.id, {
      name,
      slug: club.slug,
      description: '',
      welcomeText: '',
      rules: '',
      visibility: 'privado',
      categories: [],
      memberCap: null,
      membersCanPost: false,
    });
    expect(await places(lc.id)).toEqual({ [member.id]: 'active' });
    const told = await getDb()
      .select({ userId: notifications.userId, text: notifications.text, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.kind, 'group_read_place_lost'));
    const lcTitle = (await getGroupReadBySlug(owner, lc.slug))!.title;
    expect(Object.fromEntries(told.map((n) => [n.userId, [n.text, n.link]]))).toEqual({
      [outsider.id]: [`A LC “${lcTitle}” agora é só para membros do clube ${name}: sua vaga saiu com isso.`, '/lc'],
      [waiting.id]: [`A LC “${lcTitle}” agora é só para membros do clube ${name}: seu lugar na lista de espera saiu com isso.`, '/lc'],
    });
  });
});

describe('hosts hidden from the viewer', () => {
  it('a suspended host’s LCs leave the directory and their page; a block either way hides them from the pair', async () => {
    const hostUser = await createUser();
    const host = verified(hostUser);
    const lc = await createGroupRead(host, await lcInput({ title: 'LC Escondida' }));
    const [blocker, blocked, other] = [await reader(), await reader(), await reader()];
    await blockReader(blocker, host.id);
    await blockReader(host, blocked.id);
    const listed = async (viewer: Viewer | null) => (await listGroupReadDirectory(viewer, { q: 'escondida', fase: 'aberta', pagina: 1 })).total;
    expect([await listed(null), await listed(other), await listed(blocker), await listed(blocked), await listed(host)]).toEqual([1, 1, 0, 0, 1]);
    expect(await getGroupReadBySlug(blocker, lc.slug)).toBeNull();
    expect(await getGroupReadBySlug(blocked, lc.slug)).toBeNull();
    await expect(joinGroupRead(blocked, lc.id)).rejects.toMatchObject({ code: 'forbidden' });

    const admin = testViewer(await createUser({ role: 'admin' }), 'admin');
    await setSuspended(admin, host.id, true);
    expect([await listed(null), await listed(other)]).toEqual([0, 0]);
    expect(await getGroupReadBySlug(null, lc.slug)).toBeNull();
    expect(await getGroupReadBySlug(admin, lc.slug)).not.toBeNull();
  });
});

describe('inviting', () => {
  it('finds the reader by username (a recent old one too), says so beside the field when no one has it, and counts per hour', async () => {
    const { owner, lc } = await clubWithLc('privado', null);
    await expect(inviteToGroupRead(owner, lc.id, '@ninguem_aqui')).rejects.toMatchObject({
      field: 'username',
      message: expect.stringMatching(/Ninguém no Maratona tem o nome de usuário @ninguem_aqui/),
    });
    const renamedUser = await createUser();
    const renamed = verified(renamedUser);
    const newName = `novo_${newId()
      .slice(0, 6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`;
    await changeUsername(renamed, newName);
    await inviteToGroupRead(owner, lc.id, renamedUser.username);
    expect(await places(lc.id)).toEqual({ [renamed.id]: 'invited' });

    // Readers written straight into the table: none of them signs in.
    const names = Array.from(
      { length: GROUP_READ_INVITATIONS_PER_HOUR },
      (_, i) =>
        `convite_${i}_${newId()
          .slice(0, 5)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, 'x')}`,
    );
    await getDb()
      .insert(users)
      .values(names.map((username) => ({ id: newId(), name: username, email: `${username}@exemplo.com.br`, username })));
    for (const username of names.slice(1)) await inviteToGroupRead(owner, lc.id, username);
    await expect(inviteToGroupRead(owner, lc.id, names[0]!)).rejects.toMatchObject({ code: 'rate_limited', field: 'username' });
  });
});

describe('identificadores', () => {
  it('never doubles a hyphen or ends with one, and two LCs of one title at once both get one', async () => {
    const host = await reader();
    // 59 characters, with a hyphen where the suffix -2 cuts it.
    const title = `${'a'.repeat(57)} bb`;
    const first = await createGroupRead(host, await lcInput({ title }));
    const second = await createGroupRead(host, await lcInput({ title }));
    expect(first.slug).toBe(`${'a'.repeat(57)}-bb`);
    expect(second.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(second.slug).not.toBe(first.slug);
    const inputs = await Promise.all([lcInput({ title: 'Mesma LC' }), lcInput({ title: 'Mesma LC' }), lcInput({ title: 'Mesma LC' })]);
    const slugs = (await Promise.all(inputs.map((input) => createGroupRead(host, input)))).map((lc) => lc.slug);
    expect(new Set(slugs).size).toBe(3);
  });
});

describe('merged editions and cached pages', () => {
  it('an edition id merged into another stands for the survivor; editing an edition drops the pages of the LCs reading it', async () => {
    const host = await reader();
    const survivor = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264 });
    await getDb().insert(catalogRedirects).values({ kind: 'edition', fromId: 'edicao-mesclada', toId: survivor });
    const input = await lcInput();
    const lc = await createGroupRead(host, { ...input, editions: [{ editionId: 'edicao-mesclada', pages: null }] });
    const books = await getDb().select({ editionId: groupReadEditions.editionId }).from(groupReadEditions).where(eq(groupReadEditions.groupReadId, lc.id));
    expect(books).toEqual([{ editionId: survivor }]);
    const tags = await getDb().transaction((tx) => applyEditionChanges(tx, survivor, { title: 'Torto Arado (nova edição)' }));
    expect(tags).toContain(groupReadCacheTag(lc.id));
  });

  it('refuses a typed page count past the catalogue’s', async () => {
    const host = await reader();
    const input = await lcInput();
    await expect(createGroupRead(host, { ...input, editions: [{ editionId: input.editions[0]!.editionId, pages: 300 }] })).rejects.toMatchObject({
      field: 'edition-0-pages',
    });
  });
});

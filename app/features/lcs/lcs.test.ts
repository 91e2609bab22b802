import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { groupReadParticipants, groupReadStages, groupReads, shelfEntries, users } from '~/db/schema';
import { joinClub, leaveClub } from '~/features/clubs/membership.server';
import { createClub } from '~/features/clubs/mutations.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { deleteAccount } from '~/features/accounts/deletion.server';
import { useTestDatabase } from '../../../test/db';
import { createUser, formRequest, testViewer, type TestUser } from '../../../test/factories';
import { lcInput } from '../../../test/lc-fixtures';
import { closeGroupReadEarly, createGroupRead, shiftGroupReadSchedule, updateGroupReadSettings } from './mutations.server';
import { inviteToGroupRead, joinGroupRead, leaveGroupRead, removeParticipant } from './participants.server';
import { findGroupReadRedirect, getGroupReadBySlug, listGroupReadDirectory, listMyGroupReads, listStages } from './queries.server';
import { addDays } from './schedule';
import type { GroupReadVisibility } from './vocabulary';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });

/** Readers written straight into the table: the cap test needs fifty, and none of them signs in. */
async function quickReaders(n: number): Promise<Viewer[]> {
  const rows = Array.from({ length: n }, (_, i) => {
    const id = newId();
    return {
      id,
      name: `Leitor ${i}`,
      email: `${id}@exemplo.com.br`,
      username: `rapido_${i}_${id
        .slice(0, 6)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}`,
      emailVerified: true,
    };
  });
  await getDb().insert(users).values(rows);
  return rows.map((row) => ({
    id: row.id,
    role: 'reader',
    username: row.username,
    name: row.name,
    image: null,
    emailVerified: true,
    sessionId: 't',
    unreadNotifications: 0,
    unreadWhispers: 0,
  }));
}

async function lcWith(visibility: GroupReadVisibility = 'publico', cap: number | null = null) {
  const host = verified(await createUser());
  const lc = await createGroupRead(host, await lcInput({ visibility, participantCap: cap }));
  return { host, lc };
}

const statuses = async (groupReadId: string) =>
  getDb()
    .select({ userId: groupReadParticipants.userId, status: groupReadParticipants.status, position: groupReadParticipants.waitingPosition })
    .from(groupReadParticipants)
    .where(eq(groupReadParticipants.groupReadId, groupReadId));

describe('joining an LC', () => {
  it('admits exactly the cap under 50 concurrent joins, puts the rest on the waiting list in order, and lets the first in when someone leaves', async () => {
    const { lc } = await lcWith('publico', 7);
    const readers = await quickReaders(50);
    const outcomes = await Promise.all(readers.map((reader) => joinGroupRead(reader, lc.id)));
    expect(outcomes.filter((o) => o === 'joined')).toHaveLength(7);
    const rows = await statuses(lc.id);
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(7);
    const waiting = rows.filter((r) => r.status === 'waiting').sort((a, b) => a.position! - b.position!);
    expect(waiting.map((r) => r.position)).toEqual(Array.from({ length: 43 }, (_, i) => i + 1));
    const [count] = await getDb().select({ n: groupReads.participantCount }).from(groupReads).where(eq(groupReads.id, lc.id));
    expect(count?.n).toBe(7);

    const leaver = readers.find((r) => rows.some((row) => row.userId === r.id && row.status === 'active'))!;
    await leaveGroupRead(leaver, lc.id);
    const after = await statuses(lc.id);
    expect(after.find((r) => r.userId === waiting[0]!.userId)?.status).toBe('active');
    expect(after.filter((r) => r.status === 'active')).toHaveLength(7);
    const second = readers.find((r) => r.id === waiting[1]!.userId)!;
    const page = await getGroupReadBySlug(second, lc.slug);
    expect(page?.standing).toMatchObject({ status: 'waiting', waitingPlace: 1 });
  });

  it('keeps the count true when the same place is given up twice at once, or taken twice at once', async () => {
    const { host, lc } = await lcWith('publico', 2);
    const [a, b, c, d] = await quickReaders(4);
    for (const reader of [a!, b!, c!, d!]) await joinGroupRead(reader, lc.id);
    // a and b hold the places, c and d wait. a leaves twice at once, and the host removes b while b leaves.
    const settled = await Promise.allSettled([
      leaveGroupRead(a!, lc.id),
      leaveGroupRead(a!, lc.id),
      leaveGroupRead(b!, lc.id),
      removeParticipant(host, lc.id, b!.id, false),
    ]);
    expect(settled.filter((s) => s.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
    const rows = await statuses(lc.id);
    expect(rows.map((r) => [r.userId, r.status]).sort()).toEqual(
      [
        [c!.id, 'active'],
        [d!.id, 'active'],
      ].sort(),
    );
    const [count] = await getDb().select({ n: groupReads.participantCount }).from(groupReads).where(eq(groupReads.id, lc.id));
    expect(count?.n).toBe(2);

    // Two "Participar" at once from one reader: one place, and a clear refusal for the other.
    const { lc: open } = await lcWith('publico', null);
    const twice = await Promise.allSettled([joinGroupRead(a!, open.id), joinGroupRead(a!, open.id)]);
    expect(twice.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(twice.find((s) => s.status === 'rejected')).toMatchObject({ reason: { code: 'invalid_input' } });
    const [openCount] = await getDb().select({ n: groupReads.participantCount }).from(groupReads).where(eq(groupReads.id, open.id));
    expect(openCount?.n).toBe(1);
  });

  it("frees a deleted account's place for the first reader waiting, and takes the LCs it hosted with it", async () => {
    const { lc } = await lcWith('publico', 1);
    const leaving = await createUser({ verified: true });
    const next = verified(await createUser());
    await joinGroupRead(verified(leaving), lc.id);
    await joinGroupRead(next, lc.id);
    const hosted = await createGroupRead(verified(leaving), await lcInput());
    const fields = { username: leaving.username, password: leaving.password };
    await deleteAccount(testViewer(leaving), formRequest('/configuracoes/excluir', fields, { cookie: leaving.cookie }), fields);
    expect((await statuses(lc.id)).map((r) => [r.userId, r.status])).toEqual([[next.id, 'active']]);
    const [count] = await getDb().select({ n: groupReads.participantCount }).from(groupReads).where(eq(groupReads.id, lc.id));
    expect(count?.n).toBe(1);
    expect(await getDb().select().from(groupReads).where(eq(groupReads.id, hosted.id))).toEqual([]);
  });

  it("puts the LC's books on the reader's quero ler, but never moves a book already shelved", async () => {
    const { lc } = await lcWith();
    const [stage] = await getDb().select({ editionId: groupReadStages.editionId }).from(groupReadStages).where(eq(groupReadStages.groupReadId, lc.id));
    const fresh = verified(await createUser());
    const reading = verified(await createUser());
    await setShelfStatus(reading, stage!.editionId, 'reading');
    await joinGroupRead(fresh, lc.id);
    await joinGroupRead(reading, lc.id);
    const entry = async (userId: string) =>
      (
        await getDb()
          .select({ status: shelfEntries.status })
          .from(shelfEntries)
          .where(and(eq(shelfEntries.userId, userId), eq(shelfEntries.editionId, stage!.editionId)))
      )[0]?.status;
    expect(await entry(fresh.id)).toBe('want_to_read');
    expect(await entry(reading.id)).toBe('reading');
  });

  it('refuses the banned, a finished LC, a second join; a private LC only takes the invited and is missing to anyone else', async () => {
    const { host, lc } = await lcWith('privado');
    const stranger = verified(await createUser());
    await expect(joinGroupRead(stranger, lc.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await getGroupReadBySlug(stranger, lc.slug)).toBeNull();
    expect(await getGroupReadBySlug(null, lc.slug)).toBeNull();
    await inviteToGroupRead(host, lc.id, stranger.username);
    expect((await getGroupReadBySlug(stranger, lc.slug))?.standing.status).toBe('invited');
    expect(await joinGroupRead(stranger, lc.id)).toBe('joined');
    await expect(joinGroupRead(stranger, lc.id)).rejects.toMatchObject({ code: 'invalid_input' });
    await removeParticipant(host, lc.id, stranger.id, true);
    expect(await getGroupReadBySlug(stranger, lc.slug)).toBeNull();

    const open = await lcWith('publico');
    const banned = verified(await createUser());
    await joinGroupRead(banned, open.lc.id);
    await removeParticipant(open.host, open.lc.id, banned.id, true);
    await expect(joinGroupRead(banned, open.lc.id)).rejects.toMatchObject({ code: 'forbidden' });
    await closeGroupReadEarly(open.host, open.lc.id);
    await expect(joinGroupRead(verified(await createUser()), open.lc.id)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('lets only members join a club LC, and its staff host it', async () => {
    const owner = verified(await createUser());
    const club = await createClub(owner, { name: 'Clube da Foca', description: '', visibility: 'aberto', categories: [] });
    const lc = await createGroupRead(owner, await lcInput({ hostClubId: club.id, visibility: 'clube' }));
    const outsider = verified(await createUser());
    await expect(joinGroupRead(outsider, lc.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await getGroupReadBySlug(owner, lc.slug))?.standing.host).toBe(true);
    await expect(createGroupRead(outsider, await lcInput({ hostClubId: club.id }))).rejects.toMatchObject({ code: 'forbidden' });

    // A member who takes part, then leaves the club (or is banned from it), loses the LC at once.
    const member = verified(await createUser());
    await joinClub(member, club.id);
    await joinGroupRead(member, lc.id);
    expect((await getGroupReadBySlug(member, lc.slug))?.standing.status).toBe('active');
    await leaveClub(member, club.id);
    expect(await getGroupReadBySlug(member, lc.slug)).toBeNull();
  });
});

describe('host tools', () => {
  it('shift the schedule and the dates together, rename with a 308 left behind, and refuse anyone else', async () => {
    const { host, lc } = await lcWith();
    const before = await listStages(lc.id);
    await shiftGroupReadSchedule(host, lc.id, 5);
    const after = await listStages(lc.id);
    expect(after.map((s) => s.startsOn)).toEqual(before.map((s) => addDays(s.startsOn, 5)));
    const stranger = verified(await createUser());
    await expect(shiftGroupReadSchedule(stranger, lc.id, 1)).rejects.toMatchObject({ code: 'forbidden' });
    await updateGroupReadSettings(host, lc.id, {
      title: 'Torto Arado em dezembro',
      slug: 'torto-arado-dezembro',
      description: '',
      visibility: 'publico',
      participantCap: null,
    });
    expect(await findGroupReadRedirect(lc.slug)).toBe('torto-arado-dezembro');
    await expect(
      updateGroupReadSettings(stranger, lc.id, { title: 'x', slug: 'xyz', description: '', visibility: 'publico', participantCap: null }),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('raising the cap admits the waiting list; a cap under the participants is refused', async () => {
    const { host, lc } = await lcWith('publico', 1);
    const [a, b] = await quickReaders(2);
    await joinGroupRead(a!, lc.id);
    expect(await joinGroupRead(b!, lc.id)).toBe('waiting');
    const settings = { title: 'LC de Torto Arado', slug: lc.slug, description: '', visibility: 'publico' as const };
    await updateGroupReadSettings(host, lc.id, { ...settings, participantCap: 2 });
    expect((await statuses(lc.id)).every((r) => r.status === 'active')).toBe(true);
    await expect(updateGroupReadSettings(host, lc.id, { ...settings, participantCap: 1 })).rejects.toMatchObject({ field: 'participantCap' });
  });
});

describe('lists', () => {
  it('the directory finds public LCs by phase and by title without accents; /lc lists what is mine', async () => {
    const { host, lc } = await lcWith();
    await lcWith('privado');
    const found = await listGroupReadDirectory(null, { q: 'TORTÓ', fase: 'aberta', pagina: 1 });
    expect(found.groupReads.map((g) => g.slug)).toEqual([lc.slug]);
    expect((await listGroupReadDirectory(null, { q: '', fase: 'em-andamento', pagina: 1 })).total).toBe(0);
    const reader = verified(await createUser());
    await joinGroupRead(reader, lc.id);
    expect((await listMyGroupReads(reader)).joined.map((g) => g.slug)).toEqual([lc.slug]);
    expect((await listMyGroupReads(host)).hosting.map((g) => g.slug)).toEqual([lc.slug]);
  });
});

import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { clubMembers, clubPlans, clubs } from '~/db/schema';
import { useTestDatabase } from '../../../test/db';
import { createUser, testViewer, type TestUser } from '../../../test/factories';
import { createClubCast } from '../../../test/club-fixtures';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { handOverOwnedClubs } from './deletion.server';
import { answerJoinRequest, banMember, changeRole, grantPlan, inviteMember, joinClub, leaveClub, setMemberPlan, unbanMember } from './membership.server';
import { createClub, transferOwnership, updateClubSettings } from './mutations.server';
import { canReadPost } from './policy';
import { findClubRedirect, getClubBySlug, listClubDirectory, listMyClubs } from './queries.server';
import { RESERVED_SLUGS, slugFromName, slugProblem } from './slugs';
import { standingOf } from './standing.server';
import type { ClubVisibility } from './vocabulary';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });

async function clubWith(visibility: ClubVisibility, name = 'Clube da Foca') {
  const owner = verified(await createUser());
  const club = await createClub(owner, { name, description: 'Lemos fantasia.', visibility, categories: ['fantasia'] });
  return { owner, club };
}

const memberCount = async (clubId: string) => (await getDb().select({ n: clubs.memberCount }).from(clubs).where(eq(clubs.id, clubId)))[0]?.n;

describe('identificadores', () => {
  it('come from the name, refuse reserved words, and every static route segment is reserved', () => {
    expect(slugFromName('Clube da Foca')).toBe('clube-da-foca');
    expect(slugFromName('Admin')).toBe('clube-admin');
    expect(slugFromName('Ó')).toBe('clube-o');
    expect(slugFromName('!!!')).toBe('clube-de-leitura');
    expect(slugFromName('a'.repeat(40) + ' ' + 'b'.repeat(40))).toBe('a'.repeat(40));
    expect(slugProblem('novo')).toMatch(/reservado/);
    expect(slugProblem('ab')).toMatch(/3 a 60/);
    expect(slugProblem('Clube_Foca')).toMatch(/minúsculas/);
    expect(slugProblem('clube-da-foca')).toBeNull();
    const routes = readFileSync('app/routes.ts', 'utf8');
    const segments = new Set(
      [...routes.matchAll(/route\('([^']+)'/g)]
        .flatMap(([, path]) => path!.split('/'))
        .filter((s) => /^[a-z0-9~.-]+$/.test(s) && !s.includes('.') && !s.startsWith('~')),
    );
    expect([...segments].filter((s) => !RESERVED_SLUGS.has(s))).toEqual([]);
  });

  it('stay unique across clubs, and an old one redirects after a rename', async () => {
    const { owner, club } = await clubWith('aberto');
    const second = await clubWith('aberto');
    expect(club.slug).toBe('clube-da-foca');
    expect(second.club.slug).toBe('clube-da-foca-2');
    const settings = {
      name: 'Foca Lê',
      slug: 'foca-le',
      description: '',
      welcomeText: '',
      rules: '',
      visibility: 'aberto' as const,
      categories: [],
      memberCap: null,
      membersCanPost: false,
    };
    await updateClubSettings(owner, club.id, settings);
    expect(await findClubRedirect('clube-da-foca')).toBe('foca-le');
    expect(await getClubBySlug(null, 'foca-le')).toMatchObject({ name: 'Foca Lê' });
    // The old identificador stays the club's: no one else can take it while it redirects.
    await expect(updateClubSettings(second.owner, second.club.id, { ...settings, slug: 'clube-da-foca' })).rejects.toMatchObject({ field: 'slug' });
    await expect(updateClubSettings(second.owner, second.club.id, { ...settings, slug: 'foca-le' })).rejects.toMatchObject({ field: 'slug' });
    // Someone who does not run the club cannot change it.
    await expect(updateClubSettings(second.owner, club.id, settings)).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('membership', () => {
  it('lets anyone into an open club, counts members, and takes requests to a moderated one to its staff', async () => {
    const open = await clubWith('aberto');
    const reader = verified(await createUser());
    expect(await memberCount(open.club.id)).toBe(1);
    expect(await joinClub(reader, open.club.id)).toBe('joined');
    expect(await memberCount(open.club.id)).toBe(2);
    await expect(joinClub(reader, open.club.id)).rejects.toMatchObject({ code: 'invalid_input' });

    const moderated = await clubWith('moderado', 'Clube Moderado');
    expect(await joinClub(reader, moderated.club.id)).toBe('requested');
    expect(await standingOf(getDb(), moderated.club.id, reader.id)).toMatchObject({ status: 'pending' });
    const [note] = await queryRows<{ text: string }>(sql`SELECT text FROM notifications WHERE user_id = ${moderated.owner.id}`);
    expect(note?.text).toMatch(/pediu para entrar no clube Clube Moderado/);
    // A member cannot answer requests; the owner can.
    await expect(answerJoinRequest(reader, moderated.club.id, reader.id, true)).rejects.toMatchObject({ code: 'forbidden' });
    await answerJoinRequest(moderated.owner, moderated.club.id, reader.id, true);
    expect(await standingOf(getDb(), moderated.club.id, reader.id)).toMatchObject({ status: 'active', role: 'member' });
    expect(await listMyClubs(reader)).toMatchObject({ active: [{ slug: 'clube-moderado' }, { slug: 'clube-da-foca' }], invitations: [], requests: [] });

    const other = verified(await createUser());
    await joinClub(other, moderated.club.id);
    await answerJoinRequest(moderated.owner, moderated.club.id, other.id, false);
    expect(await standingOf(getDb(), moderated.club.id, other.id)).toBeNull();
  });

  it('hides a private club from everyone but its members and those invited, who accept to join', async () => {
    const { owner, club } = await clubWith('privado');
    const reader = verified(await createUser());
    expect(await getClubBySlug(reader, club.slug)).toBeNull();
    expect(await getClubBySlug(null, club.slug)).toBeNull();
    await expect(joinClub(reader, club.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await listClubDirectory({ q: '', ordem: 'membros', pagina: 1 })).clubs).toEqual([]);

    await inviteMember(owner, club.id, `@${reader.username.toUpperCase()}`);
    expect(await getClubBySlug(reader, club.slug)).toMatchObject({ standing: { status: 'invited' } });
    expect((await listMyClubs(reader)).invitations).toMatchObject([{ slug: club.slug }]);
    expect(await joinClub(reader, club.id)).toBe('joined');
    expect(await getClubBySlug(reader, club.slug)).toMatchObject({ standing: { status: 'active' }, memberCount: 2 });
    await expect(inviteMember(owner, club.id, 'ninguem_aqui')).rejects.toMatchObject({ field: 'username' });
  });

  it('ends a banned member’s access at once, keeps them out, and lets staff lift the ban', async () => {
    const { owner, club } = await clubWith('moderado');
    const reader = verified(await createUser());
    await inviteMember(owner, club.id, reader.username);
    await joinClub(reader, club.id);
    await banMember(owner, club.id, reader.id, 'Spam nos comentários.');
    expect(await memberCount(club.id)).toBe(1);
    expect(await getClubBySlug(reader, club.slug)).toMatchObject({ standing: { status: 'banned' }, banReason: 'Spam nos comentários.' });
    expect(
      canReadPost({ visibility: 'publico', minPlanPosition: null, authorId: null }, { role: 'member', status: 'banned', planPosition: null }, reader.id),
    ).toBe(false);
    await expect(joinClub(reader, club.id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(leaveClub(reader, club.id)).rejects.toMatchObject({ code: 'invalid_input' });
    await unbanMember(owner, club.id, reader.id);
    expect(await joinClub(reader, club.id)).toBe('requested');
  });

  it('lets roles act only below their rank, transfers ownership, and never leaves a club without its owner', async () => {
    const { owner, club } = await clubWith('aberto');
    const [admin, moderator, member] = await Promise.all([createUser(), createUser(), createUser()]).then((users) => users.map(verified));
    for (const reader of [admin!, moderator!, member!]) await joinClub(reader, club.id);
    await changeRole(owner, club.id, admin!.id, 'admin');
    await changeRole(admin!, club.id, moderator!.id, 'moderator');
    // An admin makes no admins and touches no other admin; a moderator changes no roles; no one bans upwards.
    await expect(changeRole(admin!, club.id, member!.id, 'admin')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(changeRole(moderator!, club.id, member!.id, 'moderator')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(banMember(moderator!, club.id, admin!.id, 'Não.')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(banMember(admin!, club.id, owner.id, 'Não.')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(leaveClub(owner, club.id)).rejects.toMatchObject({ message: expect.stringMatching(/Passe o clube/) });
    await expect(transferOwnership(admin!, club.id, admin!.id)).rejects.toMatchObject({ code: 'forbidden' });

    await transferOwnership(owner, club.id, member!.id);
    const roles = await getDb().select({ userId: clubMembers.userId, role: clubMembers.role }).from(clubMembers).where(eq(clubMembers.clubId, club.id));
    expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({
      [owner.id]: 'admin',
      [admin!.id]: 'admin',
      [moderator!.id]: 'moderator',
      [member!.id]: 'owner',
    });
    await leaveClub(owner, club.id);
    expect(await memberCount(club.id)).toBe(3);
  });

  it('refuses members past the cap', async () => {
    const { owner, club } = await clubWith('aberto');
    await getDb().update(clubs).set({ memberCap: 2 }).where(eq(clubs.id, club.id));
    await joinClub(verified(await createUser()), club.id);
    await expect(joinClub(verified(await createUser()), club.id)).rejects.toMatchObject({ message: expect.stringMatching(/limite de 2 membros/) });
    expect(owner).toBeDefined();
  });
});

describe('plans', () => {
  it('are granted and ended by one function, keep the price a member joined at, and open plan posts by rank', async () => {
    const { owner, club } = await clubWith('aberto');
    const reader = verified(await createUser());
    await joinClub(reader, club.id);
    const [basic, premium] = [newId(), newId()];
    await getDb()
      .insert(clubPlans)
      .values([
        { id: basic, clubId: club.id, name: 'Leitor', priceCents: 0, position: 0 },
        { id: premium, clubId: club.id, name: 'Mecenas', priceCents: 1990, position: 1 },
      ]);
    await grantPlan(owner, club.id, reader.id, premium);
    await getDb().update(clubPlans).set({ priceCents: 2490 }).where(eq(clubPlans.id, premium));
    await grantPlan(owner, club.id, reader.id, premium);
    const [row] = await getDb()
      .select({ price: clubMembers.planPriceCents })
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, club.id), eq(clubMembers.userId, reader.id)));
    expect(row?.price).toBe(1990);
    const standing = await standingOf(getDb(), club.id, reader.id);
    expect(canReadPost({ visibility: 'plano', minPlanPosition: 1, authorId: null }, standing, reader.id)).toBe(true);
    expect(canReadPost({ visibility: 'plano', minPlanPosition: 1, authorId: null }, { ...standing!, planPosition: 0 }, reader.id)).toBe(false);
    // A cancelled paid plan lasts until its period ends.
    await getDb().transaction((tx) => setMemberPlan(tx, club.id, reader.id, { planId: premium, endsAt: new Date(Date.now() - 1000) }));
    expect(await standingOf(getDb(), club.id, reader.id)).toMatchObject({ planPosition: null });
    await expect(grantPlan(reader, club.id, reader.id, basic)).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('the authorization matrix’s cast', () => {
  it('holds one reader of every standing', async () => {
    const cast = await createClubCast('privado');
    const standings = Object.fromEntries(
      await Promise.all(Object.entries(cast.users).map(async ([who, user]) => [who, await standingOf(getDb(), cast.club.id, user.id)] as const)),
    );
    expect(standings).toEqual({
      naoMembro: null,
      adminDoSite: null,
      pendente: { role: 'member', status: 'pending', planPosition: null },
      convidado: { role: 'member', status: 'invited', planPosition: null },
      membro: { role: 'member', status: 'active', planPosition: null },
      membroComPlano: { role: 'member', status: 'active', planPosition: 1 },
      moderador: { role: 'moderator', status: 'active', planPosition: null },
      admin: { role: 'admin', status: 'active', planPosition: null },
      dono: { role: 'owner', status: 'active', planPosition: null },
      banido: { role: 'member', status: 'banned', planPosition: null },
    });
  });
});

describe('account deletion', () => {
  it('hands an owned club to its next in rank, and deletes a club left with no one', async () => {
    const { owner, club } = await clubWith('aberto');
    const member = verified(await createUser());
    const moderator = verified(await createUser());
    await joinClub(member, club.id);
    await joinClub(moderator, club.id);
    await changeRole(owner, club.id, moderator.id, 'moderator');
    const lonely = await clubWith('aberto', 'Clube Vazio');
    await getDb().transaction((tx) => handOverOwnedClubs(tx, owner.id));
    expect(await standingOf(getDb(), club.id, moderator.id)).toMatchObject({ role: 'owner' });
    await getDb().transaction((tx) => handOverOwnedClubs(tx, lonely.owner.id));
    expect(await getDb().select().from(clubs).where(eq(clubs.id, lonely.club.id))).toEqual([]);
  });
});

describe('directory', () => {
  it('finds clubs without accents or case, by category, sorted by members or activity, and never private ones', async () => {
    const big = await clubWith('aberto', 'Leitores de Ficção');
    const small = await clubWith('moderado', 'Poesia à Tarde');
    await clubWith('privado', 'Ficção Secreta');
    await joinClub(verified(await createUser()), big.club.id);
    await getDb()
      .update(clubs)
      .set({ categories: ['poesia'] })
      .where(eq(clubs.id, small.club.id));
    const names = async (options: Partial<Parameters<typeof listClubDirectory>[0]>) =>
      (await listClubDirectory({ q: '', ordem: 'membros', pagina: 1, ...options })).clubs.map((c) => c.name);
    expect(await names({ q: 'FICCAO' })).toEqual(['Leitores de Ficção']);
    expect(await names({ categoria: 'poesia' })).toEqual(['Poesia à Tarde']);
    expect(await names({})).toEqual(['Leitores de Ficção', 'Poesia à Tarde']);
    await getDb()
      .update(clubs)
      .set({ lastActivityAt: new Date(Date.now() + 60_000) })
      .where(eq(clubs.id, small.club.id));
    expect(await names({ ordem: 'atividade' })).toEqual(['Poesia à Tarde', 'Leitores de Ficção']);
  });
});

import { and, eq, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { clubDepartures, clubMembers, clubPostComments, clubPostReactions, clubPosts, clubs, users } from '~/db/schema';
import { getStorage } from '~/integrations/storage/storage.server';
import { parseCsv } from '~/lib/csv';
import { newId } from '~/lib/ids';
import { createClubCast } from '../../../../test/club-fixtures';
import { useTestDatabase } from '../../../../test/db';
import { testPhoto } from '../../../../test/factories';
import { banMember, leaveClub } from '../membership.server';
import { changeClubImage, removeClubImage, updateClubBranding } from './branding.server';
import { colorProblem, contrastWithWhite, normaliseHex } from './colors';
import { getClubDashboard } from './dashboard.server';
import { clubMembersCsv, listClubMembers, listJoinRequests, listPlanOptions } from './members.server';
import { brandingInput } from './validation';

useTestDatabase();

const everyone = { q: '', situacao: 'ativos', pagina: 1 } as const;

describe('colour contrast (WCAG AA against white text)', () => {
  it('measures ratios as WCAG does and refuses colours white text cannot be read on, in Portuguese', () => {
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    // #767676 is the classic lightest grey that passes 4.5:1 on white; #777777 just fails.
    expect(contrastWithWhite('#767676')).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite('#777777')).toBeLessThan(4.5);
    expect(colorProblem('#767676')).toBeNull();
    expect(colorProblem('#1f5f5b')).toBeNull();
    expect(colorProblem('#777777')).toMatch(/contraste 4,4:1, abaixo do mínimo de 4,5:1/);
    expect(colorProblem('#ffd700')).toMatch(/Escolha uma cor mais escura/);
    expect(colorProblem('verde')).toMatch(/#rrggbb/);
    expect(normaliseHex('ABC')).toBe('#aabbcc');
    expect(normaliseHex('#12345')).toBeNull();
    const parsed = brandingInput.safeParse({ primaryColor: '#FFEE00', accentColor: '1D4E7A' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toEqual(['primaryColor']);
    expect(brandingInput.parse({ primaryColor: '#1D4E7A', accentColor: '8e2c2c' })).toEqual({ primaryColor: '#1d4e7a', accentColor: '#8e2c2c' });
  });
});

describe('branding', () => {
  it('saves checked colours for those who run the club, refuses everyone else, and refuses a colour that fails even past the form', async () => {
    const cast = await createClubCast('moderado');
    await updateClubBranding(cast.viewers.admin, cast.club.id, { primaryColor: '#1d4e7a', accentColor: '#8e2c2c' });
    const [row] = await getDb().select({ primary: clubs.primaryColor, accent: clubs.accentColor }).from(clubs).where(eq(clubs.id, cast.club.id));
    expect(row).toEqual({ primary: '#1d4e7a', accent: '#8e2c2c' });
    for (const who of ['moderador', 'membro', 'membroComPlano', 'naoMembro', 'pendente', 'convidado', 'banido', 'adminDoSite'] as const) {
      await expect(updateClubBranding(cast.viewers[who], cast.club.id, { primaryColor: '#000000', accentColor: '#000000' })).rejects.toMatchObject({
        code: 'forbidden',
      });
    }
    await expect(updateClubBranding(cast.viewers.dono, cast.club.id, { primaryColor: '#ffff00', accentColor: '#000000' })).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'primaryColor',
    });
    const secret = await createClubCast('privado');
    await expect(updateClubBranding(secret.viewers.naoMembro, secret.club.id, { primaryColor: '#000000', accentColor: '#000000' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('stores the avatar and banner under clubs/{id}/, removes the file replaced, and refuses a moderator', async () => {
    const cast = await createClubCast('aberto');
    const keyOf = async () => (await getDb().select({ avatar: clubs.avatarKey, banner: clubs.bannerKey }).from(clubs).where(eq(clubs.id, cast.club.id)))[0]!;
    await changeClubImage(cast.viewers.dono, cast.club.id, 'avatar', await testPhoto());
    const first = (await keyOf()).avatar!;
    expect(first).toMatch(new RegExp(`^clubs/${cast.club.id}/avatar-.+\\.webp$`));
    expect(await getStorage().get(first)).not.toBeNull();
    await changeClubImage(cast.viewers.admin, cast.club.id, 'avatar', await testPhoto());
    const second = (await keyOf()).avatar!;
    expect(second).not.toBe(first);
    expect(await getStorage().get(first)).toBeNull();
    await changeClubImage(cast.viewers.dono, cast.club.id, 'banner', await testPhoto());
    expect((await keyOf()).banner).toMatch(/\/banner-.+\.webp$/);
    await removeClubImage(cast.viewers.dono, cast.club.id, 'avatar');
    expect((await keyOf()).avatar).toBeNull();
    expect(await getStorage().get(second)).toBeNull();
    await expect(changeClubImage(cast.viewers.moderador, cast.club.id, 'avatar', await testPhoto())).rejects.toMatchObject({ code: 'forbidden' });
    await expect(removeClubImage(cast.viewers.membro, cast.club.id, 'banner')).rejects.toMatchObject({ code: 'forbidden' });
    const notAnImage = new File([new TextEncoder().encode('<svg onload=alert(1)>')], 'x.png', { type: 'image/png' });
    await expect(changeClubImage(cast.viewers.dono, cast.club.id, 'banner', notAnImage)).rejects.toMatchObject({ code: 'invalid_image', field: 'banner' });
  });
});

describe('dashboard', () => {
  it('counts members by week, waiting requests, the last 30 days of posts, comments and reactions, and plan holders; only for those who run the club', async () => {
    const cast = await createClubCast('moderado');
    const db = getDb();
    // One member joined long ago: counted before the chart's first week.
    await db
      .update(clubMembers)
      .set({ joinedAt: new Date(Date.now() - 200 * 86_400_000) })
      .where(eq(clubMembers.userId, cast.users.membro.id));
    const post = newId();
    const old = newId();
    await db.insert(clubPosts).values([
      { id: post, clubId: cast.club.id, authorId: cast.users.dono.id, kind: 'post', title: 'Oi', body: 'Olá', visibility: 'publico' },
      { id: newId(), clubId: cast.club.id, authorId: cast.users.membro.id, kind: 'thread', title: 'Tópico', body: 'Vamos?', visibility: 'membros' },
      {
        id: old,
        clubId: cast.club.id,
        authorId: cast.users.dono.id,
        kind: 'post',
        title: 'Velho',
        body: 'Antigo',
        visibility: 'publico',
        createdAt: new Date(Date.now() - 40 * 86_400_000),
      },
    ]);
    await db.insert(clubPostComments).values([
      { id: newId(), postId: post, authorId: cast.users.membro.id, body: 'Legal' },
      { id: newId(), postId: post, authorId: cast.users.membro.id, body: 'Apagado', deletedAt: new Date() },
    ]);
    await db.insert(clubPostReactions).values([
      { postId: post, userId: cast.users.membro.id, kind: 'heart' },
      { postId: old, userId: cast.users.membro.id, kind: 'heart', createdAt: new Date(Date.now() - 40 * 86_400_000) },
    ]);
    const dashboard = await getClubDashboard(cast.viewers.admin, cast.club.id);
    expect(dashboard.weeks).toHaveLength(12);
    // dono, membro, membroComPlano, moderador, admin are active; the banned, pending and invited are not.
    expect(dashboard.activeMembers).toBe(5);
    expect(dashboard.weeks[0]!.total).toBe(1);
    // banido joined this week too, and was banned: counted among who joined, not in the total.
    expect(dashboard.weeks.at(-1)).toMatchObject({ joined: 5, total: 5 });
    expect(dashboard.pendingRequests).toBe(1);
    expect(dashboard.engagement).toEqual({ posts: 1, threads: 1, comments: 1, reactions: 1 });
    expect(dashboard.planHolders.map((plan) => [plan.name, plan.holders])).toEqual([
      ['Leitor', 0],
      ['Mecenas', 1],
    ]);
    for (const who of ['moderador', 'membro', 'naoMembro', 'banido', 'adminDoSite'] as const) {
      await expect(getClubDashboard(cast.viewers[who], cast.club.id)).rejects.toMatchObject({ code: 'forbidden' });
    }
  });
});

describe('members over time', () => {
  it('counts the members active at each week’s end: one who joined five weeks ago and left two weeks ago counts only between', async () => {
    const cast = await createClubCast('aberto');
    const db = getDb();
    const membro = and(eq(clubMembers.clubId, cast.club.id), eq(clubMembers.userId, cast.users.membro.id));
    await db
      .update(clubMembers)
      .set({ joinedAt: new Date(Date.now() - 35 * 86_400_000) })
      .where(membro);
    const totals = async () => (await getClubDashboard(cast.viewers.admin, cast.club.id)).weeks.map((week) => week.total);
    // Everyone else joined this week (banido too, banned since).
    expect(await totals()).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 5]);

    await leaveClub(cast.viewers.membro, cast.club.id);
    await db
      .update(clubDepartures)
      .set({ leftAt: new Date(Date.now() - 14 * 86_400_000) })
      .where(lt(clubDepartures.joinedAt, new Date(Date.now() - 30 * 86_400_000)));
    await banMember(cast.viewers.admin, cast.club.id, cast.users.membroComPlano.id, 'Spam');
    const dashboard = await getClubDashboard(cast.viewers.admin, cast.club.id);
    expect(dashboard.weeks.map((week) => week.total)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 3]);
    // Who joined each week stays counted, whether they are still here or not.
    expect(dashboard.weeks[6]!.joined).toBe(1);
    expect(dashboard.weeks.at(-1)!.joined).toBe(5);
    expect(dashboard.activeMembers).toBe(3);
    // banido (in the cast), membro and membroComPlano.
    expect(await db.select().from(clubDepartures).where(eq(clubDepartures.clubId, cast.club.id))).toHaveLength(3);

    // Deleting a club takes its memberships without recording departures of a club that is gone.
    await db.delete(clubs).where(eq(clubs.id, cast.club.id));
    expect(await db.select().from(clubDepartures)).toEqual([]);
  });
});

describe('members', () => {
  it('lists and searches members without accents or case, pages them, and lets moderators (not members) see them', async () => {
    const cast = await createClubCast('aberto');
    await getDb().update(users).set({ name: 'João Ávila' }).where(eq(users.id, cast.users.membro.id));
    const found = await listClubMembers(cast.viewers.moderador, cast.club.id, { ...everyone, q: 'joao avila' });
    expect(found.members.map((member) => member.userId)).toEqual([cast.users.membro.id]);
    const byUsername = await listClubMembers(cast.viewers.moderador, cast.club.id, { ...everyone, q: `@${cast.users.admin.username.toUpperCase()}` });
    expect(byUsername.members.map((member) => member.role)).toEqual(['admin']);
    const wildcard = await listClubMembers(cast.viewers.dono, cast.club.id, { ...everyone, q: '%' });
    expect([wildcard.total, wildcard.members]).toEqual([0, []]);
    const all = await listClubMembers(cast.viewers.dono, cast.club.id, everyone);
    expect(all.total).toBe(5);
    const banned = await listClubMembers(cast.viewers.dono, cast.club.id, { ...everyone, situacao: 'banidos' });
    expect(banned.members).toMatchObject([{ userId: cast.users.banido.id, banReason: 'Desrespeitou as regras.' }]);
    const requests = await listJoinRequests(cast.viewers.moderador, cast.club.id);
    expect(requests.requests.map((request) => request.userId)).toEqual([cast.users.pendente.id]);
    for (const who of ['membro', 'naoMembro', 'banido', 'adminDoSite'] as const) {
      await expect(listClubMembers(cast.viewers[who], cast.club.id, everyone)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(listJoinRequests(cast.viewers[who], cast.club.id)).rejects.toMatchObject({ code: 'forbidden' });
    }
    await expect(listPlanOptions(cast.viewers.moderador, cast.club.id)).rejects.toMatchObject({ code: 'forbidden' });
    expect((await listPlanOptions(cast.viewers.admin, cast.club.id)).map((plan) => plan.name)).toEqual(['Leitor', 'Mecenas']);
  });

  it('pages 50 at a time, newest first', async () => {
    const cast = await createClubCast('aberto');
    // Rows written directly: 52 sign-ups through the auth library would be most of the test's time.
    const extra = Array.from({ length: 52 }, (_, i) => ({
      id: newId(),
      name: `Página ${i}`,
      email: `pagina-${i}-${newId()}@exemplo.com.br`,
      username: `pagina_${i}_${newId().slice(0, 6).toLowerCase()}`,
    }));
    await getDb().insert(users).values(extra);
    await getDb()
      .insert(clubMembers)
      .values(extra.map((user, i) => ({ clubId: cast.club.id, userId: user.id, status: 'active' as const, joinedAt: new Date(Date.UTC(2030, 0, 1, 0, i)) })));
    const first = await listClubMembers(cast.viewers.dono, cast.club.id, everyone);
    expect(first.total).toBe(57);
    expect(first.members).toHaveLength(50);
    expect(first.members[0]!.userId).toBe(extra[51]!.id);
    expect(first.hasNext).toBe(true);
    const second = await listClubMembers(cast.viewers.dono, cast.club.id, { ...everyone, pagina: 2 });
    expect(second.members).toHaveLength(7);
    expect(second.hasNext).toBe(false);
    // A search is not counted until its last page.
    const search = await listClubMembers(cast.viewers.dono, cast.club.id, { ...everyone, q: 'pagina' });
    expect([search.members.length, search.total, search.hasNext]).toEqual([50, null, true]);
    const searchEnd = await listClubMembers(cast.viewers.dono, cast.club.id, { ...everyone, q: 'pagina', pagina: 2 });
    expect([searchEnd.members.length, searchEnd.total, searchEnd.hasNext]).toEqual([2, 52, false]);
    expect(new Set([...first.members, ...second.members].map((member) => member.userId)).size).toBe(57);
  });

  it('exports a CSV with every cell that could run as a formula defused, for those who run the club only', async () => {
    const cast = await createClubCast('aberto');
    const names = { membro: '=HYPERLINK("http://mal.example","x")', moderador: '+SOMA(1;1)', admin: '-2+3', membroComPlano: '@SUM(A1)' } as const;
    for (const [who, name] of Object.entries(names)) {
      await getDb()
        .update(users)
        .set({ name })
        .where(eq(users.id, cast.users[who as keyof typeof names].id));
    }
    await getDb().update(users).set({ name: '\tTab' }).where(eq(users.id, cast.users.dono.id));
    const csv = await clubMembersCsv(cast.viewers.admin, cast.club.id);
    expect(csv.filename).toBe(`membros-${cast.club.slug}.csv`);
    const rows = parseCsv(csv.body);
    expect(rows[0]).toEqual(['usuario', 'nome', 'papel', 'situacao', 'plano', 'entrou_em', 'motivo_do_banimento']);
    const nameOf = (username: string) => rows.find((row) => row[0] === username)?.[1];
    expect(nameOf(cast.users.membro.username)).toBe(`'${names.membro}`);
    expect(nameOf(cast.users.moderador.username)).toBe(`'${names.moderador}`);
    expect(nameOf(cast.users.admin.username)).toBe(`'${names.admin}`);
    expect(nameOf(cast.users.membroComPlano.username)).toBe(`'${names.membroComPlano}`);
    expect(nameOf(cast.users.dono.username)).toBe("'\tTab");
    expect(rows.find((row) => row[0] === cast.users.banido.username)?.slice(2)).toEqual([
      'Membro',
      'Banido',
      '',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      'Desrespeitou as regras.',
    ]);
    expect(rows.find((row) => row[0] === cast.users.membroComPlano.username)?.[4]).toBe('Mecenas');
    // Open requests are not members yet.
    expect(rows.some((row) => row[0] === cast.users.pendente.username)).toBe(false);
    for (const who of ['moderador', 'membro', 'naoMembro', 'banido', 'adminDoSite'] as const) {
      await expect(clubMembersCsv(cast.viewers[who], cast.club.id)).rejects.toMatchObject({ code: 'forbidden' });
    }
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { authAccounts, outboxEmails, sessions, users } from '~/db/schema';
import { useTestDatabase } from '../../../test/db';
import { createUser, getRequest, testViewer } from '../../../test/factories';
import { getViewer } from '~/server/viewer.server';
import { setCuratorRole, setSuspended } from './admin.server';
import { changeAvatar, changeEmail, changeUsername, unlinkProvider, updateProfile, verifyEmail } from './mutations.server';
import { resolveUsername } from './queries.server';
import { ownAvatarKey } from './avatar-key.server';
import { getStorage } from '~/integrations/storage/storage.server';
import { routeArgs } from '../../../test/routes';

useTestDatabase();

describe('username changes', () => {
  it('keep the old name pointing at the reader for 30 days, through the one resolver', async () => {
    const user = await createUser({ username: 'ana_antiga' });
    await changeUsername(testViewer(user), 'ana_nova');
    expect(await resolveUsername('ana_nova')).toMatchObject({ userId: user.id, movedFrom: null });
    expect(await resolveUsername('ANA_ANTIGA')).toMatchObject({ userId: user.id, username: 'ana_nova', movedFrom: 'ana_antiga' });
    expect(await resolveUsername('ninguem')).toBeNull();
  });

  it('do not let anyone take a name still held by a redirect', async () => {
    const ana = await createUser({ username: 'ana_antiga' });
    await changeUsername(testViewer(ana), 'ana_nova');
    const bia = await createUser();
    await expect(changeUsername(testViewer(bia), 'ana_antiga')).rejects.toMatchObject({ code: 'username_taken', field: 'username' });
    await expect(changeUsername(testViewer(bia), 'ana_nova')).rejects.toMatchObject({ code: 'username_taken' });
  });
});

describe('profile and email', () => {
  it('saves the profile of the viewer only', async () => {
    const user = await createUser();
    await updateProfile(testViewer(user), {
      name: 'Ana',
      pronouns: 'ela/dela',
      bio: 'Leio de tudo.',
      links: ['https://exemplo.com.br'],
      profileVisibility: 'restrito',
      showCurrentlyReading: false,
    });
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Ana', pronouns: 'ela/dela', bio: 'Leio de tudo.', links: ['https://exemplo.com.br'], profileVisibility: 'restrito' });
  });

  it('saves who may whisper the reader; a reader under 18 may not open it to everyone', async () => {
    const profile = { name: 'Ana', pronouns: '', bio: '', links: [], profileVisibility: 'publico' as const, showCurrentlyReading: true };
    const adult = await createUser();
    await updateProfile(testViewer(adult), { ...profile, whisperAudience: 'nobody' });
    const young = await createUser({ birthDate: `${new Date().getFullYear() - 16}-03-01` });
    await expect(updateProfile(testViewer(young), { ...profile, whisperAudience: 'everyone' })).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'whisperAudience',
      message: 'Até os 18 anos, só quem você segue pode sussurrar para você.',
    });
    await updateProfile(testViewer(young), { ...profile, whisperAudience: 'nobody' });
    // A profile saved without the field keeps the setting.
    await updateProfile(testViewer(adult), profile);
    const rows = await getDb().select({ id: users.id, audience: users.whisperAudience }).from(users);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.audience]))).toMatchObject({ [adult.id]: 'nobody', [young.id]: 'nobody' });
  });

  it('an e-mail change asks for the current password, keeps the old address until the new one confirms, and warns the old one', async () => {
    const user = await createUser({ verified: true });
    const request = getRequest('/configuracoes/conta', user.cookie);
    await expect(changeEmail(testViewer(user), request, { email: 'novo@exemplo.com.br' })).rejects.toMatchObject({ code: 'wrong_password', field: 'password' });
    await expect(changeEmail(testViewer(user), request, { email: 'novo@exemplo.com.br', password: 'nao-e-essa-123' })).rejects.toMatchObject({
      code: 'wrong_password',
      field: 'password',
    });
    expect(await getDb().select().from(outboxEmails).where(eq(outboxEmails.to, 'novo@exemplo.com.br'))).toEqual([]);

    await changeEmail(testViewer(user), request, { email: 'novo@exemplo.com.br', password: user.password });
    const [unchanged] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(unchanged).toMatchObject({ email: user.email, emailVerified: true });
    const sent = await getDb().select().from(outboxEmails);
    expect(sent.some((e) => e.to === user.email && e.subject.startsWith('Pediram para trocar'))).toBe(true);
    const link = sent.find((e) => e.to === 'novo@exemplo.com.br')?.text.match(/\/auth\/verificar-email\?token=\S+/)?.[0];
    expect(link).toBeDefined();

    await verifyEmail(getRequest(link as string, user.cookie), new URL(link as string, 'http://localhost:3000').searchParams.get('token') as string);
    const [changed] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(changed?.email).toBe('novo@exemplo.com.br');
  });

  it('never says whether the new address belongs to another account', async () => {
    const a = await createUser({ verified: true });
    const b = await createUser({ verified: true });
    await getDb().delete(outboxEmails);
    await expect(changeEmail(testViewer(b), getRequest('/', b.cookie), { email: a.email, password: b.password })).resolves.toBeUndefined();
    const [row] = await getDb().select().from(users).where(eq(users.id, b.id));
    expect(row?.email).toBe(b.email);
    expect((await getDb().select().from(outboxEmails).where(eq(outboxEmails.to, a.email))).length).toBe(0);
  });

  it('an account without a password changes its e-mail only in the minutes after a sign-in', async () => {
    const user = await createUser({ verified: true });
    await getDb().delete(authAccounts).where(eq(authAccounts.userId, user.id));
    const viewer = await getViewer(routeArgs(getRequest('/', user.cookie)));
    await getDb()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(sessions.userId, user.id));
    await expect(changeEmail(viewer!, getRequest('/', user.cookie), { email: 'novo@exemplo.com.br' })).rejects.toMatchObject({
      code: 'forbidden',
      field: 'email',
    });
    await getDb().update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, user.id));
    await changeEmail(viewer!, getRequest('/', user.cookie), { email: 'novo@exemplo.com.br' });
    expect((await getDb().select().from(outboxEmails).where(eq(outboxEmails.to, 'novo@exemplo.com.br'))).length).toBe(1);
  });
});

describe('avatar', () => {
  it('re-encodes the image as WebP and refuses what is not an image', async () => {
    const user = await createUser();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const url = await changeAvatar(testViewer(user), new File([png], 'eu.png', { type: 'image/png' }));
    expect(url).toMatch(/^\/arquivos\/avatars\/.+\.webp$/);
    await expect(changeAvatar(testViewer(user), new File([Buffer.from('<svg/>')], 'x.png', { type: 'image/png' }))).rejects.toMatchObject({
      code: 'invalid_image',
      field: 'avatar',
    });
  });

  it('never removes another reader’s file, whatever address the reader’s row holds', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const victim = await createUser();
    const attacker = await createUser();
    const victimUrl = await changeAvatar(testViewer(victim), new File([png], 'eu.png', { type: 'image/png' }));
    const victimKey = victimUrl.slice('/arquivos/'.length);
    for (const planted of [victimUrl, `/arquivos/avatars/${attacker.id}/../${victim.id}/${victimKey.split('/').pop()}`]) {
      await getDb().update(users).set({ image: planted }).where(eq(users.id, attacker.id));
      await changeAvatar(testViewer(attacker), new File([png], 'eu.png', { type: 'image/png' }));
      expect(await getStorage().get(victimKey)).not.toBeNull();
    }
    expect(ownAvatarKey(attacker.id, victimUrl)).toBeNull();
    expect(ownAvatarKey(victim.id, victimUrl)).toBe(victimKey);
  });
});

describe('sign-in methods', () => {
  it('never removes the last way to sign in', async () => {
    const user = await createUser();
    await expect(unlinkProvider(testViewer(user), getRequest('/'), 'credential')).rejects.toMatchObject({ code: 'last_sign_in_method' });
    await expect(unlinkProvider(testViewer(user), getRequest('/'), 'google')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('administration', () => {
  it('lets only admins grant the curator role or suspend, and suspension ends sessions', async () => {
    const admin = await createUser({ role: 'admin' });
    const reader = await createUser();
    await expect(setCuratorRole(testViewer(reader), admin.id, true)).rejects.toMatchObject({ code: 'not_found' });
    await expect(setSuspended(testViewer(reader), admin.id, true)).rejects.toMatchObject({ code: 'not_found' });

    await setCuratorRole(testViewer(admin, 'admin'), reader.id, true);
    expect((await getDb().select().from(users).where(eq(users.id, reader.id)))[0]?.role).toBe('curator');

    expect(await getViewer(routeArgs(getRequest('/', reader.cookie)))).not.toBeNull();
    await setSuspended(testViewer(admin, 'admin'), reader.id, true);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, reader.id))).toHaveLength(0);
    expect(await getViewer(routeArgs(getRequest('/', reader.cookie)))).toBeNull();
    await setSuspended(testViewer(admin, 'admin'), reader.id, false);
    expect((await getDb().select().from(users).where(eq(users.id, reader.id)))[0]?.suspendedAt).toBeNull();
  });
});

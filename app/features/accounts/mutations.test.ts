import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { outboxEmails, sessions, users } from '~/db/schema';
import { useTestDatabase } from '../../../test/db';
import { createUser, getRequest, testViewer } from '../../../test/factories';
import { getViewer } from '~/server/viewer.server';
import { setCuratorRole, setSuspended } from './admin.server';
import { changeAvatar, changeEmail, changeUsername, unlinkProvider, updateProfile } from './mutations.server';
import { resolveUsername } from './queries.server';

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
    await updateProfile(testViewer(user), { name: 'Ana', pronouns: 'ela/dela', bio: 'Leio de tudo.', links: ['https://exemplo.com.br'], profileVisibility: 'restrito', showCurrentlyReading: false });
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Ana', pronouns: 'ela/dela', bio: 'Leio de tudo.', links: ['https://exemplo.com.br'], profileVisibility: 'restrito' });
  });

  it('an email change asks for verification again and warns the old address', async () => {
    const user = await createUser({ verified: true });
    await changeEmail(testViewer(user), 'novo@exemplo.com.br');
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: 'novo@exemplo.com.br', emailVerified: false });
    const sent = await getDb().select().from(outboxEmails);
    expect(sent.some((e) => e.to === 'novo@exemplo.com.br' && e.text.includes('/auth/verificar-email?token='))).toBe(true);
    expect(sent.some((e) => e.to === user.email && e.subject.includes('mudou'))).toBe(true);
  });

  it('refuses an email that belongs to another account', async () => {
    const a = await createUser();
    const b = await createUser();
    await expect(changeEmail(testViewer(b), a.email.toUpperCase().toLowerCase())).rejects.toMatchObject({ code: 'email_taken', field: 'email' });
  });
});

describe('avatar', () => {
  it('re-encodes the image as WebP and refuses what is not an image', async () => {
    const user = await createUser();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const url = await changeAvatar(testViewer(user), new File([png], 'eu.png', { type: 'image/png' }));
    expect(url).toMatch(/^\/arquivos\/avatars\/.+\.webp$/);
    await expect(changeAvatar(testViewer(user), new File([Buffer.from('<svg/>')], 'x.png', { type: 'image/png' }))).rejects.toMatchObject({ code: 'invalid_image', field: 'avatar' });
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

    expect(await getViewer(getRequest('/', reader.cookie))).not.toBeNull();
    await setSuspended(testViewer(admin, 'admin'), reader.id, true);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, reader.id))).toHaveLength(0);
    expect(await getViewer(getRequest('/', reader.cookie))).toBeNull();
    await setSuspended(testViewer(admin, 'admin'), reader.id, false);
    expect((await getDb().select().from(users).where(eq(users.id, reader.id)))[0]?.suspendedAt).toBeNull();
  });
});

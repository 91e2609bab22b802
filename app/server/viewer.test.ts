import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { sessions } from '~/db/schema';
import { useTestDatabase } from '../../test/db';
import { createUser, getRequest } from '../../test/factories';
import { getViewer, renewedSessionHeaders, requireRole, requireViewer, sessionTokenFrom } from './viewer.server';

useTestDatabase();

describe('viewer', () => {
  it('reads the reader from a signed session cookie and refuses a forged one', async () => {
    const user = await createUser();
    expect(await getViewer(getRequest('/', user.cookie))).toMatchObject({ id: user.id, username: user.username, role: 'reader' });
    const forged = user.cookie.replace(/session_token=([^.;]+)\.[^;]+/, (_m, token: string) => `session_token=${token}.${'A'.repeat(43)}=`);
    expect(sessionTokenFrom(forged)).toBeNull();
    expect(await getViewer(getRequest('/', forged))).toBeNull();
    expect(await getViewer(getRequest('/'))).toBeNull();
  });

  it('refuses an expired session', async () => {
    const user = await createUser();
    await getDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect(await getViewer(getRequest('/', user.cookie))).toBeNull();
  });

  it('renews a session older than a day (30 days, sliding) and hands the new cookie to the response', async () => {
    const user = await createUser();
    await getDb().execute(sql`UPDATE sessions SET updated_at = now() - interval '2 days', expires_at = now() + interval '28 days' WHERE user_id = ${user.id}`);
    const request = getRequest('/', user.cookie);
    expect(await getViewer(request)).not.toBeNull();
    expect(renewedSessionHeaders(request)?.getSetCookie().some((c) => c.includes('session_token='))).toBe(true);
    const [row] = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('sends visitors to sign in with the way back, and answers 404 to a reader without the role', async () => {
    await expect(requireViewer(getRequest('/configuracoes/conta?x=1'))).rejects.toSatisfy(
      (r: Response) => r.status === 302 && r.headers.get('location') === '/auth/signin?callbackUrl=%2Fconfiguracoes%2Fconta%3Fx%3D1',
    );
    const reader = await createUser();
    await expect(requireRole(getRequest('/gerenciar', reader.cookie), ['admin'])).rejects.toMatchObject({ init: { status: 404 } });
    const admin = await createUser({ role: 'admin' });
    await expect(requireRole(getRequest('/gerenciar', admin.cookie), ['admin'])).resolves.toMatchObject({ role: 'admin' });
  });
});

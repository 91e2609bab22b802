import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { sessions } from '~/db/schema';
import { useTestDatabase } from '../../test/db';
import { createUser, getRequest } from '../../test/factories';
import { REQUEST_ID_HEADER } from './request-id';
import { markNotificationsRead, notify } from '~/features/social/mutations.server';
// The composition registers the auth instance the viewer renews sessions with, as the server build does.
import '~/services.server';
import { getViewer, renewedSessionHeaders, requireRole, requireViewer, sessionTokenFrom, shellData, withViewerScope } from './viewer.server';

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

  it("reads the bell's unread count with the session, only the reader's own, and shows the header nothing more", async () => {
    const [user, other] = [await createUser(), await createUser()];
    await notify({ userId: user.id, kind: 'moderation_warning', text: 'um' });
    const read = await notify({ userId: user.id, kind: 'moderation_warning', text: 'dois' });
    await notify({ userId: user.id, kind: 'moderation_warning', text: 'três' });
    await notify({ userId: other.id, kind: 'moderation_warning', text: 'de outra pessoa' });
    const viewer = await getViewer(getRequest('/', user.cookie));
    expect(viewer?.unreadNotifications).toBe(3);
    await markNotificationsRead(viewer!, [read!]);
    const shell = shellData(await getViewer(getRequest('/', user.cookie)));
    expect(shell).toEqual({ viewer: { id: user.id, username: user.username, name: expect.any(String), image: null, role: 'reader', emailVerified: expect.any(Boolean) }, unread: 2 });
    expect(shellData(null)).toEqual({ viewer: null, unread: 0 });
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

  // React Router gives each loader a copy of the request, as these do: same headers (and request id).
  const copyOf = (request: Request, method = request.method) => new Request(request.url, { method, headers: request.headers });
  const withId = (request: Request, id: string) => {
    request.headers.set(REQUEST_ID_HEADER, id);
    return request;
  };

  it('reads the session once for all the copies of a GET, and again for each copy of a POST', async () => {
    const user = await createUser();
    const get = withId(getRequest('/configuracoes/conta', user.cookie), 'req-get');
    await withViewerScope(get, async () => {
      const [a, b] = [copyOf(get), copyOf(get)];
      expect(getViewer(a)).toBe(getViewer(b));
      expect(await getViewer(a)).toMatchObject({ id: user.id });
    });
    const post = withId(new Request('http://localhost:3000/configuracoes/conta', { method: 'POST', headers: { Cookie: user.cookie } }), 'req-post');
    await withViewerScope(post, async () => {
      const [a, b] = [copyOf(post), copyOf(post)];
      expect(getViewer(a)).not.toBe(getViewer(b));
      expect(await getViewer(b)).toMatchObject({ id: user.id });
    });
  });

  it('never shares a read with a request carrying another cookie, even under the same request id', async () => {
    const [ana, bia] = [await createUser(), await createUser()];
    const request = withId(getRequest('/', ana.cookie), 'req-shared-id');
    await withViewerScope(request, async () => {
      expect(await getViewer(copyOf(request))).toMatchObject({ id: ana.id });
      expect(await getViewer(withId(getRequest('/', bia.cookie), 'req-shared-id'))).toMatchObject({ id: bia.id });
    });
  });

  it('hands the cookie renewed while a copy was read to the whole request', async () => {
    const user = await createUser();
    await getDb().execute(sql`UPDATE sessions SET updated_at = now() - interval '2 days', expires_at = now() + interval '28 days' WHERE user_id = ${user.id}`);
    const request = withId(getRequest('/', user.cookie), 'req-renew');
    await withViewerScope(request, async () => {
      expect(await getViewer(copyOf(request))).not.toBeNull();
      expect(renewedSessionHeaders(request)?.getSetCookie().some((c) => c.includes('session_token='))).toBe(true);
    });
    expect(renewedSessionHeaders(request)).toBeUndefined();
  });
});

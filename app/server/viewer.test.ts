import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { useTestDatabase } from '../../test/db';
import { createUser, getRequest } from '../../test/factories';
import { createStaticHandler, RouterContextProvider } from 'react-router';
import { sessions, users } from '~/db/schema';
import { markNotificationsRead, notify } from '~/features/social/mutations.server';
import { contextFor, routeArgs } from '../../test/routes';
import { countQueries } from './query-count.server';
// The composition registers the auth instance the viewer reads sessions with, as the server build does.
import '~/services.server';
import { getViewer, requireRole, requireViewer, sessionTokenFrom, shellData, viewerMiddleware, type ViewerArgs } from './viewer.server';

useTestDatabase();

describe('viewer', () => {
  it('reads the reader from a signed session cookie and refuses a forged one', async () => {
    const user = await createUser();
    expect(await getViewer(routeArgs(getRequest('/', user.cookie)))).toMatchObject({ id: user.id, username: user.username, role: 'reader' });
    const forged = user.cookie.replace(/session_token=([^.;]+)\.[^;]+/, (_m, token: string) => `session_token=${token}.${'A'.repeat(43)}=`);
    expect(sessionTokenFrom(forged, 'better-auth.session_token')).toBeNull();
    expect(await getViewer(routeArgs(getRequest('/', forged)))).toBeNull();
    expect(await getViewer(routeArgs(getRequest('/')))).toBeNull();
  });

  it("reads the bell's unread count with the session, only the reader's own, and shows the header nothing more", async () => {
    const [user, other] = [await createUser(), await createUser()];
    await notify({ userId: user.id, kind: 'moderation_warning', text: 'um' });
    const read = await notify({ userId: user.id, kind: 'moderation_warning', text: 'dois' });
    await notify({ userId: user.id, kind: 'moderation_warning', text: 'três' });
    await notify({ userId: other.id, kind: 'moderation_warning', text: 'de outra pessoa' });
    const viewer = await getViewer(routeArgs(getRequest('/', user.cookie)));
    expect(viewer?.unreadNotifications).toBe(3);
    await markNotificationsRead(viewer!, [read!]);
    const shell = shellData(await getViewer(routeArgs(getRequest('/', user.cookie))));
    expect(shell).toEqual({
      viewer: { id: user.id, username: user.username, name: expect.any(String), image: null, role: 'reader', emailVerified: expect.any(Boolean) },
      unread: 2,
      whispers: 0,
    });
    expect(shellData(null)).toEqual({ viewer: null, unread: 0, whispers: 0 });
  });

  it('refuses an expired session', async () => {
    const user = await createUser();
    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await getViewer(routeArgs(getRequest('/', user.cookie)))).toBeNull();
  });

  it('sends visitors to sign in with the way back, and answers 404 to a reader without the role', async () => {
    await expect(requireViewer(routeArgs(getRequest('/configuracoes/conta?x=1')))).rejects.toSatisfy(
      (r: Response) => r.status === 302 && r.headers.get('location') === '/auth/signin?callbackUrl=%2Fconfiguracoes%2Fconta%3Fx%3D1',
    );
    const reader = await createUser();
    await expect(requireRole(routeArgs(getRequest('/gerenciar', reader.cookie)), ['admin'])).rejects.toMatchObject({ init: { status: 404 } });
    const admin = await createUser({ role: 'admin' });
    await expect(requireRole(routeArgs(getRequest('/gerenciar', admin.cookie)), ['admin'])).resolves.toMatchObject({ role: 'admin' });
  });

  it('reads the session once for the whole of a GET, and never for another request', async () => {
    const [ana, bia] = [await createUser(), await createUser()];
    const request = getRequest('/configuracoes/conta', ana.cookie);
    const context = contextFor(request);
    const { queries } = await countQueries(async () => {
      // React Router hands each loader its own copy of the request, with the same context.
      const [a, b] = [new Request(request.url, { headers: request.headers }), new Request(request.url, { headers: request.headers })];
      expect(getViewer({ request: a, context })).toBe(getViewer({ request: b, context }));
      expect(await getViewer({ request: a, context })).toMatchObject({ id: ana.id });
    });
    expect(queries).toBe(1);
    expect(await getViewer(routeArgs(getRequest('/configuracoes/conta', bia.cookie)))).toMatchObject({ id: bia.id });
  });

  it('fails loudly when a loader reads a viewer the root middleware did not provide', () => {
    expect(() => getViewer({ request: getRequest('/'), context: new RouterContextProvider() })).toThrow();
  });

  /**
   * A document POST (a form sent without JavaScript) runs the action and then the page's loaders in one request,
   * through React Router's own handler: the loaders show what the action changed, the GET reads once.
   */
  describe('through React Router', () => {
    const routes = [
      {
        id: 'root',
        path: '/',
        // A data router's middleware may also run in the browser, where `next` is not typed as a Response.
        middleware: [(args: Parameters<typeof viewerMiddleware>[0], next: () => Promise<unknown>) => viewerMiddleware(args, next as () => Promise<Response>)],
        loader: async (args: ViewerArgs) => (await getViewer(args))?.name ?? null,
        children: [
          {
            id: 'conta',
            path: 'conta',
            loader: async (args: ViewerArgs) => (await getViewer(args))?.unreadNotifications ?? null,
            action: async (args: ViewerArgs) => {
              const viewer = await requireViewer(args);
              await getDb().update(users).set({ name: 'Nome Novo' }).where(eq(users.id, viewer.id));
              await notify({ userId: viewer.id, kind: 'moderation_warning', text: 'outra' });
              return viewer.name;
            },
          },
        ],
      },
    ];
    const respond = async (request: Request) => {
      const { query } = createStaticHandler(routes);
      return (await query(request, {
        requestContext: new RouterContextProvider(),
        generateMiddlewareResponse: async (run) => {
          const result = await run(request);
          return result instanceof Response ? result : Response.json({ loaderData: result.loaderData, actionData: result.actionData });
        },
      })) as Response;
    };
    const answer = async (request: Request) =>
      (await (await respond(request)).json()) as { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null };

    it('gives the loaders that run after an action the viewer as the action left it', async () => {
      const user = await createUser();
      await notify({ userId: user.id, kind: 'moderation_warning', text: 'não lida' });
      const post = new Request('http://localhost:3000/conta', { method: 'POST', body: new URLSearchParams({ x: '1' }), headers: { Cookie: user.cookie } });
      const { loaderData, actionData } = await answer(post);
      expect(actionData).toEqual({ conta: user.username });
      expect(loaderData).toEqual({ root: 'Nome Novo', conta: 2 });
    });

    it('reads the session once for a GET, for the root loader and the page loader together', async () => {
      const user = await createUser();
      const { result, queries } = await countQueries(() => answer(getRequest('/conta', user.cookie)));
      expect(result.loaderData).toEqual({ root: user.username, conta: 0 });
      expect(queries).toBe(1);
    });

    it('renews a session older than a day (30 days, sliding), and the middleware hands the new cookie to the response', async () => {
      const user = await createUser();
      await getDb().execute(
        sql`UPDATE sessions SET updated_at = now() - interval '2 days', expires_at = now() + interval '28 days' WHERE user_id = ${user.id}`,
      );
      const response = await respond(getRequest('/conta', user.cookie));
      expect(response.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(true);
      const [row] = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
      expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      expect((await respond(getRequest('/conta', user.cookie))).headers.getSetCookie()).toEqual([]);
    });
  });
});

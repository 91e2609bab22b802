import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { users } from '~/db/schema';
import { AUTH_BASE_PATH, PUBLIC_AUTH_ENDPOINTS, isPublicAuthEndpoint } from '~/features/accounts/auth-endpoints';
import { getAuth } from '~/features/accounts/auth.server';
import { useTestDatabase } from '../../test/db';
import { createUser } from '../../test/factories';
import * as authRoute from './api/auth';
import { routeArgs } from '../../test/routes';

/**
 * The auth library's router answers only the endpoints our pages send a browser to. Every endpoint the
 * library has (this version, these plugins) is listed from the library itself, so one added by an upgrade
 * is refused until someone decides otherwise.
 */
useTestDatabase();

const ORIGIN = 'http://localhost:3000';
type Args = { request: Request; params: Record<string, string>; context: object };

async function send(method: string, path: string, options: { cookie?: string; body?: unknown } = {}): Promise<Response> {
  const request = new Request(`${ORIGIN}${AUTH_BASE_PATH}${path}`, {
    method,
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json', ...(options.cookie ? { Cookie: options.cookie } : {}) },
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: JSON.stringify(options.body ?? {}) }),
  });
  const run = (method === 'GET' || method === 'HEAD' ? authRoute.loader : authRoute.action) as unknown as (args: Args) => Promise<Response>;
  return run(routeArgs(request, { '*': path.slice(1) }));
}

type Endpoint = { path?: string; options?: { method?: string | string[] } };

function libraryEndpoints(): { method: string; path: string }[] {
  const endpoints = Object.values(getAuth().api as unknown as Record<string, Endpoint>);
  return endpoints.flatMap((endpoint) => {
    if (!endpoint.path) return [];
    const declared = endpoint.options?.method ?? 'GET';
    const methods = declared === '*' ? ['GET', 'POST'] : Array.isArray(declared) ? declared : [declared];
    return methods.map((method) => ({ method, path: endpoint.path as string }));
  });
}

const concrete = (path: string) => path.replace(/:[a-zA-Z]+/g, 'google');

describe('the auth library over HTTP', () => {
  it('knows every endpoint on the allow-list (a renamed one fails here after an upgrade)', () => {
    const known = libraryEndpoints();
    for (const allowed of PUBLIC_AUTH_ENDPOINTS) expect(known).toContainEqual({ method: allowed.method, path: allowed.path });
  });

  it('answers 404 to every endpoint that is not on the allow-list, signed in or not', async () => {
    const reader = await createUser({ verified: true });
    const endpoints = libraryEndpoints();
    expect(endpoints.length).toBeGreaterThan(25);
    const answered: string[] = [];
    for (const { method, path } of endpoints) {
      if (isPublicAuthEndpoint(method, `${AUTH_BASE_PATH}${concrete(path)}`)) continue;
      for (const cookie of [undefined, reader.cookie]) {
        const response = await send(method, concrete(path), { cookie, body: { name: 'x', email: 'x@exemplo.com.br', password: 'x', username: 'x' } });
        if (response.status !== 404) answered.push(`${method} ${path} → ${response.status}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it('lets a provider return to the callback (the library answers it, with a redirect)', async () => {
    const response = await send('GET', '/callback/google?code=x&state=y');
    expect(response.status).not.toBe(404);
    expect(response.status).toBe(302);
  });

  it('no longer lets a reader point their avatar at another reader’s file, rename or lengthen their name through update-user', async () => {
    const victim = await createUser({ verified: true });
    const attacker = await createUser({ verified: true });
    await getDb()
      .update(users)
      .set({ image: `/arquivos/avatars/${victim.id}/a.webp` })
      .where(eq(users.id, victim.id));
    const response = await send('POST', '/update-user', {
      cookie: attacker.cookie,
      body: { image: `/arquivos/avatars/${victim.id}/a.webp`, username: 'nome_livre', name: 'x'.repeat(200_000) },
    });
    expect(response.status).toBe(404);
    const [row] = await getDb().select({ image: users.image, username: users.username, name: users.name }).from(users).where(eq(users.id, attacker.id));
    expect(row).toEqual({ image: null, username: attacker.username, name: attacker.username });
  });

  it('refuses the JSON sign-in, sign-up and reset endpoints (our forms are the only door)', async () => {
    for (const [path, body] of [
      ['/sign-in/email', { email: 'a@exemplo.com.br', password: 'errada-123' }],
      ['/sign-up/email', { email: 'crianca@exemplo.com.br', password: 'senha-boa-123', name: 'c', username: 'crianca', birthDate: '2020-01-01' }],
      ['/request-password-reset', { email: 'a@exemplo.com.br' }],
    ] as const) {
      expect((await send('POST', path, { body })).status).toBe(404);
    }
    expect(await getDb().select({ id: users.id }).from(users).where(eq(users.username, 'crianca'))).toEqual([]);
  });
});

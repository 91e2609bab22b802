import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/db';
import { createUser, getRequest } from '../../../test/factories';
import { loader } from './me';
import { routeArgs } from '../../../test/routes';

useTestDatabase();

type Args = Parameters<typeof loader>[0];
const call = async (cookie?: string) => {
  const response = (await loader(routeArgs(getRequest('/api/me', cookie)) as unknown as Args)) as Response;
  return { response, body: (await response.json()) as { viewer: { username: string } | null; unread: number } };
};

describe('/api/me', () => {
  it('answers who is reading, never cached, and null for visitors', async () => {
    const user = await createUser();
    const signedIn = await call(user.cookie);
    expect(signedIn.body.viewer?.username).toBe(user.username);
    expect(signedIn.response.headers.get('cache-control')).toBe('private, no-store');
    const visitor = await call();
    expect(visitor.body).toEqual({ viewer: null, unread: 0, whispers: 0 });
  });
});

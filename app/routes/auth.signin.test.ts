import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { outboxEmails, users } from '~/db/schema';
import { getViewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { withEnv } from '../../test/env';
import { cookieFrom, createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import { getAuth } from '~/features/accounts/auth.server';
import { changeUsername } from '~/features/accounts/mutations.server';
import { action } from './auth.signin';
import { loader as verifyLoader } from './auth.verificar-email';
import { routeArgs } from '../../test/routes';

useTestDatabase();

type ActionArgs = Parameters<typeof action>[0];
const run = (request: Request) => action(routeArgs(request) as unknown as ActionArgs);

async function asResponse(result: unknown): Promise<{ status: number; body: any; headers: Headers }> {
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers };
  if (!(result && typeof result === 'object' && 'init' in result)) return { status: 200, body: result, headers: new Headers() };
  const d = result as { data: unknown; init?: ResponseInit | null };
  return { status: d.init?.status ?? 200, body: d.data, headers: new Headers(d.init?.headers) };
}

const signUpFields = {
  intent: 'criar',
  email: 'Ana@Exemplo.com.br',
  username: 'ana_lendo',
  password: 'capitu-e-bentinho',
  birthDate: '1995-03-14',
  callbackUrl: '/',
};

const verifyArgs = (request: Request) => routeArgs(request) as unknown as Parameters<typeof verifyLoader>[0];

/** The library's own HTTP door, as a client would reach it if our allow-list ever let it through. */
const libraryDoor = (path: string, body: Record<string, string>, ip = '203.0.113.50') =>
  getAuth().handler(
    new Request(`http://localhost:3000/api/auth${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', 'x-maratona-client-ip': ip },
    }),
  );

const emailsTo = (to: string) => getDb().select().from(outboxEmails).where(eq(outboxEmails.to, to));

describe('sign up', () => {
  it('creates an unconfirmed account without signing in; the e-mailed link confirms it and signs in', async () => {
    const res = await asResponse(await run(formRequest('/auth/signin', signUpFields)));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe('Enviamos um link de confirmação para ana@exemplo.com.br. Abra-o para entrar no Maratona.');
    expect(res.headers.getSetCookie()).toEqual([]);
    const [user] = await getDb().select().from(users).where(eq(users.username, 'ana_lendo'));
    expect(user).toMatchObject({ email: 'ana@exemplo.com.br', emailVerified: false, profileVisibility: 'publico' });
    const emails = await emailsTo('ana@exemplo.com.br');
    expect(emails).toHaveLength(1);
    const link = /\/auth\/verificar-email\?token=\S+/.exec(emails[0]?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');

    const confirmed = await verifyLoader(verifyArgs(getRequest(link)));
    const cookie = cookieFrom(new Headers((confirmed as { init?: ResponseInit }).init?.headers));
    expect(await getViewer(routeArgs(getRequest('/', cookie)))).toMatchObject({ username: 'ana_lendo', emailVerified: true });
  });

  it('answers an address that already has an account exactly like a new one, and tells its holder by e-mail', async () => {
    const holder = await createUser({ email: 'ana@exemplo.com.br', verified: true });
    await getDb().delete(outboxEmails);
    const fresh = await asResponse(await run(formRequest('/auth/signin', { ...signUpFields, email: 'bia@exemplo.com.br', username: 'bia_lendo' })));
    const taken = await asResponse(await run(formRequest('/auth/signin', signUpFields)));
    expect(taken.status).toBe(fresh.status);
    expect(taken.body.success).toBe(fresh.body.success.replace('bia@', 'ana@'));
    expect(Object.keys(taken.body)).toEqual(Object.keys(fresh.body));
    expect(taken.headers.getSetCookie()).toEqual([]);
    expect(await getDb().select().from(users).where(eq(users.username, 'ana_lendo'))).toEqual([]);
    expect((await emailsTo(holder.email)).map((e) => e.subject)).toEqual(['Alguém tentou criar uma conta com o seu e-mail no Maratona']);
  });

  it('gives readers aged 13–17 a restricted profile', async () => {
    const year = new Date().getFullYear() - 15;
    await run(formRequest('/auth/signin', { ...signUpFields, birthDate: `${year}-01-01` }));
    const [user] = await getDb().select().from(users).where(eq(users.username, 'ana_lendo'));
    expect(user?.profileVisibility).toBe('restrito');
  });

  it('keeps what was typed and explains each problem next to its field', async () => {
    const res = await asResponse(await run(formRequest('/auth/signin', { ...signUpFields, username: 'Admin', password: 'admin', email: 'nao-e-email' })));
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.username).toContain('reservado');
    expect(res.body.fieldErrors.password).toContain('8 caracteres');
    expect(res.body.fieldErrors.email).toContain('e-mail');
    expect(res.body.fields).toMatchObject({ username: 'Admin', email: 'nao-e-email' });
    expect(res.body.fields.password).toBeUndefined();
  });

  it('refuses a username already taken', async () => {
    await createUser({ username: 'ana_lendo' });
    const res = await asResponse(await run(formRequest('/auth/signin', { ...signUpFields, email: 'outra@exemplo.com.br' })));
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.username).toContain('já está em uso');
  });

  it('refuses a child, a held username and a reserved one through the library’s own door too', async () => {
    const child = await libraryDoor('/sign-up/email', {
      email: 'crianca@exemplo.com.br',
      password: 'capitu-e-bentinho',
      name: 'c',
      username: 'crianca_1',
      birthDate: '2020-01-01',
    });
    expect(child.status).toBe(400);
    expect(((await child.json()) as { message: string }).message).toContain('13 anos');
    const renamed = await createUser({ username: 'nome_antigo' });
    await changeUsername(testViewer(renamed), 'nome_novo');
    const held = await libraryDoor('/sign-up/email', {
      email: 'outra@exemplo.com.br',
      password: 'capitu-e-bentinho',
      name: 'x',
      username: 'nome_antigo',
      birthDate: '1990-01-01',
    });
    expect(held.status).toBe(400);
    const reserved = await libraryDoor('/sign-up/email', {
      email: 'mais@exemplo.com.br',
      password: 'capitu-e-bentinho',
      name: 'x',
      username: 'admin',
      birthDate: '1990-01-01',
    });
    expect(reserved.status).toBe(400);
    const long = await libraryDoor('/sign-up/email', {
      email: 'longo@exemplo.com.br',
      password: 'capitu-e-bentinho',
      name: 'x'.repeat(200_000),
      username: 'nome_longo',
      birthDate: '1990-01-01',
    });
    expect(long.status).toBe(400);
    const created = await getDb().select({ email: users.email }).from(users);
    expect(created.map((u) => u.email)).not.toEqual(expect.arrayContaining(['crianca@exemplo.com.br']));
    expect(created.map((u) => u.email)).not.toContain('outra@exemplo.com.br');
    expect(created.map((u) => u.email)).not.toContain('mais@exemplo.com.br');
    expect(created.map((u) => u.email)).not.toContain('longo@exemplo.com.br');
  });

  it('limits sign-ups per IP, by the form and by the library’s door alike', async () => {
    await withEnv({ RATE_LIMIT_SIGNUP_IP_PER_5_MINUTES: '2' }, async () => {
      for (let i = 0; i < 2; i++)
        await run(formRequest('/auth/signin', { ...signUpFields, username: `ana_${i}`, email: `ana${i}@exemplo.com.br` }, { ip: '198.51.100.9' }));
      const res = await asResponse(
        await run(formRequest('/auth/signin', { ...signUpFields, username: 'ana_9', email: 'ana9@exemplo.com.br' }, { ip: '198.51.100.9' })),
      );
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(res.body.formError).toContain('Muitas tentativas');
      expect(res.body.fields).toMatchObject({ username: 'ana_9', email: 'ana9@exemplo.com.br' });

      const door = await libraryDoor(
        '/sign-up/email',
        { email: 'ana8@exemplo.com.br', password: 'capitu-e-bentinho', name: 'ana_8', username: 'ana_8', birthDate: '1990-01-01' },
        '198.51.100.9',
      );
      expect(door.status).toBe(429);
      expect(Number(door.headers.get('Retry-After'))).toBeGreaterThan(0);
    });
  });
});

describe('sign in', () => {
  it('signs in by username or by email, case-insensitively', async () => {
    const user = await createUser({ verified: true });
    for (const identifier of [user.username, user.email.toUpperCase()]) {
      const res = await asResponse(await run(formRequest('/auth/signin', { identifier, password: user.password, callbackUrl: '/configuracoes/conta' })));
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/configuracoes/conta');
      expect(await getViewer(routeArgs(getRequest('/', cookieFrom(res.headers))))).toMatchObject({ id: user.id });
    }
  });

  it('never redirects to another site after signing in', async () => {
    const user = await createUser({ verified: true });
    const res = await asResponse(
      await run(formRequest('/auth/signin', { identifier: user.username, password: user.password, callbackUrl: 'https://evil.example/' })),
    );
    expect(res.headers.get('location')).toBe('/');
  });

  it('answers a wrong password with one Portuguese message that does not reveal which part was wrong', async () => {
    const user = await createUser();
    const res = await asResponse(await run(formRequest('/auth/signin', { identifier: user.username, password: 'errada-errada' })));
    expect(res.status).toBe(400);
    expect(res.body.formError).toMatch(/incorretos/);
    expect(res.body.fields.identifier).toBe(user.username);
  });

  it('limits attempts on one account to 10 a minute, whatever the IP, and by e-mail and username together', async () => {
    const user = await createUser({ verified: true });
    for (let i = 0; i < 10; i++)
      await run(formRequest('/auth/signin', { identifier: i % 2 ? user.username : user.email, password: 'errada-errada' }, { ip: `192.0.2.${i}` }));
    const res = await asResponse(await run(formRequest('/auth/signin', { identifier: user.username, password: user.password }, { ip: '192.0.2.99' })));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(res.body.formError).toMatch(/Tente de novo em \d+ (segundos?|minutos?)/);
  });

  it('limits wrong passwords through the library’s own door too: the 11th is 429, not 401', async () => {
    const user = await createUser({ verified: true });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await libraryDoor('/sign-in/email', { email: user.email, password: 'errada-errada' }, `192.0.2.${i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it('limits attempts from one IP across accounts', async () => {
    for (let i = 0; i < 10; i++) await run(formRequest('/auth/signin', { identifier: `ninguem_${i}`, password: 'errada-errada' }, { ip: '192.0.2.200' }));
    const res = await asResponse(await run(formRequest('/auth/signin', { identifier: 'ninguem_x', password: 'errada-errada' }, { ip: '192.0.2.200' })));
    expect(res.status).toBe(429);
  });

  it('asks an unconfirmed account for its e-mail’s confirmation, sending the link again', async () => {
    const user = await createUser();
    const before = (await emailsTo(user.email)).length;
    const res = await asResponse(await run(formRequest('/auth/signin', { identifier: user.username, password: user.password })));
    expect(res.status).toBe(400);
    expect(res.body.formError).toContain('ainda não foi confirmado');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await emailsTo(user.email)).length).toBe(before + 1);
  });

  it('refuses a suspended account', async () => {
    const user = await createUser({ verified: true });
    await getDb().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    const res = await asResponse(await run(formRequest('/auth/signin', { identifier: user.username, password: user.password })));
    expect(res.status).toBe(400);
    expect(res.body.formError).toContain('suspensa');
  });
});

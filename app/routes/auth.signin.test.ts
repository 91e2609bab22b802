import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { outboxEmails, users } from '~/db/schema';
import { resetEnvForTests } from '~/server/env.server';
import { getViewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { cookieFrom, createUser, formRequest, getRequest } from '../../test/factories';
import { action } from './auth.signin';

useTestDatabase();

type ActionArgs = Parameters<typeof action>[0];
const run = (request: Request) => action({ request, params: {}, context: {} } as unknown as ActionArgs);

async function asResponse(result: unknown): Promise<{ status: number; body: any; headers: Headers }> {
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers };
  const d = result as { data: unknown; init?: ResponseInit | null };
  return { status: d.init?.status ?? 200, body: d.data, headers: new Headers(d.init?.headers) };
}

const signUpFields = { intent: 'criar', email: 'Ana@Exemplo.com.br', username: 'ana_lendo', password: 'capitu-e-bentinho', birthDate: '1995-03-14', callbackUrl: '/' };

describe('sign up', () => {
  it('creates the account, signs in, and sends the verification email', async () => {
    const res = await asResponse(await run(formRequest('/auth/signin', signUpFields)));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?bem-vindo=1');
    const cookie = cookieFrom(res.headers);
    const viewer = await getViewer(getRequest('/', cookie));
    expect(viewer).toMatchObject({ username: 'ana_lendo', role: 'reader', emailVerified: false });
    const [user] = await getDb().select().from(users).where(eq(users.username, 'ana_lendo'));
    expect(user?.email).toBe('ana@exemplo.com.br');
    expect(user?.profileVisibility).toBe('publico');
    const emails = await getDb().select().from(outboxEmails).where(eq(outboxEmails.to, 'ana@exemplo.com.br'));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toMatch(/\/auth\/verificar-email\?token=/);
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

  it('limits sign-ups per IP', async () => {
    process.env.RATE_LIMIT_SIGNUP_PER_HOUR = '2';
    resetEnvForTests();
    try {
      for (let i = 0; i < 2; i++) await run(formRequest('/auth/signin', { ...signUpFields, username: `ana_${i}`, email: `ana${i}@exemplo.com.br` }, { ip: '198.51.100.9' }));
      const res = await asResponse(await run(formRequest('/auth/signin', { ...signUpFields, username: 'ana_9', email: 'ana9@exemplo.com.br' }, { ip: '198.51.100.9' })));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(res.body.formError).toContain('Muitas tentativas');
    } finally {
      delete process.env.RATE_LIMIT_SIGNUP_PER_HOUR;
      resetEnvForTests();
    }
  });
});

describe('sign in', () => {
  it('signs in by username or by email, case-insensitively', async () => {
    const user = await createUser();
    for (const identifier of [user.username, user.email.toUpperCase()]) {
      const res = await asResponse(await run(formRequest('/auth/signin', { identifier, password: user.password, callbackUrl: '/configuracoes/conta' })));
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/configuracoes/conta');
      expect(await getViewer(getRequest('/', cookieFrom(res.headers)))).toMatchObject({ id: user.id });
    }
  });

  it('never redirects to another site after signing in', async () => {
    const user = await createUser();
    const res = await asResponse(await run(formRequest('/auth/signin', { identifier: user.username, password: user.password, callbackUrl: 'https://evil.example/' })));
    expect(res.headers.get('location')).toBe('/');
  });

  it('answers a wrong password with one Portuguese message that does not reveal which part was wrong', async () => {
    const user = await createUser();
    const res = await asResponse(await run(formRequest('/auth/signin', { identifier: user.username, password: 'errada-errada' })));
    expect(res.status).toBe(400);
    expect(res.body.formError).toMatch(/incorretos/);
    expect(res.body.fields.identifier).toBe(user.username);
  });

  it('limits attempts on one account to 10 a minute, whatever the IP', async () => {
    const user = await createUser();
    for (let i = 0; i < 10; i++) await run(formRequest('/auth/signin', { identifier: user.username, password: 'errada-errada' }, { ip: `192.0.2.${i}` }));
    const res = await asResponse(await run(formRequest('/auth/signin', { identifier: user.username, password: user.password }, { ip: '192.0.2.99' })));
    expect(res.status).toBe(429);
    expect(res.body.formError).toMatch(/Tente de novo em \d+ (segundos?|minutos?)/);
  });

  it('refuses a suspended account', async () => {
    const user = await createUser();
    await getDb().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    const res = await asResponse(await run(formRequest('/auth/signin', { identifier: user.username, password: user.password })));
    expect(res.status).toBe(400);
    expect(res.body.formError).toContain('suspensa');
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { authAccounts, sessions, users } from '~/db/schema';
import { explainAuthError } from '~/features/accounts/auth-errors';
import { providerOrigins } from '~/features/accounts/auth.server';
import { getEnv, resetEnvForTests } from '~/server/env.server';
import { getViewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createUser, formRequest, getRequest } from '../../test/factories';
import { atProvider, startTestProvider, subjectFor, TEST_CLIENT, type TestProvider } from '../../test/oauth-provider';
import * as authApi from './api/auth';
import * as completeStep from './auth.completar-cadastro';
import * as startSignIn from './auth.entrar-com.$provider';
import * as connections from './configuracoes.conexoes';
import * as notifications from './notificacoes';
import * as oauthRedirect from './oauthredirect';
import { routeArgs } from '../../test/routes';

/**
 * The provider flows end to end through the route modules, against the local test provider: the auth
 * library's built-in Google, Twitch and Discord code runs unchanged, only their endpoints point here.
 */
useTestDatabase();

const APP = 'http://localhost:3000';
const PROVIDER_KEYS = ['GOOGLE', 'TWITCH', 'DISCORD'].flatMap((p) => [`${p}_CLIENT_ID`, `${p}_CLIENT_SECRET`]);
let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider(APP);
  process.env.OAUTH_TEST_PROVIDER_URL = provider.url;
  for (const key of PROVIDER_KEYS) process.env[key] = key.endsWith('_ID') ? TEST_CLIENT.id : TEST_CLIENT.secret;
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.OAUTH_TEST_PROVIDER_URL;
  for (const key of PROVIDER_KEYS) delete process.env[key];
  resetEnvForTests();
  await provider.close();
});

beforeEach(() => resetEnvForTests());

type Args = { request: Request; params: Record<string, string>; context: object };
type Handler = (args: never) => unknown;
const call = (fn: Handler, request: Request, params: Record<string, string> = {}) =>
  (fn as unknown as (args: Args) => Promise<unknown>)(routeArgs(request, params));

/** A route result as status, location, body and headers, whether it answered, threw or returned data(). */
async function settle(promise: Promise<unknown>): Promise<{ status: number; location: string | null; body: any; headers: Headers }> {
  let result: unknown;
  try {
    result = await promise;
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('location'), body: null, headers: result.headers };
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const d = result as { data: unknown; init?: ResponseInit | null };
    return { status: d.init?.status ?? 200, location: null, body: d.data, headers: new Headers(d.init?.headers) };
  }
  return { status: 200, location: null, body: result, headers: new Headers() };
}

/** A browser's cookie jar for one origin: keeps what Set-Cookie gives, drops what it expires. */
class Jar {
  private cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  /** Cookies a browser already holds, as a Cookie header. */
  static holding(cookie: string) {
    const jar = new Jar();
    for (const pair of cookie.split('; ')) jar.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    return jar;
  }
  toString() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The provider's redirect back lands on the auth library's callback, with the browser's cookies. */
async function callback(location: string, jar: Jar) {
  expect(location.startsWith(`${APP}/api/auth/callback/`)).toBe(true);
  const res = await settle(call(authApi.loader, getRequest(new URL(location).pathname + new URL(location).search, jar.toString())));
  jar.take(res.headers);
  return res;
}

async function signInWith(id: 'google' | 'twitch' | 'discord', identity: { email: string; name: string }, callbackUrl: string, jar = new Jar()) {
  const start = await settle(call(startSignIn.action, formRequest(`/auth/entrar-com/${id}`, { callbackUrl }), { provider: id }));
  expect(start.status).toBe(302);
  expect(start.location?.startsWith(`${provider.url}/${id}/`)).toBe(true);
  jar.take(start.headers);
  const back = await callback(await atProvider(start.location ?? '', identity), jar);
  return { jar, location: back.location ?? '' };
}

const ana = { email: 'ana.souza@exemplo.com.br', name: 'Ana Souza' };
const yearsAgo = (years: number) => `${new Date().getFullYear() - years}-01-01`;

describe('first sign-in through a provider', () => {
  it('creates the account, asks for username and birth date, then signs in and goes to the callbackUrl', async () => {
    const { jar, location } = await signInWith('google', ana, '/notificacoes');
    expect(location).toBe('/auth/completar-cadastro?callbackUrl=%2Fnotificacoes');
    const [user] = await getDb().select().from(users).where(eq(users.email, ana.email));
    expect(user).toMatchObject({ name: 'Ana Souza', username: null, birthDate: null, emailVerified: true });
    const [account] = await getDb()
      .select()
      .from(authAccounts)
      .where(eq(authAccounts.userId, user?.id ?? ''));
    expect(account).toMatchObject({ providerId: 'google', accountId: subjectFor('google', ana.email) });
    expect(provider.grants.at(-1)?.codeChallenge).toBeTruthy();

    // Until the step is done, every page that needs a reader sends there, keeping where they were going.
    const blocked = await settle(call(notifications.loader, getRequest('/notificacoes?pagina=2', jar.toString())));
    expect(blocked.location).toBe('/auth/completar-cadastro?callbackUrl=%2Fnotificacoes%3Fpagina%3D2');
    const blockedAction = await settle(
      call(connections.action, formRequest('/configuracoes/conexoes', { intent: 'desconectar', provider: 'google' }, { cookie: jar.toString() })),
    );
    expect(blockedAction.location).toMatch(/^\/auth\/completar-cadastro\?/);

    const step = await settle(call(completeStep.loader, getRequest(location, jar.toString())));
    expect(step.body).toEqual({ email: ana.email, name: 'Ana Souza', provider: 'Google' });

    const done = await settle(
      call(completeStep.action, formRequest(location, { username: 'Ana_Google', birthDate: '1994-07-21' }, { cookie: jar.toString() })),
    );
    expect(done).toMatchObject({ status: 302, location: '/notificacoes' });
    const viewer = await getViewer(routeArgs(getRequest('/', jar.toString())));
    expect(viewer).toMatchObject({ username: 'ana_google', name: 'Ana Souza' });
    const [completed] = await getDb().select().from(users).where(eq(users.email, ana.email));
    expect(completed).toMatchObject({ username: 'ana_google', displayUsername: 'ana_google', birthDate: '1994-07-21', profileVisibility: 'publico' });
    expect((await settle(call(notifications.loader, getRequest('/notificacoes', jar.toString())))).status).toBe(200);

    // The step is over: coming back to it just goes on.
    const again = await settle(call(completeStep.loader, getRequest('/auth/completar-cadastro?callbackUrl=%2Fnotificacoes', jar.toString())));
    expect(again.location).toBe('/notificacoes');
  });

  it('skips the step when the same provider account signs in again', async () => {
    const first = await signInWith('twitch', ana, '/');
    await call(completeStep.action, formRequest(first.location, { username: 'ana_twitch', birthDate: '1994-07-21' }, { cookie: first.jar.toString() }));

    const second = await signInWith('twitch', ana, '/notificacoes');
    expect(second.location).toBe('/notificacoes');
    expect(await getViewer(routeArgs(getRequest('/', second.jar.toString())))).toMatchObject({ username: 'ana_twitch' });
    expect(await getDb().select().from(users).where(eq(users.email, ana.email))).toHaveLength(1);
  });

  it('removes the account of someone under 13 and explains why', async () => {
    const { jar, location } = await signInWith('discord', ana, '/');
    const before = jar.toString();
    const refused = await settle(call(completeStep.action, formRequest(location, { username: 'ana_discord', birthDate: yearsAgo(12) }, { cookie: before })));
    expect(refused.location).toBe('/auth/error?error=underage');
    jar.take(refused.headers);
    expect(jar.toString()).not.toContain('session_token');
    expect(await getDb().select().from(users).where(eq(users.email, ana.email))).toEqual([]);
    expect(await getDb().select().from(authAccounts).where(eq(authAccounts.providerId, 'discord'))).toEqual([]);
    expect(await getDb().select().from(sessions)).toEqual([]);
    expect(await getViewer(routeArgs(getRequest('/', before)))).toBeNull();
    expect(explainAuthError('underage')).toContain('13 anos ou mais');
  });

  it('gives readers aged 13–17 the protective defaults', async () => {
    const { jar, location } = await signInWith('google', ana, '/');
    const done = await settle(call(completeStep.action, formRequest(location, { username: 'ana_teen', birthDate: yearsAgo(15) }, { cookie: jar.toString() })));
    expect(done.location).toBe('/?bem-vindo=1');
    const [user] = await getDb().select().from(users).where(eq(users.email, ana.email));
    expect(user).toMatchObject({ username: 'ana_teen', profileVisibility: 'restrito' });
  });

  it('refuses a taken or reserved username next to the field and keeps what was typed', async () => {
    await createUser({ username: 'ana_lendo' });
    const { jar, location } = await signInWith('google', ana, '/');
    const taken = await settle(
      call(completeStep.action, formRequest(location, { username: 'Ana_Lendo', birthDate: '1990-02-03' }, { cookie: jar.toString() })),
    );
    expect(taken.status).toBe(400);
    expect(taken.body.fieldErrors.username).toContain('já está em uso');
    expect(taken.body.fields).toMatchObject({ username: 'Ana_Lendo', birthDate: '1990-02-03' });

    const reserved = await settle(call(completeStep.action, formRequest(location, { username: 'admin', birthDate: '1990-02-03' }, { cookie: jar.toString() })));
    expect(reserved.status).toBe(400);
    expect(reserved.body.fieldErrors.username).toContain('reservado');

    const empty = await settle(call(completeStep.action, formRequest(location, { username: 'ana_ok', birthDate: '' }, { cookie: jar.toString() })));
    expect(empty.body.fieldErrors.birthDate).toBe('Informe sua data de nascimento.');
    const [user] = await getDb().select().from(users).where(eq(users.email, ana.email));
    expect(user?.username).toBeNull();
  });

  it('counts against the sign-up limit per address, like the sign-up form, keeping what was typed', async () => {
    process.env.RATE_LIMIT_SIGNUP_IP_PER_5_MINUTES = '3';
    resetEnvForTests();
    const limit = getEnv().RATE_LIMIT_SIGNUP_IP_PER_5_MINUTES;
    for (let i = 0; i < limit; i++) {
      const { jar, location } = await signInWith('google', { email: `leitora${i}@exemplo.com.br`, name: `Leitora ${i}` }, '/');
      const done = await settle(
        call(completeStep.action, formRequest(location, { username: `leitora_${i}`, birthDate: '1990-02-03' }, { cookie: jar.toString() })),
      );
      expect(done.status).toBe(302);
    }
    const { jar, location } = await signInWith('discord', ana, '/');
    const refused = await settle(
      call(completeStep.action, formRequest(location, { username: 'ana_atrasada', birthDate: '1990-02-03' }, { cookie: jar.toString() })),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.body.formError).toContain('Muitas tentativas');
    expect(refused.body.fields).toMatchObject({ username: 'ana_atrasada', birthDate: '1990-02-03' });
    const [user] = await getDb().select().from(users).where(eq(users.email, ana.email));
    expect(user?.username).toBeNull();
    delete process.env.RATE_LIMIT_SIGNUP_IP_PER_5_MINUTES;
  });

  it('signs an existing reader in when the provider gives the same e-mail, linking it to the same account', async () => {
    const existing = await createUser({ username: 'ana_senha', email: ana.email, verified: true });
    const { jar, location } = await signInWith('google', ana, '/notificacoes');
    // The reader already has a username and birth date: no sign-up step, straight to where they were going.
    expect(location).toBe('/notificacoes');
    expect(await getViewer(routeArgs(getRequest('/', jar.toString())))).toMatchObject({ id: existing.id, username: 'ana_senha' });
    expect(await getDb().select().from(users).where(eq(users.email, ana.email))).toHaveLength(1);
    const linked = await getDb().select().from(authAccounts).where(eq(authAccounts.userId, existing.id));
    expect(linked.map((a) => a.providerId).sort()).toEqual(['credential', 'google']);
  });

  it('never links to an account whose e-mail was not verified (someone else may have registered it first)', async () => {
    const squatter = await createUser({ username: 'ana_falsa', email: ana.email });
    const { jar, location } = await signInWith('google', ana, '/notificacoes');
    expect(location).toBe('/auth/error?error=account_not_linked');
    expect(explainAuthError('account_not_linked')).toContain('Conexões');
    expect(await getViewer(routeArgs(getRequest('/', jar.toString())))).toBeNull();
    const accounts = await getDb().select().from(authAccounts).where(eq(authAccounts.userId, squatter.id));
    expect(accounts.map((a) => a.providerId)).toEqual(['credential']);
  });

  it('lets only one of two readers racing for the same username have it', async () => {
    const first = await signInWith('google', ana, '/');
    const second = await signInWith('discord', { email: 'outra.ana@exemplo.com.br', name: 'Outra Ana' }, '/');
    const [a, b] = await Promise.all(
      [first, second].map(({ jar, location }) =>
        settle(call(completeStep.action, formRequest(location, { username: 'ana_disputada', birthDate: '1990-02-03' }, { cookie: jar.toString() }))),
      ),
    );
    expect([a?.status, b?.status].sort()).toEqual([302, 400]);
    expect([a, b].find((r) => r?.status === 400)?.body.fieldErrors.username).toContain('já está em uso');
    expect(await getDb().select().from(users).where(eq(users.username, 'ana_disputada'))).toHaveLength(1);
  });

  it('follows only same-origin callbackUrls, and sends a visitor to sign in', async () => {
    const { jar, location } = await signInWith('google', ana, 'https://golpe.example/roubar');
    expect(location).toBe('/auth/completar-cadastro?callbackUrl=%2F');
    const foreign = formRequest(
      '/auth/completar-cadastro?callbackUrl=https%3A%2F%2Fgolpe.example%2F',
      { username: 'ana_segura', birthDate: '1990-02-03' },
      { cookie: jar.toString() },
    );
    expect((await settle(call(completeStep.action, foreign))).location).toBe('/?bem-vindo=1');
    const visitor = await settle(call(completeStep.loader, getRequest('/auth/completar-cadastro?callbackUrl=%2Fnotificacoes')));
    expect(visitor.location).toBe('/auth/signin?callbackUrl=%2Fnotificacoes');
  });

  it('explains a refusal at the provider', async () => {
    const start = await settle(call(startSignIn.action, formRequest('/auth/entrar-com/google', { callbackUrl: '/' }), { provider: 'google' }));
    const jar = new Jar();
    jar.take(start.headers);
    const back = await callback(await atProvider(start.location ?? '', ana, 'deny'), jar);
    expect(back.location).toMatch(/^\/auth\/error\?error=access_denied/);
    expect(await getDb().select().from(users).where(eq(users.email, ana.email))).toEqual([]);
  });
});

describe('connections', () => {
  it('links a provider from /configuracoes/conexoes through /oauthredirect, then signs in with it', async () => {
    const reader = await createUser({ username: 'bia_le' });
    const jar = Jar.holding(reader.cookie);
    const start = await settle(
      call(connections.action, formRequest('/configuracoes/conexoes', { intent: 'conectar', provider: 'discord' }, { cookie: jar.toString() })),
    );
    expect(start.location?.startsWith(`${provider.url}/discord/api/oauth2/authorize?`)).toBe(true);
    jar.take(start.headers);
    const back = await callback(await atProvider(start.location ?? '', { email: 'bia.no.discord@exemplo.com.br', name: 'Bia' }), jar);
    expect(back.location).toBe('/oauthredirect?conectado=1');
    const returned = await settle(call(oauthRedirect.loader, getRequest(back.location ?? '', jar.toString())));
    expect(returned.location).toBe('/configuracoes/conexoes?conectado=1');
    const page = await settle(call(connections.loader, getRequest('/configuracoes/conexoes', jar.toString())));
    expect(page.body.providers).toContainEqual({ id: 'discord', name: 'Discord', available: true, linked: true });
    expect(page.body.methodCount).toBe(2);

    const signedIn = await signInWith('discord', { email: 'bia.no.discord@exemplo.com.br', name: 'Bia' }, '/notificacoes');
    expect(signedIn.location).toBe('/notificacoes');
    expect(await getViewer(routeArgs(getRequest('/', signedIn.jar.toString())))).toMatchObject({ id: reader.id, username: 'bia_le' });
  });

  it('never removes the last way to sign in', async () => {
    const { jar, location } = await signInWith('google', ana, '/');
    await call(completeStep.action, formRequest(location, { username: 'ana_unica', birthDate: '1990-02-03' }, { cookie: jar.toString() }));
    const page = await settle(call(connections.loader, getRequest('/configuracoes/conexoes', jar.toString())));
    expect(page.body).toMatchObject({ hasPassword: false, methodCount: 1 });

    const refused = await settle(
      call(connections.action, formRequest('/configuracoes/conexoes', { intent: 'desconectar', provider: 'google' }, { cookie: jar.toString() })),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.formError).toBe('Você não pode remover a única forma de entrar na sua conta.');
    const [viewer] = await getDb().select({ id: users.id }).from(users).where(eq(users.username, 'ana_unica'));
    expect(
      await getDb()
        .select()
        .from(authAccounts)
        .where(and(eq(authAccounts.userId, viewer?.id ?? ''), eq(authAccounts.providerId, 'google'))),
    ).toHaveLength(1);

    // With a second provider linked, the first one can go.
    const start = await settle(
      call(connections.action, formRequest('/configuracoes/conexoes', { intent: 'conectar', provider: 'twitch' }, { cookie: jar.toString() })),
    );
    jar.take(start.headers);
    await callback(await atProvider(start.location ?? '', { email: 'ana.stream@exemplo.com.br', name: 'ana_stream' }), jar);
    const removed = await settle(
      call(connections.action, formRequest('/configuracoes/conexoes', { intent: 'desconectar', provider: 'google' }, { cookie: jar.toString() })),
    );
    expect(removed.body).toEqual({ success: 'Google foi desconectado.' });
  });
});

describe('the test provider setting', () => {
  it('is where the sign-in forms may send the browser (CSP form-action), instead of the real providers', () => {
    expect(providerOrigins()).toEqual([provider.url]);
    delete process.env.OAUTH_TEST_PROVIDER_URL;
    delete process.env.TWITCH_CLIENT_ID;
    resetEnvForTests();
    try {
      expect(providerOrigins()).toEqual(['https://accounts.google.com', 'https://discord.com']);
    } finally {
      process.env.OAUTH_TEST_PROVIDER_URL = provider.url;
      process.env.TWITCH_CLIENT_ID = TEST_CLIENT.id;
      resetEnvForTests();
    }
  });

  it('is refused unless the site and the provider are on this machine', () => {
    process.env.PUBLIC_URL = 'https://maratona.app';
    resetEnvForTests();
    try {
      expect(() => getEnv()).toThrow(/OAUTH_TEST_PROVIDER_URL é só para testes/);
    } finally {
      process.env.PUBLIC_URL = APP;
      resetEnvForTests();
    }
    process.env.OAUTH_TEST_PROVIDER_URL = 'https://provedor.example';
    resetEnvForTests();
    try {
      expect(() => getEnv()).toThrow(/OAUTH_TEST_PROVIDER_URL é só para testes/);
    } finally {
      process.env.OAUTH_TEST_PROVIDER_URL = provider.url;
      resetEnvForTests();
    }
  });
});

import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OAuth 2.0 / OpenID Connect provider standing in for Google, Twitch and Discord in tests. The app
 * reaches it through OAUTH_TEST_PROVIDER_URL (ADR 0007), which keeps each provider's own paths under a
 * prefix: `/google/token`, `/twitch/oauth2/token`, `/discord/api/users/@me`…
 *
 * It checks what a real provider checks — client credentials, redirect URI, single-use codes that expire,
 * PKCE (S256) when the request carried a challenge — and answers in each provider's own shape: ID tokens
 * (RS256) for Google and Twitch, the user object for Discord. The authorization page is a small form, so a
 * browser journey "signs in at the provider" by typing an e-mail and a name and pressing Autorizar.
 */
export const TEST_CLIENT = { id: 'maratona-teste', secret: 'segredo-do-provedor-de-teste' };

type ProviderId = 'google' | 'twitch' | 'discord';
type Identity = { email: string; name: string };
type Grant = {
  provider: ProviderId;
  redirectUri: string;
  codeChallenge: string | null;
  nonce: string | null;
  scope: string;
  identity: Identity;
  expiresAt: number;
};

const authorizePaths: Record<string, ProviderId> = {
  '/google/o/oauth2/v2/auth': 'google',
  '/twitch/oauth2/authorize': 'twitch',
  '/discord/api/oauth2/authorize': 'discord',
};
const tokenPaths: Record<string, ProviderId> = {
  '/google/token': 'google',
  '/twitch/oauth2/token': 'twitch',
  '/discord/api/oauth2/token': 'discord',
};
const issuers: Record<ProviderId, string> = { google: 'https://accounts.google.com', twitch: 'https://id.twitch.tv/oauth2', discord: 'https://discord.com' };
const names: Record<ProviderId, string> = { google: 'Google', twitch: 'Twitch', discord: 'Discord' };

export type TestProvider = {
  url: string;
  /** Every authorization the provider granted, newest last: tests read what the app asked for. */
  readonly grants: readonly Grant[];
  close(): Promise<void>;
};

/** The provider's stable id for an e-mail, so signing in twice is the same account (Discord ids are numeric). */
export function subjectFor(provider: ProviderId, email: string): string {
  const hash = createHash('sha256').update(`${provider}:${email.toLowerCase()}`).digest('hex');
  return provider === 'discord' ? BigInt(`0x${hash.slice(0, 15)}`).toString() : hash.slice(0, 21);
}

/**
 * What a person does at the provider: opens the authorization page, types who they are, presses a button.
 * Answers where the provider sends the browser back.
 */
export async function atProvider(authorizationUrl: string, identity: Identity, decision: 'allow' | 'deny' = 'allow'): Promise<string> {
  const page = await fetch(authorizationUrl);
  if (page.status !== 200 || !(await page.text()).includes('Autorizar')) throw new Error(`No authorization page at ${authorizationUrl} (${page.status})`);
  const url = new URL(authorizationUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set('email', identity.email);
  form.set('name', identity.name);
  form.set('decision', decision);
  const answer = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
  if (answer.status !== 302) throw new Error(`The provider answered ${answer.status} instead of sending the browser back`);
  return answer.headers.get('location') ?? '';
}

/** `appUrl` is the one site registered with the provider: its callbacks are the only redirect URIs accepted. */
export async function startTestProvider(appUrl: string, port = 0): Promise<TestProvider> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const grants: Grant[] = [];

  const idToken = (grant: Grant) => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: issuers[grant.provider],
      aud: TEST_CLIENT.id,
      sub: subjectFor(grant.provider, grant.identity.email),
      email: grant.identity.email,
      email_verified: true,
      iat: now,
      exp: now + 3600,
      ...(grant.provider === 'twitch' ? { preferred_username: grant.identity.name } : { name: grant.identity.name }),
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
    };
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'RS256', typ: 'JWT', kid })}.${part(claims)}`;
    return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url')}`;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://provider.test');
    // Clients encode path characters differently (`@me` arrives as `%40me`), as real providers tolerate.
    const path = decodeURIComponent(url.pathname);
    const authorizeFor = authorizePaths[path];
    if (authorizeFor && req.method === 'GET') return authorizePage(res, authorizeFor, url.searchParams);
    if (authorizeFor && req.method === 'POST') return authorize(res, authorizeFor, new URLSearchParams(await body(req)));
    const tokenFor = tokenPaths[path];
    if (tokenFor && req.method === 'POST') return token(req, res, tokenFor, new URLSearchParams(await body(req)));
    if (path === '/discord/api/users/@me') return discordUser(req, res);
    if (path === '/google/oauth2/v3/certs') return json(res, 200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] });
    return json(res, 404, { error: 'not_found' });
  };

  const requestProblem = (provider: ProviderId, params: URLSearchParams): string | null => {
    if (params.get('response_type') !== 'code') return 'response_type deve ser code';
    if (params.get('client_id') !== TEST_CLIENT.id) return 'client_id desconhecido';
    if (!params.get('state')) return 'state ausente';
    if (params.get('redirect_uri') !== `${appUrl}/api/auth/callback/${provider}`) return 'redirect_uri não registrado';
    return null;
  };

  const authorizePage = (res: ServerResponse, provider: ProviderId, query: URLSearchParams) => {
    const problem = requestProblem(provider, query);
    if (problem) return html(res, 400, `<p>${escape(problem)}</p>`);
    const hidden = [...query].map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join('');
    html(
      res,
      200,
      `<h1>${names[provider]} (provedor de teste)</h1>
       <form method="post">${hidden}
         <p><label>E-mail <input name="email" type="email" required></label></p>
         <p><label>Nome <input name="name" required></label></p>
         <button name="decision" value="allow">Autorizar</button> <button name="decision" value="deny">Negar</button>
       </form>`,
    );
  };

  const authorize = (res: ServerResponse, provider: ProviderId, form: URLSearchParams) => {
    const problem = requestProblem(provider, form);
    if (problem) return html(res, 400, `<p>${escape(problem)}</p>`);
    const back = new URL(form.get('redirect_uri') ?? '');
    back.searchParams.set('state', form.get('state') ?? '');
    const email = form.get('email')?.trim() ?? '';
    if (form.get('decision') !== 'allow' || !email) {
      back.searchParams.set('error', 'access_denied');
      return redirect(res, back.toString());
    }
    const code = randomBytes(16).toString('base64url');
    const grant: Grant = {
      provider,
      redirectUri: form.get('redirect_uri') ?? '',
      codeChallenge: form.get('code_challenge'),
      nonce: form.get('nonce'),
      scope: form.get('scope') ?? '',
      identity: { email, name: form.get('name')?.trim() || email },
      expiresAt: Date.now() + 60_000,
    };
    codes.set(code, grant);
    grants.push(grant);
    back.searchParams.set('code', code);
    redirect(res, back.toString());
  };

  const token = (req: IncomingMessage, res: ServerResponse, provider: ProviderId, form: URLSearchParams) => {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [clientId, clientSecret] = basic
      ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
      : [form.get('client_id'), form.get('client_secret')];
    if (clientId !== TEST_CLIENT.id || clientSecret !== TEST_CLIENT.secret) return json(res, 401, { error: 'invalid_client' });
    if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code);
    if (!grant || grant.provider !== provider || grant.expiresAt < Date.now() || grant.redirectUri !== form.get('redirect_uri')) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    if (grant.codeChallenge) {
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.codeChallenge) return json(res, 400, { error: 'invalid_grant' });
    }
    const accessToken = randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, grant);
    json(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: randomBytes(24).toString('base64url'),
      scope: grant.scope,
      ...(provider === 'discord' ? {} : { id_token: idToken(grant) }),
    });
  };

  const discordUser = (req: IncomingMessage, res: ServerResponse) => {
    const grant = accessTokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (!grant || grant.provider !== 'discord') return json(res, 401, { message: '401: Unauthorized', code: 0 });
    const { email, name } = grant.identity;
    json(res, 200, {
      id: subjectFor('discord', email),
      username: name.toLowerCase().replace(/[^a-z0-9_.]/g, ''),
      global_name: name,
      avatar: null,
      discriminator: '0',
      email,
      verified: true,
    });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: 'server_error', error_description: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    grants,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
}

function html(res: ServerResponse, status: number, content: string) {
  res
    .writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Provedor de teste</title></head><body>${content}</body></html>`);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { Location: location }).end();
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

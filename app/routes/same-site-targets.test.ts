import { readdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { affiliateClicks, users } from '~/db/schema';
import { renderMarkdown } from '~/lib/markdown';
import { SAME_SITE_TARGET_MAX } from '~/lib/same-site-path';
import { offlineRetryTarget } from '~/lib/offline-retry';
import { resetEnvForTests } from '~/server/env.server';
import { useTestDatabase } from '../../test/db';
import { cookieFrom, createUser, formRequest, getRequest } from '../../test/factories';
import { atProvider, startTestProvider, TEST_CLIENT, type TestProvider } from '../../test/oauth-provider';
import { call } from '../../test/routes';
import { landsOnSite, targetCases, TEST_ORIGIN, type TargetCase } from '../../test/same-site-targets';
import * as amznto from './amznto.$asin';
import { getAuth } from '~/features/accounts/auth.server';
import * as authApi from './api/auth';
import * as completeStep from './auth.completar-cadastro';
import * as startSignIn from './auth.entrar-com.$provider';
import * as authRedirect from './auth.redirect';
import * as signIn from './auth.signin';
import * as report from './denunciar';

/**
 * Every place that takes an address from a request and sends a browser to it (a Location, an href, the
 * offline page's retry) goes through sameSitePath. Each of them gets the whole table of test/same-site-targets.ts:
 * wherever it sends the browser must stay on our origin, and an address of ours must come out kept. The
 * last test lists the modules that call sameSitePath, so a new one cannot appear without a row here.
 */
useTestDatabase();

const ENV = {
  OAUTH_TEST_PROVIDER_URL: '',
  ...Object.fromEntries(
    ['GOOGLE', 'TWITCH', 'DISCORD'].flatMap((p) => [
      [`${p}_CLIENT_ID`, TEST_CLIENT.id],
      [`${p}_CLIENT_SECRET`, TEST_CLIENT.secret],
    ]),
  ),
  // A table is some sixty sign-ins or sign-up steps from one address and one account.
  RATE_LIMIT_SIGNIN_PER_MINUTE: '1000',
  RATE_LIMIT_SIGNIN_IP_PER_MINUTE: '1000',
  RATE_LIMIT_SIGNUP_IP_PER_5_MINUTES: '1000',
};
let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider(TEST_ORIGIN);
  Object.assign(process.env, ENV, { OAUTH_TEST_PROVIDER_URL: provider.url });
  resetEnvForTests();
});

afterAll(async () => {
  for (const key of Object.keys(ENV)) delete process.env[key];
  resetEnvForTests();
  await provider.close();
});

/** Where a loader's or action's redirect (returned or thrown, at once or later) sends the browser. */
async function locationOf(run: () => unknown): Promise<string> {
  let response: unknown;
  try {
    response = await run();
  } catch (thrown) {
    response = thrown;
  }
  if (!(response instanceof Response) || !response.headers.has('location')) throw new Error(`no redirect: ${JSON.stringify(response)}`);
  return response.headers.get('location') ?? '';
}

const q = (target: string) => encodeURIComponent(target);

const ana = { email: 'ana.souza@exemplo.com.br', name: 'Ana Souza' };

/** "Continuar com Google" with a callbackUrl, through the test provider and back: the auth library's answer. */
async function throughProvider(identity: { email: string; name: string }, callbackUrl: string): Promise<Response> {
  const start = (await call(startSignIn.action, formRequest('/auth/entrar-com/google', { callbackUrl }), { provider: 'google' })) as Response;
  const back = new URL(await atProvider(start.headers.get('location') ?? '', identity));
  return (await call(authApi.loader, getRequest(back.pathname + back.search, cookieFrom(start.headers)))) as Response;
}

/** Where the browser goes for one target, or null when it is sent nowhere (refused, plain text, a reload). */
type Land = (target: string, index: number) => Promise<string | null>;

type Caller = {
  /** The module that calls sameSitePath. */
  file: string;
  name: string;
  /** Prepares what the caller needs (accounts, a provider account) and answers how to ask it. */
  setup: () => Promise<Land>;
  /** The rows a request can carry to this caller at all (a header holds no newline). */
  receives?: (row: TargetCase) => boolean;
  /** Whether an address sameSitePath keeps must come out kept here too (the auth library refuses some of its own accord). */
  keeps?: (row: TargetCase) => boolean;
};

/** A site path with nothing the auth library's own check refuses (control characters, `//`, non-ASCII). */
const plainSitePath = (row: TargetCase) => /^\/[\w.~%?=#&/-]*$/.test(row.target) && !row.target.startsWith('//');

const callers: Caller[] = [
  {
    file: 'app/routes/auth.signin.tsx',
    name: 'sign-in page, signed in: ?callbackUrl=',
    setup: async () => {
      const user = await createUser();
      return (target) => locationOf(() => call(signIn.loader, getRequest(`/auth/signin?callbackUrl=${q(target)}`, user.cookie)));
    },
  },
  {
    file: 'app/routes/auth.signin.tsx',
    name: 'sign-in page, signed out: the callbackUrl its forms and tabs carry on',
    setup: async () => async (target) =>
      ((await call(signIn.loader, getRequest(`/auth/signin?callbackUrl=${q(target)}`))) as { callbackUrl: string }).callbackUrl,
  },
  {
    file: 'app/routes/auth.signin.tsx',
    name: 'sign-in form: callbackUrl field',
    setup: async () => {
      const user = await createUser({ verified: true });
      return (target) =>
        locationOf(() =>
          call(signIn.action, formRequest('/auth/signin', { intent: 'entrar', identifier: user.username, password: user.password, callbackUrl: target })),
        );
    },
  },
  {
    file: 'app/routes/auth.redirect.tsx',
    name: '/auth/redirect?callbackUrl=',
    setup: async () => (target) => locationOf(() => call(authRedirect.loader, getRequest(`/auth/redirect?callbackUrl=${q(target)}`))),
  },
  {
    file: 'app/routes/auth.completar-cadastro.tsx',
    name: 'sign-up step, already done: ?callbackUrl=',
    setup: async () => {
      const user = await createUser();
      return (target) => locationOf(() => call(completeStep.loader, getRequest(`/auth/completar-cadastro?callbackUrl=${q(target)}`, user.cookie)));
    },
  },
  {
    file: 'app/routes/auth.completar-cadastro.tsx',
    name: 'sign-up step, completed: ?callbackUrl=',
    setup: async () => {
      const user = await createUser();
      return async (target, index) => {
        await getDb().update(users).set({ username: null }).where(eq(users.id, user.id));
        const path = `/auth/completar-cadastro?callbackUrl=${q(target)}`;
        return locationOf(() => call(completeStep.action, formRequest(path, { username: `passo_${index}`, birthDate: '1994-07-21' }, { cookie: user.cookie })));
      };
    },
  },
  {
    file: 'app/routes/auth.entrar-com.$provider.tsx',
    name: 'sign-in through a provider: callbackUrl field, back from the provider',
    setup: async () => {
      // The account exists and has done its sign-up step, so the provider's answer goes to the callbackUrl.
      const first = await throughProvider(ana, '/');
      const cookie = cookieFrom(first.headers);
      await call(completeStep.action, formRequest(first.headers.get('location') ?? '', { username: 'ana_google', birthDate: '1994-07-21' }, { cookie }));
      return async (target) => (await throughProvider(ana, target)).headers.get('location');
    },
  },
  {
    file: 'app/routes/denunciar.tsx',
    name: '/denunciar: voltar field, the "Voltar" link of its answer',
    setup: async () => {
      const [reporter, reported] = [await createUser(), await createUser()];
      return async (target) => {
        const answer = await call(
          report.action,
          formRequest('/denunciar', { kind: 'user', target: reported.id, reason: 'spam', voltar: target }, { cookie: reporter.cookie }),
        );
        // Past the day's reports the answer is a failure, which carries the way back among its fields.
        const body = answer as { back?: string; data?: { fields: { back?: string } } };
        return body.back ?? body.data?.fields.back ?? null;
      };
    },
  },
  {
    file: 'app/lib/markdown.ts',
    name: 'Markdown link [x](<target>)',
    setup: async () => async (target) => {
      const anchors = [...renderMarkdown(`[x](<${target}>)`).matchAll(/<a href="([^"]*)"([^>]*)>/g)];
      if (anchors.some(([, , attributes]) => !attributes?.includes('rel="nofollow ugc noopener"')))
        throw new Error('a link without rel="nofollow ugc noopener"');
      const href = anchors[0]?.[1]
        ?.replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
      // Links to other sites are allowed (PRODUCT.md §1.6), marked as above; only site links are checked here.
      return href === undefined || /^(https?:|mailto:)/i.test(href) ? null : href;
    },
    keeps: (row) => row.target.startsWith('/') && !row.target.startsWith('//'),
  },
  {
    file: 'app/lib/offline-retry.ts',
    name: 'offline page: "Tentar de novo" with ?de=',
    setup: async () => async (target) => offlineRetryTarget({ search: `?de=${q(target)}`, origin: TEST_ORIGIN }),
  },
  {
    file: 'app/features/accounts/auth.server.ts',
    name: "the auth library's e-mail check link: callbackURL",
    setup: async () => async (target) => {
      const response = await getAuth().handler(getRequest(`/api/auth/verify-email?token=nao-existe&callbackURL=${q(target)}`));
      return response.status === 403 ? null : response.headers.get('location');
    },
    keeps: plainSitePath,
  },
  {
    file: 'app/features/accounts/auth.server.ts',
    name: "the auth library's password reset link: callbackURL",
    setup: async () => async (target) => {
      const response = await getAuth().handler(getRequest(`/api/auth/reset-password/nao-existe?callbackURL=${q(target)}`));
      return response.status === 403 ? null : response.headers.get('location');
    },
    keeps: plainSitePath,
  },
  {
    file: 'app/routes/amznto.$asin.ts',
    name: '/amznto: the Referer recorded as our page',
    setup: async () => async (target) => {
      await call(amznto.loader, new Request(`${TEST_ORIGIN}/amznto/B00TESTE12`, { headers: { Referer: target } }), { asin: 'B00TESTE12' });
      const [click] = await getDb().delete(affiliateClicks).returning({ referrerPath: affiliateClicks.referrerPath });
      return click?.referrerPath ?? null;
    },
    // A header holds Latin-1 without line breaks; the record keeps 500 characters.
    receives: (row) => /^[^\r\n\0\u0100-\uffff]*$/.test(row.target),
    keeps: (row) => row.target.length <= 500,
  },
];

const show = (value: string | null) => (value && value.length > 80 ? `${JSON.stringify(value.slice(0, 80))}…` : JSON.stringify(value));
const pathname = (target: string) => new URL(target, TEST_ORIGIN).pathname;

describe.each(callers)('$file — $name', (caller) => {
  // The sign-in form's table is some sixty sign-ins, each hashing a password: half a minute on a busy machine.
  it('sends the browser only to our site, and keeps our addresses', async () => {
    const land = await caller.setup();
    const failures: string[] = [];
    for (const [index, row] of targetCases.entries()) {
      if (caller.receives && !caller.receives(row)) continue;
      let landed: string | null;
      try {
        landed = await land(row.target, index);
      } catch (error) {
        failures.push(`${show(row.target)}: ${String(error)}`);
        continue;
      }
      if (landed !== null && !landsOnSite(landed)) failures.push(`${show(row.target)} → ${show(landed)} leaves the site`);
      else if (row.path !== null && (caller.keeps?.(row) ?? true) && (landed === null || pathname(landed) !== pathname(row.path))) {
        failures.push(`${show(row.target)} → ${show(landed)}, not kept as ${show(row.path)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

// Through the library's own router (our route answers 404 to this endpoint before it runs, decision 0034).
it("refuses, in the auth library's request bodies too, every target sameSitePath refuses", async () => {
  const accepted: string[] = [];
  for (const { target } of targetCases.filter((row) => row.path === null && row.target !== '')) {
    const request = new Request(`${TEST_ORIGIN}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
      body: JSON.stringify({ provider: 'google', callbackURL: target, disableRedirect: true }),
    });
    const response = await getAuth().handler(request);
    if (response.status !== 403) accepted.push(`${show(target)}: ${response.status}`);
  }
  expect(accepted).toEqual([]);
});

it('lets a new account in through a provider with a callbackUrl too long to carry into its sign-up step', async () => {
  // Kept by sameSitePath, but encoded into the step's own callbackUrl it passes the length every target is held to.
  const long = `/${'a'.repeat(SAME_SITE_TARGET_MAX - 1)}`;
  const back = await throughProvider(ana, long);
  expect(back.headers.get('location')).toBe('/auth/completar-cadastro');
});

/** Every module of the app, as a path from the repository's root. */
const appModules = () =>
  readdirSync('app', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => `app/${file}`);

it('has a row for every module that calls sameSitePath', () => {
  const calling = appModules().filter((file) => /(?<!function\s)\bsameSitePath\(/.test(readFileSync(file, 'utf8')));
  expect(calling.sort()).toEqual([...new Set(callers.map((caller) => caller.file))].sort());
});

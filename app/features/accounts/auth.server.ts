import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { username } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { authAccounts, sessions, users, verifications } from '~/db/schema';
import { sameSitePath } from '~/lib/same-site-path';
import { sendEmail } from '~/server/email.server';
import { getEnv } from '~/server/env.server';
import { log } from '~/server/logger.server';
import { resetPasswordEmail, verificationEmail } from './emails';
import { authorizationEndpoints, routeProvidersToTestProvider, testProviderUrl } from './test-provider.server';
import { USERNAME_MAX, USERNAME_MIN } from './limits';
import { isMinor, passwordProblem, usernameProblem } from './validation';

export const SESSION_DAYS = 30;
export const CLIENT_IP_HEADER = 'x-maratona-client-ip';

export type ProviderId = 'google' | 'twitch' | 'discord';
type ProviderKeys = { clientId: string; clientSecret: string; authorizationEndpoint?: string };

/** OAuth providers are offered only when their keys are configured. */
export function configuredProviders(): Record<ProviderId, ProviderKeys | undefined> {
  const env = getEnv();
  const keys = (id: ProviderId, clientId: string | undefined, clientSecret: string | undefined): ProviderKeys | undefined => {
    if (!clientId || !clientSecret) return undefined;
    const testEndpoint = env.OAUTH_TEST_PROVIDER_URL ? testProviderUrl(authorizationEndpoints[id], env.OAUTH_TEST_PROVIDER_URL) : null;
    return testEndpoint ? { clientId, clientSecret, authorizationEndpoint: testEndpoint } : { clientId, clientSecret };
  };
  return {
    google: keys('google', env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
    twitch: keys('twitch', env.TWITCH_CLIENT_ID, env.TWITCH_CLIENT_SECRET),
    discord: keys('discord', env.DISCORD_CLIENT_ID, env.DISCORD_CLIENT_SECRET),
  };
}

/**
 * Where the sign-in and "Conectar" forms redirect the browser to. Without JavaScript the form's own
 * navigation follows that redirect, so the CSP's form-action must allow these origins (server.ts).
 */
export function providerOrigins(): string[] {
  const providers = configuredProviders();
  const origins = (Object.keys(providers) as ProviderId[]).flatMap((id) => {
    const keys = providers[id];
    return keys ? [new URL(keys.authorizationEndpoint ?? authorizationEndpoints[id]).origin] : [];
  });
  return [...new Set(origins)];
}

/** The auth library's request fields that name an address to send the browser to. */
const REDIRECT_FIELDS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

function createAuth() {
  const env = getEnv();
  const providers = configuredProviders();
  if (env.OAUTH_TEST_PROVIDER_URL) routeProvidersToTestProvider(env.OAUTH_TEST_PROVIDER_URL);
  return betterAuth({
    appName: 'Maratona',
    baseURL: env.publicUrl,
    basePath: '/api/auth',
    secret: env.authSecret,
    trustedOrigins: [env.publicUrl],
    database: drizzleAdapter(getDb(), {
      provider: 'pg',
      schema: { user: users, session: sessions, account: authAccounts, verification: verifications },
    }),
    // Our own Postgres-backed limiter guards sign-in and sign-up (server/rate-limit.server.ts).
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: 60 * 60 * 24,
    },
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'reader' },
        birthDate: { type: 'string', required: false, input: true },
        profileVisibility: { type: 'string', input: false, defaultValue: 'publico' },
        suspendedAt: { type: 'date', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        await sendEmail({ to: user.email, ...resetPasswordEmail(user.name, `${env.publicUrl}/auth/redefinir-senha?token=${token}`) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, token }) => {
        await sendEmail({ to: user.email, ...verificationEmail(user.name, `${env.publicUrl}/auth/verificar-email?token=${token}`) });
      },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ['google', 'twitch', 'discord'], allowDifferentEmails: true },
    },
    socialProviders: {
      ...(providers.google ? { google: providers.google } : {}),
      ...(providers.twitch ? { twitch: providers.twitch } : {}),
      ...(providers.discord ? { discord: providers.discord } : {}),
    },
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN,
        maxUsernameLength: USERNAME_MAX,
        usernameValidator: (name) => usernameProblem(name) === null,
        validationOrder: { username: 'post-normalization' },
      }),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // Where the library may send a browser afterwards must be on this site by our rule too: its own check
        // admits `/.//evil`, which its verify-email error redirect writes out as `//evil`.
        const query = (ctx.query ?? {}) as Record<string, unknown>;
        for (const value of REDIRECT_FIELDS.flatMap((field) => [body[field], query[field]])) {
          if (!value) continue;
          if (typeof value !== 'string' || sameSitePath(value, env.publicUrl) === null) {
            throw new APIError('FORBIDDEN', { message: 'Endereço de retorno fora do Maratona.', code: 'INVALID_REDIRECT_TARGET' });
          }
        }
        // The same password rules whichever way a password arrives: our forms or the JSON API.
        const password = ['/sign-up/email', '/reset-password'].includes(ctx.path) ? body.password ?? body.newPassword : ctx.path === '/change-password' ? body.newPassword : undefined;
        if (typeof password !== 'string') return;
        const problem = passwordProblem(password, typeof body.username === 'string' ? body.username : undefined);
        if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'PASSWORD_REJECTED' });
        if (ctx.path === '/sign-up/email') {
          const birthDate = body.birthDate;
          if (typeof birthDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) {
            throw new APIError('BAD_REQUEST', { message: 'Informe sua data de nascimento.', code: 'BIRTH_DATE_REQUIRED' });
          }
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Readers aged 13–17 start with the protective defaults (PRODUCT.md §1.2).
          before: async (user) => {
            const birthDate = typeof user.birthDate === 'string' ? user.birthDate : null;
            return { data: { ...user, profileVisibility: isMinor(birthDate) ? 'restrito' : 'publico' } };
          },
          after: async (user) => log.info('auth.user_created', { userId: user.id }),
        },
      },
      session: {
        create: {
          before: async (session) => {
            const [row] = await getDb().select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, session.userId));
            if (row?.suspendedAt) throw new APIError('FORBIDDEN', { message: 'Esta conta está suspensa.', code: 'ACCOUNT_SUSPENDED' });
          },
          after: async (session) => log.info('auth.session_created', { userId: session.userId, ip: session.ipAddress }),
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
let auth: Auth | undefined;

/** Created lazily: the build imports route modules, and nothing may open the database at module load. */
export function getAuth(): Auth {
  auth ??= createAuth();
  return auth;
}

export function resetAuthForTests() {
  auth = undefined;
}

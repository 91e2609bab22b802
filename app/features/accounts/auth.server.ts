import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { username } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { authAccounts, sessions, users, verifications } from '~/db/schema';
import { sameSitePath } from '~/lib/same-site-path';
import { sendEmail } from '~/server/email.server';
import { getEnv } from '~/server/env.server';
import { usesSecureCookies } from '~/server/viewer.server';
import { AppError, isAppError, RateLimitError } from '~/server/errors';
import { log } from '~/server/logger.server';
import { CLIENT_IP_HEADER } from '~/server/request.server';
import { AUTH_BASE_PATH } from './auth-endpoints';
import { newEmailEmail, resetPasswordEmail, signUpAttemptEmail, verificationEmail } from './emails';
import { endPasswordResets, guardPasswordCheck, guardPasswordResetRequest, guardSignIn, guardSignUp, mayEmailAddress } from './guards.server';
import { authorizationEndpoints, routeProvidersToTestProvider, testProviderUrl } from './test-provider.server';
import { USERNAME_MAX, USERNAME_MIN } from './limits';
import { isMinor, passwordProblem, usernameProblem } from './validation';
import { creditWaitingUnsprint } from '~/features/unsprint/credits.server';

export const SESSION_DAYS = 30;

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
    basePath: AUTH_BASE_PATH,
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
      useSecureCookies: usesSecureCookies(),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: 60 * 60 * 24,
    },
    user: {
      // The new address is confirmed before it replaces the old one (features/accounts changeEmail).
      changeEmail: { enabled: true },
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'reader' },
        birthDate: { type: 'string', required: false, input: true },
        profileVisibility: { type: 'string', input: false, defaultValue: 'publico' },
        whisperAudience: { type: 'string', input: false, defaultValue: 'everyone' },
        suspendedAt: { type: 'date', required: false, input: false },
      },
    },
    // Password sign-in waits for the e-mail's confirmation, and a sign-up answers the same whether the address
    // has an account or not: its holder is told by e-mail instead (decision 0034).
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        if (!(await mayEmailAddress(user.email, 'reset'))) return;
        const link = `${env.publicUrl}/auth/redefinir-senha?token=${token}`;
        await sendEmail({ to: user.email, ...resetPasswordEmail(user.name, link) }, { secret: link });
      },
      onPasswordReset: async ({ user }) => endPasswordResets(user.id),
      onExistingUserSignUp: async ({ user }) => {
        if (!(await mayEmailAddress(user.email, 'sign-up-attempt'))) return;
        await sendEmail({ to: user.email, ...signUpAttemptEmail(user.name, `${env.publicUrl}/auth/signin`, `${env.publicUrl}/auth/redefinir-senha`) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A right password on an account still unconfirmed sends the link again (the sign-in budget bounds it).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, token }) => {
        if (!(await mayEmailAddress(user.email, 'verification'))) return;
        const link = `${env.publicUrl}/auth/verificar-email?token=${token}`;
        // The e-mail change flow sends its link to the new address, which is not yet the account's.
        const [current] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, user.id));
        const content =
          current && current.email.toLowerCase() !== user.email.toLowerCase() ? newEmailEmail(user.name, link) : verificationEmail(user.name, link);
        await sendEmail({ to: user.email, ...content }, { secret: link });
      },
    },
    onAPIError: { errorURL: `${env.publicUrl}/auth/error` },
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
      // The app's rules run here, where every call reaches the library: our forms' auth.api.* calls and the
      // library's router alike (decision 0034).
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const ip = ctx.headers?.get(CLIENT_IP_HEADER) || ctx.request?.headers.get(CLIENT_IP_HEADER) || 'desconhecido';
        // Where the library may send a browser afterwards must be on this site by our rule too: its own check
        // admits `/.//evil`, which its verify-email error redirect writes out as `//evil`.
        const query = (ctx.query ?? {}) as Record<string, unknown>;
        for (const value of REDIRECT_FIELDS.flatMap((field) => [body[field], query[field]])) {
          if (!value) continue;
          if (typeof value !== 'string' || sameSitePath(value, env.publicUrl) === null) {
            throw new APIError('FORBIDDEN', { message: 'Endereço de retorno fora do Maratona.', code: 'INVALID_REDIRECT_TARGET' });
          }
        }
        try {
          switch (ctx.path) {
            case '/sign-in/email':
              await guardSignIn(ip, String(body.email ?? ''));
              break;
            case '/sign-in/username':
              await guardSignIn(ip, String(body.username ?? ''));
              break;
            case '/sign-up/email':
              await guardSignUp(ip, body);
              break;
            case '/request-password-reset':
              await guardPasswordResetRequest(ip);
              break;
            case '/change-password':
            case '/verify-password': {
              const session = await getSessionFromCtx(ctx);
              if (session) await guardPasswordCheck(session.user.id);
              break;
            }
            case '/update-user':
              // Profile fields, the avatar and the username change only through our own mutations, which validate them.
              throw new AppError('forbidden', 'Os dados do perfil mudam em Configurações.');
          }
          const password = ctx.path === '/reset-password' || ctx.path === '/change-password' ? body.newPassword : undefined;
          if (typeof password === 'string') {
            const problem = passwordProblem(password, undefined);
            if (problem) throw new AppError('invalid_input', problem, 'password');
          }
        } catch (error) {
          throw asAPIError(error);
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Readers aged 13–17 start with the protective defaults (PRODUCT.md §1.2).
          before: async (user) => {
            const birthDate = typeof user.birthDate === 'string' ? user.birthDate : null;
            const minor = isMinor(birthDate);
            return { data: { ...user, profileVisibility: minor ? 'restrito' : 'publico', whisperAudience: minor ? 'following' : 'everyone' } };
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
      account: {
        create: {
          // A Twitch account linked (or signed up with): unSprint sprints reported for it before are credited now (0093).
          after: async (account) => {
            if (account.providerId === 'twitch') await creditWaitingUnsprint(account.userId, account.accountId);
          },
        },
      },
    },
  });
}

/**
 * A refusal of ours in the library's terms, so both doors answer it: over HTTP a status and JSON body,
 * through auth.api.* an APIError that `translate()` (mutations.server.ts) turns back into the AppError.
 */
function asAPIError(error: unknown): unknown {
  if (error instanceof RateLimitError) {
    return new APIError(
      'TOO_MANY_REQUESTS',
      { message: error.message, code: 'RATE_LIMITED', retryAfter: error.retryAfterSeconds },
      { 'Retry-After': String(error.retryAfterSeconds) },
    );
  }
  if (isAppError(error))
    return new APIError(error.code === 'forbidden' ? 'FORBIDDEN' : 'BAD_REQUEST', {
      message: error.message,
      code: 'APP_RULE',
      appCode: error.code,
      field: error.field,
    });
  return error;
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

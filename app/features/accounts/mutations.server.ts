import { APIError } from 'better-auth/api';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { authAccounts, sessions, usernameRedirects, users } from '~/db/schema';
import { dropHostedGroupReadPages } from '~/features/lcs/host-cache.server';
import { getStorage, removeFiles } from '~/integrations/storage/storage.server';
import { newId } from '~/lib/ids';
import { SAME_SITE_TARGET_MAX } from '~/lib/same-site-path';
import { AppError, RateLimitError, isUniqueViolation } from '~/server/errors';
import { IMAGE_MAX_BYTES, countImageUploads, normaliseImage } from '~/server/images.server';
import { sendEmail } from '~/server/email.server';
import { getEnv } from '~/server/env.server';
import { log } from '~/server/logger.server';
import type { Viewer } from '~/server/viewer.server';
import { authErrorMessages } from './auth-errors';
import { ownAvatarKey } from './avatar-key.server';
import { configuredProviders, getAuth, type ProviderId } from './auth.server';
import { emailChangeRequestedEmail } from './emails';
import { endPasswordResets, guardSignUpAttempt, isUsernameHeld, mayEmailAddress } from './guards.server';
import { isMinor } from './validation';
import { MINOR_AUDIENCE_MESSAGE } from '~/features/whispers/policy';
import type { WhisperAudience } from '~/features/whispers/vocabulary';

export const USERNAME_REDIRECT_DAYS = 30;

const fieldOf: Record<string, string> = {
  USERNAME_IS_ALREADY_TAKEN: 'username',
  INVALID_USERNAME: 'username',
  USERNAME_TOO_SHORT: 'username',
  USERNAME_TOO_LONG: 'username',
  USER_ALREADY_EXISTS: 'email',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  INVALID_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  PASSWORD_REJECTED: 'password',
  INVALID_PASSWORD: 'currentPassword',
  BIRTH_DATE_REQUIRED: 'birthDate',
};

/** Auth library errors become AppErrors with a Portuguese message attached to the field they concern. */
function translate(error: unknown): never {
  if (error instanceof APIError) {
    const body = (error.body ?? {}) as { code?: string; appCode?: AppError['code']; field?: string; retryAfter?: number };
    // Our own rules, refused in the library's before hook (guards.server.ts), come back as they left.
    if (body.code === 'RATE_LIMITED') throw new RateLimitError(body.retryAfter ?? 60, error.message);
    if (body.code === 'APP_RULE' && body.appCode) throw new AppError(body.appCode, error.message, body.field);
    const code = String(body.code ?? '');
    const message = code === 'ACCOUNT_SUSPENDED' ? error.message : (authErrorMessages[code] ?? error.message);
    const appCode = code === 'ACCOUNT_SUSPENDED' ? 'suspended' : code === 'EMAIL_NOT_VERIFIED' ? 'email_not_verified' : 'invalid_input';
    throw new AppError(appCode, message, fieldOf[code]);
  }
  throw error;
}

/**
 * Creates the account and sends its confirmation link, or, when the address already has an account, tells
 * its holder by e-mail: either way the answer is the same and nobody is signed in (decision 0034).
 */
export async function signUp(request: Request, input: { email: string; username: string; password: string; birthDate: string }): Promise<void> {
  try {
    await getAuth().api.signUpEmail({
      body: { email: input.email, password: input.password, name: input.username, username: input.username, birthDate: input.birthDate },
      headers: request.headers,
    });
    log.info('auth.sign_up', { username: input.username });
  } catch (error) {
    translate(error);
  }
}

export async function signIn(request: Request, input: { identifier: string; password: string }): Promise<Headers> {
  try {
    const { headers } = input.identifier.includes('@')
      ? await getAuth().api.signInEmail({ body: { email: input.identifier, password: input.password }, headers: request.headers, returnHeaders: true })
      : await getAuth().api.signInUsername({ body: { username: input.identifier, password: input.password }, headers: request.headers, returnHeaders: true });
    log.info('auth.sign_in', { identifier: input.identifier });
    return headers;
  } catch (error) {
    log.info('auth.sign_in_failed', { identifier: input.identifier });
    translate(error);
  }
}

export async function signOut(request: Request): Promise<Headers> {
  const { headers } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
  return headers;
}

/** Ends every session of the viewer, this one included. */
export async function signOutEverywhere(viewer: Viewer, request: Request): Promise<Headers> {
  await getDb().delete(sessions).where(eq(sessions.userId, viewer.id));
  log.info('auth.sign_out_everywhere', { userId: viewer.id });
  return signOut(request);
}

/** A password change ends the reader's other sessions and every reset link; this one goes on with a fresh session cookie. */
export async function changePassword(viewer: Viewer, request: Request, input: { currentPassword: string; newPassword: string }): Promise<Headers> {
  try {
    const { headers } = await getAuth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await endPasswordResets(viewer.id);
    log.info('auth.password_changed', { userId: viewer.id });
    return headers;
  } catch (error) {
    if (error instanceof APIError && (error.body as { code?: string } | undefined)?.code === 'INVALID_PASSWORD') {
      throw new AppError('wrong_password', undefined, 'currentPassword');
    }
    translate(error);
  }
}

/**
 * Answers the same whether the address has an account or not, so the form cannot be used to learn which
 * do; only the budget of the requester's address is told (it says nothing about the e-mail).
 */
export async function requestPasswordReset(request: Request, email: string): Promise<void> {
  try {
    await getAuth().api.requestPasswordReset({ body: { email, redirectTo: '/auth/redefinir-senha' }, headers: request.headers });
  } catch (error) {
    if (error instanceof APIError && (error.body as { code?: string } | undefined)?.code === 'RATE_LIMITED') translate(error);
    log.warn('auth.reset_request_failed', { error });
  }
}

export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  try {
    await getAuth().api.resetPassword({ body: { token: input.token, newPassword: input.password } });
    log.info('auth.password_reset', {});
  } catch (error) {
    translate(error);
  }
}

export async function verifyEmail(request: Request, token: string): Promise<Headers> {
  try {
    const { headers } = await getAuth().api.verifyEmail({ query: { token }, headers: request.headers, returnHeaders: true });
    return headers;
  } catch (error) {
    translate(error);
  }
}

export async function resendVerification(viewer: Viewer): Promise<void> {
  const [user] = await getDb().select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, viewer.id));
  if (!user || user.verified) return;
  await getAuth().api.sendVerificationEmail({ body: { email: user.email } });
}

export async function updateProfile(
  viewer: Viewer,
  input: {
    name: string;
    pronouns: string;
    bio: string;
    links: string[];
    profileVisibility: 'publico' | 'restrito';
    showCurrentlyReading: boolean;
    whisperAudience?: WhisperAudience | undefined;
  },
): Promise<void> {
  if (input.whisperAudience === 'everyone') {
    const [reader] = await getDb().select({ birthDate: users.birthDate }).from(users).where(eq(users.id, viewer.id));
    if (isMinor(reader?.birthDate)) throw new AppError('invalid_input', MINOR_AUDIENCE_MESSAGE, 'whisperAudience');
  }
  await getDb()
    .update(users)
    .set({
      name: input.name,
      pronouns: input.pronouns || null,
      bio: input.bio || null,
      links: input.links,
      profileVisibility: input.profileVisibility,
      showCurrentlyReading: input.showCurrentlyReading,
      ...(input.whisperAudience ? { whisperAudience: input.whisperAudience } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, viewer.id));
  if (input.name !== viewer.name) await dropHostedGroupReadPages(viewer.id);
}

/**
 * A rename keeps the old name pointing at the reader for 30 days (the one resolver honours it), so links
 * shared before the change still work; then the name is freed.
 */
export async function changeUsername(viewer: Viewer, username: string): Promise<void> {
  if (username === viewer.username) return;
  await getDb().transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    const [held] = await tx
      .select({ userId: usernameRedirects.userId })
      .from(usernameRedirects)
      .where(and(eq(usernameRedirects.oldUsername, username), gt(usernameRedirects.expiresAt, new Date())))
      .limit(1);
    if (taken || (held && held.userId !== viewer.id)) throw new AppError('username_taken', undefined, 'username');
    await tx.delete(usernameRedirects).where(eq(usernameRedirects.oldUsername, username));
    await tx
      .insert(usernameRedirects)
      .values({ oldUsername: viewer.username, userId: viewer.id, expiresAt: new Date(Date.now() + USERNAME_REDIRECT_DAYS * 86_400_000) })
      .onConflictDoUpdate({ target: usernameRedirects.oldUsername, set: { userId: viewer.id, expiresAt: sql`excluded.expires_at` } });
    await tx.update(users).set({ username, displayUsername: username, updatedAt: new Date() }).where(eq(users.id, viewer.id));
  });
  await dropHostedGroupReadPages(viewer.id);
  log.info('account.username_changed', { userId: viewer.id, from: viewer.username, to: username });
}

/** How recent a provider sign-in must be to stand in for the password an OAuth-only account does not have. */
export const FRESH_SIGN_IN_MINUTES = 10;

/** Whether the reader has a password to type again before a sensitive change (else a fresh provider sign-in stands in). */
export async function hasPassword(viewer: Viewer): Promise<boolean> {
  const [credential] = await getDb()
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, viewer.id), eq(authAccounts.providerId, 'credential')))
    .limit(1);
  return Boolean(credential);
}

/**
 * An e-mail change asks for the current password (or, for an account without one, a provider sign-in of the
 * last minutes), then sends a link to the new address: the account keeps the old one until the link is
 * opened, so a typo never locks anyone out. The old address is told at once. Whether the new address
 * belongs to another account is never said.
 */
export async function changeEmail(viewer: Viewer, request: Request, input: { email: string; password?: string }): Promise<void> {
  const [current] = await getDb().select({ email: users.email, name: users.name }).from(users).where(eq(users.id, viewer.id));
  if (!current || current.email === input.email) return;
  if (await hasPassword(viewer)) {
    if (!input.password) throw new AppError('wrong_password', 'Informe sua senha atual para trocar o e-mail.', 'password');
    try {
      await getAuth().api.verifyPassword({ body: { password: input.password }, headers: request.headers });
    } catch (error) {
      if (error instanceof APIError && (error.body as { code?: string } | undefined)?.code === 'INVALID_PASSWORD')
        throw new AppError('wrong_password', undefined, 'password');
      translate(error);
    }
  } else {
    const [session] = await getDb().select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, viewer.sessionId));
    if (!session || Date.now() - session.createdAt.getTime() > FRESH_SIGN_IN_MINUTES * 60_000) {
      throw new AppError('forbidden', 'Por segurança, entre de novo com sua conta conectada e troque o e-mail logo em seguida.', 'email');
    }
  }
  try {
    await getAuth().api.changeEmail({ body: { newEmail: input.email, callbackURL: '/configuracoes/conta?email=confirmado' }, headers: request.headers });
  } catch (error) {
    translate(error);
  }
  if (await mayEmailAddress(current.email, 'email-change-notice')) {
    await sendEmail({ to: current.email, ...emailChangeRequestedEmail(current.name, input.email, `${getEnv().publicUrl}/auth/redefinir-senha`) });
  }
  log.info('account.email_change_requested', { userId: viewer.id });
}

export const AVATAR_SIDE = 512;

export async function changeAvatar(viewer: Viewer, file: File): Promise<string> {
  if (file.size > IMAGE_MAX_BYTES) throw new AppError('image_too_large', undefined, 'avatar');
  await countImageUploads(viewer, 1, 'avatar');
  let image: Awaited<ReturnType<typeof normaliseImage>>;
  try {
    image = await normaliseImage(Buffer.from(await file.arrayBuffer()), AVATAR_SIDE);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, error.message, 'avatar');
    throw error;
  }
  const url = await getStorage().put(`avatars/${viewer.id}/${newId()}.webp`, image.body, image.contentType);
  const [previous] = await getDb().select({ image: users.image }).from(users).where(eq(users.id, viewer.id));
  await getDb().update(users).set({ image: url, updatedAt: new Date() }).where(eq(users.id, viewer.id));
  const previousKey = ownAvatarKey(viewer.id, previous?.image ?? null);
  if (previousKey) await removeFiles([previousKey]);
  return url;
}

/** Starts linking a provider: answers the provider's authorisation URL, with the state cookie to set. */
export async function startLinkingProvider(request: Request, provider: ProviderId): Promise<{ url: string; headers: Headers }> {
  if (!configuredProviders()[provider]) throw new AppError('not_found');
  const { headers, response } = await getAuth().api.linkSocialAccount({
    body: { provider, callbackURL: '/oauthredirect?conectado=1', errorCallbackURL: '/oauthredirect' },
    headers: request.headers,
    returnHeaders: true,
  });
  return { url: response.url, headers };
}

/** Where an account just created through a provider goes first: it has no username nor birth date yet. */
const SIGN_UP_STEP_PATH = '/auth/completar-cadastro';

export async function startSocialSignIn(request: Request, provider: ProviderId, callbackUrl: string): Promise<{ url: string; headers: Headers }> {
  if (!configuredProviders()[provider]) throw new AppError('not_found');
  const stepWithCallback = `${SIGN_UP_STEP_PATH}?callbackUrl=${encodeURIComponent(callbackUrl)}`;
  const { headers, response } = await getAuth().api.signInSocial({
    body: {
      provider,
      callbackURL: callbackUrl,
      errorCallbackURL: '/auth/error',
      // Encoded, a long callbackUrl can pass the length every redirect target is held to: the step then goes home.
      newUserCallbackURL: stepWithCallback.length <= SAME_SITE_TARGET_MAX ? stepWithCallback : SIGN_UP_STEP_PATH,
    },
    headers: request.headers,
    returnHeaders: true,
  });
  if (!response.url) throw new AppError('not_found');
  return { url: response.url, headers };
}

/** The last way to sign in can never be removed, or the reader would be locked out. */
export async function unlinkProvider(viewer: Viewer, request: Request, provider: string): Promise<void> {
  const methods = await getDb().select({ providerId: authAccounts.providerId }).from(authAccounts).where(eq(authAccounts.userId, viewer.id));
  if (!methods.some((m) => m.providerId === provider)) throw new AppError('not_found');
  if (methods.length <= 1) throw new AppError('last_sign_in_method');
  await getDb()
    .delete(authAccounts)
    .where(and(eq(authAccounts.userId, viewer.id), eq(authAccounts.providerId, provider)));
  log.info('auth.provider_unlinked', { userId: viewer.id, provider, ua: request.headers.get('user-agent') });
}

/**
 * The sign-up step of an account created through a provider: username and birth date, once. Only an
 * account still without a username can take it; the unique index settles two readers racing for a name.
 */
export async function completeSignUp(viewer: Viewer, input: { username: string; birthDate: string }, ip: string): Promise<void> {
  // An account through a provider is a sign-up like any other: the same budget per address (PRODUCT.md §1.5).
  await guardSignUpAttempt(ip);
  try {
    await getDb().transaction(async (tx) => {
      if (await isUsernameHeld(input.username, tx)) throw new AppError('username_taken', undefined, 'username');
      const updated = await tx
        .update(users)
        .set({
          username: input.username,
          displayUsername: input.username,
          birthDate: input.birthDate,
          profileVisibility: isMinor(input.birthDate) ? 'restrito' : 'publico',
          whisperAudience: isMinor(input.birthDate) ? 'following' : 'everyone',
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, viewer.id), isNull(users.username)))
        .returning({ id: users.id });
      if (!updated.length) throw new AppError('not_found');
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('username_taken', undefined, 'username');
    throw error;
  }
  log.info('auth.sign_up_completed', { userId: viewer.id, username: input.username });
}

/**
 * Someone under the minimum age finished a provider sign-in: the account it created, its session and the
 * provider's tokens go (LGPD: nothing of a child is kept). Only an account still in the sign-up step can
 * be removed this way. Answers the headers that clear the session cookie.
 */
export async function removeUnderageSignUp(viewer: Viewer, request: Request): Promise<Headers> {
  const [pending] = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, viewer.id), isNull(users.username)));
  if (!pending) throw new AppError('not_found');
  const headers = await signOut(request);
  await getDb()
    .delete(users)
    .where(and(eq(users.id, viewer.id), isNull(users.username)));
  log.info('auth.sign_up_refused_underage', { userId: viewer.id });
  return headers;
}

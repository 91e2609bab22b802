import { and, eq, gt, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '~/db/client.server';
import { usernameRedirects, users, verifications } from '~/db/schema';
import { AppError, RateLimitError } from '~/server/errors';
import { log } from '~/server/logger.server';
import { formatWait, hitRateLimit, rateLimitMessage, rateLimitRules, type RateLimitRule } from '~/server/rate-limit.server';
import { DISPLAY_NAME_MAX } from './limits';
import { signUpInput } from './validation';

/**
 * What the app decides before an account action happens, whichever door it came through: our forms call
 * the auth library's functions, the library's `before` hook calls these (auth.server.ts), and our own
 * account mutations call them too. So a limit or a rule cannot be skipped by reaching the library another
 * way (decision 0034).
 */

async function limit(rule: RateLimitRule, subject: string): Promise<void> {
  const result = await hitRateLimit(rule, subject);
  if (!result.ok) throw new RateLimitError(result.retryAfterSeconds, rateLimitMessage(result.retryAfterSeconds));
}

/**
 * The account an identifier (e-mail or username) names, so that trying a password by e-mail and by username
 * spends one budget; an identifier of no account is counted as typed.
 */
async function accountSubject(identifier: string): Promise<string> {
  const lower = identifier.trim().toLowerCase();
  const [row] = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(lower.includes('@') ? sql`lower(${users.email}) = ${lower}` : eq(users.username, lower))
    .limit(1);
  return row?.id ?? lower;
}

export async function guardSignIn(ip: string, identifier: string): Promise<void> {
  const rules = rateLimitRules();
  await limit(rules.signInPerIp, ip);
  await limit(rules.signInPerAccount, await accountSubject(identifier));
}

/** A password typed again by a signed-in reader (to change it, or the e-mail): the sign-in budget of the account. */
export async function guardPasswordCheck(userId: string): Promise<void> {
  await limit(rateLimitRules().signInPerAccount, userId);
}

/** A username is unavailable while someone has it, or while a rename keeps it pointing at its old owner. */
export async function isUsernameHeld(username: string, db: Db | Tx = getDb()): Promise<boolean> {
  const taken = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  const redirected = await db
    .select({ id: usernameRedirects.userId })
    .from(usernameRedirects)
    .where(and(eq(usernameRedirects.oldUsername, username), gt(usernameRedirects.expiresAt, new Date())))
    .limit(1);
  return taken.length > 0 || redirected.length > 0;
}

/** Every new account, by form or provider, spends the same budget of its address (PRODUCT.md §1.5, decision 0034). */
export async function guardSignUpAttempt(ip: string): Promise<void> {
  await limit(rateLimitRules().signUpPerIp, ip);
}

/**
 * A sign-up with e-mail and password: the budget, then the rules of the form (e-mail, username, password,
 * minimum age), then whether the username is free.
 */
export async function guardSignUp(ip: string, body: Record<string, unknown>): Promise<void> {
  await guardSignUpAttempt(ip);
  const parsed = signUpInput.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('invalid_input', issue?.message, issue?.path.length ? String(issue.path[0]) : undefined);
  }
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name || name.length > DISPLAY_NAME_MAX) throw new AppError('invalid_input', `Use um nome de exibição de 1 a ${DISPLAY_NAME_MAX} caracteres.`, 'name');
  if (await isUsernameHeld(parsed.data.username)) throw new AppError('username_taken', undefined, 'username');
}

export async function guardPasswordResetRequest(ip: string): Promise<void> {
  await limit(rateLimitRules().passwordResetPerIp, ip);
}

/**
 * Whether one more account e-mail (confirmation, reset, "someone tried to sign up") may go to this address
 * now. Over the budget the e-mail is skipped, not refused: the page that caused it answers the same either
 * way, so the limit tells nothing about which addresses have accounts.
 */
export async function mayEmailAddress(address: string, purpose: string): Promise<boolean> {
  const result = await hitRateLimit(rateLimitRules().accountEmailsPerAddress, address.trim().toLowerCase());
  if (!result.ok) log.warn('auth.email_skipped_over_limit', { purpose, retryIn: formatWait(result.retryAfterSeconds) });
  return result.ok;
}

/** Every password-reset link of a reader stops working: after a reset, and after a password change. */
export async function endPasswordResets(userId: string, db: Db | Tx = getDb()): Promise<void> {
  await db.delete(verifications).where(and(sql`${verifications.identifier} LIKE 'reset-password:%'`, eq(verifications.value, userId)));
}

import { sql } from 'drizzle-orm';
import { data } from 'react-router';
import { type Db, type Tx, getDb, queryRows } from '~/db/client.server';
import { getEnv } from './env.server';
import { registerRecurringJob } from './jobs.server';

export type RateLimitRule = { readonly name: string; readonly limit: number; readonly windowSeconds: number };

/** The limits of PRODUCT.md §1.5 that this area enforces, read from configuration so tests can set them. */
export function rateLimitRules() {
  const env = getEnv();
  return {
    signInPerIp: { name: 'signin-ip', limit: env.RATE_LIMIT_SIGNIN_IP_PER_MINUTE, windowSeconds: 60 },
    signInPerAccount: { name: 'signin-account', limit: env.RATE_LIMIT_SIGNIN_PER_MINUTE, windowSeconds: 60 },
    // Per address, generous: many readers share one behind carrier-grade NAT (decision 0034).
    signUpPerIp: { name: 'signup-ip', limit: env.RATE_LIMIT_SIGNUP_IP_PER_5_MINUTES, windowSeconds: 300 },
    passwordResetPerIp: { name: 'reset-ip', limit: env.RATE_LIMIT_SIGNUP_IP_PER_5_MINUTES, windowSeconds: 300 },
    // Per e-mail address, strict: confirmation, reset and "someone tried to sign up" e-mails together.
    accountEmailsPerAddress: { name: 'emails-address', limit: env.RATE_LIMIT_EMAILS_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 },
    // Every image a reader uploads (avatar, cover requests, att photos): decoding one may take 40 megapixels.
    imageUploadsPerReader: { name: 'image-uploads', limit: env.RATE_LIMIT_IMAGE_UPLOADS_PER_HOUR, windowSeconds: 3600 },
    // unSprint batches whose Twitch token was refused, per address: each costs a call to Twitch (decision 0093).
    unsprintRefusedPerIp: { name: 'unsprint-refused-ip', limit: 30, windowSeconds: 60 },
    // Wrong overlay tokens per address (decision 0092): an OBS source asks with the right one, so only guesses count.
    overlayTokenPerIp: { name: 'overlay-token-ip', limit: env.RATE_LIMIT_OVERLAY_TOKEN_IP_PER_10_MINUTES, windowSeconds: 600 },
  } satisfies Record<string, RateLimitRule>;
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Fixed-window counter in Postgres, so every server shares it. One statement: the increment (by `cost`, what
 * one request counts for), the window reset and the read happen atomically. Inside a transaction (`db`), the
 * hit counts only if the transaction commits: what the mutation refuses afterwards is not counted.
 */
export async function hitRateLimit(rule: RateLimitRule, subject: string, cost = 1, db: Db | Tx = getDb()): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject.toLowerCase()}`;
  const window = `${rule.windowSeconds} seconds`;
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    sql`
    INSERT INTO rate_limit_counters (key, window_start, count) VALUES (${key}, now(), ${cost})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_counters.window_start <= now() - ${window}::interval THEN ${cost} ELSE rate_limit_counters.count + ${cost} END,
      window_start = CASE WHEN rate_limit_counters.window_start <= now() - ${window}::interval THEN now() ELSE rate_limit_counters.window_start END
    RETURNING count, ceil(extract(epoch FROM window_start + ${window}::interval - now()))::int AS retry_after`,
    db,
  );
  if (!row || row.count <= rule.limit) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, row.retry_after) };
}

export const rateLimitMessage = (retryAfterSeconds: number) => `Muitas tentativas em pouco tempo. Tente de novo em ${formatWait(retryAfterSeconds)}.`;

/** "40 segundos", "12 minutos", "5 horas": how long until a limit lets the person through again. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} segundo${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minuto${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} horas`;
}

/** A 429 response for an action: the message shows next to the form, Retry-After tells clients when. */
export function rateLimited(retryAfterSeconds: number, fields: Record<string, unknown> = {}) {
  return data(
    { formError: rateLimitMessage(retryAfterSeconds), fieldErrors: {}, fields },
    { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } },
  );
}

registerRecurringJob('rate-limits.cleanup', 3600, async () => {
  await getDb().execute(sql`DELETE FROM rate_limit_counters WHERE window_start < now() - interval '1 day'`);
});

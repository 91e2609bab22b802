import { createHash } from 'node:crypto';
import { z } from 'zod';
import { getEnv } from '~/server/env.server';

/**
 * Who a Twitch OAuth access token belongs to, by Twitch's own validation endpoint (`GET {TWITCH_ID_URL}/oauth2/validate`,
 * `Authorization: OAuth <token>`): 200 with the user's id and login, 401 for an invalid or expired token. The unSprint
 * bot sends the streamer's token with every batch, so answers are kept briefly (keyed by the token's hash: the token
 * itself is never kept): a valid one for a minute, an invalid one for ten seconds.
 */
export type TwitchIdentity = { userId: string; login: string };

const VALID_FOR_MS = 60_000;
const INVALID_FOR_MS = 10_000;
const CACHE_MAX = 1_000;
const TIMEOUT_MS = 5_000;

const answer = z.object({ user_id: z.string().min(1), login: z.string().min(1) });
const cache = new Map<string, { identity: TwitchIdentity | null; until: number }>();

/** Twitch could not be asked (down, slow, an answer we do not understand): not the token's fault. */
export class TwitchUnavailableError extends Error {}

export async function validateTwitchToken(token: string, now = Date.now()): Promise<TwitchIdentity | null> {
  const key = createHash('sha256').update(token).digest('base64url');
  const kept = cache.get(key);
  if (kept && kept.until > now) return kept.identity;
  let response: Response;
  try {
    response = await fetch(`${getEnv().TWITCH_ID_URL.replace(/\/$/, '')}/oauth2/validate`, {
      headers: { Authorization: `OAuth ${token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new TwitchUnavailableError(error instanceof Error ? error.message : 'fetch failed');
  }
  let identity: TwitchIdentity | null;
  if (response.status === 401) identity = null;
  else {
    const parsed = response.ok ? answer.safeParse(await response.json().catch(() => null)) : null;
    if (!parsed?.success) throw new TwitchUnavailableError(`Twitch answered ${response.status}`);
    identity = { userId: parsed.data.user_id, login: parsed.data.login.toLowerCase() };
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, { identity, until: now + (identity ? VALID_FOR_MS : INVALID_FOR_MS) });
  return identity;
}

/** Tests: forget every answer. */
export function forgetTwitchTokens(): void {
  cache.clear();
}

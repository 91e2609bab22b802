import { createHmac, timingSafeEqual } from 'node:crypto';
import { getEnv } from './env.server';

/**
 * Personal addresses of calendar feeds (docs/decisions/0059): a calendar app sends no cookie, so a reader's address
 * carries `?chave={userId}.{HMAC}`, an HMAC-SHA256 of `{scope}:{userId}` with the server's secret, where `scope`
 * names one feed (a club's agenda, an LC's schedule). Nothing is stored; the feed reads as the key's holder, and
 * their access is checked on every request, so losing it ends the key.
 */
const signature = (scope: string, userId: string) => createHmac('sha256', getEnv().authSecret).update(`${scope}:${userId}`).digest('base64url').slice(0, 32);

export function feedKey(scope: string, userId: string): string {
  return `${userId}.${signature(scope, userId)}`;
}

/** The reader whose key this is, or null for a key that is malformed or was not signed for this feed. */
export function feedKeyHolder(scope: string, key: string): string | null {
  const dot = key.lastIndexOf('.');
  if (dot < 1) return null;
  const userId = key.slice(0, dot);
  const given = Buffer.from(key.slice(dot + 1));
  const expected = Buffer.from(signature(scope, userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

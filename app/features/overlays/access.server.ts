import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { queryRows } from '~/db/client.server';
import { type RateLimitResult, hitRateLimit, rateLimitRules } from '~/server/rate-limit.server';
import type { Viewer } from '~/server/viewer.server';

/** SHA-256 of the token, base64url: what the table keeps (decision 0092). */
export const hashOverlayToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** When the viewer's token was made, or null: the token itself cannot be shown again. */
export async function getOverlayTokenStatus(viewer: Viewer): Promise<{ createdAt: string } | null> {
  const [row] = await queryRows<{ createdAt: string }>(
    sql`SELECT to_json(created_at) #>> '{}' AS "createdAt" FROM overlay_tokens WHERE user_id = ${viewer.id}`,
  );
  return row ?? null;
}

export type OverlayAccess = { ok: true; userId: string; tokenHash: string } | { ok: false; limited: RateLimitResult | null };

/**
 * The reader an OBS URL's token belongs to. The token (missing, malformed or not) is hashed and looked up by the
 * whole hash through the unique index: the same work whatever it is, and no comparison on a part of it an attacker
 * controls. An address past its limit of wrong tokens is refused before the lookup — a right guess then finds
 * nothing either; only wrong tokens count. A suspended reader's token finds nothing.
 */
export async function resolveOverlayToken(token: string | null, ip: string): Promise<OverlayAccess> {
  const rule = rateLimitRules().overlayTokenPerIp;
  const before = await hitRateLimit(rule, ip, 0);
  if (!before.ok) return { ok: false, limited: before };
  const tokenHash = hashOverlayToken(token ?? '');
  const userId = await readerOfTokenHash(tokenHash);
  if (userId) return { ok: true, userId, tokenHash };
  const after = await hitRateLimit(rule, ip);
  return { ok: false, limited: after.ok ? null : after };
}

/** The reader whose token has this hash, while it is theirs and their account is not suspended. */
export async function readerOfTokenHash(tokenHash: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    sql`SELECT u.id FROM overlay_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ${tokenHash} AND u.suspended_at IS NULL`,
  );
  return row?.id ?? null;
}

import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { getDb } from '~/db/client.server';
import { overlaySettings, overlayTokens } from '~/db/schema';
import type { Viewer } from '~/server/viewer.server';
import { hashOverlayToken } from './access.server';
import { signalOverlays } from './live.server';
import type { OverlayLook } from './settings';
import type { OverlayKind } from './vocabulary';

/**
 * Makes the viewer's token, or a new one in place of the old (rotating): 32 random bytes, returned once, in clear,
 * for the page to show; only the hash is stored. The old token's overlays hear it in the same transaction and end.
 */
export async function issueOverlayToken(viewer: Viewer): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashOverlayToken(token);
  await getDb().transaction(async (tx) => {
    await tx
      .insert(overlayTokens)
      .values({ userId: viewer.id, tokenHash })
      .onConflictDoUpdate({ target: overlayTokens.userId, set: { tokenHash, createdAt: sql`now()` } });
    await signalOverlays(viewer.id, tx);
  });
  return token;
}

/** Deletes the viewer's token: its overlays show nothing from the commit on. */
export async function revokeOverlayToken(viewer: Viewer): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM overlay_tokens WHERE user_id = ${viewer.id}`);
    await signalOverlays(viewer.id, tx);
  });
}

/** Saves the viewer's look for one overlay; its open OBS pages show it at once. */
export async function saveOverlayLook(viewer: Viewer, kind: OverlayKind, look: OverlayLook): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx
      .insert(overlaySettings)
      .values({ userId: viewer.id, kind, ...look })
      .onConflictDoUpdate({ target: [overlaySettings.userId, overlaySettings.kind], set: { ...look, updatedAt: sql`now()` } });
    await signalOverlays(viewer.id, tx);
  });
}

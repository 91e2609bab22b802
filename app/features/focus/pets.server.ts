import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { signalOverlays } from '~/features/overlays/live.server';
import { readerCacheTag } from '~/features/profiles/cache';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { focusReaderCacheTag } from './cache';

/** The shelter's changes (/foca/abrigo, decision 0082): only the owner's own pets; anything else is not found. */

/** Names a pet (null: back to its species' name). */
export async function renamePet(viewer: Viewer, petId: string, name: string | null): Promise<void> {
  const [row] = await queryRows<{ companion: boolean }>(
    sql`UPDATE focus_pets SET name = ${name} WHERE id = ${petId} AND user_id = ${viewer.id} RETURNING companion`,
  );
  if (!row) throw new AppError('not_found');
  if (row.companion) await signalOverlays(viewer.id, getDb());
  // The reader's foca page shows every pet by name; the profile, the companion.
  await invalidateTags(row.companion ? [focusReaderCacheTag(viewer.id), readerCacheTag(viewer.id)] : [focusReaderCacheTag(viewer.id)]);
}

/**
 * Makes a pet the companion (the one that gains XP and shows on /foca): the reader's pets locked in id order, as a
 * session's close locks them, then the old companion let go and the new one taken, in one transaction.
 */
export async function chooseCompanion(viewer: Viewer, petId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const pets = await queryRows<{ id: string }>(sql`SELECT id FROM focus_pets WHERE user_id = ${viewer.id} ORDER BY id FOR UPDATE`, tx);
    if (!pets.some((pet) => pet.id === petId)) throw new AppError('not_found');
    await tx.execute(sql`UPDATE focus_pets SET companion = false WHERE user_id = ${viewer.id} AND companion AND id <> ${petId}`);
    await tx.execute(sql`UPDATE focus_pets SET companion = true WHERE id = ${petId}`);
    // The foca overlay shows the new companion (decision 0092).
    await signalOverlays(viewer.id, tx);
  });
  await invalidateTags([readerCacheTag(viewer.id)]);
}

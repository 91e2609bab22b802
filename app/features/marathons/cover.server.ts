import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { marathons } from '~/db/schema';
import { removeFiles } from '~/integrations/storage/storage.server';
import { newId } from '~/lib/ids';
import { invalidateTags } from '~/server/html-cache.server';
import { replaceStoredImage } from '~/server/images.server';
import type { Viewer } from '~/server/viewer.server';
import { requireMarathonAccess } from './access.server';
import { marathonPageTags } from './cache';

/** A cover is shown at most ~1200 px wide at the top of the marathon's page: 1600 px leaves room for dense screens. */
const COVER_SIDE = 1600;

/**
 * A new cover for the marathon, under the site's image rules (re-encoded WebP, no EXIF, the uploader's hourly
 * limit), stored under marathons/{id}/; organisers only. The previous file is removed once nothing points at it.
 */
export async function changeMarathonCover(viewer: Viewer, marathonId: string, file: File): Promise<void> {
  await requireMarathonAccess(getDb(), viewer, marathonId, 'manage');
  const key = `marathons/${marathonId}/cover-${newId()}.webp`;
  await replaceStoredImage(viewer, file, { maxSide: COVER_SIDE, field: 'cover', key }, () => setCoverKey(viewer, marathonId, key));
}

/** Takes the cover away. */
export async function removeMarathonCover(viewer: Viewer, marathonId: string): Promise<void> {
  const previous = await setCoverKey(viewer, marathonId, null);
  if (previous) await removeFiles([previous]);
}

/** Points the marathon at `key` and answers the key it held before (only ever one of its own, under marathons/{id}/). */
async function setCoverKey(viewer: Viewer, marathonId: string, key: string | null): Promise<string | null> {
  const previous = await getDb().transaction(async (tx) => {
    await requireMarathonAccess(tx, viewer, marathonId, 'manage', { lock: true });
    const [row] = await tx.select({ key: marathons.coverKey }).from(marathons).where(eq(marathons.id, marathonId));
    await tx.update(marathons).set({ coverKey: key, updatedAt: new Date() }).where(eq(marathons.id, marathonId));
    return row?.key ?? null;
  });
  await invalidateTags(marathonPageTags(marathonId));
  return previous?.startsWith(`marathons/${marathonId}/`) ? previous : null;
}

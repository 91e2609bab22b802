import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { groupReads } from '~/db/schema';
import { newId } from '~/lib/ids';
import { invalidateTags } from '~/server/html-cache.server';
import { replaceStoredImage } from '~/server/images.server';
import type { Viewer } from '~/server/viewer.server';
import { groupReadPageTags } from './cache';
import { requireGroupReadAccess } from './standing.server';

/** A cover is shown at most ~210 px wide: 2:3 at 640 px tall leaves room for dense screens. */
const COVER_SIDE = 640;

/**
 * A new cover for the LC, under the image rules of the clubs' avatar and banner: re-encoded (no EXIF, WebP),
 * stored under group-reads/{id}/, counted against the uploader's hourly limit; the previous file is removed once
 * the LC no longer points at it.
 */
export async function changeGroupReadCover(viewer: Viewer, groupReadId: string, file: File): Promise<void> {
  await requireGroupReadAccess(getDb(), viewer, groupReadId, 'manage');
  const key = `group-reads/${groupReadId}/cover-${newId()}.webp`;
  await replaceStoredImage(viewer, file, { maxSide: COVER_SIDE, field: 'cover', key }, async () => {
    const previous = await getDb().transaction(async (tx) => {
      await requireGroupReadAccess(tx, viewer, groupReadId, 'manage', { lock: true });
      const [row] = await tx.select({ key: groupReads.coverKey }).from(groupReads).where(eq(groupReads.id, groupReadId));
      await tx.update(groupReads).set({ coverKey: key, updatedAt: new Date() }).where(eq(groupReads.id, groupReadId));
      return row?.key ?? null;
    });
    await invalidateTags(groupReadPageTags(groupReadId));
    return previous?.startsWith(`group-reads/${groupReadId}/`) ? previous : null;
  });
}

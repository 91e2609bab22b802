import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { clubs } from '~/db/schema';
import { removeFiles } from '~/integrations/storage/storage.server';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import { replaceStoredImage } from '~/server/images.server';
import type { Viewer } from '~/server/viewer.server';
import { clubPageTags } from '../cache';
import { requireClubAccess } from '../standing.server';
import { colorProblem, normaliseHex } from './colors';
import type { BrandingInput } from './validation';

export type ClubImageKind = 'avatar' | 'banner';
/** The avatar is shown at most 88 px (twice for dense screens, and some room); the banner spans the page. */
const IMAGE_SIDE: Record<ClubImageKind, number> = { avatar: 512, banner: 2048 };

/** The club's colours: both checked again here (the form's check is a convenience), white text must read on them. */
export async function updateClubBranding(viewer: Viewer, clubId: string, input: BrandingInput): Promise<void> {
  const colors = { primaryColor: normaliseHex(input.primaryColor), accentColor: normaliseHex(input.accentColor) };
  for (const field of ['primaryColor', 'accentColor'] as const) {
    const problem = colorProblem(input[field]);
    if (problem) throw new AppError('invalid_input', problem, field);
  }
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    await tx.update(clubs).set({ primaryColor: colors.primaryColor!, accentColor: colors.accentColor!, updatedAt: new Date() }).where(eq(clubs.id, clubId));
  });
  await invalidateTags(clubPageTags(clubId));
}

/**
 * A new avatar or banner: re-encoded (no EXIF, WebP), stored under clubs/{clubId}/, counted against the
 * uploader's hourly image limit; the previous file is removed once the club no longer points at it.
 */
export async function changeClubImage(viewer: Viewer, clubId: string, kind: ClubImageKind, file: File): Promise<void> {
  await requireClubAccess(getDb(), viewer, clubId, 'run_club');
  const key = `clubs/${clubId}/${kind}-${newId()}.webp`;
  await replaceStoredImage(viewer, file, { maxSide: IMAGE_SIDE[kind], field: kind, key }, () => setImageKey(viewer, clubId, kind, key));
}

/** Takes the avatar or banner away (the club shows its initial, or its colour). */
export async function removeClubImage(viewer: Viewer, clubId: string, kind: ClubImageKind): Promise<void> {
  const previous = await setImageKey(viewer, clubId, kind, null);
  if (previous) await removeFiles([previous]);
}

/** Points the club at `key` and answers the key it held before (only ever one of its own, under clubs/{id}/). */
async function setImageKey(viewer: Viewer, clubId: string, kind: ClubImageKind, key: string | null): Promise<string | null> {
  const column = kind === 'avatar' ? clubs.avatarKey : clubs.bannerKey;
  const previous = await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    const [row] = await tx.select({ key: column }).from(clubs).where(eq(clubs.id, clubId));
    await tx
      .update(clubs)
      .set({ [kind === 'avatar' ? 'avatarKey' : 'bannerKey']: key, updatedAt: new Date() })
      .where(eq(clubs.id, clubId));
    return row?.key ?? null;
  });
  await invalidateTags(clubPageTags(clubId));
  return previous?.startsWith(`clubs/${clubId}/`) ? previous : null;
}

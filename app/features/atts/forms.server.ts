import { parseForm, uploadedFilesOf } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { prepareAtt } from './mutations.server';
import { ATT_IMAGES_INPUT } from './policy';
import { attInput, progressAttInput } from './validation';

/** The photos of a multipart form. */
export const attImagesOf = (formData: FormData): File[] => uploadedFilesOf(formData, ATT_IMAGES_INPUT);

/**
 * The att half of the progress form: nothing when "Publicar como att" is not checked; otherwise the att,
 * checked and ready (its text defaults to the update's comment), or the form's failure.
 */
export async function progressAttFrom(viewer: Viewer, formData: FormData, editionId: string, comment: string | null) {
  const parsed = parseForm(formData, progressAttInput);
  if (!parsed.ok) return parsed;
  const { att, attText, attVisibility, attSpoiler } = parsed.value;
  if (!att) return { ok: true as const, prepared: null };
  const prepared = await prepareAtt(viewer, {
    editionId,
    kind: 'progress',
    text: attText.trim() || (comment ?? ''),
    spoiler: attSpoiler,
    visibility: attVisibility,
    images: attImagesOf(formData),
  });
  return { ok: true as const, prepared };
}

/** "Publicar att" after finishing a book. */
export function finishedAttFrom(formData: FormData, editionId: string) {
  const parsed = parseForm(formData, attInput);
  if (!parsed.ok) return parsed;
  const { attText, attVisibility, attSpoiler } = parsed.value;
  return {
    ...parsed,
    value: { editionId, kind: 'finished' as const, text: attText, spoiler: attSpoiler, visibility: attVisibility, images: attImagesOf(formData) },
  };
}

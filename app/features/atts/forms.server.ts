import { formFailure, parseForm } from '~/server/forms.server';
import { IMAGE_MAX_BYTES } from '~/server/images.server';
import type { Viewer } from '~/server/viewer.server';
import { prepareAtt } from './mutations.server';
import { ATT_IMAGES_INPUT, ATT_IMAGES_MAX } from './policy';
import { attInput, progressAttInput } from './validation';

// Four photos at the limit plus the form's text: anything larger is refused before it is read into memory.
const UPLOAD_MAX_BYTES = ATT_IMAGES_MAX * IMAGE_MAX_BYTES + 256 * 1024;

/** A 413 next to the photos field when the request is larger than four photos at the limit could be. */
export function attUploadTooLarge(request: Request) {
  if (Number(request.headers.get('content-length') ?? 0) <= UPLOAD_MAX_BYTES) return null;
  return formFailure({}, '', { [ATT_IMAGES_INPUT]: `As fotos passam do limite: até ${ATT_IMAGES_MAX}, de até 5 MB cada.` }, 413);
}

/** The photos of a multipart form (an empty file input sends one empty file: not a photo). */
export function attImagesOf(formData: FormData): File[] {
  return formData.getAll(ATT_IMAGES_INPUT).filter((value): value is File => value instanceof File && value.size > 0);
}

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
  return { ...parsed, value: { editionId, kind: 'finished' as const, text: attText, spoiler: attSpoiler, visibility: attVisibility, images: attImagesOf(formData) } };
}

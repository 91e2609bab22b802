import sharp from 'sharp';
import { PRIVATE_UPLOADS_PREFIX, getStorage, removeFiles, type StoredFile } from '~/integrations/storage/storage.server';
import { IMAGE_MAX_BYTES } from '~/lib/image-rules';
import { newId } from '~/lib/ids';

export { IMAGE_MAX_BYTES };
import { AppError, RateLimitError } from './errors';
import { formatWait, hitRateLimit, rateLimitRules } from './rate-limit.server';
import type { Viewer } from './viewer.server';

export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 2048;
const ALLOWED = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * The image rules of PRODUCT.md §1.5: the type comes from the content (never the name), at most 5 MB and
 * 40 megapixels; the stored copy is re-encoded (WebP) at most 2048 px a side, which drops EXIF and GPS.
 */
export async function normaliseImage(
  input: Buffer,
  maxSide = IMAGE_MAX_SIDE,
): Promise<{ body: Buffer; contentType: 'image/webp'; width: number; height: number }> {
  if (input.length > IMAGE_MAX_BYTES) throw new AppError('image_too_large');
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('invalid_image');
  }
  if (!metadata.format || !ALLOWED.has(metadata.format)) throw new AppError('invalid_image');
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > IMAGE_MAX_PIXELS) throw new AppError('image_too_many_pixels');
  const { data, info } = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { body: data, contentType: 'image/webp', width: info.width, height: info.height };
}

/**
 * Counts `count` images a reader is about to have decoded against their hourly limit, the one rule of every
 * image upload; past it, a RateLimitError (429, Retry-After) whose message shows next to `field`.
 */
export async function countImageUploads(viewer: Viewer, count: number, field: string): Promise<void> {
  const rule = rateLimitRules().imageUploadsPerReader;
  const limit = await hitRateLimit(rule, viewer.id, count);
  if (!limit.ok) {
    throw new RateLimitError(
      limit.retryAfterSeconds,
      `Você chegou ao limite de ${rule.limit} imagens por hora. Poderá enviar outra daqui a ${formatWait(limit.retryAfterSeconds)}.`,
      field,
    );
  }
}

export type NormalisedImage = Awaited<ReturnType<typeof normaliseImage>>;

/** What each refusal of normaliseImage says about one file of several ("A foto 2 …", "A imagem …"). */
const REFUSAL_REASONS: Record<string, string> = {
  invalid_image: 'não é uma imagem JPEG, PNG, WebP ou GIF.',
  image_too_large: 'passa do limite de 5 MB.',
  image_too_many_pixels: 'é grande demais (mais de 40 megapixels).',
};

/** How the files of one upload are called in its messages: an att's "fotos", a whisper's "imagens". */
export type UploadNoun = 'foto' | 'imagem';

const uploadMessage = (noun: UploadNoun, index: number, total: number, reason: string) =>
  total === 1 ? `A ${noun} ${reason}` : `A ${noun} ${index + 1} ${reason}`;

/** Refuses, before anything is read, a file of several over 5 MB, naming which one next to `field`. */
export function checkUploadSizes(files: readonly Blob[], noun: UploadNoun, field: string): void {
  const tooLarge = files.findIndex((file) => file.size > IMAGE_MAX_BYTES);
  if (tooLarge >= 0) throw new AppError('image_too_large', uploadMessage(noun, tooLarge, files.length, REFUSAL_REASONS.image_too_large!), field);
}

/**
 * Several files of one upload (an att's photos, a whisper's images) as the image rules take them: counted against
 * the reader's hourly limit, then each re-encoded; a refused one is named ("A imagem 2 não é…") next to `field`.
 */
export async function normaliseUploads(viewer: Viewer, files: readonly Blob[], noun: UploadNoun, field: string): Promise<NormalisedImage[]> {
  if (files.length === 0) return [];
  await countImageUploads(viewer, files.length, field);
  const images: NormalisedImage[] = [];
  for (const [i, file] of files.entries()) {
    try {
      images.push(await normaliseImage(Buffer.from(await file.arrayBuffer())));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, uploadMessage(noun, i, files.length, REFUSAL_REASONS[error.code as string] ?? error.message), field);
    }
  }
  return images;
}

/**
 * An image only some readers may see (an att's photos, a whisper's images): under the private prefix, which /arquivos
 * never serves, so only the route that checks who asks answers it. A new image gets a new key: nothing is overwritten.
 */
export async function storePrivateImage(folder: string, body: Buffer, contentType: string): Promise<string> {
  const key = `${PRIVATE_UPLOADS_PREFIX}${folder}/${newId()}.webp`;
  await getStorage().put(key, body, contentType);
  return key;
}

export function readPrivateImage(key: string, ifNoneMatch?: string): Promise<StoredFile | null> {
  return getStorage().get(key, ifNoneMatch === undefined ? {} : { ifNoneMatch });
}

/**
 * A file a reader uploads as the image rules take it: refused past 5 MB before it is read, counted against their
 * hourly limit, then re-encoded (normaliseImage); every refusal names `field`, so it shows beside the file input.
 */
export async function readUploadedImage(viewer: Viewer, file: File, maxSide: number, field: string): ReturnType<typeof normaliseImage> {
  if (file.size > IMAGE_MAX_BYTES) throw new AppError('image_too_large', undefined, field);
  await countImageUploads(viewer, 1, field);
  try {
    return await normaliseImage(Buffer.from(await file.arrayBuffer()), maxSide);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, error.message, field);
    throw error;
  }
}

/**
 * An uploaded image (readUploadedImage) stored under `key` and put in place by `swap`, which opens its own
 * transaction, re-checks who may change it (under the owner's lock) and answers the key it replaced — only ever one
 * of the owner's own files, else null. A failed swap (the owner gone, the uploader's role lost meanwhile) removes
 * the new file, which serves nothing; the replaced one is removed once nothing points at it.
 */
export async function replaceStoredImage(
  viewer: Viewer,
  file: File,
  image: { maxSide: number; field: string; key: string },
  swap: () => Promise<string | null>,
): Promise<void> {
  const { body, contentType } = await readUploadedImage(viewer, file, image.maxSide, image.field);
  await getStorage().put(image.key, body, contentType);
  let previous: string | null;
  try {
    previous = await swap();
  } catch (error) {
    await removeFiles([image.key]);
    throw error;
  }
  if (previous) await removeFiles([previous]);
}

import sharp from 'sharp';
import { AppError } from './errors';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 2048;
const ALLOWED = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * The image rules of PRODUCT.md §1.5: the type comes from the content (never the name), at most 5 MB and
 * 40 megapixels; the stored copy is re-encoded (WebP) at most 2048 px a side, which drops EXIF and GPS.
 */
export async function normaliseImage(input: Buffer, maxSide = IMAGE_MAX_SIDE): Promise<{ body: Buffer; contentType: 'image/webp'; width: number; height: number }> {
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

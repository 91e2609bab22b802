/**
 * The image rules of PRODUCT.md §1.5 a browser can check before sending (the server checks again, by content):
 * pure, so the pages import them.
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The types an upload field offers (`accept`): JPEG, PNG, WebP, GIF. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Why the browser already knows a chosen file will be refused, in words for the reader, or null. */
export function imageFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return `“${file.name}” não é uma imagem JPEG, PNG, WebP ou GIF.`;
  if (file.size > IMAGE_MAX_BYTES) return `“${file.name}” passa do limite de 5 MB.`;
  return null;
}

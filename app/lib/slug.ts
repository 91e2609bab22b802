/**
 * "Clube da Foca" → "clube-da-foca": accents folded, lowercase a-z0-9 and single hyphens.
 *
 * The result is rebuilt from its characters: Unicode normalization hands back a two-byte string, and V8 keeps
 * every string derived from it two-byte even when only ASCII is left. Slugs end up in pages (genres on every
 * bookshelf), and one two-byte piece makes the whole rendered page two-byte (docs/decisions/0033).
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return Array.from(slug).join('');
}

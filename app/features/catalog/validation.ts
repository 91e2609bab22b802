import { z } from 'zod';
import { GENRE_SLUGS } from './genres';
import type { SearchFilters } from './types';

const MAX_PAGE = 500;

/**
 * The query string of /catalogo and /ed. Filters come from links and selects: a value that does not
 * exist (an old link, a hand-edited URL) is dropped rather than failing the page.
 */
export const catalogSearchParams = z.object({
  q: z.string().trim().max(200).catch('').default(''),
  formato: z.enum(['fisico', 'brochura', 'capa_dura', 'ebook', 'audiolivro']).optional().catch(undefined),
  idioma: z
    .string()
    .regex(/^[a-z]{2,3}$/)
    .optional()
    .catch(undefined),
  genero: z.enum(GENRE_SLUGS).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).default(1),
});

export type CatalogSearchParams = z.output<typeof catalogSearchParams>;

export function parseCatalogSearch(url: URL): CatalogSearchParams {
  return catalogSearchParams.parse(Object.fromEntries(url.searchParams));
}

export function toFilters(params: CatalogSearchParams): SearchFilters {
  return { format: params.formato, language: params.idioma, genre: params.genero };
}

export const asinParam = z.string().regex(/^[A-Z0-9]{10}$/);
/** The id of an edition, work or collection in a URL (random, URL-safe). */
export const catalogIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const authorSlugParam = z.string().regex(/^[a-z0-9-]{1,60}$/);

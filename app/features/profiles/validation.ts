import { z } from 'zod';
import { tabParams as attsTabParams } from '~/features/atts/validation';
import { statusFromSlug } from '~/features/reading/statuses';

const page = z.coerce.number().int().min(1).max(10_000).catch(1);

/** `/u?q=…&pagina=…`: a query past the limit is cut, never refused (it is a search box). */
export const readerSearchParams = z.object({
  q: z
    .string()
    .catch('')
    .transform((q) => q.trim().slice(0, 100)),
  pagina: page,
});

/** `?ano=` of `lidos` for the books read on unknown dates (decision 0054). */
export const UNDATED = 'sem-data';
/** `?ano=` of `estatisticas` for all time. */
export const ALL_TIME = 'todos';

/**
 * The query string of a profile tab: the bookshelf's status, the year of `lidos` and `estatisticas` (or
 * `sem-data`, `todos`: each tab takes its own word and ignores the other), the page, the atts' cursor.
 */
export const profileTabParams = z.object({
  situacao: z
    .string()
    .optional()
    .catch(undefined)
    .transform((slug) => (slug ? statusFromSlug(slug) : undefined)),
  ano: z
    .union([z.literal(UNDATED), z.literal(ALL_TIME), z.coerce.number().int().min(1900).max(2100)])
    .optional()
    .catch(undefined),
  pagina: page,
  cursor: attsTabParams.shape.cursor,
});
export type ProfileTabParams = z.output<typeof profileTabParams>;

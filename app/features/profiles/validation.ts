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

/** The query string of a profile tab: the bookshelf's status, the year of `lidos` and `estatisticas`, the page, the atts' cursor. */
export const profileTabParams = z.object({
  situacao: z
    .string()
    .optional()
    .catch(undefined)
    .transform((slug) => (slug ? statusFromSlug(slug) : undefined)),
  ano: z.coerce.number().int().min(1900).max(2100).optional().catch(undefined),
  pagina: page,
  cursor: attsTabParams.shape.cursor,
});
export type ProfileTabParams = z.output<typeof profileTabParams>;

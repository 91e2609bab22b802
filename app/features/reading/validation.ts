import { z } from 'zod';
import { progressActionInputs } from './progress';
import { MAX_RATING, MIN_RATING, SHELF_STATUSES, STATUS_SLUGS, statusFromSlug } from './statuses';

const statusSlug = z
  .string({ error: 'Escolha uma situação.' })
  .transform((slug, ctx) => {
    const status = statusFromSlug(slug);
    if (!status) {
      ctx.addIssue({ code: 'custom', message: 'Escolha uma situação.' });
      return z.NEVER;
    }
    return status;
  });

/** "4,25" or "4.25": a number from 0,25 to 5 in steps of 0,25. */
export const ratingField = z
  .string()
  .trim()
  .transform((raw, ctx) => {
    const value = Number(raw.replace(',', '.'));
    if (!raw || !Number.isFinite(value) || value < MIN_RATING || value > MAX_RATING || !Number.isInteger(value * 4)) {
      ctx.addIssue({ code: 'custom', message: 'A nota vai de 0,25 a 5, em passos de 0,25.' });
      return z.NEVER;
    }
    return value;
  });

/** The shelf actions of an edition page, one form each (they work without JavaScript). */
export const shelfActionInput = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('situacao'), status: statusSlug }),
  z.object({ intent: z.literal('avaliar'), rating: ratingField }),
  z.object({ intent: z.literal('tirar-nota') }),
  z.object({ intent: z.literal('favorito'), favorite: z.enum(['sim', 'nao']).transform((v) => v === 'sim') }),
  z.object({ intent: z.literal('remover') }),
  ...progressActionInputs,
]);

export const bookshelfParams = z.object({
  situacao: z
    .enum(SHELF_STATUSES.map((status) => STATUS_SLUGS[status]) as [string, ...string[]])
    .optional()
    .catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).catch(1),
});


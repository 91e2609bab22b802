import { z } from 'zod';
import { NEWS_BODY_MAX, NEWS_TITLE_MAX } from './limits';

export const newsPostInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: 'Dê um título à novidade.' })
    .max(NEWS_TITLE_MAX, { error: `Use no máximo ${NEWS_TITLE_MAX} caracteres.` }),
  body: z
    .string()
    .trim()
    .min(1, { error: 'Escreva o texto da novidade.' })
    .max(NEWS_BODY_MAX, { error: `Use no máximo ${NEWS_BODY_MAX} caracteres.` }),
});

import { z } from 'zod';
import { VISIBILITIES } from '~/features/social/vocabulary';
import { CONTENT_WARNING_MAX, MAX_CONTENT_WARNINGS, MOODS, MOOD_SLUGS, PACINGS, PACING_SLUGS, REVIEW_BODY_MAX, normalizeContentWarning } from '../vocabulary';

const bodyField = z
  .string()
  .default('')
  .transform((v) => v.replace(/\r\n/g, '\n'))
  .pipe(z.string().max(REVIEW_BODY_MAX, `A resenha pode ter até ${REVIEW_BODY_MAX.toLocaleString('pt-BR')} caracteres.`));

/** What the editor holds: the text, the spoiler flag and who may see it. Shared by the form and the autosave. */
export const reviewFields = {
  body: bodyField,
  spoiler: z
    .literal('sim')
    .optional()
    .transform((v) => v === 'sim'),
  visibility: z.enum(VISIBILITIES, { error: 'Escolha quem pode ver a resenha.' }),
};

const moodsField = z
  .array(z.string())
  .default([])
  .transform((slugs, ctx) => {
    const moods = MOODS.filter((mood) => slugs.includes(MOOD_SLUGS[mood]));
    if (moods.length !== new Set(slugs).size) ctx.addIssue({ code: 'custom', message: 'Escolha climas da lista.' });
    return moods;
  });

const pacingField = z
  .string()
  .default('')
  .transform((slug, ctx) => {
    if (slug === '') return null;
    const pacing = PACINGS.find((p) => PACING_SLUGS[p] === slug);
    if (!pacing) ctx.addIssue({ code: 'custom', message: 'Escolha lento, médio ou rápido.' });
    return pacing ?? null;
  });

/**
 * Content warnings: the kept ones (checkboxes, read with getAll) plus new ones typed in one field, separated
 * by commas. Normalised and deduplicated, each ≤ CONTENT_WARNING_MAX, at most MAX_CONTENT_WARNINGS.
 */
const warningsField = z
  .object({ kept: z.array(z.string()).default([]), typed: z.string().default('') })
  .default({ kept: [], typed: '' })
  .transform(({ kept, typed }, ctx) => {
    const tags = [...kept, ...typed.split(',')].map(normalizeContentWarning).filter(Boolean);
    const unique = [...new Set(tags)];
    const long = unique.find((tag) => tag.length > CONTENT_WARNING_MAX);
    if (long) ctx.addIssue({ code: 'custom', message: `Cada aviso pode ter até ${CONTENT_WARNING_MAX} caracteres (“${long.slice(0, 20)}…” passou).` });
    else if (unique.length > MAX_CONTENT_WARNINGS) ctx.addIssue({ code: 'custom', message: `Use no máximo ${MAX_CONTENT_WARNINGS} avisos de conteúdo.` });
    return unique;
  });

/** The edition page's "Resenha" form: the review plus how the reading felt (moods, pacing, warnings). */
const reviewFormFields = {
  ...reviewFields,
  moods: moodsField,
  pacing: pacingField,
  contentWarnings: warningsField,
};

export const reviewActionInputs = [
  z.object({ intent: z.literal('rascunho'), ...reviewFormFields }),
  z.object({
    intent: z.literal('publicar'),
    ...reviewFormFields,
    att: z
      .literal('sim')
      .optional()
      .transform((v) => v === 'sim'),
  }),
  z.object({ intent: z.literal('despublicar') }),
  z.object({ intent: z.literal('excluir-resenha') }),
] as const;

/** What the form's repeated and composite fields look like to parseForm (values read with getAll). */
export const reviewFormExtra = (formData: FormData) => ({
  moods: formData.getAll('moods').filter((v) => typeof v === 'string'),
  contentWarnings: {
    kept: formData.getAll('contentWarnings').filter((v) => typeof v === 'string'),
    typed: typeof formData.get('newContentWarnings') === 'string' ? formData.get('newContentWarnings') : '',
  },
});

/** The autosave's body (`POST /api/resenhas/rascunho`, form-encoded, also from sendBeacon). */
export const draftInput = z.object({
  edition: z.string({ error: 'Edição inválida.' }).trim().min(1, 'Edição inválida.').max(40, 'Edição inválida.'),
  ...reviewFields,
});

export type ReviewTraits = { moods: (typeof MOODS)[number][]; pacing: (typeof PACINGS)[number] | null; contentWarnings: string[] };

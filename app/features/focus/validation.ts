import { z } from 'zod';
import { PROGRESS_UNITS } from '~/features/reading/vocabulary';
import { FOCUS_MAX_MINUTES, FOCUS_MIN_MINUTES, FOCUS_PERIOD_WORDS, FOCUS_PERIODS, PET_NAME_MAX } from './vocabulary';

const sessionId = z.string({ error: 'Sessão não encontrada.' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'Sessão não encontrada.');

const MINUTES_MESSAGE = `A sessão dura de ${FOCUS_MIN_MINUTES} a ${FOCUS_MAX_MINUTES} minutos, em minutos inteiros.`;

const validMinutes = (raw: string) => /^\d{1,3}$/.test(raw) && Number(raw) >= FOCUS_MIN_MINUTES && Number(raw) <= FOCUS_MAX_MINUTES;

/**
 * The duration: a preset (`minutes` = 25, 40, 60) or `outra`, with the minutes typed in `customMinutes`.
 * The error goes next to the field the reader used.
 */
const startInput = z
  .object({
    intent: z.literal('iniciar'),
    edition: z.string({ error: 'Escolha um livro que você está lendo.' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'Escolha um livro que você está lendo.'),
    minutes: z.string({ error: 'Escolha a duração.' }).trim(),
    customMinutes: z.string().trim().optional(),
  })
  .transform((input, ctx) => {
    const custom = input.minutes === 'outra';
    const raw = custom ? (input.customMinutes ?? '') : input.minutes;
    if (!validMinutes(raw)) {
      ctx.addIssue({ code: 'custom', message: custom || input.minutes ? MINUTES_MESSAGE : 'Escolha a duração.', path: [custom ? 'customMinutes' : 'minutes'] });
      return z.NEVER;
    }
    return { intent: input.intent, edition: input.edition, minutes: Number(raw) };
  });

/** The page reached, optional: empty is "não anotar agora". */
const reachedField = z
  .string()
  .trim()
  .optional()
  .transform((raw, ctx) => {
    if (!raw) return null;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < 1 || !Number.isSafeInteger(value)) {
      ctx.addIssue({ code: 'custom', message: 'Informe um número inteiro, como 120, ou deixe em branco.' });
      return z.NEVER;
    }
    return value;
  });

/**
 * /foca's forms. Only the book and the duration are taken from the reader: start and end times, elapsed minutes
 * or credited minutes a form might carry are not in these schemas, so they never reach the server's decisions.
 */
export const focusActionInput = z.discriminatedUnion('intent', [
  startInput,
  z.object({ intent: z.literal('desistir'), session: sessionId }),
  // The unit the page asked the value in (sessions.server checks it against the edition): never re-read at finish
  // time, where a unit logged meanwhile in another tab would turn the page typed into a percentage. Missing or forged,
  // the value is refused next to its field (the unit is a hidden field: an error on it would show nowhere).
  z
    .object({ intent: z.literal('concluir'), session: sessionId, value: reachedField, unit: z.enum(PROGRESS_UNITS).optional().catch(undefined) })
    .transform((input, ctx) => {
      if (input.value != null && !input.unit) {
        ctx.addIssue({ code: 'custom', message: 'Recarregue a página e informe de novo onde parou.', path: ['value'] });
        return z.NEVER;
      }
      const progress = input.value != null && input.unit ? { value: input.value, unit: input.unit } : null;
      return { intent: input.intent, session: input.session, progress };
    }),
]);
export type FocusActionInput = z.output<typeof focusActionInput>;

/** /foca/ranking's query: the period and whose minutes as tabs (links), and the page; anything else falls back to the default. */
export const focusRankingQuery = z
  .object({
    periodo: z.enum(['semanal', 'mensal', 'geral']).catch('semanal'),
    entre: z.enum(['todos', 'seguindo']).catch('todos'),
    pagina: z.coerce.number().int().min(1).max(1000).catch(1),
  })
  .transform(({ periodo, entre, pagina }) => ({
    period: FOCUS_PERIODS.find((period) => FOCUS_PERIOD_WORDS[period].param === periodo) ?? 'week',
    following: entre === 'seguindo',
    page: pagina,
  }));

const petId = z.string({ error: 'Bichinho não encontrado.' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'Bichinho não encontrado.');

/** /foca/abrigo's forms: rename a pet (empty: its species' name again) or make it the companion. */
export const shelterActionInput = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('renomear'),
    pet: petId,
    name: z
      .string()
      .trim()
      .max(PET_NAME_MAX, `O nome tem até ${PET_NAME_MAX} caracteres.`)
      // Control characters (a bell, an escape) and names of invisible characters only (zero-width spaces) would show
      // as nothing where the pet's name is the heading; empty stays the way back to the species' name.
      .refine((name) => !/\p{Cc}/u.test(name), 'Use só letras, números, espaços e sinais visíveis.')
      .refine((name) => name === '' || /[^\p{Cf}\p{Z}\s]/u.test(name), 'O nome precisa de ao menos uma letra, número ou sinal visível.')
      .optional()
      .transform((name) => name || null),
  }),
  z.object({ intent: z.literal('companheiro'), pet: petId }),
]);

/** A pet's id in /foca/{id}: anything else is not found. */
export const petIdParam = petId;

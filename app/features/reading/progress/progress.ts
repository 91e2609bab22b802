import { z } from 'zod';
import { type Emotion, PROGRESS_UNITS, type ProgressUnit } from '../vocabulary';
import type { EditionFormat } from '~/features/catalog/vocabulary';

export const UNIT_SLUGS: Record<ProgressUnit, string> = { page: 'paginas', percent: 'porcentagem', minute: 'minutos' };
export const UNIT_LABELS: Record<ProgressUnit, string> = { page: 'páginas', percent: 'porcentagem', minute: 'minutos' };

export const EMOTION_LABELS: Record<Emotion, string> = {
  loving: 'Amando',
  laughing: 'Rindo',
  crying: 'Chorando',
  shocked: 'Chocado',
  angry: 'Com raiva',
  tense: 'Tenso',
  bored: 'Entediado',
  thoughtful: 'Pensativo',
  smitten: 'Apaixonado',
};

export const EMOTION_SLUGS: Record<Emotion, string> = {
  loving: 'amando',
  laughing: 'rindo',
  crying: 'chorando',
  shocked: 'chocado',
  angry: 'com-raiva',
  tense: 'tenso',
  bored: 'entediado',
  thoughtful: 'pensativo',
  smitten: 'apaixonado',
};

export const MAX_PROGRESS_COMMENT = 1000;

/** What an edition says about its length: which units it allows and how long it is in each. */
export type EditionLength = { pages: number | null; audioMinutes: number | null; format: EditionFormat };

/** Percent always; pages when the edition has a page count; minutes for an audiobook with its duration. */
export function allowedUnits(edition: EditionLength): ProgressUnit[] {
  return PROGRESS_UNITS.filter((unit) => lengthIn(edition, unit) != null);
}

/** The whole book in a unit (100 for percent), or null when the edition does not allow it. */
export function lengthIn(edition: EditionLength, unit: ProgressUnit): number | null {
  if (unit === 'percent') return 100;
  if (unit === 'page') return edition.pages && edition.pages > 0 ? edition.pages : null;
  return edition.format === 'audiolivro' && edition.audioMinutes && edition.audioMinutes > 0 ? edition.audioMinutes : null;
}

/** The unit the form offers first: pages for a printed book, minutes for an audiobook, else percent. */
export function preferredUnit(edition: EditionLength): ProgressUnit {
  const units = allowedUnits(edition);
  return units.find((unit) => unit !== 'percent') ?? 'percent';
}

const fromSlug = <T extends string>(slugs: Record<T, string>, slug: string): T | undefined => (Object.keys(slugs) as T[]).find((key) => slugs[key] === slug);

const unitField = z.string({ error: 'Escolha a unidade.' }).transform((slug, ctx) => {
  const unit = fromSlug(UNIT_SLUGS, slug);
  if (!unit) {
    ctx.addIssue({ code: 'custom', message: 'Escolha a unidade.' });
    return z.NEVER;
  }
  return unit;
});

/** A whole number typed by a person ("120"), at least `min`. */
const wholeNumber = (min: 0 | 1) =>
  z
    .string({ error: 'Informe um número.' })
    .trim()
    .transform((raw, ctx) => {
      const value = Number(raw);
      if (!raw || !/^-?\d+$/.test(raw) || !Number.isSafeInteger(value)) {
        ctx.addIssue({ code: 'custom', message: 'Informe um número inteiro, como 120.' });
        return z.NEVER;
      }
      if (value < min) {
        ctx.addIssue({ code: 'custom', message: value < 0 ? 'O progresso não pode ser negativo.' : 'Informe um número maior que zero.' });
        return z.NEVER;
      }
      return value;
    });

const emotionField = z
  .string()
  .optional()
  .transform((slug, ctx) => {
    if (!slug) return null;
    const emotion = fromSlug(EMOTION_SLUGS, slug);
    if (!emotion) {
      ctx.addIssue({ code: 'custom', message: 'Escolha uma emoção da lista.' });
      return z.NEVER;
    }
    return emotion;
  });

/** "Registrar progresso" and "Corrigir progresso", two forms of the edition page's shelf panel. */
export const progressActionInputs = [
  z.object({
    intent: z.literal('progresso'),
    value: wholeNumber(1),
    unit: unitField,
    comment: z
      .string()
      .trim()
      .max(MAX_PROGRESS_COMMENT, 'O comentário pode ter até 1.000 caracteres.')
      .optional()
      .transform((comment) => comment || null),
    emotion: emotionField,
    spoiler: z
      .literal('sim')
      .optional()
      .transform((flag) => flag === 'sim'),
  }),
  z.object({ intent: z.literal('corrigir-progresso'), correctedValue: wholeNumber(0), correctedUnit: unitField }),
] as const;

export type ProgressInput = { value: number; unit: ProgressUnit; comment: string | null; emotion: Emotion | null; spoiler: boolean };

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS);

/** The reader's recent pace in this edition's unit: so many pages (or minutes) over so many days of reading. */
export type RecentPace = { amount: number; days: number };

/**
 * "Tempo restante" (docs/decisions/0017): days left at the reader's own pace, or null when unknown.
 * - This reading's pace: the fraction reached over the days from its start to its latest update (both counted),
 *   once that span is at least two days (one sitting is not a pace).
 * - Otherwise the reader's recent pace in this edition's unit (pages or minutes per day over their latest
 *   finished readings), applied to what is left of this edition.
 */
export function estimateDaysLeft(input: {
  fraction: number;
  startedOn: string | null;
  lastUpdateOn: string | null;
  length: number | null;
  recent: RecentPace | null;
}): number | null {
  const left = 1 - input.fraction;
  if (left <= 0) return null;
  if (input.startedOn && input.lastUpdateOn && input.fraction > 0) {
    const span = daysBetween(input.startedOn, input.lastUpdateOn) + 1;
    if (span >= 2) return Math.max(1, Math.ceil(left / (input.fraction / span)));
  }
  if (input.length && input.recent && input.recent.amount > 0 && input.recent.days > 0) {
    return Math.max(1, Math.ceil((left * input.length) / (input.recent.amount / input.recent.days)));
  }
  return null;
}

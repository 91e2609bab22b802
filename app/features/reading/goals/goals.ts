import { z } from 'zod';

/** Limits of a yearly reading goal (PRODUCT.md §1.5 style: named constants). */
export const GOAL_BOOKS_MAX = 1000;
export const GOAL_PAGES_MAX = 500_000;

// Made once: building an Intl formatter costs about 0.3 ms, and /home asked for one per request.
const saoPauloYear = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric' });

/** The calendar year in São Paulo: a goal's year turns at midnight in Brazil, not in UTC. */
export function yearInSaoPaulo(now = new Date()): number {
  return Number(saoPauloYear.format(now));
}

/** A goal as the reader sees it: the targets (either may be absent) and what the year's finished readings add up to. */
export type ReadingGoal = {
  year: number;
  booksTarget: number | null;
  pagesTarget: number | null;
  booksRead: number;
  pagesRead: number;
};

/** An optional whole number between 1 and `max`, typed by a person ("24", "1.200" or "1200"). */
const optionalTarget = (max: number, noun: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return null;
      const digits = raw.replace(/\./g, '');
      const value = Number(digits);
      if (!/^\d+$/.test(digits) || !Number.isSafeInteger(value)) {
        ctx.addIssue({ code: 'custom', message: `Informe um número inteiro de ${noun}, como 24.` });
        return z.NEVER;
      }
      if (value < 1 || value > max) {
        ctx.addIssue({ code: 'custom', message: `A meta vai de 1 a ${max.toLocaleString('pt-BR')} ${noun}.` });
        return z.NEVER;
      }
      return value;
    });

/** The goal form of /home: books, pages, or both (an empty field means "no target" for that measure). */
export const readingGoalInput = z
  .object({
    intent: z.literal('meta'),
    books: optionalTarget(GOAL_BOOKS_MAX, 'livros'),
    pages: optionalTarget(GOAL_PAGES_MAX, 'páginas'),
  })
  .superRefine((goal, ctx) => {
    if (goal.books == null && goal.pages == null)
      ctx.addIssue({ code: 'custom', path: ['books'], message: 'Informe uma meta de livros, de páginas ou das duas.' });
  });

export type ReadingGoalInput = { books: number | null; pages: number | null };

/** Share of a target reached, 0–1 (a target passed stays at 1). */
export const goalFraction = (done: number, target: number) => Math.min(1, done / target);

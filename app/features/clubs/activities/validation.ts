import { z } from 'zod';
import { isCalendarDay, saoPauloEndOfDay, saoPauloInstant } from './sao-paulo-time';

export const ACTIVITY_TITLE_MAX = 120;
export const ACTIVITY_DESCRIPTION_MAX = 2000;
export const LIVE_DURATION_DEFAULT = 60;

const title = z
  .string()
  .trim()
  .max(ACTIVITY_TITLE_MAX, { error: `Use no máximo ${ACTIVITY_TITLE_MAX} caracteres.` });
const requiredTitle = title.min(1, { error: 'Dê um título à atividade.' });
const description = z
  .string()
  .trim()
  .max(ACTIVITY_DESCRIPTION_MAX, { error: `Descrição: use no máximo ${ACTIVITY_DESCRIPTION_MAX.toLocaleString('pt-BR')} caracteres.` })
  .default('');
const day = (message: string) => z.string().trim().refine(isCalendarDay, { error: message });
const optionalDay = z
  .string()
  .trim()
  .default('')
  .refine((value) => value === '' || isCalendarDay(value), { error: 'Escolha uma data válida.' });

/** An edition's id, or its page's address pasted from the site (…/ed/{id} with or without tabs). */
export function editionIdFrom(typed: string): string | null {
  const text = typed.trim();
  const fromUrl = /\/ed\/([A-Za-z0-9_-]{1,40})(?:[/?#]|$)/.exec(text);
  if (fromUrl) return fromUrl[1]!;
  return /^[A-Za-z0-9_-]{1,40}$/.test(text) ? text : null;
}

/** A book chosen in the edition picker (a club's LC do mês, an LC's books). */
export const editionRef = z
  .string()
  .trim()
  .transform((typed, ctx) => {
    const id = editionIdFrom(typed);
    if (!id) {
      ctx.addIssue({ code: 'custom', message: 'Escolha um livro da busca, ou cole o endereço da página da edição (/ed/…).' });
      return z.NEVER;
    }
    return id;
  });

/** An address a reader will follow: https only, so it is never a downgrade or a script (a live meeting, an LC's material). */
export const httpsLink = (message: string) =>
  z
    .string()
    .trim()
    .max(500, { error: 'Use um endereço de até 500 caracteres.' })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'https:' && url.hostname.includes('.');
        } catch {
          return false;
        }
      },
      { error: message },
    );

const meetingLink = httpsLink('Cole o link do encontro começando com https://.');

/** The three forms of /admin/atividades; each becomes the same row shape (ActivityValues). */
export const activityInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('group_read'),
    title,
    description,
    edition: editionRef,
    startDay: day('Escolha o dia em que a LC começa.'),
    endDay: optionalDay,
  }),
  z.object({
    kind: z.literal('live'),
    title: requiredTitle,
    description,
    day: day('Escolha o dia do encontro.'),
    time: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Escolha o horário do encontro (horário de Brasília).' }),
    duration: z.coerce
      .number({ error: 'Use a duração em minutos.' })
      .int({ error: 'Use a duração em minutos.' })
      .min(15, { error: 'Um encontro dura pelo menos 15 minutos.' })
      .max(600, { error: 'Um encontro dura no máximo 10 horas.' })
      .default(LIVE_DURATION_DEFAULT),
    link: meetingLink,
  }),
  z.object({
    kind: z.literal('marathon'),
    title: requiredTitle,
    description,
    startDay: day('Escolha o dia em que a maratona começa.'),
    endDay: day('Escolha o dia em que a maratona termina.'),
  }),
]);
export type ActivityInput = z.output<typeof activityInput>;

/** What a form asks for, as the row stores it. `title` null: the LC takes its book's title. */
export type ActivityValues = {
  kind: ActivityInput['kind'];
  title: string | null;
  description: string;
  startsAt: Date;
  endsAt: Date | null;
  link: string | null;
  editionId: string | null;
};

export type ActivityProblem = { field: string; message: string };

/** The row an input describes, or the field whose dates do not hold together. */
export function activityValues(input: ActivityInput): ActivityValues | ActivityProblem {
  switch (input.kind) {
    case 'live': {
      const startsAt = saoPauloInstant(input.day, input.time);
      return {
        kind: 'live',
        title: input.title,
        description: input.description,
        startsAt,
        endsAt: new Date(startsAt.getTime() + input.duration * 60_000),
        link: input.link,
        editionId: null,
      };
    }
    case 'group_read':
    case 'marathon': {
      if (input.endDay && input.endDay < input.startDay) return { field: 'endDay', message: 'O fim vem depois do começo.' };
      return {
        kind: input.kind,
        title: input.title || null,
        description: input.description,
        startsAt: saoPauloInstant(input.startDay),
        endsAt: input.endDay ? saoPauloEndOfDay(input.endDay) : null,
        link: null,
        editionId: input.kind === 'group_read' ? input.edition : null,
      };
    }
  }
}

const id = z.string().min(1).max(40);
export const activityIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('criar') }),
  z.object({ intent: z.literal('salvar'), activityId: id }),
  z.object({ intent: z.literal('excluir'), activityId: id }),
]);

import { z } from 'zod';
import { editionRef, httpsLink } from '~/features/clubs/activities/validation';
import { isCalendarDay } from '~/features/clubs/activities/sao-paulo-time';
import { clubSlug, optionalMemberCap } from '~/features/clubs/validation';
import {
  GROUP_READ_DAYS_MAX,
  GROUP_READ_DESCRIPTION_MAX,
  GROUP_READ_EDITIONS_MAX,
  GROUP_READ_MATERIALS_MAX,
  GROUP_READ_STAGES_MAX,
  GROUP_READ_TITLE_MAX,
  MATERIAL_TITLE_MAX,
} from './policy';
import { daysBetween } from './schedule';
import { GROUP_READ_PHASES, GROUP_READ_VISIBILITIES, STAGE_UNITS } from './vocabulary';

const wholeNumber = (message: string, max: number) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const n = Number(value);
      if (value === '' || !Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** An etapa or a typed count past the last page the catalogue knows for the book. */
export const pagesOverMessage = (pages: number) => `Esse livro tem ${pages.toLocaleString('pt-BR')} páginas no catálogo.`;

const day = (message: string) => z.string().trim().refine(isCalendarDay, { error: message });

export const groupReadTitle = z
  .string()
  .trim()
  .min(1, { error: 'Dê um título à LC.' })
  .max(GROUP_READ_TITLE_MAX, { error: `Use no máximo ${GROUP_READ_TITLE_MAX} caracteres.` });
export const groupReadDescription = z
  .string()
  .trim()
  .max(GROUP_READ_DESCRIPTION_MAX, { error: `Descrição: use no máximo ${GROUP_READ_DESCRIPTION_MAX.toLocaleString('pt-BR')} caracteres.` });
const visibility = z.enum(GROUP_READ_VISIBILITIES, { error: 'Escolha quem pode ver e entrar na LC.' });

const editionRow = z.object({
  editionId: editionRef,
  /** The pages the schedule spreads (the catalogue's count, or what the host typed for their copy). */
  pages: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') return null;
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 20_000) {
        ctx.addIssue({ code: 'custom', message: 'Use um número de páginas de 1 a 20.000.' });
        return z.NEVER;
      }
      return n;
    }),
});

const stageRow = z.object({
  // A blank choice is no book (never the first one, as a number coerced from '' would be).
  editionIndex: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, { error: 'Escolha o livro da etapa.' })
    .transform(Number),
  unit: z.enum(STAGE_UNITS, { error: 'Escolha páginas ou capítulos.' }),
  fromNumber: wholeNumber('Use um número inteiro a partir de 1.', 20_000),
  toNumber: wholeNumber('Use um número inteiro a partir de 1.', 20_000),
  startsOn: day('Escolha uma data válida.'),
  endsOn: day('Escolha uma data válida.'),
});

const materialLink = httpsLink('Cole um link começando com https://.');

const materialRow = z.object({
  title: z
    .string()
    .trim()
    .max(MATERIAL_TITLE_MAX, { error: `Use no máximo ${MATERIAL_TITLE_MAX} caracteres.` }),
  url: z.string().trim(),
});

/** The wizard's steps, in order: each validates its own part before the next opens. */
export const WIZARD_STEPS = ['livros', 'datas', 'cronograma', 'detalhes'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const booksPart = z.object({
  editions: z
    .array(editionRow)
    .min(1, { error: 'Escolha ao menos um livro.' })
    .max(GROUP_READ_EDITIONS_MAX, { error: `Uma LC lê no máximo ${GROUP_READ_EDITIONS_MAX} livros.` })
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        if (seen.has(row.editionId)) ctx.addIssue({ code: 'custom', message: 'Esse livro já está na LC.', path: [i, 'editionId'] });
        seen.add(row.editionId);
      });
    }),
});

const datesShape = z.object({
  startsOn: day('Escolha a data de início.'),
  endsOn: day('Escolha a data de fim.'),
  /** Blank: one etapa a week (defaultStageCount). */
  stageCount: z.union([
    z.literal('').transform(() => null),
    wholeNumber(`Use de 1 a ${GROUP_READ_STAGES_MAX} etapas, ou deixe em branco.`, GROUP_READ_STAGES_MAX),
  ]),
});

function checkDates(dates: { startsOn: string; endsOn: string }, ctx: z.RefinementCtx) {
  if (dates.endsOn < dates.startsOn) ctx.addIssue({ code: 'custom', message: 'O fim vem depois do início.', path: ['endsOn'] });
  else if (daysBetween(dates.startsOn, dates.endsOn) > GROUP_READ_DAYS_MAX)
    ctx.addIssue({ code: 'custom', message: `Uma LC dura no máximo ${GROUP_READ_DAYS_MAX} dias.`, path: ['endsOn'] });
}

/**
 * Each etapa reads one of the LC's books, forwards, inside the LC's dates; the etapas go in order (none starts
 * or ends before the one above it: several may share a day), and two etapas of one book never read the same
 * pages (or chapters) twice.
 */
function checkStages(
  input: { editions: readonly unknown[]; startsOn: string; endsOn: string; stages: readonly z.output<typeof stageRow>[] },
  ctx: z.RefinementCtx,
) {
  const lastOf = new Map<string, { toNumber: number; n: number }>();
  input.stages.forEach((stage, i) => {
    const issue = (key: string, message: string) => ctx.addIssue({ code: 'custom', message, path: ['stages', i, key] });
    if (stage.editionIndex >= input.editions.length) issue('editionIndex', 'Escolha um dos livros da LC.');
    if (stage.toNumber < stage.fromNumber) issue('toNumber', 'O fim da etapa vem depois do começo.');
    if (stage.startsOn < input.startsOn || stage.startsOn > input.endsOn) issue('startsOn', 'A etapa começa entre o início e o fim da LC.');
    else if (stage.endsOn < stage.startsOn || stage.endsOn > input.endsOn) issue('endsOn', 'A etapa termina depois de começar e até o fim da LC.');
    const before = input.stages[i - 1];
    if (before && stage.startsOn < before.startsOn) issue('startsOn', `As etapas vão em ordem: esta começa antes da etapa ${i}.`);
    else if (before && stage.endsOn < before.endsOn) issue('endsOn', `As etapas vão em ordem: esta termina antes da etapa ${i}.`);
    const key = `${stage.editionIndex}:${stage.unit}`;
    const last = lastOf.get(key);
    if (last && stage.fromNumber <= last.toNumber)
      issue('fromNumber', `A etapa ${last.n} já vai até ${stage.unit === 'pages' ? 'a página' : 'o capítulo'} ${last.toNumber}: comece desta em diante.`);
    if (!last || stage.toNumber > last.toNumber) lastOf.set(key, { toNumber: stage.toNumber, n: i + 1 });
  });
}

const stageList = <R extends z.ZodType>(row: R) =>
  z
    .array(row)
    .min(1, { error: 'O cronograma precisa de ao menos uma etapa.' })
    .max(GROUP_READ_STAGES_MAX, { error: `Use no máximo ${GROUP_READ_STAGES_MAX} etapas.` });
const stages = stageList(stageRow);

export const datesPart = datesShape.superRefine(checkDates);

/** The schedule step reads the books and dates checked before it. */
export const schedulePart = z.object({ editions: z.array(z.unknown()), startsOn: z.string(), endsOn: z.string(), stages }).superRefine(checkStages);

export const detailsPart = z.object({
  title: groupReadTitle,
  description: groupReadDescription,
  /** '' for the reader themself, else the id of a club they run. */
  hostClubId: z
    .string()
    .trim()
    .transform((value) => value || null),
  visibility,
  participantCap: optionalMemberCap,
  materials: z
    .array(materialRow)
    .max(GROUP_READ_MATERIALS_MAX, { error: `Use no máximo ${GROUP_READ_MATERIALS_MAX} materiais.` })
    .superRefine((rows, ctx) => {
      rows.forEach((row, i) => {
        if (row.title === '' && row.url === '') return;
        if (row.title === '') ctx.addIssue({ code: 'custom', message: 'Dê um título ao material.', path: [i, 'title'] });
        const link = materialLink.safeParse(row.url);
        if (!link.success) ctx.addIssue({ code: 'custom', message: link.error.issues[0]!.message, path: [i, 'url'] });
      });
    })
    .transform((rows) => rows.filter((row) => row.title !== '' || row.url !== '')),
});

/**
 * What an LC's creation takes, whole: each part as the wizard checks it, and the rules across parts (an etapa
 * of one of the LC's books, inside the LC's dates). The creation checks it again, whatever door it came by.
 */
export const groupReadInput = booksPart
  .extend(datesShape.shape)
  .extend({ stages })
  .extend(detailsPart.shape)
  .superRefine((input, ctx) => {
    checkDates(input, ctx);
    if (input.endsOn >= input.startsOn) checkStages(input, ctx);
    if (input.visibility === 'clube' && !input.hostClubId)
      ctx.addIssue({ code: 'custom', message: 'Só uma LC de um clube pode ser só para membros.', path: ['visibility'] });
  });
export type GroupReadInput = z.output<typeof groupReadInput>;

/** The parts of the wizard in order, each with what it checks (the last step checks everything). */
export const STEP_SCHEMAS: Record<WizardStep, z.ZodType> = { livros: booksPart, datas: datesPart, cronograma: schedulePart, detalhes: groupReadInput };

/** Host tools: the LC's details (its books and schedule have their own forms). */
export const groupReadSettingsInput = z.object({
  title: groupReadTitle,
  slug: clubSlug,
  description: groupReadDescription,
  visibility,
  participantCap: optionalMemberCap,
});
export type GroupReadSettingsInput = z.output<typeof groupReadSettingsInput>;

/**
 * Host tools: the schedule edited after creation, under the wizard's rules (checkDates, checkStages). Each etapa
 * keeps its id ('' for a new one), so its comments, marks and notices stay with it; `removed` are the ids taken out.
 * `editions` is the LC's books, which the etapas choose from by position.
 */
export const scheduleEditInput = z
  .object({
    editions: z.array(z.unknown()),
    startsOn: day('Escolha a data de início.'),
    endsOn: day('Escolha a data de fim.'),
    stages: stageList(stageRow.extend({ id: z.string().trim().max(64) })),
    removed: z.array(z.string().max(64)).max(GROUP_READ_STAGES_MAX),
  })
  .superRefine((input, ctx) => {
    checkDates(input, ctx);
    if (input.endsOn >= input.startsOn) checkStages(input, ctx);
  });
export type ScheduleEditInput = z.output<typeof scheduleEditInput>;

export const shiftInput = z.object({
  days: z.coerce
    .number({ error: 'Use um número inteiro de dias.' })
    .int({ error: 'Use um número inteiro de dias.' })
    .min(-GROUP_READ_DAYS_MAX, { error: `Use de -${GROUP_READ_DAYS_MAX} a ${GROUP_READ_DAYS_MAX} dias.` })
    .max(GROUP_READ_DAYS_MAX, { error: `Use de -${GROUP_READ_DAYS_MAX} a ${GROUP_READ_DAYS_MAX} dias.` })
    .refine((days) => days !== 0, { error: 'Diga quantos dias: para a frente (5) ou para trás (-5).' }),
});

export const participantInput = z.object({ userId: z.string().min(1).max(64) });
export const inviteInput = z.object({
  username: z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9_]{3,20}$/, { error: 'Digite o nome de usuário de quem você quer convidar.' })),
});

export const groupReadIntent = z.discriminatedUnion('intent', [z.object({ intent: z.literal('entrar') }), z.object({ intent: z.literal('sair') })]);

/** A route's {identificador}: anything else is a 404 before the database is asked. */
export const groupReadSlugParam = z.string().regex(/^[a-z0-9-]{1,60}$/);

export const groupReadDirectoryQuery = z.object({
  q: z.string().trim().max(100).catch(''),
  fase: z.enum(GROUP_READ_PHASES).catch('aberta'),
  clube: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional()
    .catch(undefined),
  pagina: z.coerce.number().int().min(1).max(1000).catch(1),
});

const STAGE_FIELDS: Record<string, string> = {
  editionIndex: 'edition',
  unit: 'unit',
  fromNumber: 'from',
  toNumber: 'to',
  startsOn: 'startsOn',
  endsOn: 'endsOn',
};

/**
 * The wizard's field behind a path of groupReadInput: ['stages', 2, 'toNumber'] → `stage-2-to`, ['editions', 0,
 * 'editionId'] → `edition-0`, ['materials', 1, 'url'] → `material-1-url`; a top-level key is its own field.
 */
export function wizardField(path: readonly PropertyKey[]): string {
  const [part, index, key] = path.map(String);
  if (index === undefined) return part ?? '_form';
  if (part === 'editions') return key === 'pages' ? `edition-${index}-pages` : `edition-${index}`;
  if (part === 'stages') return `stage-${index}-${STAGE_FIELDS[key ?? ''] ?? 'from'}`;
  if (part === 'materials') return `material-${index}-${key === 'url' ? 'url' : 'title'}`;
  return part ?? '_form';
}

/** The indexes of a wizard's repeated rows present in its fields (`edition-0`, `edition-3`…), in order. */
export function rowIndexes(fields: Record<string, string>, prefix: string): number[] {
  const found = new Set<number>();
  for (const key of Object.keys(fields)) {
    const match = new RegExp(`^${prefix}-(\\d{1,3})(?:-|$)`).exec(key);
    if (match) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

/** One etapa's row of a schedule form (the wizard's, the host tools'), as stageRow reads it. */
export function stageFields(fields: Record<string, string>, i: number) {
  const get = (key: string) => fields[`stage-${i}-${key}`] ?? '';
  return { editionIndex: get('edition'), unit: get('unit'), fromNumber: get('from'), toNumber: get('to'), startsOn: get('startsOn'), endsOn: get('endsOn') };
}

/** The wizard's flat fields as groupReadInput reads them (rows renumbered 0, 1, 2… in order). */
export function wizardShape(fields: Record<string, string>) {
  const get = (key: string) => fields[key] ?? '';
  return {
    title: get('title'),
    description: get('description'),
    hostClubId: get('hostClubId'),
    visibility: get('visibility'),
    participantCap: get('participantCap'),
    startsOn: get('startsOn'),
    endsOn: get('endsOn'),
    stageCount: get('stageCount'),
    editions: rowIndexes(fields, 'edition').map((i) => ({ editionId: get(`edition-${i}`), pages: get(`edition-${i}-pages`) })),
    stages: rowIndexes(fields, 'stage').map((i) => stageFields(fields, i)),
    materials: rowIndexes(fields, 'material').map((i) => ({ title: get(`material-${i}-title`), url: get(`material-${i}-url`) })),
  };
}

import { z } from 'zod';
import { isCalendarDay } from '~/features/clubs/activities/sao-paulo-time';
import { clubSlug } from '~/features/clubs/validation';
import { rowIndexes } from '~/features/lcs/validation';
import { daysBetween } from '~/features/lcs/schedule';
import {
  CHALLENGE_DESCRIPTION_MAX,
  CHALLENGE_POINTS_MAX,
  LINK_COMMENT_MAX,
  MARATHON_CATEGORIES_MAX,
  MARATHON_CHALLENGES_MAX,
  MARATHON_DAYS_MAX,
  MARATHON_LEVELS_MAX,
  MARATHON_NAME_MAX,
  MARATHON_TEAMS_MAX,
  MARATHON_TEXT_MAX,
} from './policy';
import { CHALLENGE_KINDS, MARATHON_MODES, MARATHON_TIME_ZONES, MARATHON_VISIBILITIES } from './vocabulary';

const day = (message: string) => z.string().trim().refine(isCalendarDay, { error: message });
const optionalDay = z
  .string()
  .trim()
  .refine((v) => v === '' || isCalendarDay(v), { error: 'Use uma data válida, ou deixe em branco.' })
  .transform((v) => (v === '' ? null : v));
const text = (label: string) =>
  z
    .string()
    .trim()
    .max(MARATHON_TEXT_MAX, { error: `${label}: use no máximo ${MARATHON_TEXT_MAX.toLocaleString('pt-BR')} caracteres.` });
const name = (message: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Use no máximo ${max} caracteres.` });
const index = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, { error: message })
    .transform(Number);
const optionalIndex = z
  .string()
  .trim()
  .regex(/^(\d{1,3})?$/)
  .transform((v) => (v === '' ? null : Number(v)));

export const marathonName = name('Dê um nome à maratona.', MARATHON_NAME_MAX);
export const marathonVisibility = z.enum(MARATHON_VISIBILITIES, { error: 'Escolha quem pode ver e se inscrever.' });
const timeZone = z.enum(MARATHON_TIME_ZONES, { error: 'Escolha um fuso horário da lista.' });
/** Who organises: the viewer (`eu`), a club they run (`clube:{id}`), or the site (`oficial`, site admins only). */
const organizer = z.string().regex(/^(eu|oficial|clube:[A-Za-z0-9_-]{1,64})$/, { error: 'Escolha quem organiza.' });

const challengeRow = z.object({
  category: index('Escolha a categoria.'),
  kind: z.enum(CHALLENGE_KINDS, { error: 'Escolha o tipo do desafio.' }),
  description: name('Descreva o desafio.', CHALLENGE_DESCRIPTION_MAX),
  points: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, { error: `Use um número de 0 a ${CHALLENGE_POINTS_MAX}.` })
    .transform(Number)
    .refine((n) => n <= CHALLENGE_POINTS_MAX, { error: `Use um número de 0 a ${CHALLENGE_POINTS_MAX}.` }),
  revealsOn: optionalDay,
  level: optionalIndex,
});

const basicsShape = { name: marathonName, description: text('Descrição'), rules: text('Regras'), organizer };
const datesShape = {
  timeZone,
  startsOn: day('Informe o primeiro dia.'),
  endsOn: day('Informe o último dia.'),
  registrationOpensOn: day('Informe quando abrem as inscrições.'),
  registrationClosesOn: day('Informe quando fecham as inscrições.'),
};
const groupsShape = {
  mode: z.enum(MARATHON_MODES, { error: 'Escolha como os participantes se dividem.' }),
  groups: z.array(z.object({ name: name('Dê um nome.', 60) })),
};
const challengesShape = {
  categories: z
    .array(z.object({ name: name('Dê um nome à categoria.', 80) }))
    .min(1, { error: 'Crie ao menos uma categoria.' })
    .max(MARATHON_CATEGORIES_MAX, { error: `No máximo ${MARATHON_CATEGORIES_MAX} categorias.` }),
  challenges: z
    .array(challengeRow)
    .min(1, { error: 'Crie ao menos um desafio.' })
    .max(MARATHON_CHALLENGES_MAX, { error: `No máximo ${MARATHON_CHALLENGES_MAX} desafios.` }),
};

type Ctx = z.RefinementCtx;
type Dates = { startsOn: string; endsOn: string; registrationOpensOn: string; registrationClosesOn: string };

function checkDates(v: Dates, ctx: Ctx) {
  if (v.endsOn < v.startsOn) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'O último dia vem depois do primeiro.' });
  else if (daysBetween(v.startsOn, v.endsOn) + 1 > MARATHON_DAYS_MAX)
    ctx.addIssue({ code: 'custom', path: ['endsOn'], message: `Uma maratona dura no máximo ${MARATHON_DAYS_MAX} dias.` });
  if (v.registrationClosesOn < v.registrationOpensOn)
    ctx.addIssue({ code: 'custom', path: ['registrationClosesOn'], message: 'As inscrições fecham depois de abrir.' });
  else if (v.registrationClosesOn > v.endsOn)
    ctx.addIssue({ code: 'custom', path: ['registrationClosesOn'], message: 'As inscrições fecham até o último dia da maratona.' });
}

function checkGroups(v: { mode: string; groups: { name: string }[] }, ctx: Ctx) {
  if (v.mode === 'none') return;
  const [min, max, what] = v.mode === 'levels' ? [1, MARATHON_LEVELS_MAX, 'nível'] : [2, MARATHON_TEAMS_MAX, 'equipe'];
  if (v.groups.length < min)
    ctx.addIssue({ code: 'custom', path: ['groups'], message: v.mode === 'levels' ? 'Crie ao menos um nível.' : 'Crie ao menos duas equipes.' });
  if (v.groups.length > max) ctx.addIssue({ code: 'custom', path: ['groups'], message: `No máximo ${max} (${what}).` });
  const seen = new Set<string>();
  v.groups.forEach((g, i) => {
    const key = g.name.toLocaleLowerCase('pt-BR');
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['groups', i, 'name'], message: 'Esse nome já está na lista.' });
    seen.add(key);
  });
}

type ChallengeChecks = { categories: unknown[]; challenges: z.output<typeof challengeRow>[]; mode: string; groups: unknown[]; endsOn: string };

function checkChallenges(v: ChallengeChecks, ctx: Ctx) {
  v.challenges.forEach((c, i) => {
    if (c.category >= v.categories.length) ctx.addIssue({ code: 'custom', path: ['challenges', i, 'category'], message: 'Escolha a categoria.' });
    if (c.level !== null && (v.mode !== 'levels' || c.level >= v.groups.length))
      ctx.addIssue({ code: 'custom', path: ['challenges', i, 'level'], message: 'Escolha um nível da maratona, ou nenhum.' });
    if (c.revealsOn !== null && isCalendarDay(v.endsOn) && c.revealsOn > v.endsOn)
      ctx.addIssue({ code: 'custom', path: ['challenges', i, 'revealsOn'], message: 'O desafio aparece até o último dia da maratona.' });
  });
}

export const MARATHON_WIZARD_STEPS = ['basico', 'datas', 'grupos', 'desafios', 'visibilidade'] as const;
export type MarathonWizardStep = (typeof MARATHON_WIZARD_STEPS)[number];

export const marathonInput = z
  .object({ ...basicsShape, ...datesShape, ...groupsShape, ...challengesShape, visibility: marathonVisibility })
  .superRefine((v, ctx) => {
    checkDates(v, ctx);
    checkGroups(v, ctx);
    checkChallenges(v, ctx);
    if (v.visibility === 'clube' && !v.organizer.startsWith('clube:'))
      ctx.addIssue({ code: 'custom', path: ['visibility'], message: 'Só uma maratona de um clube pode ser só para membros.' });
  })
  .transform(({ groups, mode, ...rest }) => ({ ...rest, mode, groups: mode === 'none' ? [] : groups }));
export type MarathonInput = z.output<typeof marathonInput>;

/** Each step checks its own fields (and what they depend on) before the next opens; the last checks everything. */
export const MARATHON_STEP_SCHEMAS: Record<MarathonWizardStep, z.ZodType> = {
  basico: z.object(basicsShape),
  datas: z.object(datesShape).superRefine(checkDates),
  grupos: z.object(groupsShape).superRefine(checkGroups),
  desafios: z.object({ ...challengesShape, mode: z.string(), groups: z.array(z.unknown()), endsOn: z.string() }).superRefine(checkChallenges),
  visibilidade: marathonInput,
};

const ROW_PREFIX: Record<string, string> = { groups: 'group', categories: 'category', challenges: 'challenge' };

/** The wizard's field behind a path of marathonInput: ['challenges', 2, 'points'] → `challenge-2-points`; a top-level key is its own. */
export function marathonWizardField(path: readonly PropertyKey[]): string {
  const [part, i, key] = path.map(String);
  if (part === undefined) return '_form';
  if (i === undefined || !ROW_PREFIX[part]) return part;
  return `${ROW_PREFIX[part]}-${i}-${key ?? 'name'}`;
}

export const CHALLENGE_KEYS = ['category', 'kind', 'description', 'points', 'revealsOn', 'level'] as const;

/** The wizard's flat fields as the shape marathonInput reads (every value a string, rows in order). */
export function marathonWizardShape(fields: Record<string, string>) {
  const get = (key: string) => fields[key] ?? '';
  return {
    name: get('name'),
    description: get('description'),
    rules: get('rules'),
    organizer: get('organizer') || 'eu',
    timeZone: get('timeZone'),
    startsOn: get('startsOn'),
    endsOn: get('endsOn'),
    registrationOpensOn: get('registrationOpensOn'),
    registrationClosesOn: get('registrationClosesOn'),
    mode: get('mode') || 'none',
    groups: rowIndexes(fields, 'group').map((i) => ({ name: get(`group-${i}-name`) })),
    categories: rowIndexes(fields, 'category').map((i) => ({ name: get(`category-${i}-name`) })),
    challenges: rowIndexes(fields, 'challenge').map(
      (i) => Object.fromEntries(CHALLENGE_KEYS.map((k) => [k, get(`challenge-${i}-${k}`)])) as Record<(typeof CHALLENGE_KEYS)[number], string>,
    ),
    visibility: get('visibility'),
  };
}

/** Organiser tools: the basics (the identificador too: the old one keeps redirecting). */
export const marathonSettingsInput = z
  .object({ name: marathonName, slug: clubSlug, description: text('Descrição'), rules: text('Regras'), visibility: marathonVisibility, ...datesShape })
  .superRefine(checkDates);
export type MarathonSettingsInput = z.output<typeof marathonSettingsInput>;

const checkboxOn = z
  .string()
  .optional()
  .transform((v) => v === 'on');
const optionalId = z
  .string()
  .trim()
  .max(64)
  .transform((v) => v || null);

/** Organiser tools: a challenge added (also during the marathon), in a category that exists or a new one. */
export const addChallengeInput = z
  .object({
    categoryId: z.string().trim().max(64),
    newCategory: z.string().trim().max(80, { error: 'Use no máximo 80 caracteres.' }),
    kind: challengeRow.shape.kind,
    description: challengeRow.shape.description,
    points: challengeRow.shape.points,
    revealsOn: optionalDay,
    levelId: optionalId,
    /** The checkbox "conclui ao terminar o livro" (leitura only): absent when unticked. */
    completesOnFinish: checkboxOn,
  })
  .superRefine((v, ctx) => {
    if (!v.categoryId && !v.newCategory) ctx.addIssue({ code: 'custom', path: ['categoryId'], message: 'Escolha uma categoria ou dê nome a uma nova.' });
  });
export type AddChallengeInput = z.output<typeof addChallengeInput>;

const challengeId = z.string().trim().min(1, { error: 'Escolha um desafio.' }).max(64);

/** Organiser tools: a challenge edited (its kind and category stay: boards and links depend on them). */
export const editChallengeInput = z.object({
  challengeId,
  description: challengeRow.shape.description,
  points: challengeRow.shape.points,
  revealsOn: optionalDay,
  levelId: optionalId,
  /** The checkbox "conclui ao terminar o livro" (leitura only): absent when unticked. */
  completesOnFinish: checkboxOn,
});
export type EditChallengeInput = z.output<typeof editChallengeInput>;

export const removeChallengeInput = z.object({ challengeId });

/** A participant's level or team: by an organiser (`userId`), or by the reader themself while registration is open. */
export const participantGroupInput = z.object({
  userId: z.string().trim().min(1).max(64),
  groupId: z.string().trim().min(1, { error: 'Escolha um nível ou uma equipe.' }).max(64),
});

/** Register, with the level or team chosen (when the marathon has them), or leave. */
export const marathonJoinIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('entrar'), groupId: z.string().trim().max(64).optional() }),
  z.object({ intent: z.literal('sair') }),
  z.object({ intent: z.literal('mudar'), groupId: z.string().trim().min(1, { error: 'Escolha um nível ou uma equipe.' }).max(64) }),
]);

export const participantAction = z.object({ intent: z.enum(['remover', 'banir']), userId: z.string().min(1).max(64) });

export const MARATHON_DIRECTORY_SECTIONS = ['acontecendo', 'proximas', 'encerradas'] as const;
export const marathonDirectoryQuery = z.object({
  q: z.string().trim().max(100).catch(''),
  fase: z.enum(MARATHON_DIRECTORY_SECTIONS).catch('acontecendo'),
  tipo: z.enum(['todas', 'oficiais', 'comunidade']).catch('todas'),
  pagina: z.coerce.number().int().min(1).max(1000).catch(1),
});

/** `?pagina=` of the participants' lists (the tab and Gerenciar). */
export const participantsPageQuery = z.object({ pagina: z.coerce.number().int().min(1).max(1000).catch(1) });

/** `?pagina=` of the ranking, and `?nivel=` (a level's number, 1 for the first) in levels mode; anything else reads as absent. */
export const rankingQuery = z.object({
  pagina: z.coerce.number().int().min(1).max(1000).catch(1),
  nivel: z.coerce.number().int().min(1).max(MARATHON_LEVELS_MAX).optional().catch(undefined),
});

/** Where /maratonas/aviso sends the reader back to: a path of this site only. */
export const noticeReturn = z
  .string()
  .regex(/^\/(?!\/)[^\s\\]{0,300}$/)
  .catch('/maratonas');

const boardId = z.string().trim().min(1, { error: 'Escolha um desafio.' }).max(64);

/** "4,25", "4.25" or empty (no rating): quarters of a star, as shelf entries. */
const optionalRating = z
  .string()
  .trim()
  .transform((raw, ctx) => {
    if (raw === '') return null;
    const value = Number(raw.replace(',', '.'));
    if (!Number.isFinite(value) || value < 0.25 || value > 5 || !Number.isInteger(value * 4)) {
      ctx.addIssue({ code: 'custom', message: 'A nota vai de 0,25 a 5, em passos de 0,25.' });
      return z.NEVER;
    }
    return value;
  });

/** /m/{identificador}/progresso's forms: link a shelf edition to a leitura challenge, save or remove a link, tick an atividade. */
export const boardIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('vincular'), challengeId: boardId, editionId: z.string().trim().min(1, { error: 'Escolha um livro da sua estante.' }).max(64) }),
  z.object({
    intent: z.literal('salvar'),
    linkId: boardId,
    progress: z.coerce
      .number({ error: 'O progresso vai de 0 a 100.' })
      .int({ error: 'O progresso vai de 0 a 100, sem casas decimais.' })
      .min(0, { error: 'O progresso vai de 0 a 100.' })
      .max(100, { error: 'O progresso vai de 0 a 100.' }),
    complete: z
      .string()
      .optional()
      .transform((v) => v === 'on'),
    rating: optionalRating,
    comment: z
      .string()
      .trim()
      .max(LINK_COMMENT_MAX, { error: `Use no máximo ${LINK_COMMENT_MAX} caracteres.` })
      .transform((v) => v || null),
    markedOn: optionalDay,
  }),
  z.object({ intent: z.literal('desvincular'), linkId: boardId }),
  z.object({ intent: z.literal('marcar'), challengeId: boardId, done: z.enum(['sim', 'nao']).transform((v) => v === 'sim') }),
]);
export type BoardIntent = z.output<typeof boardIntent>;
export type LinkInput = Omit<Extract<BoardIntent, { intent: 'salvar' }>, 'intent' | 'linkId'>;

/** `?desafio=&busca=` on the board: the shelf search of one leitura challenge's "vincular" box. */
export const boardSearchQuery = z.object({
  desafio: z.string().trim().max(64).catch(''),
  busca: z.string().trim().max(100).catch(''),
});

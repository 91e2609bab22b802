import { z } from 'zod';
import { BAN_REASON_MAX, CLUB_CATEGORIES_MAX, CLUB_DESCRIPTION_MAX, CLUB_NAME_MAX, CLUB_RULES_MAX, CLUB_WELCOME_MAX } from './policy';
import { slugProblem } from './slugs';
import { CLUB_CATEGORIES, CLUB_VISIBILITIES } from './vocabulary';

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}: use no máximo ${max.toLocaleString('pt-BR')} caracteres.` });

export const clubName = z
  .string()
  .trim()
  .min(1, { error: 'Dê um nome ao clube.' })
  .max(CLUB_NAME_MAX, { error: `Use no máximo ${CLUB_NAME_MAX} caracteres.` });

export const clubSlug = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A route's {identificador}: anything else is a 404 before the database is asked. */
export const clubSlugParam = z.string().regex(/^[a-z0-9-]{1,60}$/);

const categories = z
  .array(z.enum(CLUB_CATEGORIES, { error: 'Escolha categorias da lista.' }))
  .max(CLUB_CATEGORIES_MAX, { error: `Escolha no máximo ${CLUB_CATEGORIES_MAX} categorias.` })
  .transform((list) => [...new Set(list)]);

/** A member cap typed in a form: a whole number, or blank for none (a club's and a plan's). */
export const optionalMemberCap = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return null;
    const cap = Number(value);
    if (!Number.isInteger(cap) || cap < 1 || cap > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: 'Use um número inteiro de 1 a 1.000.000, ou deixe em branco para não limitar.' });
      return z.NEVER;
    }
    return cap;
  });

/** The club creation form on /criar. */
export const createClubInput = z.object({
  name: clubName,
  description: text(CLUB_DESCRIPTION_MAX, 'Descrição'),
  visibility: z.enum(CLUB_VISIBILITIES, { error: 'Escolha quem pode entrar no clube.' }),
  categories,
});
export type CreateClubInput = z.output<typeof createClubInput>;

/** /admin/personalizar's club settings (branding lives in its own form). */
export const clubSettingsInput = z.object({
  name: clubName,
  slug: clubSlug,
  description: text(CLUB_DESCRIPTION_MAX, 'Descrição'),
  welcomeText: text(CLUB_WELCOME_MAX, 'Boas-vindas'),
  rules: text(CLUB_RULES_MAX, 'Regras'),
  visibility: z.enum(CLUB_VISIBILITIES, { error: 'Escolha quem pode entrar no clube.' }),
  categories,
  memberCap: optionalMemberCap,
  membersCanPost: z.stringbool().optional().default(false),
});
export type ClubSettingsInput = z.output<typeof clubSettingsInput>;

export const clubDirectoryQuery = z.object({
  q: z.string().trim().max(100).catch(''),
  ordem: z.enum(['membros', 'atividade']).catch('membros'),
  categoria: z.enum(CLUB_CATEGORIES).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(1000).catch(1),
});

export const membershipIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('entrar') }),
  z.object({ intent: z.literal('aceitar') }),
  z.object({ intent: z.literal('recusar') }),
  z.object({ intent: z.literal('sair') }),
]);

export const banInput = z.object({
  userId: z.string().min(1),
  reason: z
    .string()
    .trim()
    .min(1, { error: 'Diga o motivo do banimento: o leitor verá essa mensagem.' })
    .max(BAN_REASON_MAX, { error: `Use no máximo ${BAN_REASON_MAX} caracteres.` }),
});

import { z } from 'zod';
import { CLUB_ROLES, type MembershipStatus } from '../vocabulary';
import { banInput } from '../validation';
import { colorProblem, normaliseHex } from './colors';

const color = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = colorProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => normaliseHex(value)!);

/** /admin/personalizar's colours: both carry white text in the club's header. */
export const brandingInput = z.object({ primaryColor: color, accentColor: color });
export type BrandingInput = z.output<typeof brandingInput>;

/** The statuses /admin/membros lists, as the page's filter names them (requests have their own section). */
export const MEMBER_FILTERS = { ativos: 'active', convidados: 'invited', banidos: 'banned' } as const;
export type MemberFilter = keyof typeof MEMBER_FILTERS;

export const memberListQuery = z.object({
  q: z.string().trim().max(100).catch(''),
  situacao: z.enum(['ativos', 'convidados', 'banidos']).catch('ativos'),
  pagina: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type MemberListQuery = z.output<typeof memberListQuery>;

const userId = z.string().min(1).max(100);

/** Every form of /admin/membros, one intent each. */
export const memberAdminIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('aprovar'), userId }),
  z.object({ intent: z.literal('recusar'), userId }),
  z.object({
    intent: z.literal('convidar'),
    username: z.string().trim().min(1, { error: 'Digite o nome de usuário de quem você quer convidar.' }).max(40),
  }),
  z.object({ intent: z.literal('papel'), userId, role: z.enum(CLUB_ROLES, { error: 'Escolha um papel da lista.' }) }),
  banInput.extend({ intent: z.literal('banir') }),
  z.object({ intent: z.literal('desbanir'), userId }),
  z.object({ intent: z.literal('plano'), userId, planId: z.string().max(100) }),
  z.object({
    intent: z.literal('transferir'),
    username: z.string().trim().min(1, { error: 'Digite o nome de usuário do novo dono.' }).max(40),
    confirmation: z.string().trim(),
  }),
]);
export type MemberAdminIntent = z.output<typeof memberAdminIntent>;

export const statusOfFilter = (filter: MemberFilter): MembershipStatus => MEMBER_FILTERS[filter];

import { z } from 'zod';
import { optionalMemberCap } from '../validation';
import { BENEFIT_KINDS } from '../vocabulary';
import { parsePrice } from './price';

export const PLAN_NAME_MAX = 60;
export const PLAN_DESCRIPTION_MAX = 1000;
export const BENEFIT_TITLE_MAX = 80;
export const BENEFIT_DESCRIPTION_MAX = 1000;
/** Plans a club may have at once, archived ones included (a page of plans side by side stays readable). */
export const PLANS_MAX = 20;
export const BENEFITS_MAX = 50;
export const PLAN_POSITION_MAX = 99;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}: use no máximo ${max.toLocaleString('pt-BR')} caracteres.` });

const price = z.string().transform((typed, ctx) => {
  const parsed = parsePrice(typed);
  if (parsed.ok) return parsed.cents;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

const position = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return null;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > PLAN_POSITION_MAX) {
      ctx.addIssue({ code: 'custom', message: `Use um número inteiro de 0 a ${PLAN_POSITION_MAX}.` });
      return z.NEVER;
    }
    return n;
  });

const ids = z.array(z.string().min(1).max(40)).max(100).default([]);

/** /admin/planos' form: `price` as typed ("9,90", blank for free); `position` blank puts the plan last. */
export const planInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Dê um nome ao plano.' })
    .max(PLAN_NAME_MAX, { error: `Use no máximo ${PLAN_NAME_MAX} caracteres.` }),
  description: text(PLAN_DESCRIPTION_MAX, 'Descrição'),
  price,
  memberCap: optionalMemberCap,
  position,
  benefitIds: ids,
});
export type PlanInput = z.output<typeof planInput>;

/** /admin/beneficios' form: the plans that include the benefit are ticked as repeated `planIds`. */
export const benefitInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: 'Dê um título ao benefício.' })
    .max(BENEFIT_TITLE_MAX, { error: `Use no máximo ${BENEFIT_TITLE_MAX} caracteres.` }),
  description: text(BENEFIT_DESCRIPTION_MAX, 'Descrição'),
  kind: z.enum(BENEFIT_KINDS, { error: 'Escolha o tipo do benefício.' }),
  planIds: ids,
});
export type BenefitInput = z.output<typeof benefitInput>;

const id = z.string().min(1).max(40);

export const planIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('criar') }),
  z.object({ intent: z.literal('salvar'), planId: id }),
  z.object({ intent: z.literal('arquivar'), planId: id }),
  z.object({ intent: z.literal('reativar'), planId: id }),
  z.object({ intent: z.literal('excluir'), planId: id }),
]);

export const benefitIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('criar') }),
  z.object({ intent: z.literal('salvar'), benefitId: id }),
  z.object({ intent: z.literal('excluir'), benefitId: id }),
]);

/** /planos: take a plan (joining an open club on the way), or leave a free one. */
export const subscribeIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('assinar'), planId: id }),
  z.object({ intent: z.literal('deixar-plano') }),
]);

import { z } from 'zod';
import { MODERATION_ACTIONS, REPORTABLE_KINDS, REPORT_DETAILS_MAX, REPORT_REASONS } from './reasons';

export const reportInput = z.object({
  kind: z.enum(REPORTABLE_KINDS, { error: 'Não é possível denunciar isso.' }),
  target: z.string().trim().min(1, 'Não é possível denunciar isso.').max(64, 'Não é possível denunciar isso.'),
  reason: z.enum(REPORT_REASONS, { error: 'Escolha um motivo.' }),
  details: z.string().trim().max(REPORT_DETAILS_MAX, `Escreva no máximo ${REPORT_DETAILS_MAX} caracteres.`).default(''),
});
export type ReportInput = z.output<typeof reportInput>;

export const moderationActionInput = z
  .object({
    report: z.string().min(1).max(64),
    intent: z.enum(MODERATION_ACTIONS, { error: 'Ação desconhecida.' }),
    note: z.string().trim().max(REPORT_DETAILS_MAX, `Escreva no máximo ${REPORT_DETAILS_MAX} caracteres.`).default(''),
  })
  .refine((v) => v.intent !== 'warn' || v.note.length > 0, { path: ['note'], message: 'Escreva a advertência que o autor vai receber.' });
export type ModerationActionInput = z.output<typeof moderationActionInput>;

export const reportQueueParams = z.object({
  situacao: z.enum(['abertas', 'resolvidas', 'dispensadas']).catch('abertas'),
  tipo: z.enum(REPORTABLE_KINDS).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(1000).catch(1),
});

/** /denunciar?tipo=…&id=…: the page a list's "Denunciar" link opens. */
export const reportPageParams = z.object({ tipo: z.enum(REPORTABLE_KINDS), id: z.string().trim().min(1).max(64) });

import { z } from 'zod';
import { VISIBILITIES } from '~/features/social/vocabulary';
import { IMPORT_FIELDS, type ImportField, type NoStatusChoice } from './vocabulary';

const column = z.string().trim().max(300, 'Escolha uma coluna do arquivo.');

/** The preview's form: read the file again with this column mapping and date order, confirm, or discard. */
export const importPreviewInput = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('ajustar'),
    // Only asked when the file's dates leave the order open; otherwise nothing is sent and the file's own stands.
    ordem: z.enum(['dmy', 'mdy'], { message: 'Escolha como as datas estão escritas.' }).optional(),
    ...(Object.fromEntries(IMPORT_FIELDS.map((field) => [`coluna_${field}`, column.optional()])) as Record<
      `coluna_${ImportField}`,
      z.ZodOptional<typeof column>
    >),
  }),
  z.object({
    intent: z.literal('confirmar'),
    // Only asked when the file has rows without a status; otherwise nothing is sent and the default stands.
    sem_status: z
      .enum(['quero-ler', 'ignorar'], { message: 'Escolha o que fazer com as linhas sem status.' })
      .transform((v): NoStatusChoice => (v === 'ignorar' ? 'ignore' : 'want_to_read'))
      .default('want_to_read'),
    // Only asked when the file creates custom shelves; private unless the reader chooses otherwise.
    estantes_visibilidade: z.enum(VISIBILITIES, { message: 'Escolha quem pode ver as estantes novas.' }).default('privado'),
  }),
  z.object({
    intent: z.literal('decidir'),
    linha: z.coerce.number().int().min(1),
    escolha: z.enum(['esta', 'nova', 'outra'], { message: 'Escolha uma das opções.' }),
    edicao: z.string().trim().max(500).optional(),
  }),
  z.object({ intent: z.literal('aceitar-todas') }),
  z.object({ intent: z.literal('descartar') }),
]);

import { z } from 'zod';
import { WHISPER_MAX, WHISPER_TOO_LONG, whisperLength } from './policy';

/** Ids in whisper URLs and forms: anything else is a 404 before the database is asked. */
export const whisperIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** The sender's own id for a message, made by their browser (a send retried with it is the same message). */
const clientId = z.string({ error: 'Recarregue a página e envie de novo.' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'Recarregue a página e envie de novo.');

const body = z
  .string({ error: 'Escreva uma mensagem.' })
  .trim()
  .min(1, 'Escreva uma mensagem.')
  .refine((text) => whisperLength(text) <= WHISPER_MAX, WHISPER_TOO_LONG);

/** A message, from the thread's form or /sussurrar/{username}. */
export const whisperInput = z.object({ clientId, body });

/** The thread page's forms. */
export const threadActionInput = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('enviar'), clientId, body }),
  z.object({ intent: z.literal('lida') }),
  z.object({ intent: z.literal('apagar'), message: whisperIdParam }),
  z.object({ intent: z.literal('bloquear') }),
]);

/** /sussurros?q=&bloqueado= (the reader just blocked from a thread) and /sussurros/{id}?antes= */
export const conversationsQuery = z.object({
  q: z.string().trim().max(100).catch('').default(''),
  bloqueado: z
    .string()
    .regex(/^[a-z0-9_]{3,20}$/)
    .optional()
    .catch(undefined),
});
export const threadQuery = z.object({ antes: whisperIdParam.optional().catch(undefined) });

import { z } from 'zod';
import { WHISPER_IMAGES_MAX, WHISPER_MAX, WHISPER_TOO_LONG, whisperLength } from './policy';

/** Ids in whisper URLs and forms: anything else is a 404 before the database is asked. */
export const whisperIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** The sender's own id for a message, made by their browser (a send retried with it is the same message). */
const clientId = z.string({ error: 'Recarregue a página e envie de novo.' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'Recarregue a página e envie de novo.');

const body = z
  .string({ error: 'Escreva uma mensagem.' })
  .trim()
  .min(1, 'Escreva uma mensagem.')
  .refine((text) => whisperLength(text) <= WHISPER_MAX, WHISPER_TOO_LONG);

/** A message's text next to images: may be empty (the mutation asks for text or an image, decision 0089). */
const optionalBody = z
  .string()
  .trim()
  .refine((text) => whisperLength(text) <= WHISPER_MAX, WHISPER_TOO_LONG)
  .default('');

/** The first message, from /sussurrar/{username} (text only). */
export const whisperInput = z.object({ clientId, body });
/** A message in a thread, from its page's form or /api/sussurros/{id}/mensagens; its images come separately. */
export const threadMessageInput = z.object({ clientId, body: optionalBody });
/** /sussurros/{id}/imagens/{message}/{n} */
export const whisperImagePosition = z.coerce.number().int().min(1).max(WHISPER_IMAGES_MAX);

/** The thread page's forms. */
export const threadActionInput = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('enviar'), clientId, body: optionalBody }),
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

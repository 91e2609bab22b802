import { z } from 'zod';

/** What the unSprint bot reports of a chatter in a sprint (PRODUCT.md §J): `evento` names the moment. */
export const UNSPRINT_EVENTS = ['criar', 'iniciar', 'atualizar', 'encerrar', 'resgatar', 'cancelar'] as const;
export type UnsprintEvent = (typeof UNSPRINT_EVENTS)[number];

/** One batch is at most this many items (the bot sends one per chatter of a sprint). */
export const UNSPRINT_BATCH_MAX = 100;
/** Minutes a report may carry: a day. What one sprint credits is capped lower (FOCUS_MAX_MINUTES, decision 0093). */
export const UNSPRINT_MINUTES_MAX = 1440;

export const unsprintItem = z.object({
  username: z
    .string({ error: 'username: o login da Twitch de quem participa.' })
    .trim()
    .regex(/^[A-Za-z0-9_]{1,25}$/, 'username: um login da Twitch (letras, números e _, até 25).'),
  usernameId: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,20}$/, 'usernameId: o id numérico da Twitch.'))
    .nullish(),
  sprint: z.uuid({ error: 'sprint: um UUID.' }),
  minutos: z
    .number({ error: 'minutos: um número.' })
    .finite()
    .min(0, 'minutos: não pode ser negativo.')
    .max(UNSPRINT_MINUTES_MAX, `minutos: no máximo ${UNSPRINT_MINUTES_MAX}.`),
  evento: z.enum(UNSPRINT_EVENTS, { error: `evento: um de ${UNSPRINT_EVENTS.join(', ')}.` }),
});
export type UnsprintItem = z.infer<typeof unsprintItem>;

/**
 * A batch, checked item by item so the answer names the first one that is wrong (400 with its index and what was
 * sent); nothing of a malformed batch is recorded.
 */
export function parseUnsprintBatch(body: unknown): { ok: true; items: UnsprintItem[] } | { ok: false; error: string; index?: number; item?: unknown } {
  if (!Array.isArray(body)) return { ok: false, error: 'O corpo precisa ser uma lista JSON de participantes.' };
  if (body.length === 0) return { ok: false, error: 'A lista de participantes está vazia.' };
  if (body.length > UNSPRINT_BATCH_MAX) return { ok: false, error: `No máximo ${UNSPRINT_BATCH_MAX} participantes por envio.` };
  const items: UnsprintItem[] = [];
  for (const [index, raw] of body.entries()) {
    const parsed = unsprintItem.safeParse(raw);
    if (!parsed.success) return { ok: false, error: `Item ${index}: ${parsed.error.issues[0]?.message ?? 'inválido.'}`, index, item: raw };
    items.push(parsed.data);
  }
  return { ok: true, items };
}

import { z } from 'zod';

export const SOCIAL_INTENTS = ['seguir', 'deixar-de-seguir', 'cancelar-pedido', 'aprovar', 'recusar', 'remover-seguidor', 'bloquear', 'desbloquear'] as const;
export type SocialIntent = (typeof SOCIAL_INTENTS)[number];

/** Every follow and block form, wherever it is shown (profile, its tabs, /seguindo): a verb and the other reader's username. */
export const socialActionInput = z.object({
  intent: z.enum(SOCIAL_INTENTS, { error: 'Ação desconhecida.' }),
  reader: z
    .string({ error: 'Leitor não informado.' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_]{1,40}$/, { error: 'Leitor não informado.' }),
});

import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationSwitches, switchField } from './notification-types';

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

const checkbox = z.literal('on', { error: 'Valor inválido.' }).optional();

/** The /configuracoes/notificacoes form: a checked box sends "on", an unchecked one sends nothing. */
export const notificationSwitchesInput = z
  .object(
    Object.fromEntries(
      NOTIFICATION_TYPES.flatMap((type) => [
        [switchField('app', type), checkbox],
        [switchField('email', type), checkbox],
      ]),
    ),
  )
  .transform(
    (form): NotificationSwitches =>
      Object.fromEntries(
        NOTIFICATION_TYPES.map((type) => [type, { inApp: form[switchField('app', type)] === 'on', email: form[switchField('email', type)] === 'on' }]),
      ) as NotificationSwitches,
  );

export const catalogFollowInput = z.object({ intent: z.enum(['seguir', 'deixar-de-seguir'], { error: 'Ação desconhecida.' }) });

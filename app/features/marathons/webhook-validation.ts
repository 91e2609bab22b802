import { z } from 'zod';

/** /m/{identificador}/gerenciar/webhooks: which form was sent. */
export const webhookIntent = z.object({ intent: z.enum(['salvar', 'segredo', 'ativar', 'desativar', 'remover', 'reenviar']) });

/** The webhook's address and API key (blank: keep the saved key). The address's own checks come after (webhook-target). */
export const webhookInput = z.object({
  url: z.string().trim().min(1, 'Digite o endereço que vai receber as atualizações.').max(2000, 'O endereço pode ter até 2000 caracteres.'),
  // It goes in an HTTP header: visible ASCII only (a header with "€", an emoji or a line break cannot be sent).
  apiKey: z
    .string()
    .trim()
    .max(500, 'A chave pode ter até 500 caracteres.')
    .regex(/^[\x21-\x7e]*$/, 'Use só letras, números e símbolos sem acento nem espaço na chave.')
    .default(''),
});
export type WebhookInput = z.output<typeof webhookInput>;

export const resendInput = z.object({ deliveryId: z.string().trim().min(1, 'Escolha uma entrega.').max(40) });

export const webhookLogQuery = z.object({ pagina: z.coerce.number().int().min(1).max(1000).catch(1) });

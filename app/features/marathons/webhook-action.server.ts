import { formRunner } from '~/features/lcs/form-runner.server';
import { isSuccess } from '~/lib/form-result';
import type { Viewer } from '~/server/viewer.server';
import { deleteWebhook, resendWebhookDelivery, rotateWebhookSecret, saveWebhook, setWebhookEnabled } from './webhook-settings.server';
import { resendInput, webhookInput, webhookIntent } from './webhook-validation';

/**
 * /m/{identificador}/gerenciar/webhooks's forms, each checked by its own schema; the data functions check the
 * viewer organises the marathon again. A new or rotated secret goes back in the answer and is never read again.
 */
export async function runWebhookAction(viewer: Viewer, marathonId: string, formData: FormData) {
  const which = webhookIntent.safeParse({ intent: formData.get('intent') });
  if (!which.success) return { formError: 'Escolha o que fazer.', fieldErrors: {}, fields: {} };
  const run = formRunner(formData);
  // A new or rotated secret, set by the work below.
  const shown: { secret: string | null } = { secret: null };
  const result = await (async () => {
    switch (which.data.intent) {
      case 'salvar':
        return run(webhookInput, async (input) => {
          shown.secret = (await saveWebhook(viewer, marathonId, input)).secret;
          return shown.secret ? 'Webhook criado. Guarde o segredo abaixo: ele não aparece de novo.' : 'Webhook salvo.';
        });
      case 'segredo':
        return run(webhookIntent, async () => {
          shown.secret = await rotateWebhookSecret(viewer, marathonId);
          return 'Segredo novo criado. O anterior deixou de valer: atualize seu sistema com o de baixo, que não aparece de novo.';
        });
      case 'ativar':
      case 'desativar': {
        const enabled = which.data.intent === 'ativar';
        return run(webhookIntent, async () => {
          await setWebhookEnabled(viewer, marathonId, enabled);
          return enabled ? 'Webhook ativado: as próximas atualizações serão enviadas.' : 'Webhook desativado: nada mais é enviado até você ativá-lo.';
        });
      }
      case 'remover':
        return run(webhookIntent, async () => {
          await deleteWebhook(viewer, marathonId);
          return 'Webhook removido, com o registro de entregas.';
        });
      case 'reenviar':
        return run(resendInput, async ({ deliveryId }) => {
          await resendWebhookDelivery(viewer, marathonId, deliveryId);
          return 'Reenvio na fila: vai com o estado atual do quadro da pessoa.';
        });
    }
  })();
  return isSuccess(result) && shown.secret ? { ...result, secret: shown.secret } : result;
}

import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/configuracoes.notificacoes';
import { Button } from '~/components/ui/button';
import { TableHead } from '~/components/ui/table-head';
import { FormMessage } from '~/components/ui/field';
import { getNotificationSwitches, saveNotificationSwitches } from '~/features/social/notification-settings.server';
import { NOTIFICATION_TYPES, NOTIFICATION_TYPE_INFO, switchField } from '~/features/social/notification-types';
import { notificationSwitchesInput } from '~/features/social/validation';
import { isFailure, isSuccess } from '~/lib/form-result';
import { parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Notificações · Configurações · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  return { switches: await getNotificationSwitches(viewer) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const parsed = parseForm(await request.formData(), notificationSwitchesInput);
  if (!parsed.ok) return parsed.failure;
  await saveNotificationSwitches(viewer, parsed.value);
  return { success: 'Preferências de notificação salvas.' };
}

export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="font-serif text-3xl font-bold">Notificações</h1>
        <p className="text-muted">Escolha o que aparece no sino do Maratona e o que chega por e-mail.</p>
      </header>
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      {isFailure(actionData) && actionData.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      <Form method="post" className="flex flex-col gap-4">
        <table className="w-full border-collapse rounded-xl bg-surface text-left">
          <caption className="sr-only">Notificações por tipo: no site e por e-mail</caption>
          <TableHead
            columns={[
              { label: 'Tipo', className: 'p-3' },
              { label: 'No site', className: 'w-20 p-3 text-center' },
              { label: 'E-mail', className: 'w-20 p-3 text-center' },
            ]}
          />
          <tbody>
            {NOTIFICATION_TYPES.map((type) => {
              const info = NOTIFICATION_TYPE_INFO[type];
              const current = loaderData.switches[type];
              return (
                <tr key={type} className="border-b border-line last:border-0">
                  <th scope="row" id={`tipo-${type}`} className="p-3 font-normal">
                    {info.label}
                  </th>
                  <td className="p-3 text-center">
                    {info.inAppAvailable ? (
                      <input
                        type="checkbox"
                        name={switchField('app', type)}
                        defaultChecked={current.inApp}
                        aria-label={`${info.label}: no site`}
                        className="size-6"
                      />
                    ) : (
                      <span className="text-sm text-muted">—</span>
                    )}
                  </td>
                  <td className="p-3 text-center">
                    <input
                      type="checkbox"
                      name={switchField('email', type)}
                      defaultChecked={current.email}
                      aria-label={`${info.label}: por e-mail`}
                      className="size-6"
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="text-sm text-muted">
          O resumo semanal chega às segundas-feiras, com o que aconteceu na semana anterior. O aviso de sussurro sem ler chega no máximo uma vez por dia para
          cada conversa e nunca traz o texto da mensagem.
        </p>
        <Button type="submit" pending={busy} pendingLabel="Salvando…" className="self-start">
          Salvar
        </Button>
      </Form>
    </div>
  );
}

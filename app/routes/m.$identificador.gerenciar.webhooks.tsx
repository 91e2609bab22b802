import { data } from 'react-router';
import type { Route } from './+types/m.$identificador.gerenciar.webhooks';
import { OrganizerFrame } from '~/features/marathons/components/organizer-frame';
import { WebhookTools } from '~/features/marathons/components/webhook-tools';
import { loadMarathonForRoute } from '~/features/marathons/page.server';
import { can } from '~/features/marathons/policy';
import { runWebhookAction } from '~/features/marathons/webhook-action.server';
import { getWebhookSettings } from '~/features/marathons/webhook-settings.server';
import { webhookLogQuery } from '~/features/marathons/webhook-validation';
import { orNotFound } from '~/server/errors';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Webhooks · ${data.marathon.name} · Maratona` }] : [{ title: 'Página não encontrada · Maratona' }];

/** The marathon's webhook and its delivery log: its organisers only; anyone else gets 404, as if there were none. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args);
  const marathon = await loadMarathonForRoute(args);
  if (!can(marathon, marathon.standing, 'manage')) throw data(null, { status: 404 });
  const { pagina } = webhookLogQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const settings = await orNotFound(getWebhookSettings(viewer, marathon.id, pagina));
  return { marathon, ...settings };
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const marathon = await loadMarathonForRoute(args);
  if (!can(marathon, marathon.standing, 'manage')) throw data(null, { status: 404 });
  return runWebhookAction(viewer, marathon.id, await args.request.formData());
}

export default function MarathonWebhooksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { marathon } = loaderData;
  return (
    <OrganizerFrame marathon={marathon} result={actionData}>
      <WebhookTools {...loaderData} result={actionData} />
    </OrganizerFrame>
  );
}

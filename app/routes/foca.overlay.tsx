import type { Route } from './+types/foca.overlay';
import { OverlaySettingsPage } from '~/features/overlays/components/overlay-settings-page';
import { overlaySettingsAction, overlaySettingsLoader } from '~/features/overlays/settings-page.server';

export const meta: Route.MetaFunction = () => [{ title: 'Overlay da foca · Maratona' }];

export const loader = (args: Route.LoaderArgs) => overlaySettingsLoader(args, 'foca');
export const action = (args: Route.ActionArgs) => overlaySettingsAction(args, 'foca');

export default function FocaOverlaySettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OverlaySettingsPage
      title="Overlay da foca"
      intro="Seu bichinho companheiro e o tempo da sessão de foco, ao vivo na sua live."
      content={loaderData.content}
      hasToken={loaderData.hasToken}
      result={actionData}
    />
  );
}

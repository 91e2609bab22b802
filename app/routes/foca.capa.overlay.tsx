import type { Route } from './+types/foca.capa.overlay';
import { OverlaySettingsPage } from '~/features/overlays/components/overlay-settings-page';
import { overlaySettingsAction, overlaySettingsLoader } from '~/features/overlays/settings-page.server';

export const meta: Route.MetaFunction = () => [{ title: 'Overlay do livro atual · Maratona' }];

export const loader = (args: Route.LoaderArgs) => overlaySettingsLoader(args, 'capa');
export const action = (args: Route.ActionArgs) => overlaySettingsAction(args, 'capa');

export default function BookOverlaySettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OverlaySettingsPage
      title="Overlay do livro atual"
      intro="A capa, o título, o autor e o progresso do livro que você está lendo, ao vivo na sua live."
      content={loaderData.content}
      hasToken={loaderData.hasToken}
      result={actionData}
    />
  );
}

import type { Route } from './+types/overlay.capa.eventos';
import { overlayEvents } from '~/features/overlays/obs.server';

/** The live stream of /overlay/capa (decision 0092), by the same token and rules. */
export const loader = ({ request }: Route.LoaderArgs) => overlayEvents(request, 'capa');

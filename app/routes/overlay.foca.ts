import type { Route } from './+types/overlay.foca';
import { overlayPage } from '~/features/overlays/obs.server';

/** The OBS browser source of the foca (companion and focus timer) (decision 0092): the token in the query is the only credential. */
export const loader = ({ request }: Route.LoaderArgs) => overlayPage(request, 'foca');

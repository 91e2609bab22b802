import type { Route } from './+types/overlay.capa';
import { overlayPage } from '~/features/overlays/obs.server';

/** The OBS browser source of the current book (decision 0092): the token in the query is the only credential. */
export const loader = ({ request }: Route.LoaderArgs) => overlayPage(request, 'capa');

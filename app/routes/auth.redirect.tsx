import { redirect } from 'react-router';
import type { Route } from './+types/auth.redirect';
import { safeRedirectPath } from '~/lib/safe-redirect';

/** Forwards to `callbackUrl` only when it is on this site; anything else goes home. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw redirect(safeRedirectPath(url.searchParams.get('callbackUrl'), url.origin, '/'));
}

import { redirect } from 'react-router';
import type { Route } from './+types/auth.redirect';
import { sameSitePath } from '~/lib/same-site-path';

/** Forwards to `callbackUrl` only when it is on this site; anything else goes home. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw redirect(sameSitePath(url.searchParams.get('callbackUrl'), url.origin) ?? '/');
}

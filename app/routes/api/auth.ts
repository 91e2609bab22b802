import type { Route } from './+types/auth';
import { getAuth } from '~/features/accounts/auth.server';

/** The auth library's own endpoints (OAuth callbacks, JSON API); our forms call it from their actions. */
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}

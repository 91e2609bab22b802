import type { Route } from './+types/auth';
import { getAuth } from '~/features/accounts/auth.server';
import { isPublicAuthEndpoint } from '~/features/accounts/auth-endpoints';

/**
 * The auth library's HTTP router, narrowed to what a browser must reach directly: a provider's return
 * (OAuth callback). Everything else our pages need runs in our own actions through `auth.api.*`, where the
 * app's validation, limits and policies apply; the library's other JSON endpoints (update-user, sign-up…)
 * answer 404 like any unknown address (decision 0034).
 */
function handle(request: Request) {
  const { pathname } = new URL(request.url);
  if (!isPublicAuthEndpoint(request.method, pathname))
    return new Response('Não encontrado.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return getAuth().handler(request);
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}

import type { Route } from './+types/me';
import { getViewer, shellData } from '~/server/viewer.server';

/** Who is reading: the header of a cached public page hydrates from this. Never cached. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return Response.json(shellData(await getViewer({ request, context })), { headers: { 'Cache-Control': 'private, no-store' } });
}

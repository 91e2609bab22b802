import type { Route } from './+types/me';
import { countUnreadNotifications } from '~/features/social/queries.server';
import { getViewer } from '~/server/viewer.server';

/** Who is reading: the header of a cached public page hydrates from this. Never cached. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const headers = { 'Cache-Control': 'private, no-store' };
  if (!viewer) return Response.json({ viewer: null, unread: 0 }, { headers });
  const { id, username, name, image, role, emailVerified } = viewer;
  return Response.json({ viewer: { id, username, name, image, role, emailVerified }, unread: await countUnreadNotifications(viewer) }, { headers });
}

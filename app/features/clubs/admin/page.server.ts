import { data } from 'react-router';
import { type Viewer, type ViewerArgs, requireViewer } from '~/server/viewer.server';
import { loadClubForRoute } from '../page.server';
import { type ClubPermission, can } from '../policy';
import type { ClubDetail } from '../types';

/**
 * The club behind a /clube/{identificador}/admin/… loader or action, for a viewer holding `permission`. A visitor
 * signs in first (whatever the club, so nothing leaks); anyone else without the permission gets the same 404
 * as a club that does not exist (the admin pages are no one else's business). The data functions behind the
 * page check the permission again.
 */
export async function loadClubAdmin(
  args: ViewerArgs & { params: { identificador?: string } },
  permission: ClubPermission,
): Promise<{ viewer: Viewer; club: ClubDetail }> {
  const viewer = await requireViewer(args);
  const club = await loadClubForRoute(args);
  if (!can(club.standing, permission)) throw data(null, { status: 404 });
  return { viewer, club };
}

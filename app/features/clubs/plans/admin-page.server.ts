import { data } from 'react-router';
import { type ViewerArgs, requireViewer } from '~/server/viewer.server';
import { loadClubForRoute } from '../page.server';
import { can } from '../policy';
import type { ClubDetail } from '../types';

/**
 * The club and its viewer for an /admin page that needs `run_club` (planos, beneficios, atividades): a visitor
 * signs in first; anyone else without the permission gets the 404 a missing page gets (PRODUCT.md §1.2), for
 * the page and its actions alike. The data functions behind check again.
 */
export async function loadClubForAdminRoute(args: ViewerArgs & { params: { identificador?: string } }) {
  const viewer = await requireViewer(args);
  const club: ClubDetail = await loadClubForRoute(args);
  if (!can(club.standing, 'run_club')) throw data(null, { status: 404 });
  return { viewer, club };
}

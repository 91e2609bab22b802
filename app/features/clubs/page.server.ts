import { loadBySlugForRoute } from '~/server/slugs.server';
import type { ViewerArgs } from '~/server/viewer.server';
import { CLUB_SLUGS, getClubBySlug } from './queries.server';
import type { ClubDetail } from './types';

/**
 * The club behind a /clube/{identificador}/… route for its viewer: an old identificador answers 308 to the
 * same page under the new one; a missing club, or a private one the viewer is no one in, answers 404.
 */
export const loadClubForRoute = (args: ViewerArgs & { params: { identificador?: string } }): Promise<ClubDetail> =>
  loadBySlugForRoute(args, { store: CLUB_SLUGS, prefix: 'clube', get: getClubBySlug });

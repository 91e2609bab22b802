import { loadBySlugForRoute } from '~/server/slugs.server';
import type { ViewerArgs } from '~/server/viewer.server';
import { groupReadCacheTag } from './cache';
import { GROUP_READ_SLUGS, getGroupReadBySlug } from './queries.server';
import type { GroupReadDetail } from './types';

/**
 * The LC behind a /lc/{identificador}/… route for its viewer: an old identificador answers 308 to the same page
 * under the new one; a missing LC, or one hidden from the viewer (private, a club's to a non-member), answers 404.
 */
export const loadGroupReadForRoute = (args: ViewerArgs & { params: { identificador?: string } }): Promise<GroupReadDetail> =>
  loadBySlugForRoute(args, { store: GROUP_READ_SLUGS, prefix: 'lc', get: getGroupReadBySlug });

/** The cache tag of an LC's pages (a visitor only ever gets a public LC's: the others answer 404). */
export const groupReadPageHeaders = (lc: GroupReadDetail) => ({ 'X-Cache-Tags': groupReadCacheTag(lc.id) });

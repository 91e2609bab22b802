import { loadBySlugForRoute } from '~/server/slugs.server';
import type { Viewer, ViewerArgs } from '~/server/viewer.server';
import { groupReadCacheTag } from './cache';
import { GROUP_READ_SLUGS, getGroupReadBySlug } from './queries.server';
import type { GroupReadDetail } from './types';

/**
 * The LC behind a /lc/{identificador}/… route for its viewer: an old identificador answers 308 to the same page
 * under the new one; a missing LC, or one hidden from the viewer (private, a club's to a non-member), answers 404.
 * `get` reads it for someone else than the session's viewer (a feed key's holder).
 */
export const loadGroupReadForRoute = (
  args: ViewerArgs & { params: { identificador?: string } },
  get: (viewer: Viewer | null, slug: string) => Promise<GroupReadDetail | null> = getGroupReadBySlug,
): Promise<GroupReadDetail> => loadBySlugForRoute(args, { store: GROUP_READ_SLUGS, prefix: 'lc', get });

/** The cache tag of an LC's pages (a visitor only ever gets a public LC's: the others answer 404). */
export const groupReadPageHeaders = (lc: GroupReadDetail) => ({ 'X-Cache-Tags': groupReadCacheTag(lc.id) });

import { data, redirect } from 'react-router';
import { type ViewerArgs, getViewer } from '~/server/viewer.server';
import { groupReadCacheTag } from './cache';
import { findGroupReadRedirect, getGroupReadBySlug } from './queries.server';
import type { GroupReadDetail } from './types';
import { groupReadSlugParam } from './validation';

/**
 * The LC behind a /lc/{identificador}/… route for its viewer: an old identificador answers 308 to the same page
 * under the new one; a missing LC, or one hidden from the viewer (private, a club's to a non-member), answers 404.
 */
export async function loadGroupReadForRoute(args: ViewerArgs & { params: { identificador?: string } }): Promise<GroupReadDetail> {
  const slug = groupReadSlugParam.safeParse(args.params.identificador);
  if (!slug.success) throw data(null, { status: 404 });
  const viewer = await getViewer(args);
  const lc = await getGroupReadBySlug(viewer, slug.data);
  if (lc) return lc;
  // Only to a reader who may see it: an old identificador of a private one says nothing, not even its new name.
  const moved = await findGroupReadRedirect(slug.data);
  if (moved && (await getGroupReadBySlug(viewer, moved))) {
    const url = new URL(args.request.url);
    throw redirect(url.pathname.replace(`/lc/${slug.data}`, `/lc/${moved}`) + url.search, 308);
  }
  throw data(null, { status: 404 });
}

/** The cache tag of an LC's pages (a visitor only ever gets a public LC's: the others answer 404). */
export const groupReadPageHeaders = (lc: GroupReadDetail) => ({ 'X-Cache-Tags': groupReadCacheTag(lc.id) });

import { data, redirect } from 'react-router';
import { type ViewerArgs, getViewer } from '~/server/viewer.server';
import { findClubRedirect, getClubBySlug } from './queries.server';
import type { ClubDetail } from './types';
import { clubSlugParam } from './validation';

/**
 * The club behind a /clube/{identificador}/… route for its viewer: an old identificador answers 308 to the
 * same page under the new one; a missing club, or a private one the viewer is no one in, answers 404.
 */
export async function loadClubForRoute(args: ViewerArgs & { params: { identificador?: string } }): Promise<ClubDetail> {
  const slug = clubSlugParam.safeParse(args.params.identificador);
  if (!slug.success) throw data(null, { status: 404 });
  const viewer = await getViewer(args);
  const club = await getClubBySlug(viewer, slug.data);
  if (club) return club;
  // Only to a reader who may see it: an old identificador of a private one says nothing, not even its new name.
  const moved = await findClubRedirect(slug.data);
  if (moved && (await getClubBySlug(viewer, moved))) {
    const url = new URL(args.request.url);
    throw redirect(url.pathname.replace(`/clube/${slug.data}`, `/clube/${moved}`) + url.search, 308);
  }
  throw data(null, { status: 404 });
}

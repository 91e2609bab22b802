import { data, redirect } from 'react-router';
import { getEnv } from '~/server/env.server';
import { CATALOG_CACHE_TAG, editionCacheTag } from './cache';
import { findCatalogRedirect, getEdition } from './queries.server';
import type { EditionDetail } from './types';
import { catalogIdParam } from './validation';

/**
 * The edition behind /ed/{id}/…: a merged id answers 308 to its survivor (keeping the tab), a missing one
 * 404. Returns the cache tags the page must carry.
 */
export async function loadEditionOr404(rawId: string | undefined, tab = ''): Promise<{ edition: EditionDetail; origin: string; cacheHeaders: HeadersInit }> {
  const id = catalogIdParam.safeParse(rawId);
  if (!id.success) throw data(null, { status: 404 });
  const edition = await getEdition(id.data);
  if (!edition) {
    const survivor = await findCatalogRedirect('edition', id.data);
    if (survivor) throw redirect(`/ed/${survivor}${tab ? `/${tab}` : ''}`, 308);
    throw data(null, { status: 404 });
  }
  return { edition, origin: getEnv().publicUrl, cacheHeaders: { 'X-Cache-Tags': [CATALOG_CACHE_TAG, editionCacheTag(edition.id)].join(',') } };
}

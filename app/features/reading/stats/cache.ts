import { CATALOG_CACHE_TAG, editionCacheTag } from '~/features/catalog/cache';

/**
 * The edition's statistics tab is cached for visitors like the edition page, plus its own tag: ratings and
 * finished readings change it without changing the edition page, so they drop only this one.
 */
export const editionStatsCacheTag = (id: string) => `edition-stats:${id}`;

export const editionStatsCacheHeaders = (id: string): HeadersInit => ({
  'X-Cache-Tags': [CATALOG_CACHE_TAG, editionCacheTag(id), editionStatsCacheTag(id)].join(','),
});

/**
 * HTML cache tags of catalogue pages. Every catalogue change invalidates `catalog` (lists and searches)
 * and the tags of the records it touched.
 */
export const CATALOG_CACHE_TAG = 'catalog';
export const editionCacheTag = (id: string) => `edition:${id}`;
export const authorCacheTag = (id: string) => `author:${id}`;
export const collectionCacheTag = (id: string) => `collection:${id}`;

/**
 * HTML cache tags of club pages seen by visitors: `clubs` for the directory (/clubes), `club:{id}` for a
 * club's pages. A change that shows on a club's public pages drops both (name, members, posts, activities).
 */
export const CLUBS_CACHE_TAG = 'clubs';
export const clubCacheTag = (id: string) => `club:${id}`;
export const clubPageTags = (id: string) => [CLUBS_CACHE_TAG, clubCacheTag(id)];

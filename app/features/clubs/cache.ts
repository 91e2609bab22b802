/**
 * HTML cache tags of club pages seen by visitors: `clubs` for the lists of clubs (/clubes, the landing), `club:{id}`
 * for a club's own pages, which carry that tag alone (a change in one club keeps the others cached). A change that
 * shows on a club's pages drops both (clubPageTags): its name, members, posts, activities.
 */
export const CLUBS_CACHE_TAG = 'clubs';
export const clubCacheTag = (id: string) => `club:${id}`;
export const clubPageTags = (id: string) => [CLUBS_CACHE_TAG, clubCacheTag(id)];

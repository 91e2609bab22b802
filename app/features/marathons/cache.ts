/**
 * HTML cache tags of marathon pages seen by visitors: `marathons` for /maratonas, `marathon:{id}` for a marathon's
 * own pages. A change that shows on a marathon's pages (details, challenges, participants' count) drops both.
 */
export const MARATHONS_CACHE_TAG = 'marathons';
export const marathonCacheTag = (id: string) => `marathon:${id}`;
export const marathonPageTags = (id: string) => [MARATHONS_CACHE_TAG, marathonCacheTag(id)];

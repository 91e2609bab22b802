/**
 * HTML cache tags of LC pages seen by visitors: `group-reads` for the lists of LCs (/lcs), `group-read:{id}` for an
 * LC's own pages (a change in one LC keeps the others cached). A change that shows on an LC's pages drops both
 * (groupReadPageTags): its details, schedule, participants' count, phase.
 */
export const GROUP_READS_CACHE_TAG = 'group-reads';
export const groupReadCacheTag = (id: string) => `group-read:${id}`;
export const groupReadPageTags = (id: string) => [GROUP_READS_CACHE_TAG, groupReadCacheTag(id)];

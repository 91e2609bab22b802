/**
 * The HTML cache tag of a reader's things on visitors' pages: their profile, and every other cached page that
 * shows something of theirs (a review, an att, their name in a readers list). Migration 0016's and 0032's
 * triggers send it whenever a row such a page shows changes, or who may see it does (docs/decisions/0026,
 * 0036), so no mutation has to remember it.
 */
export const readerCacheTag = (userId: string) => `reader:${userId}`;

/** The tags of the readers whose things a page shows, once each: taken from the rows its loader returned. */
export const readerCacheTags = (userIds: Iterable<string>): string[] => [...new Set(userIds)].map(readerCacheTag);

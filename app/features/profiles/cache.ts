/**
 * The HTML cache tag of a reader's profile page for visitors. Migration 0016's triggers send it whenever a
 * row the page shows changes (docs/decisions/0026), so no mutation has to remember it.
 */
export const readerCacheTag = (userId: string) => `reader:${userId}`;

/**
 * The HTML cache tag of the visitors' focus rankings (`/foca/ranking`, `/f`): every close that credits minutes
 * drops them at its commit (decision 0084). The readers they list carry their `reader:` tags too, so a profile made
 * `restrito`, a suspension or a new username drops them as well.
 */
export const FOCUS_RANKING_CACHE_TAG = 'focus-ranking';

/**
 * The HTML cache tag of a reader's foca page (`/f/{username}`) beyond what its other tags drop: renaming a pet that
 * is not the companion (the profile does not show it, so the `reader:` tag is not dropped). The page also carries
 * FOCUS_RANKING_CACHE_TAG (every close that credits minutes: totals, XP, hatches) and the reader's `reader:` tag
 * (the companion, a level, the profile's visibility, blocks, a suspension, a new username) — decision 0086.
 */
export const focusReaderCacheTag = (userId: string) => `focus-reader:${userId}`;

/**
 * The HTML cache tag of the visitors' focus rankings (`/foca/ranking`, `/f`): every close that credits minutes
 * drops them at its commit (decision 0084). The readers they list carry their `reader:` tags too, so a profile made
 * `restrito`, a suspension or a new username drops them as well.
 */
export const FOCUS_RANKING_CACHE_TAG = 'focus-ranking';

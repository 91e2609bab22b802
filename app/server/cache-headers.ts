import type { HeadersFunction } from 'react-router';

/**
 * A public page opts into the HTML cache by naming the tags of what it shows; a CDN may keep it briefly
 * and revalidate. Pages rendered for a signed-in reader are never stored (html-cache.server.ts).
 */
export function publicPageHeaders(tags: readonly string[]): HeadersFunction {
  return () => ({
    'X-Cache-Tags': tags.join(','),
    'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    Vary: 'Cookie',
  });
}

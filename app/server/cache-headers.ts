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

/**
 * For pages whose tags depend on what the loader read (`edition:ID`): the loader sends `X-Cache-Tags`
 * with data(…, { headers }), and this passes them on with the public caching headers.
 */
export const publicPageHeadersFromLoader: HeadersFunction = ({ loaderHeaders }) => ({
  'X-Cache-Tags': loaderHeaders.get('X-Cache-Tags') ?? '',
  'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
  Vary: 'Cookie',
});

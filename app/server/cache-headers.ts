import type { HeadersFunction } from 'react-router';

const publicHeaders = (tags: string) => ({
  'X-Cache-Tags': tags,
  'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
  Vary: 'Cookie',
});

/**
 * A public page opts into the HTML cache by naming the tags of what it shows; a CDN may keep it briefly
 * and revalidate. Pages rendered for a signed-in reader are never stored (html-cache.server.ts).
 */
export function publicPageHeaders(tags: readonly string[]): HeadersFunction {
  return () => publicHeaders(tags.join(','));
}

/**
 * For pages whose tags depend on what the loader read (`edition:ID`): the loader sends `X-Cache-Tags`
 * with data(…, { headers }), and this passes them on with the public caching headers.
 */
export const publicPageHeadersFromLoader: HeadersFunction = ({ loaderHeaders }) => publicHeaders(loaderHeaders.get('X-Cache-Tags') ?? '');

/** The loader's cache headers with more tags: what it read beyond the page's own record (the readers it shows). */
export function withCacheTags(headers: HeadersInit, tags: readonly string[]): Headers {
  const merged = new Headers(headers);
  merged.set('X-Cache-Tags', [merged.get('X-Cache-Tags'), ...tags].filter(Boolean).join(','));
  return merged;
}

/** A page only its reader may see (a whisper thread, a reported whisper's context): no cache anywhere keeps it. */
export const privatePageHeaders: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

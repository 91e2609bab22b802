/** Longer targets are refused: no page of ours has an address this long, and parsing one costs for nothing. */
export const SAME_SITE_TARGET_MAX = 2000;

/**
 * The one decision of "is this on our site" for anything taken from a request that the browser will follow
 * (a redirect's Location, a link's href, `location.assign`): the target resolved against our origin with
 * the URL parser browsers use, its origin compared, and the path (with query and fragment) it lands on, or
 * null when it does not stay here.
 *
 * The path is refused when a browser would read it, once more, as another host: `/.//evil` and
 * `https://our.site//evil` resolve to the path `//evil`, and `/%2F/evil` or `/%5C/evil` become `//evil` or
 * `/\evil` wherever a path is decoded before being sent again. No address of ours begins that way.
 * Pure, with no server-only imports: the offline page decides in the browser.
 */
export function sameSitePath(target: string | null | undefined, origin: string): string | null {
  if (!target || target.length > SAME_SITE_TARGET_MAX) return null;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin || /^\/(?:[/\\]|%2f|%5c)/i.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

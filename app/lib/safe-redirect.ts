/**
 * Only same-origin targets are followed after signing in; anything else (another host, `//host`, `/\host`,
 * `javascript:`) falls back, so the sign-in flow can never be used as an open redirect.
 */
export function safeRedirectPath(target: string | null | undefined, origin: string, fallback = '/'): string {
  if (!target) return fallback;
  try {
    const url = new URL(target, origin);
    if (url.origin !== origin) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

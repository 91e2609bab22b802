import { sameSitePath } from './same-site-path';

/**
 * Where the offline page's "Tentar de novo" goes: the address the service worker could not open (`?de=`,
 * public/sw.js) when it is on this site, or null to load the offline page again.
 */
export function offlineRetryTarget(location: Pick<Location, 'search' | 'origin'>): string | null {
  return sameSitePath(new URLSearchParams(location.search).get('de'), location.origin);
}

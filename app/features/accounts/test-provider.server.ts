import type { ProviderId } from './auth.server';

/**
 * Sends a provider's traffic to the local test provider (OAUTH_TEST_PROVIDER_URL, loopback only, see ADR
 * 0007). The auth library's built-in providers keep their fixed endpoints and code; only where they go
 * changes: `https://discord.com/api/oauth2/token` becomes `<test provider>/discord/api/oauth2/token`.
 */
const hostsOf: Record<ProviderId, readonly string[]> = {
  google: ['accounts.google.com', 'oauth2.googleapis.com', 'www.googleapis.com'],
  twitch: ['id.twitch.tv'],
  discord: ['discord.com'],
};

/** Where the library sends the browser; it accepts an override, so the browser goes to the test provider. */
export const authorizationEndpoints: Record<ProviderId, string> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  twitch: 'https://id.twitch.tv/oauth2/authorize',
  discord: 'https://discord.com/api/oauth2/authorize',
};

export function testProviderUrl(url: string, testProvider: string): string | null {
  const target = new URL(url);
  if (target.protocol !== 'https:') return null;
  const provider = (Object.keys(hostsOf) as ProviderId[]).find((id) => hostsOf[id].includes(target.hostname));
  return provider ? `${testProvider.replace(/\/$/, '')}/${provider}${target.pathname}${target.search}` : null;
}

let routedTo: string | undefined;

/**
 * The server-side calls (token exchange, user info) go through the global fetch, which the library looks up
 * on every call; requests to any other host pass through untouched.
 */
export function routeProvidersToTestProvider(testProvider: string): void {
  const installed = routedTo !== undefined;
  routedTo = testProvider;
  if (installed) return;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const routed = routedTo ? testProviderUrl(url, routedTo) : null;
    if (!routed) return realFetch(input, init);
    return realFetch(input instanceof Request ? new Request(routed, input) : routed, init);
  };
}

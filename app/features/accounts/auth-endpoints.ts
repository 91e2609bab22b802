/** Where the auth library's router is mounted (auth.server.ts `basePath`). */
export const AUTH_BASE_PATH = '/api/auth';

/**
 * The library's endpoints a browser reaches over HTTP, by the library's own path and method: the OAuth
 * providers return to `/callback/:id` (sign-in and linking alike). Add one here only when a page of ours
 * sends the browser to it; `auth-endpoints.test.ts` lists every endpoint the library has and checks that
 * each is either here or refused.
 */
export const PUBLIC_AUTH_ENDPOINTS = [{ method: 'GET', path: '/callback/:id' }] as const;

const patterns = PUBLIC_AUTH_ENDPOINTS.map(({ method, path }) => ({
  method,
  pattern: new RegExp(`^${AUTH_BASE_PATH}${path.replace(/:[a-zA-Z]+/g, '[a-z0-9-]+')}$`),
}));

export function isPublicAuthEndpoint(method: string, pathname: string): boolean {
  const verb = method === 'HEAD' ? 'GET' : method;
  return patterns.some((endpoint) => endpoint.method === verb && endpoint.pattern.test(pathname));
}

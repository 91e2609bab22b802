/**
 * The auth library's session API as server/ uses it: the viewer renews a session through it. The accounts feature
 * builds the instance and app/services.server.ts registers it here, so server/ imports no feature (decision 0041).
 */
export type SessionAuth = {
  api: { getSession(context: { headers: Headers; returnHeaders: true }): Promise<{ headers: Headers }> };
};

let provider: (() => SessionAuth) | null = null;

export function provideSessionAuth(get: () => SessionAuth) {
  provider = get;
}

export function getSessionAuth(): SessionAuth {
  if (!provider) throw new Error('No auth instance: app/services.server.ts registers it (provideSessionAuth) when the server build loads.');
  return provider();
}

/** The header server.ts sets to the client's address; the auth library's rate limits read it too. */
export const CLIENT_IP_HEADER = 'x-maratona-client-ip';

/** The client address as server.ts saw it (it overwrites any value a client sends). */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || 'desconhecido';
}

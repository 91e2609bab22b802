import { CLIENT_IP_HEADER } from '~/features/accounts/auth.server';

/** The client address as server.ts saw it (it overwrites any value a client sends). */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || 'desconhecido';
}

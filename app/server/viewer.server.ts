import { data, redirect } from 'react-router';
import { getAuth } from '~/features/accounts/auth.server';

export type Role = 'reader' | 'curator' | 'admin';
export type Viewer = {
  readonly id: string;
  readonly role: Role;
  readonly username: string;
  readonly name: string;
  readonly image: string | null;
  readonly emailVerified: boolean;
  readonly sessionId: string;
};

const viewers = new WeakMap<Request, Promise<Viewer | null>>();

/** The signed-in reader of this request, read from the database session (once per request). */
export function getViewer(request: Request): Promise<Viewer | null> {
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = readViewer(request);
    viewers.set(request, viewer);
  }
  return viewer;
}

async function readViewer(request: Request): Promise<Viewer | null> {
  if (!hasSessionCookie(request.headers.get('cookie'))) return null;
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string; username?: string | null; suspendedAt?: Date | null };
  if (user.suspendedAt) return null;
  return {
    id: user.id,
    role: user.role === 'admin' || user.role === 'curator' ? user.role : 'reader',
    username: user.username ?? '',
    name: user.name,
    image: user.image ?? null,
    emailVerified: user.emailVerified,
    sessionId: session.session.id,
  };
}

export const SESSION_COOKIE_NAMES = ['better-auth.session_token', '__Secure-better-auth.session_token'];

export function hasSessionCookie(cookie: string | null | undefined): boolean {
  return !!cookie && SESSION_COOKIE_NAMES.some((name) => cookie.includes(`${name}=`));
}

export async function requireViewer(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (viewer) return viewer;
  const back = new URL(request.url);
  throw redirect(`/auth/signin?callbackUrl=${encodeURIComponent(back.pathname + back.search)}`);
}

/**
 * A signed-in reader without the role gets 404, not 403: the management area does not admit it exists.
 */
export async function requireRole(request: Request, roles: readonly Role[]): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (!roles.includes(viewer.role)) throw data(null, { status: 404 });
  return viewer;
}

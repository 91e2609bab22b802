import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { data, redirect } from 'react-router';
import { queryRows } from '~/db/client.server';
import { getEnv } from './env.server';
import { REQUEST_ID_HEADER } from './request-id';
import { getSessionAuth } from './session-auth.server';

export type Role = 'reader' | 'curator' | 'admin';
export type Viewer = {
  readonly id: string;
  readonly role: Role;
  readonly username: string;
  readonly name: string;
  readonly image: string | null;
  readonly emailVerified: boolean;
  readonly sessionId: string;
  /** Unread notifications when this request began: the header's bell, read with the session at no extra query. */
  readonly unreadNotifications: number;
};

export const SESSION_COOKIE_NAMES = ['better-auth.session_token', '__Secure-better-auth.session_token'];
const RENEW_AFTER_MS = 24 * 3600 * 1000;

const viewers = new WeakMap<Request, Promise<Viewer | null>>();
const renewals = new WeakMap<Request, Headers>();

type Scope = { readonly cookie: string | null; readonly shareViewer: boolean; viewer?: Promise<Viewer | null>; renewal?: Headers };
const scopes = new Map<string, Scope>();

/**
 * React Router hands each loader and action its own copy of the request (it rebuilds it to strip `?index`
 * and `_routes`), so state kept on the Request object is lost between the root middleware and the loaders.
 * The root middleware opens a scope for the whole request, keyed by the id server.ts stamps on every
 * request (never the client's) and bound to the request's cookie: the renewed session cookie reaches the
 * response, and on a GET the loaders share one session read. Not on other methods: loaders that run after
 * an action must see what it changed.
 */
export async function withViewerScope<T>(request: Request, handle: () => Promise<T>): Promise<T> {
  const id = request.headers.get(REQUEST_ID_HEADER);
  if (!id || scopes.has(id)) return handle();
  scopes.set(id, { cookie: request.headers.get('cookie'), shareViewer: request.method === 'GET' || request.method === 'HEAD' });
  try {
    return await handle();
  } finally {
    scopes.delete(id);
  }
}

const scopeOf = (request: Request): Scope | undefined => {
  const id = request.headers.get(REQUEST_ID_HEADER);
  const scope = id ? scopes.get(id) : undefined;
  return scope && scope.cookie === request.headers.get('cookie') ? scope : undefined;
};

/** The signed-in reader of this request, read from the database session (once per request). */
export function getViewer(request: Request): Promise<Viewer | null> {
  let viewer = viewers.get(request);
  if (viewer) return viewer;
  const scope = scopeOf(request);
  viewer = (scope?.shareViewer ? scope.viewer : undefined) ?? readViewer(request);
  if (scope?.shareViewer) scope.viewer = viewer;
  viewers.set(request, viewer);
  return viewer;
}

export function hasSessionCookie(cookie: string | null | undefined): boolean {
  return !!cookie && SESSION_COOKIE_NAMES.some((name) => cookie.includes(`${name}=`));
}

/**
 * The session token from the signed cookie (value "token.signature", HMAC-SHA256 with the auth secret,
 * the auth library's format), or null when absent or forged.
 */
export function sessionTokenFrom(cookie: string | null | undefined): string | null {
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || !SESSION_COOKIE_NAMES.includes(part.slice(0, eq).trim())) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', getEnv().authSecret).update(token).digest('base64'));
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}

type SessionRow = {
  session_id: string;
  updated_at: Date | string;
  id: string;
  role: string;
  username: string | null;
  name: string;
  image: string | null;
  email_verified: boolean;
  unread: number;
};

/**
 * One query on the hot path (every signed-in request): session joined with its reader and the bell's
 * unread count (every signed-in page shows it; a second query cost as much as the rest). Once a day the
 * auth library renews the session and its cookie; the root middleware forwards that cookie.
 */
async function readViewer(request: Request): Promise<Viewer | null> {
  const token = sessionTokenFrom(request.headers.get('cookie'));
  if (!token) return null;
  const [row] = await queryRows<SessionRow>(sql`
    SELECT s.id AS session_id, s.updated_at, u.id, u.role, u.username, u.name, u.image, u.email_verified,
      (SELECT count(*)::int FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL) AS unread
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token = ${token} AND s.expires_at > now() AND u.suspended_at IS NULL`);
  if (!row) return null;
  if (Date.now() - new Date(row.updated_at).getTime() > RENEW_AFTER_MS) {
    const { headers } = await getSessionAuth().api.getSession({ headers: request.headers, returnHeaders: true });
    renewals.set(request, headers);
    const scope = scopeOf(request);
    if (scope) scope.renewal = headers;
  }
  return {
    id: row.id,
    role: row.role === 'admin' || row.role === 'curator' ? row.role : 'reader',
    username: row.username ?? '',
    name: row.name,
    image: row.image,
    emailVerified: row.email_verified,
    sessionId: row.session_id,
    unreadNotifications: Number(row.unread),
  };
}

/** What the header shows of the reader (root loader, and /api/me for cached pages): nothing private beyond it. */
export function shellData(viewer: Viewer | null) {
  if (!viewer) return { viewer: null, unread: 0 };
  const { id, username, name, image, role, emailVerified, unreadNotifications } = viewer;
  return { viewer: { id, username, name, image, role, emailVerified }, unread: unreadNotifications };
}

/** Set-Cookie headers of a session renewed during this request (30 days, sliding). */
export function renewedSessionHeaders(request: Request): Headers | undefined {
  return renewals.get(request) ?? scopeOf(request)?.renewal;
}

export async function requireViewer(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (viewer?.username) return viewer;
  const url = new URL(request.url);
  const back = encodeURIComponent(url.pathname + url.search);
  // An account created through a provider has no username until its sign-up step is done (ADR 0007).
  throw redirect(viewer ? `/auth/completar-cadastro?callbackUrl=${back}` : `/auth/signin?callbackUrl=${back}`);
}

/**
 * A signed-in reader without the role gets 404, not 403: the management area does not admit it exists.
 */
export async function requireRole(request: Request, roles: readonly Role[]): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (!roles.includes(viewer.role)) throw data(null, { status: 404 });
  return viewer;
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { queryRows } from '~/db/client.server';
import { getEnv } from './env.server';
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
  /** Conversations with something unread when this request began: the header's whispers badge, read in the same statement. */
  readonly unreadWhispers: number;
};

/**
 * The whispers' unread count as a SQL expression of the reader's id (decision 0091): the whispers feature gives it
 * (app/services.server.ts), so server/ names no feature's tables; 0 where nothing gave it.
 */
let unreadWhispersSql: ((readerId: SQL) => SQL) | null = null;

export function provideUnreadWhispersCount(count: (readerId: SQL) => SQL): void {
  unreadWhispersSql = count;
}

export const SESSION_COOKIE_NAMES = ['better-auth.session_token', '__Secure-better-auth.session_token'];
const RENEW_AFTER_MS = 24 * 3600 * 1000;

/**
 * What one request knows of its viewer, kept in React Router's request context by the root middleware.
 * React Router runs an action with the submitted request and then the page's loaders with a GET copy of it
 * (a document POST, without JavaScript): the loaders must see what the action changed (a sign-out, a new
 * name, notifications read), so they read the viewer again, once for all of them. A GET reads it once.
 */
type ViewerReads = { action?: Promise<Viewer | null>; loaders?: Promise<Viewer | null>; renewal?: Headers };
const viewerContext = createContext<ViewerReads>();

/** What a loader or action hands over to read its viewer: React Router's arguments (or the two of them). */
export type ViewerArgs = { readonly request: Request; readonly context: Readonly<RouterContextProvider> };

/** Opens this request's viewer in the context; the root middleware does it before any loader or action runs. */
export function provideViewer(context: Readonly<RouterContextProvider>): void {
  context.set(viewerContext, {});
}

/**
 * The root middleware's viewer part: opens the context, and hands the response the session cookie the auth
 * library renewed while the viewer was read (30 days, sliding).
 */
export const viewerMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  provideViewer(context);
  const response = await next();
  for (const cookie of context.get(viewerContext).renewal?.getSetCookie() ?? []) response.headers.append('Set-Cookie', cookie);
  return response;
};

/** The signed-in reader of this request, read from the database session when first asked (see ViewerReads). */
export function getViewer({ request, context }: ViewerArgs): Promise<Viewer | null> {
  const reads = context.get(viewerContext);
  const phase = request.method === 'GET' || request.method === 'HEAD' ? 'loaders' : 'action';
  return (reads[phase] ??= readViewer(request, reads));
}

/** Whether the auth library's cookies are `__Secure-` ones: when the site is served over HTTPS (auth.server.ts's `useSecureCookies`). */
export const usesSecureCookies = () => getEnv().publicUrl.startsWith('https://');

/** The auth library's session cookie, by the same rule. */
const sessionCookieName = () => SESSION_COOKIE_NAMES[usesSecureCookies() ? 1 : 0]!;

export function hasSessionCookie(cookie: string | null | undefined): boolean {
  return !!cookie && SESSION_COOKIE_NAMES.some((name) => cookie.includes(`${name}=`));
}

/** A signature as the auth library accepts one: 43 base64 characters and the padding (HMAC-SHA256 is 32 bytes). */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The session token from the signed cookie `name` (value "token.signature", HMAC-SHA256 with the auth secret),
 * or null when absent or forged. It reads the cookie header and checks the signature as the auth library does
 * (first cookie of the name, quotes stripped, percent-decoded; the signature's bytes compared), with Node's
 * HMAC instead of a WebCrypto key per request (decision 0040); `session-cookie.test.ts` holds the two together.
 */
export function sessionTokenFrom(cookie: string | null | undefined, name: string): string | null {
  const value = cookie ? cookieValue(cookie, name) : null;
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac('sha256', getEnv().authSecret).update(token).digest();
  return timingSafeEqual(Buffer.from(signature, 'base64'), expected) ? token : null;
}

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
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
  whispers: number;
};

/**
 * One query on the hot path (every signed-in request): session joined with its reader and the bell's
 * unread count (every signed-in page shows it; a second query cost as much as the rest), and the whispers' badge count. Once a day the
 * auth library renews the session and its cookie; the root middleware forwards that cookie.
 */
async function readViewer(request: Request, reads: ViewerReads): Promise<Viewer | null> {
  const cookie = request.headers.get('cookie');
  if (!hasSessionCookie(cookie)) return null;
  const token = sessionTokenFrom(cookie, sessionCookieName());
  if (!token) return null;
  const [row] = await queryRows<SessionRow>(sql`
    SELECT s.id AS session_id, s.updated_at, u.id, u.role, u.username, u.name, u.image, u.email_verified,
      (SELECT count(*)::int FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL) AS unread,
      ${unreadWhispersSql ? unreadWhispersSql(sql`u.id`) : sql`0`} AS whispers
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token = ${token} AND s.expires_at > now() AND u.suspended_at IS NULL`);
  if (!row) return null;
  if (Date.now() - new Date(row.updated_at).getTime() > RENEW_AFTER_MS) {
    const { headers } = await getSessionAuth().api.getSession({ headers: request.headers, returnHeaders: true });
    reads.renewal = headers;
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
    unreadWhispers: Number(row.whispers),
  };
}

/** What the header shows of the reader (root loader, and /api/me for cached pages): nothing private beyond it. */
export function shellData(viewer: Viewer | null) {
  if (!viewer) return { viewer: null, unread: 0, whispers: 0 };
  const { id, username, name, image, role, emailVerified, unreadNotifications, unreadWhispers } = viewer;
  return { viewer: { id, username, name, image, role, emailVerified }, unread: unreadNotifications, whispers: unreadWhispers };
}

export async function requireViewer(args: ViewerArgs): Promise<Viewer> {
  const viewer = await getViewer(args);
  if (viewer?.username) return viewer;
  const url = new URL(args.request.url);
  const back = encodeURIComponent(url.pathname + url.search);
  // An account created through a provider has no username until its sign-up step is done (ADR 0007).
  throw redirect(viewer ? `/auth/completar-cadastro?callbackUrl=${back}` : `/auth/signin?callbackUrl=${back}`);
}

/**
 * A signed-in reader without the role gets 404, not 403: the management area does not admit it exists.
 */
export async function requireRole(args: ViewerArgs, roles: readonly Role[]): Promise<Viewer> {
  const viewer = await requireViewer(args);
  if (!roles.includes(viewer.role)) throw data(null, { status: 404 });
  return viewer;
}

import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { getDb } from '~/db/client.server';
import { users } from '~/db/schema';
import { getAuth } from '~/features/accounts/auth.server';
import { getEnv } from '~/server/env.server';
import { ingestEdition } from '~/features/catalog/ingest/editions.server';
import { refreshWorkSearch } from '~/features/catalog/ingest/search.server';
import type { Role, Viewer } from '~/server/viewer.server';
import type { EditionSource } from '~/features/catalog/vocabulary';

let counter = 0;

export type TestUser = { id: string; username: string; email: string; password: string; cookie: string };

/** A reader created through the real sign-up, with a session cookie ready for requests. */
export async function createUser(options: { role?: Role; verified?: boolean; birthDate?: string; username?: string; email?: string } = {}): Promise<TestUser> {
  counter += 1;
  const username = options.username ?? `leitor_${counter}_${Math.random().toString(36).slice(2, 6)}`;
  const email = options.email ?? `${username}@exemplo.com.br`;
  const password = 'livros-de-verdade-42';
  // Each reader from an address of its own, so a test making many spends no shared sign-up budget.
  const headers = new Headers({ 'x-maratona-client-ip': `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}` });
  const { user } = await getAuth().api.signUpEmail({
    body: { email, password, name: username, username, birthDate: options.birthDate ?? '1990-05-10' },
    headers,
  });
  const id = user.id;
  if (options.role || options.verified) {
    await getDb()
      .update(users)
      .set({ ...(options.role ? { role: options.role } : {}), ...(options.verified ? { emailVerified: true } : {}) })
      .where(eq(users.id, id));
  }
  // A sign-up opens no session until the e-mail is confirmed (decision 0034): open one as the library does,
  // without a second password hash per reader.
  const session = await (await getAuth().$context).internalAdapter.createSession(id);
  const signature = createHmac('sha256', getEnv().authSecret).update(session.token).digest('base64');
  const cookie = `better-auth.session_token=${encodeURIComponent(`${session.token}.${signature}`)}`;
  return { id, username, email, password, cookie };
}

/** The `name=value` pairs of Set-Cookie headers, as a browser would send them back. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c && !c.endsWith('='))
    .join('; ');
}

export function testViewer(user: TestUser, role: Role = 'reader'): Viewer {
  return {
    id: user.id,
    role,
    username: user.username,
    name: user.username,
    image: null,
    emailVerified: false,
    sessionId: 'test',
    unreadNotifications: 0,
    unreadWhispers: 0,
  };
}

export function formRequest(path: string, fields: Record<string, string>, options: { cookie?: string; ip?: string } = {}): Request {
  const body = new URLSearchParams(fields);
  return new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost:3000',
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      'x-maratona-client-ip': options.ip ?? '203.0.113.7',
    },
  });
}

/** A multipart post, as a form with files sends it: each file under its field, a field repeated for several. */
export function multipartRequest(path: string, fields: Record<string, string>, files: [field: string, file: File][], cookie: string): Request {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const [key, file] of files) form.append(key, file);
  return new Request(`http://localhost:3000${path}`, { method: 'POST', body: form, headers: { Origin: 'http://localhost:3000', Cookie: cookie } });
}

/** A 640×480 JPEG, as a phone's photo reaches an upload field. */
export const testPhoto = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1D4E7A' } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'foto.jpg',
    {
      type: 'image/jpeg',
    },
  );

export function getRequest(path: string, cookie?: string): Request {
  return new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** An edition through the catalogue's own ingestion (normalised, with its work, authors and search text). */
export async function createEdition(source: EditionSource): Promise<string> {
  return getDb().transaction(async (tx) => {
    const result = await ingestEdition(tx, source);
    await refreshWorkSearch(tx, [result.workId]);
    return result.editionId;
  });
}

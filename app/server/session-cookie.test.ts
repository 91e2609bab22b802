import { makeSignature } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { sessions } from '~/db/schema';
import { getAuth } from '~/features/accounts/auth.server';
import { useTestDatabase } from '../../test/db';
import { createUser } from '../../test/factories';
import { routeArgs } from '../../test/routes';
import { getEnv } from './env.server';
import { getViewer, sessionTokenFrom } from './viewer.server';

useTestDatabase();

/**
 * The viewer's fast path (Node's HMAC, decision 0040) against the auth library's own: cookies signed by the
 * library's `makeSignature`, each read by `getSession` and by `getViewer`. Both must let in and keep out the
 * same readers, so the day the library changes its cookie format or its checks this test fails.
 */
const NAME = 'better-auth.session_token';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const signedCookie = async (token: string, secret = getEnv().authSecret, name = NAME) =>
  `${name}=${encodeURIComponent(`${token}.${await makeSignature(token, secret)}`)}`;
const withSignature = (cookie: string, change: (signature: string) => string) => {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const dot = value.lastIndexOf('.');
  return `${NAME}=${encodeURIComponent(`${value.slice(0, dot)}.${change(value.slice(dot + 1))}`)}`;
};

async function verdicts(cookie: string) {
  const library = await getAuth().api.getSession({ headers: new Headers({ cookie }) });
  const viewer = await getViewer(routeArgs(new Request('http://localhost:3000/', { headers: { cookie } })));
  return { library: library?.user.id ?? null, fastPath: viewer?.id ?? null };
}

async function sessionOf() {
  const user = await createUser();
  const [row] = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
  return { user, token: row!.token };
}

describe('session cookie: fast path and auth library agree', () => {
  it('let in a cookie the library signed, also when quoted or its signature is written another way', async () => {
    const { user, token } = await sessionOf();
    const cookie = await signedCookie(token);
    expect(await verdicts(cookie)).toEqual({ library: user.id, fastPath: user.id });
    expect(sessionTokenFrom(cookie, NAME)).toBe(token);
    expect(await verdicts(`tema=escuro; ${NAME}="${decodeURIComponent(cookie.slice(NAME.length + 1))}"`)).toEqual({ library: user.id, fastPath: user.id });
    // The last base64 character carries two bits past the 32 bytes; both decode them away.
    const otherPadding = withSignature(cookie, (s) => `${s.slice(0, 42)}${ALPHABET[ALPHABET.indexOf(s[42]!) ^ 1]}=`);
    expect(otherPadding).not.toBe(cookie);
    expect(await verdicts(otherPadding)).toEqual({ library: user.id, fastPath: user.id });
  });

  it('keep out tampered cookies', async () => {
    const { token } = await sessionOf();
    const cookie = await signedCookie(token);
    const flip = (s: string, at: number) => `${s.slice(0, at)}${s[at] === 'A' ? 'B' : 'A'}${s.slice(at + 1)}`;
    const tampered = [
      `${NAME}=${encodeURIComponent(`${flip(token, 3)}.${await makeSignature(token, getEnv().authSecret)}`)}`,
      withSignature(cookie, (s) => flip(s, 10)),
      withSignature(cookie, (s) => s.slice(0, 43)),
      withSignature(cookie, (s) => `${s.slice(0, 41)}-_=`),
      withSignature(cookie, (s) => `${s.slice(0, 20)} ${s.slice(21)}`),
      withSignature(cookie, () => ''),
      `${NAME}=${encodeURIComponent(`.${await makeSignature('', getEnv().authSecret)}`)}`,
      // The first cookie of the name is the one read, as browsers send the most specific first.
      `${withSignature(cookie, (s) => flip(s, 10))}; ${cookie}`,
      // Over plain HTTP the library's cookie has no __Secure- prefix; one that has it is not its own.
      await signedCookie(token, getEnv().authSecret, `__Secure-${NAME}`),
    ];
    for (const forged of tampered) expect({ forged, ...(await verdicts(forged)) }).toEqual({ forged, library: null, fastPath: null });
  });

  it('keep out an expired session', async () => {
    const { user, token } = await sessionOf();
    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await verdicts(await signedCookie(token))).toEqual({ library: null, fastPath: null });
  });

  it('keep out a cookie signed with the secret before it was rotated', async () => {
    const { user, token } = await sessionOf();
    expect(await verdicts(await signedCookie(token, 'o-segredo-de-antes-da-troca-0123456789abcdef'))).toEqual({ library: null, fastPath: null });
    expect(await verdicts(await signedCookie(token))).toEqual({ library: user.id, fastPath: user.id });
  });
});

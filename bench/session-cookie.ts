/**
 * npm run bench:session — figures, not tests (decision 0040). On a fresh embedded database with one signed-in
 * reader, prints the CPU time per call of: the viewer's fast check of the session cookie (Node's HMAC), the
 * auth library's own check of it (a WebCrypto key and verify, as `getSignedCookie` does), the whole viewer
 * read (that check and its one query) and the library's `getSession` (its check, its queries, its hooks).
 * BENCH_ROUNDS (default 20000) sets the rounds of the cookie checks; the reads run a fortieth of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'maratona-bench-session-'));
Object.assign(process.env, { DATA_DIR: dataDir, AUTH_SECRET: 'bench-session-secret-0123456789abcdef0123456789', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
delete process.env.DATABASE_URL;

const { RouterContextProvider } = await import('react-router');
const { getCryptoKey, makeSignature } = await import('better-auth/crypto');
const { closeDatabase, migrateDatabase } = await import('~/db/client.server');
const { getAuth } = await import('~/features/accounts/auth.server');
const { getEnv } = await import('~/server/env.server');
const { getViewer, provideViewer, sessionTokenFrom } = await import('~/server/viewer.server');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20_000);
const NAME = 'better-auth.session_token';

/** CPU microseconds (user + system) per call of `work`, after a warm-up of a tenth of the rounds. */
async function perCall(rounds: number, work: () => unknown): Promise<number> {
  for (let i = 0; i < rounds / 10; i += 1) await work();
  const start = process.cpuUsage();
  for (let i = 0; i < rounds; i += 1) await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / rounds;
}

try {
  await migrateDatabase();
  const auth = getAuth();
  const { user } = await auth.api.signUpEmail({
    body: { email: 'bench@exemplo.com.br', password: 'livros-de-verdade-42', name: 'Bench', username: 'bench_sessao', birthDate: '1990-05-10' },
  });
  const session = await (await auth.$context).internalAdapter.createSession(user.id);
  const value = `${session.token}.${await makeSignature(session.token, getEnv().authSecret)}`;
  const cookie = `${NAME}=${encodeURIComponent(value)}`;
  const headers = new Headers({ cookie });
  const request = new Request('http://localhost:3000/', { headers });
  const signature = value.slice(value.lastIndexOf('.') + 1);

  const libraryCheck = async () => {
    const bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
    const key = await getCryptoKey(getEnv().authSecret);
    return crypto.subtle.verify('HMAC', key, bytes, new TextEncoder().encode(session.token));
  };
  const viewerRead = () => {
    const context = new RouterContextProvider();
    provideViewer(context);
    return getViewer({ request, context });
  };
  if (sessionTokenFrom(cookie, NAME) !== session.token || !(await libraryCheck()) || !(await viewerRead()) || !(await auth.api.getSession({ headers }))) {
    throw new Error('the cookie was not accepted by every path');
  }

  const figures = {
    'cookie check, fast path (Node HMAC)': await perCall(ROUNDS, () => sessionTokenFrom(cookie, NAME)),
    'cookie check, library (WebCrypto key + verify)': await perCall(ROUNDS, libraryCheck),
    'viewer read (fast check + one query)': await perCall(ROUNDS / 40, viewerRead),
    'auth.api.getSession (library)': await perCall(ROUNDS / 40, () => auth.api.getSession({ headers })),
  };
  for (const [what, us] of Object.entries(figures)) console.log(`${what.padEnd(48)} ${us.toFixed(1).padStart(8)} µs CPU per call`);
} finally {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}

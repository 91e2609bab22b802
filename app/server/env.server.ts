import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable is documented in the README's configuration table;
 * keep the two in step.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  EMAIL_FROM: z.string().default('Maratona <nao-responda@maratona.app>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  TWITCH_CLIENT_ID: z.string().optional(),
  TWITCH_CLIENT_SECRET: z.string().optional(),
  DISCORD_CLIENT_ID: z.string().optional(),
  DISCORD_CLIENT_SECRET: z.string().optional(),
  OAUTH_TEST_PROVIDER_URL: z.url().optional(),
  RATE_LIMIT_SIGNIN_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_SIGNIN_IP_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_SIGNUP_PER_HOUR: z.coerce.number().int().positive().default(5),
  HTML_CACHE_MAX_ENTRIES: z.coerce.number().int().nonnegative().default(2000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  AMAZON_AFFILIATE_TAG: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
});

export type Env = z.infer<typeof schema> & { publicUrl: string; authSecret: string; dataDir: string };

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Configuração inválida: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  if (env.OAUTH_TEST_PROVIDER_URL && !(isLoopback(env.OAUTH_TEST_PROVIDER_URL) && isLoopback(publicUrl))) {
    throw new Error('Configuração inválida: OAUTH_TEST_PROVIDER_URL é só para testes; o site e o provedor de teste precisam estar em localhost.');
  }
  cached = { ...env, dataDir, publicUrl, authSecret: env.AUTH_SECRET ?? localSecret(dataDir) };
  return cached;
}

/**
 * The test provider takes over the providers' endpoints (ADR 0007), so a server reachable from outside
 * must never start with it: both it and the site have to be on this machine, over plain HTTP.
 */
function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}

/** Tests change variables between cases. */
export function resetEnvForTests() {
  cached = undefined;
}

/**
 * Without AUTH_SECRET a random secret is kept in the data directory, so a fresh install works with one
 * command and sessions survive restarts. Deployments with several servers must set AUTH_SECRET.
 */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
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
  /** Where Twitch's token validation lives (`/oauth2/validate`): the unSprint API asks it who a token is (decision 0093). */
  TWITCH_ID_URL: blankIsUnset(z.url({ protocol: /^https?$/ }).default('https://id.twitch.tv')),
  DISCORD_CLIENT_ID: z.string().optional(),
  DISCORD_CLIENT_SECRET: z.string().optional(),
  OAUTH_TEST_PROVIDER_URL: z.url().optional(),
  RATE_LIMIT_SIGNIN_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_SIGNIN_IP_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_SIGNUP_IP_PER_5_MINUTES: z.coerce.number().int().positive().default(25),
  RATE_LIMIT_EMAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_IMAGE_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_OVERLAY_TOKEN_IP_PER_10_MINUTES: z.coerce.number().int().positive().default(30),
  HTML_CACHE_MAX_ENTRIES: z.coerce.number().int().nonnegative().default(2000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  /** Development only: lets marathon webhooks reach this machine (loopback). Off by default (decision 0078). */
  WEBHOOKS_ALLOW_LOOPBACK: blankIsUnset(z.enum(['true', 'false'], { error: 'use true ou false' }).default('false')),
  AMAZON_AFFILIATE_TAG: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  S3_ENDPOINT: blankIsUnset(
    z.url({ protocol: /^https?$/, error: 'precisa ser uma URL http(s), por exemplo https://<conta>.r2.cloudflarestorage.com' }).optional(),
  ),
  S3_REGION: blankIsUnset(z.string().optional()),
  S3_BUCKET: blankIsUnset(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'nome de bucket inválido (3 a 63 letras minúsculas, números, pontos e hífens)')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: blankIsUnset(z.string().optional()),
  S3_SECRET_ACCESS_KEY: blankIsUnset(z.string().optional()),
  S3_FORCE_PATH_STYLE: blankIsUnset(z.enum(['true', 'false'], { error: 'use true ou false' }).optional()),
});

/** Where uploads are kept: S3-compatible storage when S3_BUCKET and its credentials are set. */
export type S3Config = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

export type Env = z.infer<typeof schema> & { publicUrl: string; authSecret: string; dataDir: string; s3: S3Config | null };

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
  const s3 = s3Config(env);
  if (typeof s3 === 'string') throw new Error(`Configuração inválida: ${s3}`);
  cached = { ...env, dataDir, s3, publicUrl, authSecret: env.AUTH_SECRET ?? localSecret(dataDir) };
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

// `S3_BUCKET=` in a compose file or a systemd unit means "not set", not "a bucket with an empty name".
function blankIsUnset<T extends z.ZodType>(inner: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), inner);
}

/**
 * Half an S3 configuration is a mistake, never a reason to fall back to the local disk: a server that
 * silently wrote uploads to its own disk would lose them behind a load balancer.
 */
function s3Config(env: z.infer<typeof schema>): S3Config | null | string {
  const given = (['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter(
    (name) => env[name] !== undefined,
  );
  if (given.length === 0) return null;
  const problems: string[] = [];
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (env[name] === undefined) problems.push(`${name}: obrigatória para guardar arquivos no S3 (definidas: ${given.join(', ')})`);
  }
  if (env.S3_ENDPOINT === undefined && env.S3_REGION === undefined) {
    problems.push('S3_REGION: defina a região (AWS S3) ou S3_ENDPOINT (R2, MinIO, Backblaze…)');
  }
  if (env.S3_ENDPOINT !== undefined && new URL(env.S3_ENDPOINT).pathname !== '/') {
    problems.push('S3_ENDPOINT: só a origem do serviço, sem caminho (o bucket vai em S3_BUCKET)');
  }
  // A bucket cannot be a subdomain of an IP address: `bucket.127.0.0.1` is not a host.
  if (env.S3_ENDPOINT !== undefined && isIP(new URL(env.S3_ENDPOINT).hostname.replace(/^\[|\]$/g, '')) && env.S3_FORCE_PATH_STYLE !== 'true') {
    problems.push('S3_FORCE_PATH_STYLE: precisa ser true quando S3_ENDPOINT é um endereço IP');
  }
  if (problems.length > 0 || !env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return problems.join('; ');
  const region = env.S3_REGION ?? 'us-east-1';
  return {
    endpoint: (env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/$/, ''),
    region,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
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

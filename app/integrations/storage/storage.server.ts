import { AwsClient } from 'aws4fetch';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getEnv, type Env, type S3Config } from '~/server/env.server';
import { log } from '~/server/logger.server';

/**
 * Where uploaded files live: the local disk under `$DATA_DIR/uploads`, or an S3-compatible bucket when
 * S3_* is configured (docs/decisions/0008-s3-storage.md). Either way they are served from our own origin
 * at /arquivos/<key>. Keys are chosen by the caller, random and written once: a new picture gets a new
 * key, so a cached copy is never stale.
 */
export type Storage = {
  kind: 'disk' | 's3';
  /** Stores the file and answers the URL it is served at. */
  put: (key: string, body: Buffer, contentType: string) => Promise<string>;
  /** The stored file, or null when there is none under that key. */
  get: (key: string, options?: { ifNoneMatch?: string }) => Promise<StoredFile | null>;
  /** Deletes the file under that key; a key with no file is already done. */
  remove: (key: string) => Promise<void>;
  /** Proves at start that the storage can be used, with a message that says what to fix. */
  check: () => Promise<void>;
};

export type StoredFile = {
  contentType: string;
  size: number | null;
  etag: string | null;
  lastModified: Date | null;
  /** null when `ifNoneMatch` matched: the caller's copy is current. */
  body: ReadableStream<Uint8Array> | null;
};

/** A storage that cannot be used: wrong credentials, missing bucket, unreachable service. */
export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
  }
}

// The types uploads are stored as (images are re-encoded before they get here); the extension of the key
// must agree, so both backends serve a key with the same type.
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  zip: 'application/zip',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

/** Segments of ASCII letters, digits, `_`, `-` and `.` (ids are mixed-case), with a known extension: no `..`, no `//`. */
export function isStorageKey(key: string): boolean {
  return (
    key.length <= 512 &&
    /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/.test(key) &&
    !key.split('/').includes('..') &&
    contentTypeOf(key) !== undefined
  );
}

/**
 * Keys under this prefix are never served by /arquivos: files not yet public (a proposed cover waiting for
 * a curator) are answered only by routes that check who asks.
 */
export const PRIVATE_UPLOADS_PREFIX = 'privado/';

function contentTypeOf(key: string): string | undefined {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)];
}

function assertWritable(key: string, contentType: string) {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
  if (contentTypeOf(key) !== contentType) throw new Error(`The key ${key} does not match the content type ${contentType}`);
}

/** Where our pages link a stored file: /arquivos/{key}, answered from whichever storage is configured. */
function urlOf(key: string): string {
  return `/arquivos/${key}`;
}

/** A stored file's address, or null when there is none (no cover, no avatar). */
export const storedFileUrl = (key: string | null): string | null => (key ? urlOf(key) : null);

export function diskStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.join(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  };
  return {
    kind: 'disk',
    async put(key, body, contentType) {
      assertWritable(key, contentType);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name first, so a crash never leaves half a file under its final name.
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
      return urlOf(key);
    },
    async get(key, options = {}) {
      const contentType = contentTypeOf(key);
      if (!isStorageKey(key) || !contentType) return null;
      const file = fileOf(key);
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
        throw error;
      });
      if (!info?.isFile()) return null;
      const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      const current = options.ifNoneMatch !== undefined && options.ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
      return {
        contentType,
        size: info.size,
        etag,
        lastModified: info.mtime,
        body: current ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>),
      };
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await rm(fileOf(key), { force: true });
    },
    async check() {
      await mkdir(base, { recursive: true });
    },
  };
}

const REQUEST_TIMEOUT_MS = 15_000;
// Answered for a key that does not exist, so the start-up check needs no write permission.
const CHECK_KEY = 'maratona-verificacao-de-acesso.webp';

export function s3Storage(config: S3Config): Storage {
  // Two quick retries on 5xx/429: aws4fetch's default of ten would hold a reader's request for seconds.
  const client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, service: 's3', region: config.region, retries: 2 });
  const send = async (key: string, init: RequestInit & { headers: Record<string, string> }) => {
    // The time limit covers the answer's headers only: the body then streams at the reader's pace.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('S3 request timed out', 'TimeoutError')), REQUEST_TIMEOUT_MS);
    try {
      return await client.fetch(objectUrl(config, key), { ...init, signal: controller.signal });
    } catch (error) {
      throw new StorageError(`Armazenamento S3: não foi possível falar com ${config.endpoint} (${networkReason(error)}).`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertWritable(key, contentType);
      const response = await send(key, {
        method: 'PUT',
        // Node's Buffers are Uint8Arrays over an ArrayBuffer; the DOM typings only fear a SharedArrayBuffer.
        body: body as Uint8Array<ArrayBuffer>,
        headers: { 'Content-Type': contentType, 'X-Amz-Content-Sha256': createHash('sha256').update(body).digest('hex') },
      });
      if (!response.ok) throw await failure(config, response, `gravar ${key}`);
      await response.body?.cancel();
      return urlOf(key);
    },
    async get(key, options = {}) {
      const contentType = contentTypeOf(key);
      if (!isStorageKey(key) || !contentType) return null;
      const response = await send(key, { method: 'GET', headers: options.ifNoneMatch ? { 'If-None-Match': options.ifNoneMatch } : {} });
      if (response.status === 304) return { contentType, size: null, etag: response.headers.get('ETag'), lastModified: null, body: null };
      if (response.status === 404 && (await errorCode(response)) === 'NoSuchKey') return null;
      if (!response.ok || !response.body) throw await failure(config, response, `ler ${key}`);
      // put() stores the key's type; a different one means the object came from elsewhere (a copy made
      // with another tool, someone with bucket access). It is served as the key's type regardless, so
      // nothing in the bucket can make our origin serve HTML or SVG.
      const stored = response.headers.get('Content-Type');
      if (stored !== contentType) log.warn('storage.content_type_mismatch', { key, stored, served: contentType });
      const length = response.headers.get('Content-Length');
      const modified = response.headers.get('Last-Modified');
      return {
        contentType,
        size: length === null ? null : Number(length),
        etag: response.headers.get('ETag'),
        lastModified: modified ? new Date(modified) : null,
        body: response.body,
      };
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      const response = await send(key, { method: 'DELETE', headers: {} });
      // S3 answers 204 whether or not the key existed; some compatible services answer 404 NoSuchKey.
      if (response.status === 404 && (await errorCode(response)) === 'NoSuchKey') return;
      if (!response.ok) throw await failure(config, response, `apagar ${key}`);
      await response.body?.cancel();
    },
    async check() {
      const response = await send(CHECK_KEY, { method: 'GET', headers: {} });
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      if (response.status === 404 && (await errorCode(response)) === 'NoSuchKey') return;
      throw await failure(config, response, 'verificar o acesso');
    },
  };
}

/** Path-style (`endpoint/bucket/key`, MinIO) or virtual-hosted (`bucket.endpoint/key`, AWS, R2). */
export function objectUrl(config: S3Config, key: string): string {
  const endpoint = new URL(config.endpoint);
  const encoded = key.split('/').map(encodeURIComponent).join('/');
  if (config.forcePathStyle) return `${endpoint.origin}/${config.bucket}/${encoded}`;
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}/${encoded}`;
}

// fetch says only "fetch failed"; the system's reason (ECONNREFUSED, ENOTFOUND…) is in its cause.
function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return `sem resposta em ${REQUEST_TIMEOUT_MS / 1000} s`;
  const cause = error.cause;
  if (!(cause instanceof Error)) return error.message;
  return 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
}

const consumedCodes = new WeakMap<Response, string | null>();

/** The `<Code>` of an S3 error body; reads the body once and remembers it. */
async function errorCode(response: Response): Promise<string | null> {
  if (consumedCodes.has(response)) return consumedCodes.get(response) ?? null;
  const text = await response.text().catch(() => '');
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? null;
  consumedCodes.set(response, code);
  return code;
}

async function failure(config: S3Config, response: Response, action: string): Promise<StorageError> {
  const code = await errorCode(response);
  const why: Record<string, string> = {
    InvalidAccessKeyId: `a chave de acesso S3_ACCESS_KEY_ID não existe nesse serviço`,
    SignatureDoesNotMatch: `a chave secreta S3_SECRET_ACCESS_KEY não confere com S3_ACCESS_KEY_ID`,
    AccessDenied: `acesso negado: a chave precisa poder ler, gravar e listar o bucket ${config.bucket}`,
    NoSuchBucket: `o bucket ${config.bucket} não existe em ${config.endpoint}`,
    AuthorizationHeaderMalformed: `a região S3_REGION (${config.region}) não é a do bucket`,
    PermanentRedirect: `o bucket ${config.bucket} está em outra região ou outro endereço (confira S3_REGION e S3_ENDPOINT)`,
    RequestTimeTooSkewed: 'o relógio deste servidor está fora de hora',
  };
  const reason = (code && why[code]) ?? `resposta ${response.status}${code ? ` ${code}` : ''}`;
  return new StorageError(`Armazenamento S3: não foi possível ${action} no bucket ${config.bucket} — ${reason}.`);
}

let current: { env: Env; storage: Storage } | undefined;

/** The storage the configuration asks for; follows the configuration when tests change it. */
export function getStorage(): Storage {
  const env = getEnv();
  if (current?.env !== env) current = { env, storage: env.s3 ? s3Storage(env.s3) : diskStorage(path.join(env.dataDir, 'uploads')) };
  return current.storage;
}

/**
 * Removes files whose rows are already gone (so nothing serves them any more): a storage failure leaves an
 * orphan file, logged, and never undoes what the reader asked for.
 */
export async function removeFiles(keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await getStorage()
      .remove(key)
      .catch((error: unknown) => log.warn('storage.remove_failed', { key, error }));
  }
}

/** The storage key of a file served at /arquivos (an uploaded avatar), or null for a URL elsewhere (a provider's picture). */
export function keyOfUrl(url: string | null): string | null {
  return url?.startsWith('/arquivos/') ? url.slice('/arquivos/'.length) : null;
}

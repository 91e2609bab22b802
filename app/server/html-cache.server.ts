import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Tx } from '~/db/client.server';
import { getEnv } from './env.server';
import { log } from './logger.server';
import { publish, subscribe } from './realtime.server';
import { hasSessionCookie } from './viewer.server';

/**
 * Anonymous GETs of public pages are answered from memory, already compressed. A route opts in by
 * sending `X-Cache-Tags` (what it read: `news`, `edition:ID`…); a mutation calls invalidateTags() and every
 * server drops the pages that carry those tags. Signed-in requests never touch the cache, so no reader's
 * page reaches another.
 */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  tags: string[];
};

export const CACHE_TAGS_HEADER = 'x-cache-tags';
const CHANNEL = 'html_cache';

/**
 * The longest a stored page is served, whatever its tags: a safety net for a change no invalidation names
 * (decision 0036). Invalidations drop pages at once; this bounds what any missed one can leak.
 */
export const HTML_CACHE_TTL_MS = 5 * 60 * 1000;

let cache: LRUCache<string, CachedPage> | undefined;
const getCache = () => {
  cache ??= new LRUCache<string, CachedPage>({ max: Math.max(1, getEnv().HTML_CACHE_MAX_ENTRIES), ttl: HTML_CACHE_TTL_MS });
  return cache;
};

const cacheKey = (url: URL) => url.pathname + url.search;

function isCacheable(method: string, cookie: string | null | undefined): boolean {
  return (method === 'GET' || method === 'HEAD') && getEnv().HTML_CACHE_MAX_ENTRIES > 0 && !hasSessionCookie(cookie);
}

/** For server.ts, before React Router runs: the cached page for this anonymous request, if any. */
export function lookupPage(method: string, url: URL, cookie: string | undefined): CachedPage | undefined {
  return isCacheable(method, cookie) ? getCache().get(cacheKey(url)) : undefined;
}

/** Stores a rendered page while streaming it to the client: returns the response to send. */
export function storeWhileStreaming(request: Request, response: Response): Response {
  const tags = response.headers.get(CACHE_TAGS_HEADER);
  const isHtml = response.headers.get('content-type')?.startsWith('text/html');
  if (
    !tags ||
    !isHtml ||
    response.status !== 200 ||
    !response.body ||
    !isCacheable(request.method, request.headers.get('cookie')) ||
    response.headers.has('set-cookie')
  ) {
    return response;
  }
  const [toClient, toCache] = response.body.tee();
  const url = new URL(request.url);
  const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'content-encoding');
  void new Response(toCache)
    .arrayBuffer()
    .then((buffer) => {
      const body = Buffer.from(buffer);
      getCache().set(cacheKey(url), {
        status: 200,
        headers,
        body,
        gzip: gzipSync(body, { level: 6 }),
        br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
        tags: tags.split(',').map((t) => t.trim()),
      });
    })
    .catch((error: unknown) => log.warn('html_cache.store_failed', { error }));
  return new Response(toClient, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function dropTags(tags: readonly string[]) {
  const c = getCache();
  for (const [key, page] of c.entries()) {
    if (page.tags.some((tag) => tags.includes(tag))) c.delete(key);
  }
}

// A NOTIFY payload holds at most 8000 bytes: a long list (a deleted account's editions) goes in several.
const TAGS_PER_MESSAGE_BYTES = 6000;

export async function invalidateTags(tags: readonly string[]): Promise<void> {
  if (!tags.length) return;
  dropTags(tags);
  let batch: string[] = [];
  let bytes = 0;
  for (const tag of tags) {
    if (batch.length && bytes + tag.length + 3 > TAGS_PER_MESSAGE_BYTES) {
      await publish(CHANNEL, batch);
      batch = [];
      bytes = 0;
    }
    batch.push(tag);
    bytes += Buffer.byteLength(tag) + 3;
  }
  await publish(CHANNEL, batch);
}

/**
 * Drops the pages with these tags when the transaction commits, on every server, this one included: a NOTIFY sent
 * in a transaction is delivered at its commit, so no visitor's request in between stores the page as it was.
 */
export async function invalidateTagsAtCommit(tx: Tx, tags: readonly string[]): Promise<void> {
  if (tags.length) await publish(CHANNEL, tags, tx);
}

/** Called once at start: other servers' invalidations reach this one through LISTEN/NOTIFY. */
export async function listenForInvalidations(): Promise<() => Promise<void>> {
  return subscribe(CHANNEL, (tags) => {
    if (Array.isArray(tags)) dropTags(tags.filter((t): t is string => typeof t === 'string'));
  });
}

export function clearHtmlCache() {
  cache?.clear();
}

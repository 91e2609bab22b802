import { PRIVATE_UPLOADS_PREFIX, getStorage, isStorageKey, type StoredFile } from '~/integrations/storage/storage.server';
import { log } from './logger.server';

// Keys are written once (a new picture gets a new key), so a day in any cache costs nothing; it is not
// longer so that a file taken down by moderation leaves shared caches within a day.
const CACHE_CONTROL = 'public, max-age=86400';

export type UploadRequest = { method: string; path: string; ifNoneMatch?: string };

/**
 * Answers GET/HEAD /arquivos/<key> from whichever storage is configured, so files always come from our own
 * origin (the Content-Security-Policy allows images from 'self' only) with the type they were stored with.
 * `path` is the URL path after /arquivos, still percent-encoded.
 */
export async function serveUpload(request: UploadRequest): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return text(405, 'Método não permitido.', { Allow: 'GET, HEAD' });
  }
  const key = keyOf(request.path);
  if (!key) return notFound();
  let file: StoredFile | null;
  try {
    file = await getStorage().get(key, { ifNoneMatch: request.ifNoneMatch });
  } catch (error) {
    log.error('storage.read_failed', { key, error });
    return text(503, 'Não foi possível carregar este arquivo agora. Tente de novo em instantes.', { 'Retry-After': '30' });
  }
  if (!file) return notFound();
  const headers = new Headers({ 'Cache-Control': CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' });
  if (file.etag) headers.set('ETag', file.etag);
  if (!file.body) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', file.contentType);
  if (file.size !== null) headers.set('Content-Length', String(file.size));
  if (file.lastModified) headers.set('Last-Modified', file.lastModified.toUTCString());
  if (request.method === 'HEAD') {
    await file.body.cancel();
    return new Response(null, { status: 200, headers });
  }
  return new Response(file.body, { status: 200, headers });
}

/**
 * A private image (an att's photo, a whisper's image) for the one reader who was just allowed to see it: never in a
 * shared cache, as the next person to ask may not be; 304 when their copy is current.
 */
export function privateImageResponse(file: StoredFile): Response {
  const headers = new Headers({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Type': file.contentType });
  if (file.etag) headers.set('ETag', file.etag);
  if (!file.body) return new Response(null, { status: 304, headers });
  if (file.size !== null) headers.set('Content-Length', String(file.size));
  return new Response(file.body, { status: 200, headers });
}

function keyOf(encodedPath: string): string | null {
  let key: string;
  try {
    key = decodeURIComponent(encodedPath.replace(/^\//, ''));
  } catch {
    return null;
  }
  return isStorageKey(key) && !key.startsWith(PRIVATE_UPLOADS_PREFIX) ? key : null;
}

function notFound(): Response {
  return text(404, 'Arquivo não encontrado.', {});
}

function text(status: number, body: string, extra: Record<string, string>): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store', ...extra },
  });
}

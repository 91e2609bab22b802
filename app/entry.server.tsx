import { renderToString } from 'react-dom/server';
import { ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import { log } from '~/server/logger.server';
import { REQUEST_ID_HEADER, RequestIdContext } from '~/server/request-id';

export { providerOrigins } from '~/features/accounts/auth.server';
// server.ts takes React Router's request handler from here, so it runs the same (bundled) copy as the routes.
export { createRequestHandler } from 'react-router';
export { bodyLimitOf } from './body-limits.server';
export { countQueries } from '~/server/query-count.server';
export { lookupPage } from '~/server/html-cache.server';
export { startServices } from './services.server';
export { serveUpload } from '~/server/uploads.server';

export const streamTimeout = 5_000;

/**
 * Pages are rendered whole, in one synchronous `renderToString`, and sent as one body: no route defers data, so
 * nothing on a page waits. React Router streams the loaders' data for hydration through a component that
 * suspends on each chunk; that stream is read to its end first and handed to the component as already there
 * (`renderMeta.streamCache`, its own cache), so the render never suspends. Against `renderToPipeableStream` into
 * a buffer, paired, a signed-in page takes 24–30 % less CPU (docs/decisions/0042; the same HTML but for two
 * Suspense comments). e2e/smoke.spec.ts fails the day React Router reads its data elsewhere (docs/upgrading.md).
 * A route that needs streaming with skeletons will bring the streaming path back for itself.
 */
export default async function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  const requestId = request.headers.get(REQUEST_ID_HEADER);
  if (routerContext.serverHandoffStream) {
    const handoff = await readText(routerContext.serverHandoffStream);
    const read = Object.assign(Promise.resolve(), { result: { done: true, value: handoff } });
    routerContext.serverHandoffStream = new ReadableStream(); // the component takes a reader of it, and never reads
    routerContext.renderMeta = { ...routerContext.renderMeta, streamCache: { 0: read } };
  }
  let html: string;
  try {
    html = renderToString(
      <RequestIdContext.Provider value={requestId}>
        <ServerRouter context={routerContext} url={request.url} />
      </RequestIdContext.Provider>,
    );
  } catch (error) {
    log.error('render.failed', { requestId, url: request.url, error });
    throw error;
  }
  headers.set('Content-Type', 'text/html; charset=utf-8');
  // Bytes, not a string: a string body is first checked character by character for lone surrogates (0.3 ms on /home).
  const bytes = Buffer.from(`<!DOCTYPE html>${html}`);
  const response = new Response(bytes, { headers, status });
  wholeBodies.set(response, bytes);
  return response;
}

/** The bytes of the pages this module rendered, so server.ts sends them as they are instead of reading the body back. */
const wholeBodies = new WeakMap<Response, Buffer>();

export function wholeBody(response: Response): Buffer | undefined {
  return wholeBodies.get(response);
}

/** The whole text of a stream of UTF-8 chunks (React Router's data for hydration). */
async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) text += decoder.decode(read.value, { stream: true });
  return text + decoder.decode();
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  log.error('request.failed', { requestId: request.headers.get(REQUEST_ID_HEADER), method: request.method, url: request.url, error });
};

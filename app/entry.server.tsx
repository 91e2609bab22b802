import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import { log } from '~/server/logger.server';
import { REQUEST_ID_HEADER, RequestIdContext } from '~/server/request-id';

export { providerOrigins } from '~/features/accounts/auth.server';
// server.ts takes React Router's request handler from here, so it runs the same (bundled) copy as the routes.
export { createRequestHandler } from 'react-router';
export { countQueries } from '~/server/query-count.server';
export { lookupPage } from '~/server/html-cache.server';
export { startServices } from '~/server/services.server';
export { serveUpload } from '~/server/uploads.server';

export const streamTimeout = 5_000;

/**
 * Pages are rendered whole and sent as one body: no route streams deferred data yet, and one write costs
 * a fraction of the many small ones a streamed render makes (measured: ~1 ms of CPU per page). A route
 * that needs streaming with skeletons will bring the streaming path back for itself.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  const requestId = request.headers.get(REQUEST_ID_HEADER);
  return new Promise<Response>((resolve, reject) => {
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <RequestIdContext.Provider value={requestId}>
        <ServerRouter context={routerContext} url={request.url} />
      </RequestIdContext.Provider>,
      {
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('end', () => {
            clearTimeout(timeoutId);
            headers.set('Content-Type', 'text/html; charset=utf-8');
            resolve(new Response(Buffer.concat(chunks), { headers, status }));
          });
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          log.error('render.failed', { requestId, url: request.url, error });
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  log.error('request.failed', { requestId: request.headers.get(REQUEST_ID_HEADER), method: request.method, url: request.url, error });
};

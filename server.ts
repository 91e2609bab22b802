import { writeReadableStreamToWritable } from '@react-router/node';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { createRequestHandler, ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';

/**
 * The server, in production (`npm start`) and in development (`npm run dev`). Everything with state
 * (database, jobs, caches) lives in the React Router build, so there is one copy of each module; this file only
 * wires HTTP: headers, CSRF, body caps, static files, the HTML cache. In production the build is the bundle
 * `npm run build` wrote; in development it is Vite's, in middleware mode, taken again for each request so an
 * edit shows with HMR (docs/decisions/0037).
 */
type Entry = {
  createRequestHandler: typeof createRequestHandler;
  startServices: () => Promise<() => Promise<void>>;
  providerOrigins: () => string[];
  lookupPage: (
    method: string,
    url: URL,
    cookie: string | undefined,
  ) => { status: number; headers: [string, string][]; body: Buffer; gzip: Buffer; br: Buffer } | undefined;
  serveUpload: (request: { method: string; path: string; ifNoneMatch?: string }) => Promise<globalThis.Response>;
  countQueries: <T>(work: () => Promise<T>) => Promise<{ result: T; queries: number }>;
  wholeBody: (response: globalThis.Response) => Buffer | undefined;
  bodyLimitOf: (pathname: string) => number;
};

// Only `npm run dev` says development: the built server started any other way stays in production.
const DEVELOPMENT = process.env.NODE_ENV === 'development';
const PORT = Number(process.env.PORT ?? 3000);
// Development listens on this machine only, as Vite does: its dev server serves the project's source files.
const HOST = process.env.HOST ?? (DEVELOPMENT ? 'localhost' : '0.0.0.0');
const BUILD = path.resolve('build/server/index.js');
const CLIENT = path.resolve('build/client');

/**
 * The same in development (docs/decisions/0037): Vite's HMR websocket is served by this HTTP server, so
 * `connect-src 'self'` covers it (CSP 3 matches `ws:` to `'self'` on the same host), and the inline module scripts
 * React Router adds for HMR and the styles Vite injects are what `'unsafe-inline'` already allows.
 */
const csp = (providerOrigins: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Without JavaScript, the OAuth buttons' form follows the redirect to the provider.
    ["form-action 'self'", ...providerOrigins].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');

export function securityHeaders(providerOrigins: string[]) {
  const policy = csp(providerOrigins);
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // The OBS overlays carry their token in the URL: no Referer ever leaves them (decision 0092).
    res.setHeader('Referrer-Policy', req.path.startsWith('/overlay/') ? 'no-referrer' : 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    next();
  };
}

/**
 * CSRF: every non-GET request must come from our own origin. Browsers send Origin on cross-site posts;
 * when it is missing, Sec-Fetch-Site tells. Requests with neither (curl, server-to-server) carry no
 * cookies a browser would attach, so they pass.
 */
export function sameOrigin(req: Request, res: Response, next: NextFunction) {
  if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
  const origin = req.get('origin');
  const host = req.get('host');
  const site = req.get('sec-fetch-site');
  // An Origin that is not a URL (`http://[`, `::::`) names no origin of ours: refused like a foreign one.
  const ok = origin ? origin !== 'null' && URL.canParse(origin) && new URL(origin).host === host : !site || site === 'same-origin' || site === 'none';
  if (ok) return next();
  res.status(403).type('text/plain; charset=utf-8').send('Requisição bloqueada: ela não veio do próprio Maratona.');
}

/** Serves the .br or .gz twin written at build time (scripts/precompress.mjs) when the browser accepts it. */
function precompressed(root: string) {
  const types: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };
  return (req: Request, res: Response, next: NextFunction) => {
    const type = types[path.extname(req.path)];
    if (!type || req.path.includes('..')) return next();
    const encoding = req.acceptsEncodings('br', 'gzip');
    const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : null;
    const file = suffix ? path.join(root, `${req.path}${suffix}`) : null;
    if (!file || !existsSync(file)) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding as string);
    res.vary('Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.sendFile(file);
  };
}

const BODY_TOO_LARGE = 'Envio grande demais: ele passa do limite que esta página aceita.';
/** What is still read of a body nobody will use, and for how long, before the connection is cut. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
const DISCARD_MAX_MS = 30_000;

/**
 * The rest of a body nobody will use, read and dropped as it arrives (nothing is kept): a client still
 * sending then reads the answer already sent instead of a connection reset, as with nginx's lingering close.
 * Past DISCARD_MAX_BYTES more, or DISCARD_MAX_MS, the connection is cut.
 */
function discardBody(req: Request) {
  let discarded = 0;
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, DISCARD_MAX_MS).unref();
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_MAX_BYTES) cut();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/**
 * The 413 of a body past its route's cap, answered at once; the rest of the body is dropped as it arrives, or
 * not read at all when its declared length could not end within what discardBody reads.
 */
function refuseBody(req: Request, res: Response) {
  if (res.headersSent) return void req.socket.destroy();
  const endless = Number(req.get('content-length') ?? 0) > DISCARD_MAX_BYTES;
  if (endless) res.set('Connection', 'close');
  res.status(413).type('text/plain; charset=utf-8').send(BODY_TOO_LARGE);
  if (!endless) discardBody(req);
}

/**
 * The request's body as React Router reads it, counted as it arrives (declared length or chunked alike): past
 * `limit` bytes React Router's read fails (its request aborted, so nothing is logged) and the request is
 * answered 413 at once. Only the stream's high-water mark (and the socket's last chunk) is held at a time.
 */
function requestBody(req: Request, res: Response, limit: number, abort: () => void): ReadableStream<Uint8Array> {
  let received = 0;
  let settled = false;
  let onData: (chunk: Buffer) => void = () => undefined;
  const stop = () => {
    settled = true;
    req.off('data', onData);
    req.pause();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (error: Error) => {
          if (settled) return;
          stop();
          controller.error(error);
        };
        onData = (chunk) => {
          received += chunk.length;
          if (received > limit) {
            fail(new Error(`Request body over its cap of ${limit} bytes`));
            abort();
            refuseBody(req, res);
            return;
          }
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        req.on('data', onData);
        req.once('end', () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        req.once('error', fail);
        req.once('close', () => fail(new Error('The request closed before its body ended')));
      },
      pull() {
        if (!settled) req.resume();
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: req.readableHighWaterMark, size: (chunk) => chunk.byteLength },
  );
}

/**
 * The cap of this request's body (app/body-limits.server.ts), by the path React Router will match:
 * parsed as toFetchRequest builds its URL, so dot segments resolve the same way. Null when nothing reads a body.
 */
function bodyLimit(req: Request, bodyLimitOf: Entry['bodyLimitOf']): number | null {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  let pathname = '/';
  try {
    pathname = new URL(`http://maratona.local${req.originalUrl}`).pathname;
  } catch {
    // No URL React Router could match either: the form cap.
  }
  return bodyLimitOf(pathname);
}

/** The Fetch request React Router sees: same host, protocol and headers rules as `@react-router/express`. */
function toFetchRequest(req: Request, res: Response, limit: number | null): globalThis.Request {
  const [, forwardedPort] = req.app.enabled('trust proxy') ? (req.get('X-Forwarded-Host')?.split(':') ?? []) : [];
  const [, hostPort] = req.get('host')?.split(':') ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? '', 10)).find((p) => Number.isSafeInteger(p));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (limit !== null) {
    init.body = requestBody(req, res, limit, () => controller.abort());
    init.duplex = 'half';
  }
  return new globalThis.Request(`${req.protocol}://${hostname}${port ? `:${port}` : ''}${req.originalUrl}`, init);
}

const COMPRESS_FROM_BYTES = 1024; // the compression middleware's threshold: smaller bodies gain nothing
/** Brotli 3, not the middleware's 4: a 25 KB page in 0.14 ms instead of 0.41 ms, 4 % larger (docs/decisions/0043). */
const BROTLI_QUALITY = 3;

/**
 * Pages, and the data of a client-side navigation (React Router's `text/x-script`), as long as no loader
 * defers data.
 */
const WHOLE_BODY_TYPES = ['text/html', 'text/x-script'];

/**
 * Pages arrive rendered whole (entry.server.tsx), so they are compressed in one synchronous call and sent
 * in one write with their length; so is a navigation's data. Through the compression middleware and the
 * stream adapter, the same page cost several writes and a round trip to zlib's thread pool
 * (docs/decisions/0043); with its Content-Encoding set, the middleware lets it pass. Everything else (event
 * streams, resource routes, downloads) keeps streaming through the compression middleware.
 */
async function sendResponse(req: Request, res: Response, response: globalThis.Response, wholeBody: Entry['wholeBody']) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  // Answered before its body was read whole (a visitor's upload redirected to sign in): nobody reads the rest,
  // which would otherwise stall the connection until the request timeout.
  if (!req.complete) discardBody(req);
  // Appended, as the adapter did: a route cannot silently replace a header set above (CSP, frame options).
  for (const [name, value] of response.headers) res.append(name, value);

  if (!response.body) {
    res.end();
    return;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!WHOLE_BODY_TYPES.some((whole) => type.startsWith(whole))) {
    if (type.startsWith('text/event-stream')) res.flushHeaders();
    try {
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      if (!res.destroyed && !res.writableEnded) throw error;
    }
    return;
  }
  const body = wholeBody(response) ?? Buffer.from(await response.arrayBuffer());
  res.vary('Accept-Encoding');
  const encoding =
    body.length >= COMPRESS_FROM_BYTES && !response.headers.has('content-encoding') ? req.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
  let sent = body;
  if (encoding === 'br')
    sent = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  else if (encoding === 'gzip') sent = gzipSync(body);
  if (sent !== body) res.setHeader('Content-Encoding', encoding as string);
  res.setHeader('Content-Length', sent.length);
  res.end(sent);
}

/** React Router's build in development: the module Vite's SSR environment serves it from. */
const DEV_BUILD = 'virtual:react-router/server-build';

/**
 * Development: Vite in middleware mode (as React Router's `node-custom-server` template), its HMR websocket on
 * our own HTTP server so it is same-origin with the pages. The build comes from the SSR environment's module
 * runner, the one React Router's own dev server uses (future `v8_viteEnvironmentApi`): the services started
 * from it and the routes share one copy of every module, and an edited file is evaluated again on the next
 * request.
 */
async function developmentVite(server: Server): Promise<{ vite: ViteDevServer; load: () => Promise<ServerBuild> }> {
  // Imported only here, and left unbundled by `npm run build`: production runs without devDependencies.
  const { createServer: createViteServer, isRunnableDevEnvironment } = await import('vite');
  // React Router's plugin starts Vite servers of its own (its child compiler), and Vite gives those a SIGTERM
  // listener that exits the process as soon as they are closed, before the database is: taken off, as closing
  // this server closes them (the plugin's buildEnd) and shutdown() below does it in order.
  const listeners = process.listeners('SIGTERM');
  const vite = await createViteServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'custom' });
  for (const listener of process.listeners('SIGTERM')) if (!listeners.includes(listener)) process.off('SIGTERM', listener);
  const ssr = vite.environments.ssr;
  if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error('Vite has no runnable SSR environment: check vite.config.ts');
  return { vite, load: () => ssr.runner.import<ServerBuild>(DEV_BUILD) };
}

async function main() {
  const app = express();
  const server = createServer(app);
  let development: Awaited<ReturnType<typeof developmentVite>> | undefined;
  let build: ServerBuild;
  try {
    if (DEVELOPMENT) {
      development = await developmentVite(server);
      build = await development.load();
    } else {
      if (!existsSync(BUILD)) throw new Error('Build não encontrado. Rode `npm run build` antes de `npm start`.');
      build = (await import(BUILD)) as ServerBuild;
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  let entry = build.entry.module as unknown as Entry;
  let stopServices: () => Promise<void>;
  try {
    stopServices = await entry.startServices();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  app.disable('x-powered-by');
  if (process.env.TRUST_PROXY) app.set('trust proxy', process.env.TRUST_PROXY);
  app.use((req, res, next) => {
    const id = randomUUID();
    // Only the server decides these: a client-sent value is overwritten, never trusted.
    req.headers['x-request-id'] = id;
    req.headers['x-maratona-client-ip'] = req.ip ?? '';
    res.setHeader('X-Request-Id', id);
    next();
  });
  app.use(securityHeaders(entry.providerOrigins()));
  app.use(sameOrigin);
  app.use(compression());

  if (development) {
    const { vite, load } = development;
    // Modules, styles and public/ files as Vite serves them, with HMR; /~offline is rendered like any page.
    app.use(vite.middlewares);
    // An edit to a module of the server makes Vite's runner evaluate every module again (its "program reload"):
    // a new database client, job queue, HTML cache... The services of the old modules are stopped (closing
    // their database) and those of the new ones started before any request uses them, as a restart would.
    let servicesOf = entry.startServices;
    let restarting = Promise.resolve();
    const restart = async (next: Entry) => {
      const stop = stopServices;
      stopServices = () => Promise.resolve();
      await stop();
      stopServices = await next.startServices();
    };
    // What Vite did not answer takes the build again: the runner's modules, evaluated again after an edit.
    app.use((_req, _res, next) => {
      void (async () => {
        const latest = await load();
        const latestEntry = latest.entry.module as unknown as Entry;
        if (latestEntry.startServices !== servicesOf) {
          servicesOf = latestEntry.startServices;
          restarting = restart(latestEntry);
        }
        await restarting;
        build = latest;
        entry = latestEntry;
      })().then(() => next(), next);
    });
  } else {
    app.use('/assets', precompressed(path.join(CLIENT, 'assets')));
    app.use('/assets', express.static(path.join(CLIENT, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.get('/~offline', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.sendFile(path.join(CLIENT, '~offline', 'index.html'));
    });
    app.get('/sw.js', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Service-Worker-Allowed', '/');
      res.sendFile(path.join(CLIENT, 'sw.js'));
    });
  }
  // Uploaded files, from the local disk or the S3 bucket (the build knows which): always from our own origin.
  app.use('/arquivos', (req, res, next) => {
    entry
      .serveUpload({ method: req.method, path: req.path, ifNoneMatch: req.get('if-none-match') })
      .then(async (response) => {
        res.status(response.status);
        response.headers.forEach((value, name) => res.setHeader(name, value));
        if (!response.body) return void res.end();
        await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res).catch((error: NodeJS.ErrnoException) => {
          // A reader who leaves mid-download is no failure; the storage breaking off mid-file is.
          if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
          console.error(JSON.stringify({ level: 'error', event: 'upload.stream_failed', path: req.originalUrl, message: error.message }));
        });
      })
      .catch(next);
  });
  // Every file in build/client has an extension and no page does: pages, and their data (`/home.data`, what
  // a client-side navigation asks for), skip the stat() it would cost them.
  if (!development) {
    const clientFiles = express.static(CLIENT, { index: false, maxAge: '1h' });
    app.use((req, res, next) => (path.extname(req.path) && !req.path.endsWith('.data') ? clientFiles(req, res, next) : next()));
  }

  app.use((req, res, next) => {
    const page = entry.lookupPage(req.method, new URL(req.originalUrl, 'http://cache.local'), req.headers.cookie);
    if (!page) return next();
    const accepts = req.acceptsEncodings('br', 'gzip', 'identity');
    const [body, encoding] = accepts === 'br' ? [page.br, 'br'] : accepts === 'gzip' ? [page.gzip, 'gzip'] : [page.body, undefined];
    for (const [name, value] of page.headers) res.setHeader(name, value);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    res.setHeader('X-Html-Cache', 'hit');
    res.setHeader('Content-Length', body.length);
    res.status(page.status).end(req.method === 'HEAD' ? undefined : body);
  });

  // In development the handler reads the build each request has just taken.
  const handle = development ? entry.createRequestHandler(() => build, 'development') : entry.createRequestHandler(build, 'production');
  // Benchmarks only (bench/reading.ts): how many SQL statements the loaders and actions of this request issued.
  const countQueries = process.env.BENCH_COUNT_QUERIES === '1';
  app.all('*splat', async (req, res, next) => {
    try {
      const limit = bodyLimit(req, entry.bodyLimitOf);
      if (limit !== null && Number(req.get('content-length') ?? 0) > limit) return refuseBody(req, res);
      if (countQueries) {
        const { result, queries } = await entry.countQueries(() => handle(toFetchRequest(req, res, limit)));
        res.setHeader('X-Query-Count', String(queries));
        return await sendResponse(req, res, result, entry.wholeBody);
      }
      await sendResponse(req, res, await handle(toFetchRequest(req, res, limit)), entry.wholeBody);
    } catch (error) {
      next(error);
    }
  });

  server.listen(PORT, HOST, () =>
    console.log(
      JSON.stringify({ level: 'info', event: 'server.listening', url: `http://localhost:${PORT}`, mode: DEVELOPMENT ? 'development' : 'production' }),
    ),
  );
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(JSON.stringify({ level: 'info', event: 'server.shutdown', signal }));
    // Vite first: its HMR websockets are connections the HTTP server would otherwise wait for.
    void (development?.vite.close() ?? Promise.resolve()).finally(() => {
      server.closeAllConnections();
      server.close(() => {
        void stopServices().finally(() => process.exit(0));
      });
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();

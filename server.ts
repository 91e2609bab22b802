import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { ServerBuild } from 'react-router';

/**
 * The production server. Everything with state (database, jobs, caches) lives in the React Router build,
 * so there is one copy of each module; this file only wires HTTP: headers, CSRF, static files, the HTML cache.
 */
type Entry = {
  startServices: () => Promise<() => Promise<void>>;
  providerOrigins: () => string[];
  lookupPage: (method: string, url: URL, cookie: string | undefined) =>
    | { status: number; headers: [string, string][]; body: Buffer; gzip: Buffer; br: Buffer }
    | undefined;
  serveUpload: (request: { method: string; path: string; ifNoneMatch?: string }) => Promise<globalThis.Response>;
};

const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? '0.0.0.0';
const BUILD = path.resolve('build/server/index.js');
const CLIENT = path.resolve('build/client');

const csp = (providerOrigins: string[]) => [
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
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
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
  const ok = origin ? origin !== 'null' && new URL(origin).host === host : !site || site === 'same-origin' || site === 'none';
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
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.sendFile(file);
  };
}

async function main() {
  if (!existsSync(BUILD)) {
    console.error('Build não encontrado. Rode `npm run build` antes de `npm start`.');
    process.exit(1);
  }
  const build = (await import(BUILD)) as ServerBuild;
  const entry = build.entry.module as unknown as Entry;
  let stopServices: () => Promise<void>;
  try {
    stopServices = await entry.startServices();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  const app = express();
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
  app.use(express.static(CLIENT, { index: false, maxAge: '1h' }));

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

  app.all('*splat', createRequestHandler({ build, mode: 'production' }));

  const server = app.listen(PORT, HOST, () => console.log(JSON.stringify({ level: 'info', event: 'server.listening', url: `http://localhost:${PORT}` })));
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(JSON.stringify({ level: 'info', event: 'server.shutdown', signal }));
    server.closeAllConnections();
    server.close(() => {
      void stopServices().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();

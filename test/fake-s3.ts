import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { resetEnvForTests } from '~/server/env.server';

/**
 * A minimal S3-compatible server for tests: one bucket, path-style URLs, objects in memory. It checks every
 * request's AWS Signature Version 4 with its own implementation (not the client library's), so a request
 * signed with the wrong secret, region or body is refused exactly as S3 refuses it.
 */
export type FakeS3 = {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string; etag: string; lastModified: Date }>;
  requests: { method: string; key: string; status: number }[];
  close: () => Promise<void>;
};

export type FakeS3Options = { bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-s3');
      const [, bucket = '', ...rest] = url.pathname.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      const status = handle(req, res, Buffer.concat(chunks), url, decodeURIComponent(bucket), key);
      requests.push({ method: req.method ?? '', key, status });
    });
  });

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL, bucket: string, key: string): number {
    const refused = verifySignature(req, url, body, options);
    if (refused) return error(res, 403, refused);
    if (bucket !== options.bucket) return error(res, 404, 'NoSuchBucket');
    if (req.method === 'PUT') {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, { body, contentType: req.headers['content-type'] ?? 'binary/octet-stream', etag, lastModified: new Date() });
      res.writeHead(200, { ETag: etag }).end();
      return 200;
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return error(res, 404, 'NoSuchKey');
      const headers = { ETag: object.etag, 'Last-Modified': object.lastModified.toUTCString() };
      if (req.headers['if-none-match'] === object.etag) {
        res.writeHead(304, headers).end();
        return 304;
      }
      res.writeHead(200, { ...headers, 'Content-Type': object.contentType, 'Content-Length': object.body.length });
      res.end(req.method === 'GET' ? object.body : undefined);
      return 200;
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
      return 204;
    }
    return error(res, 405, 'MethodNotAllowed');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

export const FAKE_S3 = {
  bucket: 'maratona-teste',
  region: 'sa-east-1',
  accessKeyId: 'AKIAMARATONATESTE',
  secretAccessKey: 'segredo-de-teste-0123456789abcdef',
};

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * Runs the file's tests with uploads going to a fake S3 (configured through the same variables as
 * production); `overrides` changes variables, e.g. a wrong secret. Answers a getter for the running fake.
 */
export function useFakeS3(overrides: Partial<Record<(typeof S3_VARIABLES)[number], string>> = {}): () => FakeS3 {
  let fake: FakeS3 | undefined;
  const saved = Object.fromEntries(S3_VARIABLES.map((name) => [name, process.env[name]]));
  beforeAll(async () => {
    fake = await startFakeS3(FAKE_S3);
    setS3Env({
      S3_ENDPOINT: fake.endpoint,
      S3_REGION: FAKE_S3.region,
      S3_BUCKET: FAKE_S3.bucket,
      S3_ACCESS_KEY_ID: FAKE_S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: FAKE_S3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...overrides,
    });
  });
  afterAll(async () => {
    setS3Env(saved);
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error('useFakeS3: the fake S3 starts in beforeAll');
    return fake;
  };
}

export function setS3Env(values: Partial<Record<string, string | undefined>>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

function error(res: ServerResponse, status: number, code: string): number {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  return status;
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** The S3 error code for a request whose signature does not hold, or null when it does. */
export function verifySignature(req: IncomingMessage, url: URL, body: Buffer, options: FakeS3Options): string | null {
  const match = AUTHORIZATION.exec(header(req, 'authorization'));
  if (!match) return 'AccessDenied';
  const [, accessKeyId, date, region, signedHeaderList, signature] = match as unknown as [string, string, string, string, string, string];
  if (accessKeyId !== options.accessKeyId) return 'InvalidAccessKeyId';
  if (region !== options.region) return 'AuthorizationHeaderMalformed';
  const amzDate = header(req, 'x-amz-date');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(date)) return 'AccessDenied';
  const sent = Date.UTC(
    +amzDate.slice(0, 4),
    +amzDate.slice(4, 6) - 1,
    +amzDate.slice(6, 8),
    +amzDate.slice(9, 11),
    +amzDate.slice(11, 13),
    +amzDate.slice(13, 15),
  );
  if (Math.abs(Date.now() - sent) > 15 * 60_000) return 'RequestTimeTooSkewed';
  const signedHeaders = signedHeaderList.split(';');
  if (!['host', 'x-amz-date', 'x-amz-content-sha256'].every((h) => signedHeaders.includes(h))) return 'AccessDenied';
  const payloadHash = header(req, 'x-amz-content-sha256');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';

  const canonicalRequest = [
    req.method ?? '',
    url.pathname
      .split('/')
      .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
      .join('/'),
    [...url.searchParams]
      .map(([k, v]) => `${encodeRfc3986(k)}=${encodeRfc3986(v)}`)
      .sort()
      .join('&'),
    signedHeaders.map((h) => `${h}:${header(req, h).trim().replace(/\s+/g, ' ')}\n`).join(''),
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = Buffer.from(`AWS4${options.secretAccessKey}`);
  for (const part of [date, region, 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? null : 'SignatureDoesNotMatch';
}

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

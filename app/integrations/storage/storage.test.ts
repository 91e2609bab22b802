import { AwsClient } from 'aws4fetch';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '~/server/env.server';
import { FAKE_S3, startFakeS3, type FakeS3 } from '../../../test/fake-s3';
import { diskStorage, isStorageKey, objectUrl, s3Storage, StorageError } from './storage.server';

const picture = Buffer.from('RIFF....WEBPVP8 uma imagem de verdade viria do sharp');

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function bytesOf(stream: ReadableStream<Uint8Array> | null | undefined): Promise<Buffer> {
  if (!stream) throw new Error('no body');
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe('storage keys', () => {
  it('accept random paths with a known extension and nothing that climbs out', () => {
    expect(isStorageKey('avatars/QAz64CfUgSUike_WFVClc-ZXiOC/KKpElBkJT75X3E2lXClQY.webp')).toBe(true);
    for (const bad of [
      '../x.webp',
      'a/../../x.webp',
      '/x.webp',
      'a//x.webp',
      'a/.hidden.webp',
      'x.html',
      'x.svg',
      'x',
      'a.WEBP',
      'a\\b.webp',
      'a/%2e%2e/x.webp',
      '',
    ]) {
      expect(isStorageKey(bad), bad).toBe(false);
    }
  });
});

describe('S3 storage', () => {
  let fake: FakeS3;
  let config: S3Config;
  beforeAll(async () => {
    fake = await startFakeS3(FAKE_S3);
    config = { ...FAKE_S3, endpoint: fake.endpoint, forcePathStyle: true };
  });
  afterAll(() => fake.close());

  it('puts a file under its key with its type and gets the same bytes back', async () => {
    const storage = s3Storage(config);
    expect(await storage.put('avatars/u1/a.webp', picture, 'image/webp')).toBe('/arquivos/avatars/u1/a.webp');
    expect(fake.objects.get('avatars/u1/a.webp')).toMatchObject({ contentType: 'image/webp', body: picture });
    const file = await storage.get('avatars/u1/a.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', size: picture.length, etag: fake.objects.get('avatars/u1/a.webp')?.etag });
    expect(await bytesOf(file?.body)).toEqual(picture);
    const again = await storage.get('avatars/u1/a.webp', { ifNoneMatch: file?.etag ?? '' });
    expect(again?.body).toBeNull();
  });

  it('removes a file, and a key with no file is already removed', async () => {
    const storage = s3Storage(config);
    await storage.put('avatars/u2/a.webp', picture, 'image/webp');
    await storage.remove('avatars/u2/a.webp');
    expect(fake.objects.has('avatars/u2/a.webp')).toBe(false);
    expect(await storage.get('avatars/u2/a.webp')).toBeNull();
    await expect(storage.remove('avatars/u2/a.webp')).resolves.toBeUndefined();
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', key: 'avatars/u2/a.webp' });
  });

  it('answers null for a missing key and refuses bad keys without asking the bucket', async () => {
    const storage = s3Storage(config);
    expect(await storage.get('avatars/ninguem/x.webp')).toBeNull();
    const before = fake.requests.length;
    expect(await storage.get('../segredo.webp')).toBeNull();
    await expect(storage.put('avatars/x.html', picture, 'text/html')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.put('avatars/x.webp', picture, 'image/png')).rejects.toThrow(/does not match/);
    expect(fake.requests.length).toBe(before);
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('explains wrong credentials, a missing bucket and an unreachable service in Portuguese', async () => {
    const wrongSecret = s3Storage({ ...config, secretAccessKey: 'outro-segredo' });
    await expect(wrongSecret.put('avatars/u1/b.webp', picture, 'image/webp')).rejects.toThrow(
      new StorageError(
        'Armazenamento S3: não foi possível gravar avatars/u1/b.webp no bucket maratona-teste — a chave secreta S3_SECRET_ACCESS_KEY não confere com S3_ACCESS_KEY_ID.',
      ),
    );
    await expect(wrongSecret.get('avatars/u1/a.webp')).rejects.toThrow(/S3_SECRET_ACCESS_KEY não confere/);
    await expect(wrongSecret.check()).rejects.toThrow(/não foi possível verificar o acesso .* S3_SECRET_ACCESS_KEY não confere/);
    await expect(s3Storage({ ...config, accessKeyId: 'AKIAOUTRA' }).check()).rejects.toThrow(/S3_ACCESS_KEY_ID não existe/);
    await expect(s3Storage({ ...config, region: 'us-east-1' }).check()).rejects.toThrow(/região S3_REGION \(us-east-1\)/);
    await expect(s3Storage({ ...config, bucket: 'outro-bucket' }).check()).rejects.toThrow(/o bucket outro-bucket não existe/);
    expect(fake.objects.has('avatars/u1/b.webp')).toBe(false);
    const closed = await closedPort();
    await expect(s3Storage({ ...config, endpoint: `http://127.0.0.1:${closed}` }).check()).rejects.toThrow(
      `Armazenamento S3: não foi possível falar com http://127.0.0.1:${closed} (ECONNREFUSED).`,
    );
  });

  it('has a fake that checks the signature over headers and body, not just the key id', async () => {
    const client = new AwsClient({ accessKeyId: FAKE_S3.accessKeyId, secretAccessKey: FAKE_S3.secretAccessKey, service: 's3', region: FAKE_S3.region });
    const url = objectUrl(config, 'avatars/u1/c.webp');
    const signed = await client.sign(url, { method: 'PUT', body: picture, headers: { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' } });
    const tamperedDate = new Headers(signed.headers);
    tamperedDate.set(
      'X-Amz-Date',
      (signed.headers.get('X-Amz-Date') ?? '').replace(/\d(Z)$/, (d) => `${(Number(d[0]) + 1) % 10}Z`),
    );
    const refused = await fetch(url, { method: 'PUT', body: picture, headers: tamperedDate });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('SignatureDoesNotMatch');
    const accepted = await fetch(url, { method: 'PUT', body: picture, headers: signed.headers });
    expect(accepted.status).toBe(200);

    const hashed = await client.sign(url, { method: 'PUT', body: picture, headers: { 'X-Amz-Content-Sha256': 'a'.repeat(64) } });
    const wrongBody = await fetch(url, { method: 'PUT', body: picture, headers: hashed.headers });
    expect(await wrongBody.text()).toContain('XAmzContentSHA256Mismatch');
  });

  it('builds path-style and virtual-hosted URLs', () => {
    expect(objectUrl({ ...config, endpoint: 'http://minio:9000', forcePathStyle: true }, 'avatars/a.webp')).toBe(
      'http://minio:9000/maratona-teste/avatars/a.webp',
    );
    expect(objectUrl({ ...config, endpoint: 'https://s3.sa-east-1.amazonaws.com', forcePathStyle: false }, 'avatars/a.webp')).toBe(
      'https://maratona-teste.s3.sa-east-1.amazonaws.com/avatars/a.webp',
    );
  });
});

describe('disk storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'maratona-uploads-'));

  it('keeps the same contract: put, get with the type of the key, null for a missing key', async () => {
    const storage = diskStorage(root);
    expect(await storage.put('avatars/u1/a.webp', picture, 'image/webp')).toBe('/arquivos/avatars/u1/a.webp');
    expect(await readFile(path.join(root, 'avatars/u1/a.webp'))).toEqual(picture);
    const file = await storage.get('avatars/u1/a.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', size: picture.length });
    expect(await bytesOf(file?.body)).toEqual(picture);
    expect((await storage.get('avatars/u1/a.webp', { ifNoneMatch: `W/${file?.etag ?? ''}` }))?.body).toBeNull();
    expect(await storage.get('avatars/u1/nada.webp')).toBeNull();
    expect(await storage.get('avatars/u1/a.webp/x.webp')).toBeNull();
    await expect(storage.put('../fora.webp', picture, 'image/webp')).rejects.toThrow(/Invalid storage key/);
    await storage.remove('avatars/u1/a.webp');
    expect(await storage.get('avatars/u1/a.webp')).toBeNull();
    await expect(storage.remove('avatars/u1/a.webp')).resolves.toBeUndefined();
    await expect(storage.remove('../fora.webp')).resolves.toBeUndefined();
  });
});

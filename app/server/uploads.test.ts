import { describe, expect, it } from 'vitest';
import { getStorage } from '~/integrations/storage/storage.server';
import { useFakeS3 } from '../../test/fake-s3';
import { serveUpload } from './uploads.server';

const picture = Buffer.from('RIFF....WEBPVP8 bytes de uma foto');

/** Both backends answer /arquivos the same way; the S3 one also shows what reached the bucket. */
function servesUploads(backend: 'disk' | 's3', requestsToBucket: () => number) {
  it(`serves a stored file with its type, nosniff and a day of caching (${backend})`, async () => {
    expect(getStorage().kind).toBe(backend);
    const url = await getStorage().put('avatars/u1/foto.webp', picture, 'image/webp');
    expect(url).toBe('/arquivos/avatars/u1/foto.webp');

    const response = await serveUpload({ method: 'GET', path: '/avatars/u1/foto.webp' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/webp');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=86400');
    expect(response.headers.get('Content-Length')).toBe(String(picture.length));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(picture);

    const etag = response.headers.get('ETag');
    expect(etag).toBeTruthy();
    const revalidated = await serveUpload({ method: 'GET', path: '/avatars/u1/foto.webp', ifNoneMatch: etag ?? '' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();

    const head = await serveUpload({ method: 'HEAD', path: '/avatars/u1/foto.webp' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Type')).toBe('image/webp');
    expect(head.body).toBeNull();
  });

  it(`answers 404 for a missing key and for paths that try to climb out, without asking the storage (${backend})`, async () => {
    const missing = await serveUpload({ method: 'GET', path: '/avatars/u1/nao-existe.webp' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Cache-Control')).toBe('no-store');
    expect(await missing.text()).toBe('Arquivo não encontrado.');
    const before = requestsToBucket();
    for (const path of [
      '/../package.json',
      '/avatars/%2e%2e/%2e%2e/auth-secret',
      '/..%2F..%2Fauth-secret',
      '//etc/passwd.webp',
      '/avatars/u1/foto.html',
      '/%E0%A4%A.webp',
      '/',
    ]) {
      const response = await serveUpload({ method: 'GET', path });
      expect(`${path} ${response.status}`).toBe(`${path} 404`);
    }
    expect(requestsToBucket()).toBe(before);
    const post = await serveUpload({ method: 'POST', path: '/avatars/u1/foto.webp' });
    expect(post.status).toBe(405);
  });
}

describe('/arquivos from the local disk', () => {
  servesUploads('disk', () => 0);
});

describe('/arquivos from S3', () => {
  const fake = useFakeS3();
  servesUploads('s3', () => fake().requests.length);

  it('reads through the bucket, not a local copy, and never serves another type than the key says', async () => {
    fake().objects.set('avatars/u2/so-no-bucket.webp', { body: picture, contentType: 'image/webp', etag: '"x"', lastModified: new Date() });
    const response = await serveUpload({ method: 'GET', path: '/avatars/u2/so-no-bucket.webp' });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(picture);

    const html = Buffer.from('<script>alert(1)</script>');
    fake().objects.set('avatars/u2/posta-por-fora.webp', { body: html, contentType: 'text/html', etag: '"y"', lastModified: new Date() });
    const planted = await serveUpload({ method: 'GET', path: '/avatars/u2/posta-por-fora.webp' });
    expect(planted.headers.get('Content-Type')).toBe('image/webp');
    expect(planted.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

describe('/arquivos when the bucket refuses our credentials', () => {
  useFakeS3({ S3_SECRET_ACCESS_KEY: 'um-segredo-errado' });

  it('answers 503 with a Portuguese message (the cause goes to the log)', async () => {
    const response = await serveUpload({ method: 'GET', path: '/avatars/u1/foto.webp' });
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('30');
    expect(await response.text()).toBe('Não foi possível carregar este arquivo agora. Tente de novo em instantes.');
    await expect(getStorage().check()).rejects.toThrow(/S3_SECRET_ACCESS_KEY não confere/);
  });
});

import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { users } from '~/db/schema';
import { getEnv } from '~/server/env.server';
import { serveUpload } from '~/server/uploads.server';
import { useTestDatabase } from '../../test/db';
import { useFakeS3 } from '../../test/fake-s3';
import { createUser } from '../../test/factories';
import { action } from './configuracoes.conta';
import { routeArgs } from '../../test/routes';

useTestDatabase();
const fake = useFakeS3();

async function postAvatar(cookie: string, picture: Buffer) {
  const form = new FormData();
  form.set('intent', 'avatar');
  form.set('avatar', new File([new Uint8Array(picture)], 'eu.jpg', { type: 'image/jpeg' }));
  const request = new Request('http://localhost:3000/configuracoes/conta', {
    method: 'POST',
    body: form,
    headers: { Origin: 'http://localhost:3000', Cookie: cookie },
  });
  return action(routeArgs(request) as unknown as Parameters<typeof action>[0]);
}

describe('avatar upload with S3 storage', () => {
  it('goes from the settings form to the bucket and back out through /arquivos', async () => {
    const reader = await createUser();
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#1D4E7A' } })
      .jpeg()
      .toBuffer();

    expect(await postAvatar(reader.cookie, photo)).toEqual({ success: 'Foto atualizada.', intent: 'avatar' });

    const [row] = await getDb().select({ image: users.image }).from(users).where(eq(users.id, reader.id));
    const url = row?.image ?? '';
    expect(url).toMatch(new RegExp(`^/arquivos/avatars/${reader.id}/[A-Za-z0-9_-]+\\.webp$`));
    const key = url.slice('/arquivos/'.length);
    expect(fake().objects.get(key)?.contentType).toBe('image/webp');
    expect(fake().requests.find((r) => r.method === 'PUT' && r.key === key)?.status).toBe(200);
    expect(existsSync(path.join(getEnv().dataDir, 'uploads', key))).toBe(false);

    const served = await serveUpload({ method: 'GET', path: `/${key}` });
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 341 });

    // A new photo replaces the old one in the bucket too: nothing of the old picture is left behind.
    expect(await postAvatar(reader.cookie, photo)).toEqual({ success: 'Foto atualizada.', intent: 'avatar' });
    const [after] = await getDb().select({ image: users.image }).from(users).where(eq(users.id, reader.id));
    expect(after?.image).not.toBe(url);
    expect(fake().objects.has(key)).toBe(false);
    expect(fake().objects.has((after?.image ?? '').slice('/arquivos/'.length))).toBe(true);
  });

  it('keeps the form answer in Portuguese when the file is not an image, and writes nothing', async () => {
    const reader = await createUser();
    const before = fake().objects.size;
    const result = await postAvatar(reader.cookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(JSON.stringify(result)).toContain('Envie uma imagem JPEG, PNG, WebP ou GIF.');
    expect(fake().objects.size).toBe(before);
  });
});

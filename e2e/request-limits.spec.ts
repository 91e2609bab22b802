import { expect, test } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { E2E_PORT } from '../playwright.config';
import { signUp, uniqueName } from './helpers';

/** The server's own 413 (server.ts), as opposed to an action's field error. */
const TOO_LARGE = 'Envio grande demais';
const MB = 1024 * 1024;

/**
 * A POST with `Transfer-Encoding: chunked` (no Content-Length), written in 64 KB pieces until the server
 * answers: Playwright's request fixture always declares the length.
 */
function postChunked(path: string, total: number, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      { host: 'localhost', port: E2E_PORT, method: 'POST', path, headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } },
      (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    // Once the server has answered and closed, the rest of the body has nowhere to go: that is the point.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const piece = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (!answered && !req.destroyed && sent < total) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', write);
      }
      if (!answered && !req.destroyed) req.end();
    };
    write();
  });
}

test('a 1 MB form to /auth/signin is refused with 413 before anything reads it', async ({ request }) => {
  const response = await request.post('/auth/signin', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: `intent=entrar&identifier=${'a'.repeat(MB)}&password=x`,
  });
  expect(response.status()).toBe(413);
  expect(await response.text()).toContain(TOO_LARGE);
});

test('the cap holds for a navigation’s data request and for the auth library’s JSON routes', async ({ request }) => {
  const data = await request.post('/auth/signin.data', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: `identifier=${'a'.repeat(MB)}`,
  });
  expect(data.status()).toBe(413);
  const json = await request.post('/api/auth/sign-in/email', { data: { email: `${'a'.repeat(MB)}@exemplo.com.br`, password: 'x' } });
  expect(json.status()).toBe(413);
});

test('a chunked body without Content-Length is counted as it arrives and refused past the cap', async () => {
  const answer = await postChunked('/auth/signin', 4 * MB);
  expect(answer.status).toBe(413);
  expect(answer.body).toContain(TOO_LARGE);
});

test('an image route takes a photo under its limit, answers a photo slightly over it next to the field, and refuses a body past its cap', async ({ page }) => {
  // A new reader (a fresh account keeps the demo readers' pictures as they are), signed in on the page's requests.
  await signUp(page, uniqueName('limite'), 'capitu-e-bentinho');
  const request = page.request;
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2E6B8E' } })
    .jpeg()
    .toBuffer();
  const accepted = await request.post('/configuracoes/conta', {
    multipart: { intent: 'avatar', avatar: { name: 'eu.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(accepted.status()).toBe(200);
  expect(await accepted.text()).toContain('Foto atualizada.');

  // A 6 MB photo reaches the action, which says so next to the field: no bare 413 page.
  const slightlyOver = await request.post('/configuracoes/conta', {
    multipart: { intent: 'avatar', avatar: { name: 'grande.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(6 * MB, 1) } },
  });
  expect(slightlyOver.status()).toBe(400);
  expect(await slightlyOver.text()).toContain('A imagem passa do limite de 5 MB.');

  const declared = await request.post('/configuracoes/conta', {
    multipart: { intent: 'avatar', avatar: { name: 'enorme.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(12 * MB, 1) } },
  });
  expect(declared.status()).toBe(413);
  expect(await declared.text()).toContain(TOO_LARGE);

  const chunked = await postChunked('/configuracoes/conta', 16 * MB, { Cookie: cookie, 'Content-Type': 'multipart/form-data; boundary=x' });
  expect(chunked.status).toBe(413);
  expect(chunked.body).toContain(TOO_LARGE);
});

test('a malformed Origin is a foreign origin: 403, never 500', async ({ request }) => {
  for (const origin of ['http://[', '::::']) {
    const response = await request.post('/auth/signin', { headers: { Origin: origin }, form: { intent: 'entrar', identifier: 'lia_leitora', password: 'x' } });
    expect(response.status(), origin).toBe(403);
  }
});

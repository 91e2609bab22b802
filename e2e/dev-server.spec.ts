import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * `npm run dev` is server.ts with Vite in middleware mode (decision 0037): the production headers, origin check
 * and job runner, with the HMR client connected through the same policy.
 */

/** Opens a page until Vite's HMR client says it is connected: a first run may reload once for new optimized dependencies. */
async function openWithHmr(page: Page, path: string) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await expect(async () => {
    const connected = page.waitForEvent('console', { predicate: (message) => message.text() === '[vite] connected.', timeout: 10_000 });
    await page.goto(path);
    await connected;
  }).toPass({ timeout: 45_000 });
  return violations;
}

test('the development server sends the security headers, refuses a foreign-origin post and runs jobs', async ({ page }) => {
  test.setTimeout(90_000);
  const first = await page.request.get('/');
  expect(first.status()).toBe(200);
  const policy = first.headers()['content-security-policy'] ?? '';
  for (const directive of ["default-src 'self'", "script-src 'self' 'unsafe-inline'", "connect-src 'self'", "object-src 'none'", "frame-ancestors 'none'"]) {
    expect(policy).toContain(directive);
  }
  expect(first.headers()['x-frame-options']).toBe('DENY');
  expect(first.headers()['x-content-type-options']).toBe('nosniff');

  // The HMR client runs and connects its websocket under that policy, with nothing refused.
  const violations = await openWithHmr(page, '/');
  await expect(page.getByRole('heading', { level: 2, name: 'O que tem no Maratona' })).toBeVisible();
  expect(violations).toEqual([]);

  const foreign = await page.request.post('/auth/signin', { headers: { Origin: 'https://outro-site.example' }, form: { identifier: 'lia_leitora' } });
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).toBe('Requisição bloqueada: ela não veio do próprio Maratona.');

  // The full archive is built by the job runner; the page notices when it is ready.
  await signIn(page, 'lia_leitora');
  await page.goto('/configuracoes/exportar');
  await page.getByRole('button', { name: 'Gerar arquivo completo' }).click();
  await expect(page.getByRole('link', { name: /^Baixar ZIP/ })).toBeVisible({ timeout: 45_000 });
  expect(violations).toEqual([]);
});

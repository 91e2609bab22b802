import { expect, test } from '@playwright/test';
import { accountMenu, signIn } from './helpers';

test('installable: manifest and icons are served', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = (await manifest.json()) as { name: string; icons: { src: string }[]; start_url: string; display: string };
  expect(body).toMatchObject({ name: 'Maratona', start_url: '/', display: 'standalone' });
  for (const icon of body.icons) expect((await request.get(icon.src)).status()).toBe(200);
});

test('offline: visited public pages stay readable, anything else shows /~offline, private pages are never kept', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload(); // now controlled by the worker
  await page.goto('/novidades');
  await expect(page.getByRole('heading', { level: 1, name: 'Novidades' })).toBeVisible();
  await signIn(page, 'lia_leitora');
  await page.goto('/configuracoes/conta');
  await expect(page.getByRole('heading', { name: 'Sua conta' })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/termos');
  await expect(page.getByRole('heading', { name: 'Você está sem internet' })).toBeVisible();
  await expect(page).toHaveURL(/\/~offline\?de=%2Ftermos$/);
  // The kept pages are listed by their titles; the private one is not among them.
  const kept = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Novidades', exact: true }) });
  await expect(kept.getByRole('link', { name: 'Novidades', exact: true })).toHaveAttribute('href', '/novidades');
  await expect(kept.getByRole('link', { name: 'Maratona, sua comunidade de leitura' })).toHaveAttribute('href', '/');
  await expect(kept.getByRole('link')).toHaveCount(2);
  // Back online, "Tentar de novo" opens the page that failed.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(page).toHaveURL(/\/termos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de uso' })).toBeVisible();
  await context.setOffline(true);
  await page.goto('/configuracoes/conta');
  await expect(page.getByRole('heading', { name: 'Você está sem internet' })).toBeVisible();
  await page.goto('/novidades');
  await expect(page.getByRole('heading', { level: 1, name: 'Novidades' })).toBeVisible();
  await context.setOffline(false);

  // Signing out purges the kept pages.
  await page.goto('/');
  await accountMenu(page).click();
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('paginas')).keys()).length)).toBe(0);
});

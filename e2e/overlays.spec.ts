import { expect, test } from '@playwright/test';
import { checkBothWidths, signUp, startReadingFromCatalog, uniqueName } from './helpers';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

test('a streamer makes the OBS link, the book overlay follows a progress update live, and the old link dies when it is changed', async ({ page, browser }) => {
  await signUp(page, uniqueName('streamer'), 'noites-brancas-1848');
  const bookUrl = await startReadingFromCatalog(page, 'noites brancas', /noites brancas/i);

  await page.goto('/streamer');
  await expect(page.getByRole('heading', { name: 'Ferramentas de streamer' })).toBeVisible();
  await page.getByRole('button', { name: 'Criar link' }).click();
  await expect(page.getByText('Copie agora: por segurança, ele não aparece de novo.')).toBeVisible();
  const capaUrl = await page.getByLabel('Link do livro atual').inputValue();
  const focaUrl = await page.getByLabel('Link da foca').inputValue();
  expect(capaUrl).toMatch(/\/overlay\/capa\?token=[A-Za-z0-9_-]{43}$/);
  await checkBothWidths(page, 'streamer');

  // The OBS browser source: another browser, no cookies, a 1920×1080 transparent page.
  const obs = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const overlay = await obs.newPage();
  const opened = await overlay.goto(capaUrl);
  expect(opened?.headers()['referrer-policy']).toContain('no-referrer');
  expect(opened?.headers()['cache-control']).toBe('no-store');
  expect(opened?.headers()['set-cookie']).toBeUndefined();
  const card = overlay.getByRole('region', { name: 'Livro atual' });
  await expect(card.locator('[data-overlay-title]')).toHaveText(/noites brancas/i);
  await expect(card.getByText('%')).toHaveCount(0);

  // A progress update on the book's page reaches the overlay within 2 s.
  await page.goto(bookUrl);
  const progress = page.getByRole('region', { name: 'Progresso' });
  await progress.getByLabel('Onde você está').fill('55');
  await progress.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(page.locator('p[role="status"]')).toHaveText('Progresso registrado.');
  await expect(card.getByText('50%')).toBeVisible({ timeout: 2000 });
  if (SHOTS) await overlay.screenshot({ path: `${SHOTS}/overlay-capa-1920.png`, omitBackground: true });

  const foca = await obs.newPage();
  await foca.goto(focaUrl);
  await expect(foca.getByRole('region', { name: 'Foca' })).toContainText('nenhuma sessão de foco agora');
  if (SHOTS) await foca.screenshot({ path: `${SHOTS}/overlay-foca-1920.png`, omitBackground: true });

  // "Trocar link": the open overlay empties at once, and the old URL shows nothing.
  await page.goto('/streamer');
  await page.getByRole('button', { name: 'Trocar link' }).click();
  await expect(page.getByLabel('Link do livro atual')).not.toHaveValue(capaUrl);
  await expect(card).toHaveCount(0, { timeout: 2000 });
  const again = await overlay.goto(capaUrl);
  expect(again?.status()).toBe(404);
  await expect(overlay.locator('body')).toBeEmpty();
  await obs.close();
});

test('the overlay settings page previews the look as it is edited and keeps what was typed on a refusal', async ({ page }) => {
  await signUp(page, uniqueName('aparencia'), 'noites-brancas-1848');
  await page.goto('/foca/overlay');
  await expect(page.getByRole('heading', { name: 'Overlay da foca' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Foca' });
  await expect(card).toBeVisible();
  await page.getByLabel('Cor do fundo do cartão').fill('#11161d');
  await page.getByLabel('Cor do texto').fill('#ffffff');
  await expect(card).toHaveCSS('background-color', 'rgb(17, 22, 29)');
  await page.getByLabel('Tamanho').selectOption({ label: 'Grande' });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Aparência salva.')).toBeVisible();
  await checkBothWidths(page, 'foca-overlay');

  await page.getByLabel('Cor do texto').fill('#1d4e7a');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O texto fica difícil de ler sobre essa cor de fundo')).toBeVisible();
  await expect(page.getByLabel('Cor do texto')).toHaveValue('#1d4e7a');
});

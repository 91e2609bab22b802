import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { accountMenu, checkBothWidths, signIn } from './helpers';

test('a reader finds the export in the account menu and downloads the whole bookshelf as a Goodreads-compatible CSV', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, 'lia_leitora');
  await accountMenu(page).click();
  await page.getByRole('link', { name: 'Exportar seus dados' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Exportar seus dados' })).toBeVisible();
  // Following a link of the menu closes it.
  await expect(page.getByRole('link', { name: 'Exportar seus dados' })).toBeHidden();
  await checkBothWidths(page, 'exportar');

  // The page says how many books go in the file; the file holds exactly those, under Goodreads' header.
  const count = Number((await page.getByText(/os [\d.]+ livros da sua estante/).textContent())?.match(/os ([\d.]+) livros/)?.[1]?.replace(/\./g, ''));
  expect(count).toBeGreaterThan(0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^maratona-lia_leitora-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  const lines = text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  expect(lines[0]).toMatch(/^"Book Id","Title","Author","Author l-f","Additional Authors","ISBN","ISBN13","My Rating"/);
  // Every entry starts with its edition id; no field of the seed holds a line break.
  expect(lines).toHaveLength(count + 1);

  // The download is the reader's own and never cached; signed out, the address sends to sign in.
  const own = await page.request.get('/configuracoes/exportar/goodreads.csv');
  expect(own.headers()['cache-control']).toBe('private, no-store');
  const visitor = await browser.newContext();
  const response = await visitor.request.get(`${baseURL}/configuracoes/exportar/goodreads.csv`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/auth/signin?callbackUrl=%2Fconfiguracoes%2Fexportar%2Fgoodreads.csv');
  await visitor.close();
});

import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
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
  const lines = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
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

test('a reader asks for the full archive, watches it get ready and downloads a zip with data.json and the photos', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, 'lia_leitora');
  await page.goto('/configuracoes/exportar');
  await page.getByRole('button', { name: 'Gerar arquivo completo' }).click();
  // One a day: the button gives way to when the next may be asked for.
  await expect(page.getByRole('button', { name: 'Gerar arquivo completo' })).toBeHidden();
  await expect(page.getByText(/O próximo arquivo pode ser pedido a partir de/)).toBeVisible();
  // The job builds it in the background; the page notices by itself.
  const link = page.getByRole('link', { name: /^Baixar ZIP/ });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await checkBothWidths(page, 'exportar-arquivo');

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^maratona-lia_leitora-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const data = JSON.parse(strFromU8(files['data.json']!)) as { version: number; profile: { username: string }; bookshelf: unknown[] };
  expect(data.version).toBe(1);
  expect(data.profile.username).toBe('lia_leitora');
  expect(data.bookshelf.length).toBeGreaterThan(0);

  // The address is Lia's alone: another reader gets a 404, a visitor is sent to sign in.
  const href = (await link.getAttribute('href'))!;
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, 'beto_leitor');
  expect((await otherPage.request.get(href)).status()).toBe(404);
  await other.close();
  const visitor = await browser.newContext();
  expect((await visitor.request.get(`${baseURL}${href}`, { maxRedirects: 0 })).status()).toBe(302);
  await visitor.close();
});

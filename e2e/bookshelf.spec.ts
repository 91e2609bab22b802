import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, signUp, uniqueName } from './helpers';

/** The shelf panel's answer to the last form (the rating's <output> is a status too). */
const message = (page: Page) => page.locator('p[role="status"]');

test('a new reader shelves a book, finishes it, rates it 4,25 from the keyboard and finds it on /estante', async ({ page }) => {
  await signUp(page, uniqueName('estante'), 'sertao-veredas-1956');
  await page.goto('/catalogo?q=torto+arado');
  await page.getByRole('link', { name: 'Torto Arado' }).first().click();
  await expect(page.getByRole('heading', { name: 'Adicionar à sua estante' })).toBeVisible();

  await page.getByRole('button', { name: 'Lendo' }).click();
  await expect(message(page)).toHaveText('Na sua estante como “Lendo”.');
  await expect(page.getByRole('button', { name: 'Lendo' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/^Começou em .*, em andamento$/)).toBeVisible();

  await page.getByRole('button', { name: 'Lido' }).click();
  await expect(message(page)).toHaveText('Na sua estante como “Lido”.');
  await expect(page.getByText(/Começou em .*, terminou em /)).toBeVisible();

  // No rating yet: nothing to save until the reader picks one; then arrows move by a quarter.
  const slider = page.getByRole('slider', { name: 'Sua nota' });
  await expect(page.getByRole('button', { name: 'Salvar nota' })).toBeDisabled();
  await slider.focus();
  for (let i = 0; i < 7; i++) await slider.press('ArrowRight');
  await expect(page.locator('output')).toHaveText('4,25');
  await page.getByRole('button', { name: 'Salvar nota' }).click();
  await expect(message(page)).toHaveText('Nota salva.');
  await expect(page.getByRole('img', { name: 'Nota 4,25 de 5' })).toBeVisible();
  await checkBothWidths(page, 'edicao-na-estante');

  await page.goto('/estante');
  await expect(page.getByRole('link', { name: 'Lido (1)' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: 'Torto Arado' });
  await expect(item.getByText('Lido', { exact: true })).toBeVisible();
  await expect(item.getByRole('img', { name: 'Nota 4,25 de 5' })).toBeVisible();
  await checkBothWidths(page, 'estante');

  await page.getByRole('link', { name: 'Quero ler (0)' }).click();
  await expect(page.getByText('Nenhum livro como “Quero ler” na sua estante.')).toBeVisible();
  await checkBothWidths(page, 'estante-vazia');

  // Taking it off asks first, then the bookshelf is empty again.
  await page.goto('/estante');
  await page.getByRole('link', { name: 'Torto Arado' }).click();
  await page.getByText('Tirar da estante', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Tirar da estante' }).click();
  await expect(message(page)).toHaveText('Tirado da sua estante.');
  await page.goto('/estante');
  await expect(page.getByText('Sua estante está vazia.', { exact: false })).toBeVisible();
});

test('a visitor is invited to sign in and comes back to the book', async ({ page }) => {
  await page.goto('/catalogo?q=vidas+secas');
  await page
    .getByRole('link', { name: /vidas secas/i })
    .first()
    .click();
  await page.waitForURL(/\/ed\//);
  const bookUrl = new URL(page.url()).pathname;
  await page.getByRole('link', { name: 'Entrar para adicionar' }).click();
  await page.waitForURL(/\/auth\/signin/);
  expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(bookUrl);
  await page.goto('/estante');
  await expect(page).toHaveURL(/\/auth\/signin\?callbackUrl=%2Festante/);
});

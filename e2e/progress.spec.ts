import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, signUp, uniqueName } from './helpers';

/** The shelf panel's answer to the last form. */
const message = (page: Page) => page.locator('p[role="status"]');

test('a reader logs progress with an emotion, corrects it, reaches the last page and marks the book read', async ({ page }) => {
  await signUp(page, uniqueName('progresso'), 'noites-brancas-1848');
  await page.goto('/catalogo?q=noites+brancas');
  await page
    .getByRole('link', { name: /noites brancas/i })
    .first()
    .click();
  await page.waitForURL(/\/ed\//);
  const bookUrl = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Lendo' }).click();
  await expect(message(page)).toHaveText('Na sua estante como “Lendo”.');

  // The form offers what the edition allows: pages (it has 110) and percent.
  const progress = page.getByRole('region', { name: 'Progresso' });
  await expect(progress.getByText('Nenhum progresso registrado ainda.')).toBeVisible();
  await expect(progress.getByLabel('Unidade', { exact: true }).locator('option')).toHaveText(['páginas', 'porcentagem']);

  // A page past the end is refused next to the field, and what was typed stays.
  await progress.getByLabel('Onde você está').fill('500');
  await progress.getByLabel('Comentário (opcional)').fill('O sonhador e Nástienka na ponte.');
  await progress.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(progress.getByText('Este livro tem 110 páginas.')).toBeVisible();
  await expect(progress.getByLabel('Onde você está')).toHaveValue('500');
  await expect(progress.getByLabel('Comentário (opcional)')).toHaveValue('O sonhador e Nástienka na ponte.');

  await progress.getByLabel('Onde você está').fill('55');
  await progress.getByLabel('Emoção (opcional)').selectOption({ label: 'Apaixonado' });
  await progress.getByLabel('O comentário tem spoiler').check();
  // While the save is under way the form is locked (it starts afresh with the new update, so anything typed
  // into it meanwhile would be lost); the save is held here to look at it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const isSave = (url: URL) => url.pathname.startsWith(bookUrl);
  await page.route(isSave, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await progress.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(progress.getByLabel('Onde você está')).toBeDisabled();
  await expect(progress.getByLabel('Comentário (opcional)')).toBeDisabled();
  release();
  await expect(message(page)).toHaveText('Progresso registrado.');
  await page.unroute(isSave);
  await expect(progress.getByLabel('Onde você está')).toBeEnabled();
  await expect(progress.getByLabel('Onde você está')).toHaveValue('');
  await expect(progress.getByText('50% lido (página 55 de 110)')).toBeVisible();
  // Started today, one sitting: no pace yet, so no "tempo restante".
  await expect(progress.getByText(/no seu ritmo/)).toHaveCount(0);
  const latest = progress.getByRole('listitem').first();
  await expect(latest.getByText('Apaixonado')).toBeVisible();
  // The spoiler is hidden until asked for.
  await expect(latest.getByText('O sonhador e Nástienka na ponte.')).toBeHidden();
  await latest.getByText('Comentário com spoiler — mostrar').click();
  await expect(latest.getByText('O sonhador e Nástienka na ponte.')).toBeVisible();
  await checkBothWidths(page, 'progresso');

  // Going back is a deliberate, separate action.
  await progress.getByText('Corrigir progresso', { exact: true }).first().click();
  await progress.getByLabel('Onde você realmente está').fill('44');
  await progress.getByRole('button', { name: 'Corrigir progresso' }).click();
  await expect(message(page)).toHaveText('Progresso corrigido.');
  await expect(progress.getByText('40% lido (página 44 de 110)')).toBeVisible();
  await expect(progress.getByText('Corrigido para página 44 de 110')).toBeVisible();

  // The bookshelf shows how far the book being read is.
  await page.goto('/estante?situacao=lendo');
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: /noites brancas/i })
      .getByText('40% lido'),
  ).toBeVisible();
  await checkBothWidths(page, 'estante-progresso');
  await page.goto(bookUrl);

  // The last page offers to mark it read, with the rating right there; it does not finish by itself.
  await progress.getByLabel('Onde você está').fill('110');
  await progress.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(message(page)).toHaveText('Você chegou ao fim! Marque como lido e dê sua nota.');
  await expect(page.getByRole('button', { name: 'Lendo', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(progress.getByText('100% lido (página 110 de 110)')).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Sua nota' })).toBeVisible();
  await checkBothWidths(page, 'progresso-fim');
  await progress.getByRole('button', { name: 'Marcar como lido' }).click();
  await expect(message(page)).toHaveText('Na sua estante como “Lido”.');
  await expect(page.getByRole('region', { name: 'Progresso' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lido', exact: true })).toHaveAttribute('aria-pressed', 'true');
});

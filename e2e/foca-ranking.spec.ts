import { expect, test } from '@playwright/test';
import { checkBothWidths, signUp, uniqueName } from './helpers';

// The demo (scripts/seed.ts) gives lia_leitora and five more readers closed focus sessions over the last three months;
// other journeys share the database and may add minutes: the counts here are lower bounds.
test('a new reader with no minutes yet finds the ranking from /foca, switches periods and “Seguindo”, and sees the top players on /f', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueName('ranking'), 'vidas-secas-1938');
  await page.goto('/foca');
  await page.getByRole('link', { name: 'Ranking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ranking da Foca' })).toBeVisible();
  await expect(page.getByText('Você ainda não tem minutos nesta semana.')).toBeVisible();

  const periods = page.getByRole('navigation', { name: 'Período' });
  await periods.getByRole('link', { name: 'Geral' }).click();
  await expect(page).toHaveURL(/\/foca\/ranking\?periodo=geral$/);
  await expect(periods.getByRole('link', { name: 'Geral' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Você ainda não tem minutos desde sempre.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Ranking de minutos de foco desde sempre, entre todos' });
  expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(5);
  await expect(table.getByRole('link', { name: 'Lia Leitora' })).toHaveAttribute('href', '/f/lia_leitora');
  await checkBothWidths(page, 'foca-ranking');

  // Among the people they follow (nobody yet): the empty state; the period is kept when switching.
  await page.getByRole('navigation', { name: 'De quem' }).getByRole('link', { name: 'Seguindo' }).click();
  await expect(page).toHaveURL(/\/foca\/ranking\?periodo=geral&entre=seguindo$/);
  await expect(page.getByText('Ninguém que você segue tem minutos desde sempre.')).toBeVisible();
  await periods.getByRole('link', { name: 'Mensal' }).click();
  await expect(page).toHaveURL(/\/foca\/ranking\?periodo=mensal&entre=seguindo$/);
  await expect(page.getByText('Ninguém que você segue tem minutos neste mês.')).toBeVisible();

  await page.goto('/f');
  await expect(page.getByRole('heading', { level: 1, name: 'Destaques da Foca' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Desde sempre' }).getByRole('link', { name: 'Lia Leitora' })).toBeVisible();
  await checkBothWidths(page, 'foca-destaques');
});

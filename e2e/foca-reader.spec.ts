import { expect, test } from '@playwright/test';
import { checkBothWidths } from './helpers';

test('a visitor goes from lia’s profile to its Foca tab, her foca page and one of her pets; the header search finds her foca', async ({ page }) => {
  await page.goto('/u/lia_leitora');
  await page.getByRole('navigation', { name: 'Seções do perfil' }).getByRole('link', { name: 'Foca', exact: true }).click();
  await expect(page).toHaveURL(/\/u\/lia_leitora\/foca$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Foca de / })).toBeVisible();
  await expect(page.getByText('Desde sempre')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kai' })).toBeVisible();
  await checkBothWidths(page, 'perfil-aba-foca');

  await page.getByRole('link', { name: /^Ver a Foca de .*: bichinhos, álbum e minutos$/ }).click();
  await expect(page).toHaveURL(/\/f\/lia_leitora$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Foca de / })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Álbum: 3 de 10 espécies' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Bichinhos (3)' })).toBeVisible();
  await expect(page.getByText(/^Nos últimos 30 dias: /)).toBeVisible();
  await expect(page.getByRole('link', { name: /º no ranking geral$/ })).toHaveAttribute('href', /^\/foca\/ranking\?periodo=geral(&pagina=\d+)?$/);
  await expect(page.getByText('Espécie ainda não encontrada').first()).toBeVisible();
  await checkBothWidths(page, 'foca-leitor');

  await page.getByRole('link', { name: 'Kai' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kai' })).toBeVisible();
  await expect(page.getByText(/Foca-monge-do-havaí \(lendária\)/)).toBeVisible();

  // The header's search: her foca page by her exact username, and a species by name.
  await page.setViewportSize({ width: 1280, height: 900 });
  const search = page.getByRole('combobox', { name: 'Buscar livros, leitores, clubes, maratonas e espécies' });
  await search.fill('@lia_leitora');
  await page.getByRole('option', { name: /^Foca de / }).click();
  await expect(page).toHaveURL(/\/f\/lia_leitora$/);
  await search.fill('foca harpa');
  await expect(page.getByRole('option', { name: /Foca-harpa/ })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { checkBothWidths } from './helpers';

test('a visitor browses readers on /u before typing anything, and opens a profile from a name in the atts feed', async ({ page }) => {
  // lia_leitora (demo) posted a public att and beto_leitor follows her (app/features/atts/seed.server.ts).
  await page.goto('/u');
  const recent = page.getByRole('region', { name: 'Ativos recentemente' });
  await expect(recent.getByRole('link', { name: /Lia Leitora/ })).toBeVisible();
  const mostFollowed = page.getByRole('region', { name: 'Mais seguidos' });
  await expect(
    mostFollowed
      .getByRole('listitem')
      .filter({ hasText: 'Lia Leitora' })
      .getByText(/^\d+ seguidor(es)?$/),
  ).toBeVisible();
  await checkBothWidths(page, 'leitores-diretorio');

  await page.goto('/atts');
  const att = page.getByRole('article').filter({ hasText: 'Não consigo parar de ler' });
  await checkBothWidths(page, 'atts-visitante');
  await att.getByRole('link', { name: 'Lia Leitora', exact: true }).click();
  await expect(page).toHaveURL(/\/u\/lia_leitora$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lia Leitora' })).toBeVisible();

  // From the profile's followers list, a follower's name leads to their profile too.
  await page.goto('/u/lia_leitora/seguidores');
  await page.getByRole('link', { name: /beto_leitor/ }).click();
  await expect(page).toHaveURL(/\/u\/beto_leitor$/);
});

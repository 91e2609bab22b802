import { expect, test } from '@playwright/test';
import { signIn, signUp, uniqueName } from './helpers';

test('built server on PostgreSQL: pages answer, a reader signs up, signs in and edits the profile', async ({ page }) => {
  for (const path of ['/', '/novidades', '/politica', '/termos', '/~offline', '/auth/signin']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
  }
  const username = uniqueName('pg');
  await signUp(page, username, 'iracema-1865-alencar', '1993-09-09');
  await page.goto('/configuracoes/conta');
  await page.getByLabel('Nome de exibição').fill('Leitora do Postgres');
  await page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(page.getByText('Perfil salvo.')).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, 'ana_admin');
  await page.goto('/gerenciar/emails');
  await expect(page.getByText(`Para ${username}@exemplo.com.br`)).toBeVisible();
});

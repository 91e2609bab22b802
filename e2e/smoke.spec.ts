import { expect, test } from '@playwright/test';
import { accountMenu, signIn, uniqueName } from './helpers';

test('built server on PostgreSQL: pages answer, a reader signs up, signs in and edits the profile', async ({ page }) => {
  for (const path of ['/', '/novidades', '/politica', '/termos', '/~offline', '/auth/signin']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
  }
  const username = uniqueName('pg');
  await page.goto('/auth/signin?modo=criar');
  await page.getByLabel('E-mail', { exact: true }).fill(`${username}@exemplo.com.br`);
  await page.getByLabel('Nome de usuário').fill(username);
  await page.getByLabel('Senha').fill('iracema-1865-alencar');
  await page.getByLabel('Data de nascimento').fill('1993-09-09');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(accountMenu(page)).toBeVisible();
  await page.goto('/configuracoes/conta');
  await page.getByLabel('Nome de exibição').fill('Leitora do Postgres');
  await page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(page.getByText('Perfil salvo.')).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, 'ana_admin');
  await page.goto('/gerenciar/emails');
  await expect(page.getByText(`Para ${username}@exemplo.com.br`)).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn, signUp, uniqueName } from './helpers';

test('a reader deletes their account from the settings: a wrong username is explained, then everything ends at once, and their comment stays as “leitor removido”', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const username = uniqueName('adeus');
  const password = 'memorias-postumas-1881';
  const email = await signUp(page, username, password);

  // A comment in Lia's thread, before leaving.
  await page.goto('/u/lia_leitora/atts');
  await page.getByRole('link', { name: 'Comentar' }).first().click();
  await page.waitForURL(/\/att\//);
  const attPath = new URL(page.url()).pathname;
  await page.getByLabel('Seu comentário').fill('Que leitura bonita, obrigada por contar!');
  await page.getByRole('button', { name: 'Comentar' }).click();
  await expect(page.getByText('Comentário publicado.')).toBeVisible();

  await page.goto('/configuracoes/conta');
  await page.getByRole('link', { name: 'Excluir minha conta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Excluir sua conta' })).toBeVisible();
  await checkBothWidths(page, 'excluir-conta');

  // A typo is explained next to the field, and what was typed stays.
  await page.getByLabel('Seu nome de usuário').fill('outra_pessoa');
  await page.getByLabel('Sua senha').fill(password);
  await page.getByRole('button', { name: 'Excluir minha conta para sempre' }).click();
  await expect(page.getByText(`Digite seu nome de usuário, ${username}, para confirmar.`)).toBeVisible();
  await expect(page.getByLabel('Seu nome de usuário')).toHaveValue('outra_pessoa');
  await expect(page.getByLabel('Seu nome de usuário')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Seu nome de usuário').fill(username);
  await page.getByLabel('Sua senha').fill(password);
  await page.getByRole('button', { name: 'Excluir minha conta para sempre' }).click();
  await expect(page).toHaveURL(/\/\?conta=excluida$/);
  await expect(page.getByText('Sua conta foi excluída.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Já tenho conta' })).toBeVisible();

  // The profile is gone, and the same credentials no longer open anything.
  expect((await page.request.get(`/u/${username}`)).status()).toBe(404);
  await page.goto('/auth/signin');
  await page.getByLabel('E-mail ou nome de usuário').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin/);

  // Lia's thread keeps the comment, signed by nobody; her notification about it is gone.
  const lia = await (await browser.newContext()).newPage();
  await signIn(lia, 'lia_leitora');
  await lia.goto(attPath);
  const comment = lia.getByRole('listitem').filter({ hasText: 'Que leitura bonita, obrigada por contar!' });
  await expect(comment).toContainText('leitor removido');
  await expect(comment).not.toContainText(username);
  await checkBothWidths(lia, 'att-leitor-removido');
  await lia.goto('/notificacoes');
  await expect(lia.getByText(`@${username} comentou`)).toHaveCount(0);
  await lia.context().close();

  // The confirmation went to the address the account had.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'ana_admin');
  await adminPage.goto('/gerenciar/emails');
  await expect(adminPage.locator('li', { hasText: `Para ${email}` }).first()).toContainText('Sua conta no Maratona foi excluída');
  await admin.close();
});

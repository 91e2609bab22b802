import { expect, test } from '@playwright/test';
import { accountMenu, checkBothWidths, latestEmailLink, signIn, signUp, uniqueName } from './helpers';

test('sign up, verify from the outbox, sign in by username, change password ends the other session, sign out', async ({ browser }) => {
  test.setTimeout(180_000); // two sessions and a dozen pages: ~27 s on an idle machine, more than twice that on a busy one
  const username = uniqueName('bia');
  const email = `${username}@exemplo.com.br`;
  const context = await browser.newContext();
  const page = await context.newPage();

  await page.goto('/');
  await page.getByRole('link', { name: 'Criar conta grátis' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Nome de usuário').fill(username);
  await page.getByLabel('Senha').fill('capitu-e-bentinho');
  await page.getByLabel('Data de nascimento').fill('1998-04-02');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  // Nobody is signed in before the address is confirmed: the answer is the same for an address that has an account.
  await expect(page.getByRole('heading', { name: 'Confira seu e-mail' })).toBeVisible();
  await expect(page.getByText(`Enviamos um link de confirmação para ${email}.`)).toBeVisible();
  await expect(page.getByText('Este servidor não tem SMTP configurado')).toBeVisible();
  await checkBothWidths(page, 'confira-seu-email');
  await page.goto('/auth/signin');
  await page.getByLabel('E-mail ou nome de usuário').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill('capitu-e-bentinho');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Seu e-mail ainda não foi confirmado.')).toBeVisible();

  const verifyLink = await latestEmailLink(browser, email, '/auth/verificar-email');
  await page.goto(verifyLink);
  await expect(page.getByRole('heading', { name: 'E-mail confirmado' })).toBeVisible();
  await page.getByRole('link', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: `Olá, ${username}!` })).toBeVisible();
  await page.goto('/configuracoes/conta');
  await expect(page.getByText('E-mail confirmado.')).toBeVisible();

  // Sign out, then back in by username.
  await accountMenu(page).click();
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible();
  await signIn(page, username, 'capitu-e-bentinho');

  // A second device.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, 'capitu-e-bentinho');

  await page.goto('/configuracoes/conta');
  const passwordSection = page.locator('#senha');
  await passwordSection.getByLabel('Senha atual').fill('capitu-e-bentinho');
  await passwordSection.getByLabel('Nova senha').fill('memorias-postumas-1881');
  await passwordSection.getByRole('button', { name: 'Trocar senha' }).click();
  await expect(page.getByText('Senha trocada. Suas outras sessões foram encerradas.')).toBeVisible();

  await otherPage.goto('/configuracoes/conta');
  await expect(otherPage).toHaveURL(/\/auth\/signin\?callbackUrl=%2Fconfiguracoes%2Fconta/);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sua conta' })).toBeVisible();
  await accountMenu(page).click();
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  // Wait for the sign-out to land: navigating away at once could abort its request.
  await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible();
  await page.goto('/configuracoes/conta');
  await expect(page).toHaveURL(/\/auth\/signin/);
  await signIn(page, username, 'memorias-postumas-1881');
  await context.close();
  await other.close();
});

test('password reset by email', async ({ browser, page }) => {
  const username = uniqueName('rui');
  const email = `${username}@exemplo.com.br`;
  await signUp(page, username, 'quincas-borba-1891');
  await page.context().clearCookies();

  await page.goto('/auth/signin');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText(`Se existir uma conta com ${email}`)).toBeVisible();

  const link = await latestEmailLink(browser, email, '/auth/redefinir-senha');
  await page.goto(link);
  await page.getByLabel('Nova senha').fill('12345678');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('muito comum')).toBeVisible();
  await page.getByLabel('Nova senha').fill('o-alienista-1882');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await signIn(page, username, 'o-alienista-1882');
});

test('too many wrong passwords show the rate-limit message', async ({ browser, page }) => {
  // An account of its own: locking a demo account out would fail whichever journey signs it in next.
  const username = uniqueName('tranca');
  const context = await browser.newContext();
  await signUp(await context.newPage(), username, 'senha-certa-da-tranca');
  await context.close();
  await page.goto('/auth/signin');
  for (let i = 0; i < 11; i++) {
    await page.getByLabel('E-mail ou nome de usuário').fill(username);
    await page.getByLabel('Senha', { exact: true }).fill(`errada-${i}-errada`);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
  }
  await expect(page.getByText(/Muitas tentativas em pouco tempo. Tente de novo em/)).toBeVisible();
  // What was typed is still there.
  await expect(page.getByLabel('E-mail ou nome de usuário')).toHaveValue(username);
});

test('account settings: profile, username redirect rule, avatar upload', async ({ page }) => {
  const username = uniqueName('gil');
  await signUp(page, username, 'dom-casmurro-1899', '1985-12-12');
  await page.goto('/configuracoes/conta');

  await page.getByLabel('Nome de exibição').fill('Gil Leitor');
  await page.getByLabel('Bio').fill('Leio Machado no ônibus.');
  await page.getByLabel('Links').fill('nao-e-link');
  await page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(page.getByText('Use links completos, começando com https://.')).toBeVisible();
  await expect(page.getByLabel('Bio')).toHaveValue('Leio Machado no ônibus.');
  await page.getByLabel('Links').fill('https://exemplo.com.br/gil');
  await page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(page.getByText('Perfil salvo.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Nome de usuário' }).fill('lia_leitora');
  await page.getByRole('button', { name: 'Trocar nome de usuário' }).click();
  await expect(page.getByText('Esse nome de usuário já está em uso.')).toBeVisible();

  // A 1×1 PNG, uploaded and re-encoded.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await page.getByLabel('Nova foto').setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Enviar foto' }).click();
  await expect(page.getByText('Foto atualizada.')).toBeVisible();
  const src = await page.locator('#foto img').getAttribute('src');
  expect(src).toMatch(/^\/arquivos\/avatars\/.+\.webp$/);
  const image = await page.request.get(src ?? '');
  expect(image.headers()['content-type']).toBe('image/webp');
  expect(image.headers()['x-content-type-options']).toBe('nosniff');

  await page.getByLabel('Nova foto').setInputFiles({ name: 'texto.png', mimeType: 'image/png', buffer: Buffer.from('isto não é uma imagem') });
  await page.getByRole('button', { name: 'Enviar foto' }).click();
  await expect(page.getByText('Envie uma imagem JPEG, PNG, WebP ou GIF.')).toBeVisible();

  // A new e-mail asks for the password, and keeps the current address until the link is opened.
  const email = page.locator('#email');
  await email.getByLabel('E-mail', { exact: true }).fill(`${username}.novo@exemplo.com.br`);
  await email.getByLabel('Senha atual').fill('senha-errada-123');
  await email.getByRole('button', { name: 'Trocar e-mail' }).click();
  await expect(email.getByText('Senha atual incorreta.')).toBeVisible();
  await expect(email.getByLabel('E-mail', { exact: true })).toHaveValue(`${username}.novo@exemplo.com.br`);
  await email.getByLabel('Senha atual').fill('dom-casmurro-1899');
  await email.getByRole('button', { name: 'Trocar e-mail' }).click();
  await expect(page.getByText(`Enviamos um link para ${username}.novo@exemplo.com.br.`)).toBeVisible();
  await page.reload();
  await expect(email.getByLabel('E-mail', { exact: true })).toHaveValue(`${username}@exemplo.com.br`);
});

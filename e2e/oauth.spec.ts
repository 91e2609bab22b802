import { expect, test, type Page } from '@playwright/test';
import { accountMenu, expectAccessible, uniqueName } from './helpers';

/**
 * Sign-in and linking through Google, Twitch and Discord, served by the local test provider that
 * e2e/global-setup.ts starts (ADR 0007). The provider's page asks who you are and has an "Autorizar" button.
 */
async function authorizeAtProvider(page: Page, provider: string, email: string, name: string) {
  await expect(page.getByRole('heading', { name: `${provider} (provedor de teste)` })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Nome').fill(name);
  await page.getByRole('button', { name: 'Autorizar' }).click();
}

const stepUrl = (callbackUrl: string) => new RegExp(`/auth/completar-cadastro\\?callbackUrl=${encodeURIComponent(callbackUrl)}$`);

test('first sign-in with Google asks for a username and birth date, then links Discord and signs in with it', async ({ page }, testInfo) => {
  const username = uniqueName('gabi');
  const email = `${username}@exemplo.com.br`;

  await page.goto('/notificacoes');
  await expect(page).toHaveURL(/\/auth\/signin\?callbackUrl=%2Fnotificacoes/);
  await page.getByRole('button', { name: 'Google' }).click();
  await authorizeAtProvider(page, 'Google', email, 'Gabi Lima');

  await expect(page).toHaveURL(stepUrl('/notificacoes'));
  await expect(page.getByRole('heading', { level: 1, name: 'Falta pouco' })).toBeVisible();
  await expect(page.getByText(`Você entrou com Google como ${email}.`)).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`completar-cadastro-${width}.png`), fullPage: true });
  }

  await accountMenu(page).click();
  await expect(page.getByRole('link', { name: 'Completar cadastro' })).toBeVisible();
  await accountMenu(page).click();

  // Leaving the step for a page that needs an account comes back to it.
  await page.goto('/configuracoes/conta');
  await expect(page).toHaveURL(stepUrl('/configuracoes/conta'));
  await page.goto('/auth/completar-cadastro?callbackUrl=%2Fnotificacoes');

  await page.getByLabel('Nome de usuário').fill('admin');
  await page.getByLabel('Data de nascimento').fill('1996-09-12');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Esse nome é reservado. Escolha outro.')).toBeVisible();
  await expect(page.getByLabel('Nome de usuário')).toHaveValue('admin');
  await expect(page.getByLabel('Nome de usuário')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Data de nascimento')).toHaveValue('1996-09-12');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`completar-cadastro-erro-${width}.png`), fullPage: true });
  }

  await page.getByLabel('Nome de usuário').fill(username);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/notificacoes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  await expect(accountMenu(page)).toBeVisible();

  // Google is the only way in: it cannot be removed. Linking Discord goes out and back via /oauthredirect.
  await page.goto('/configuracoes/conexoes');
  const google = page.locator('li', { hasText: 'Google' });
  await expect(google.getByRole('button', { name: 'Desconectar' })).toBeDisabled();
  await page.locator('li', { hasText: 'Discord' }).getByRole('button', { name: 'Conectar' }).click();
  await authorizeAtProvider(page, 'Discord', `${username}.discord@exemplo.com.br`, 'Gabi no Discord');
  await expect(page).toHaveURL(/\/configuracoes\/conexoes\?conectado=1$/);
  await expect(page.locator('li', { hasText: 'Discord' }).getByRole('button', { name: 'Desconectar' })).toBeEnabled();
  await expect(google.getByRole('button', { name: 'Desconectar' })).toBeEnabled();
  await expectAccessible(page);

  // Signing out and back in with Discord: same account, no sign-up step.
  await accountMenu(page).click();
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible();
  await page.goto('/auth/signin?callbackUrl=%2Fconfiguracoes%2Fconta');
  await page.getByRole('button', { name: 'Discord' }).click();
  await authorizeAtProvider(page, 'Discord', `${username}.discord@exemplo.com.br`, 'Gabi no Discord');
  await expect(page).toHaveURL(/\/configuracoes\/conta$/);
  await expect(page.getByRole('heading', { name: 'Sua conta' })).toBeVisible();
  await expect(page.getByText(`@${username}`).first()).toBeAttached();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('under 13 is refused and the account removed; a new try completes the step with the form alone', async ({ page }) => {
    const username = uniqueName('teo');
    const email = `${username}@exemplo.com.br`;
    const twelve = `${new Date().getFullYear() - 12}-01-01`;

    await page.goto('/auth/signin');
    await page.getByRole('button', { name: 'Twitch' }).click();
    await authorizeAtProvider(page, 'Twitch', email, username);
    await expect(page.getByRole('heading', { level: 1, name: 'Falta pouco' })).toBeVisible();
    await page.getByLabel('Nome de usuário').fill(username);
    await page.getByLabel('Data de nascimento').fill(twelve);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(/\/auth\/error\?error=underage$/);
    await expect(page.getByText('O Maratona é para quem tem 13 anos ou mais.')).toBeVisible();
    await page.goto('/notificacoes');
    await expect(page).toHaveURL(/\/auth\/signin\?callbackUrl=%2Fnotificacoes/);

    await page.getByRole('button', { name: 'Twitch' }).click();
    await authorizeAtProvider(page, 'Twitch', email, username);
    await expect(page).toHaveURL(stepUrl('/notificacoes'));
    await page.getByLabel('Nome de usuário').fill('x');
    await page.getByLabel('Data de nascimento').fill(`${new Date().getFullYear() - 15}-03-04`);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Use pelo menos 3 caracteres.')).toBeVisible();
    await expect(page.getByLabel('Data de nascimento')).toHaveValue(`${new Date().getFullYear() - 15}-03-04`);
    await page.getByLabel('Nome de usuário').fill(username);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(/\/notificacoes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  });
});

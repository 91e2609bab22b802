import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn, signUp, uniqueName } from './helpers';

const PASSWORD = 'vidas-secas-1938';

async function reader(browser: Browser, prefix: string): Promise<{ page: Page; username: string }> {
  const page = await (await browser.newContext()).newPage();
  const username = uniqueName(prefix);
  await signUp(page, username, PASSWORD);
  return { page, username };
}

test('the theme switch turns the page dark, and the choice stays after a reload', async ({ page }) => {
  await page.goto('/catalogo');
  const root = page.locator('html');
  await expect(root).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Usar tema escuro' }).click();
  await expect(root).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(root).toHaveAttribute('data-theme', 'dark');
  // After hydration the switch offers the way back, read from the page's own theme.
  await page.getByRole('button', { name: 'Usar tema claro' }).click();
  await expect(root).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: 'Usar tema escuro' })).toBeVisible();
});

test('the bell counts a new notification while the page is open, and clears once they are read', async ({ browser }) => {
  const ana = await reader(browser, 'sino');
  const bia = await reader(browser, 'sineta');
  await ana.page.goto('/estante');
  const bell = ana.page.getByRole('link', { name: /^Notificações/ });
  await expect(bell).toHaveAccessibleName('Notificações');

  await bia.page.goto(`/u/${ana.username}`);
  await bia.page.getByRole('button', { name: 'Seguir', exact: true }).click();
  // Live, over server-sent events: no reload of Ana's page.
  await expect(bell).toHaveAccessibleName('Notificações: 1 não lida');

  // A page loaded now says the same; marking everything read brings the bell back to none.
  await bell.click();
  await expect(ana.page.getByRole('link', { name: `@${bia.username} começou a seguir você.` })).toBeVisible();
  await ana.page.reload();
  await expect(bell).toHaveAccessibleName('Notificações: 1 não lida');
  await ana.page.getByRole('button', { name: 'Marcar tudo como lido' }).click();
  await expect(bell).toHaveAccessibleName('Notificações');
});

test('a signed-in reader’s header fits every width: no page scrolls sideways, and each width has a way to every area', async ({ page }) => {
  await signIn(page, 'lia_leitora');
  for (const width of [390, 768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/sussurros');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBe(width);
    const main = page.getByRole('navigation', { name: 'Principal' });
    const bottom = page.getByRole('navigation', { name: 'Navegação do celular' });
    await expect(width >= 1024 ? main : bottom).toBeVisible();
    await expect(width >= 1024 ? bottom : main).toBeHidden();
    await expect(page.getByText('Menu da conta de Lia Leitora', { exact: true }).or(page.getByLabel('Menu da conta de Lia Leitora'))).toBeInViewport();
  }
});

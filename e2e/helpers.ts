import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const DEMO_PASSWORD = 'maratona-demo-2026';

export async function signIn(page: Page, identifier: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/signin');
  await page.getByLabel('E-mail ou nome de usuário').fill(identifier);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(accountMenu(page)).toBeVisible();
}

/** The avatar menu is a native <details>: its <summary> opens it without JavaScript. */
export const accountMenu = (page: Page) => page.locator('summary[aria-label^="Menu da conta"]');

let adminState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

/**
 * The newest email to an address, read by an admin from the outbox, as the README tells a developer to.
 * The admin signs in once per worker; later calls reuse that session.
 */
export async function latestEmailLink(browser: Browser, to: string, pathPart: string): Promise<string> {
  const context = await browser.newContext(adminState ? { storageState: adminState } : {});
  const page = await context.newPage();
  await page.goto('/gerenciar/emails');
  if (!page.url().includes('/gerenciar/emails')) {
    await signIn(page, 'ana_admin');
    adminState = await context.storageState();
    await page.goto('/gerenciar/emails');
  }
  const item = page.locator('li', { hasText: `Para ${to}` }).first();
  const href = await item.locator(`a[href*="${pathPart}"]`).first().getAttribute('href');
  await context.close();
  if (!href) throw new Error(`No email with ${pathPart} to ${to}`);
  return new URL(href).pathname + new URL(href).search;
}

/** axe-core in the page; fails on violations of impact serious or critical. */
export async function expectAccessible(page: Page) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
}

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** axe at a phone's and a desktop's width, with a screenshot of each when E2E_SCREENSHOTS_DIR is set. */
export async function checkBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`;

function browserOf(page: Page): Browser {
  const browser = page.context().browser();
  if (!browser) throw new Error('signUp needs a page of a launched browser');
  return browser;
}

/**
 * Creates an account through the sign-up form, opens the confirmation link from the outbox (a sign-up signs
 * nobody in until then) and continues to /home, signed in.
 */
export async function signUp(
  page: Page,
  username: string,
  password: string,
  birthDate = '1990-01-01',
  // Where the confirmation link is read: the admin's outbox, or a server's log when it has no admin yet.
  confirmationLink: (email: string) => Promise<string> = (email) => latestEmailLink(browserOf(page), email, '/auth/verificar-email'),
) {
  const email = `${username}@exemplo.com.br`;
  await page.goto('/auth/signin?modo=criar');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Nome de usuário').fill(username);
  await page.getByLabel('Senha').fill(password);
  await page.getByLabel('Data de nascimento').fill(birthDate);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByRole('heading', { name: 'Confira seu e-mail' })).toBeVisible();
  await page.goto(await confirmationLink(email));
  await expect(page.getByRole('heading', { name: 'E-mail confirmado' })).toBeVisible();
  // "Continuar" leads to /, which sends a signed-in reader to /home: where a new reader starts.
  await page.getByRole('link', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(accountMenu(page)).toBeVisible();
  return email;
}

/** Finds a book in the catalogue, opens its page and puts it on the shelf as "Lendo"; answers the book's path. */
export async function startReadingFromCatalog(page: Page, query: string, title: RegExp): Promise<string> {
  await page.goto(`/catalogo?q=${encodeURIComponent(query)}`);
  await page.getByRole('link', { name: title }).first().click();
  await page.waitForURL(/\/ed\//);
  await page.getByRole('button', { name: 'Lendo' }).click();
  await expect(page.locator('p[role="status"]')).toHaveText('Na sua estante como “Lendo”.');
  return new URL(page.url()).pathname;
}

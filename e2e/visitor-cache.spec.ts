import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signIn, signUp, uniqueName } from './helpers';

/** The shelf panel's answer to the last form. */
const message = (page: Page) => page.locator('p[role="status"]');

/** A new reader in a context of their own, verified through the outbox when they will post atts. */
/** A new reader, confirmed and signed in, in a context of their own. */
async function newReader(browser: Browser, prefix: string) {
  const page = await (await browser.newContext()).newPage();
  const username = uniqueName(prefix);
  await signUp(page, username, `${prefix}-le-muito-2026`);
  return { page, username };
}

async function openBook(page: Page, query: string) {
  await page.goto(`/catalogo?q=${query}`);
  await page
    .getByRole('link', { name: new RegExp(query.replace(/\+/g, ' '), 'i') })
    .first()
    .click();
  await page.waitForURL(/\/ed\//);
  return new URL(page.url()).pathname;
}

/** A reader's review, in words Markdown keeps as they are (a username's underscores would not be). */
const reviewOf = (reader: { username: string }) => `Resenha de ${reader.username.replace(/_/g, '')}`;

/** What a visitor (no cookie) is sent, and whether the built server answered it from the HTML cache. */
async function visitorGets(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return { hit: response.headers()['x-html-cache'] === 'hit', body: await response.text() };
}

test("a visitor's cached reviews and atts lose a reader's once she turns restrito, and another's once an admin suspends him", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const visitor = await playwright.request.newContext();
  const [ana, rui] = [await newReader(browser, 'ana'), await newReader(browser, 'rui')];
  const bookPath = await openBook(ana.page, 'lavoura+arcaica');
  for (const reader of [ana, rui]) {
    await reader.page.goto(bookPath);
    await reader.page.getByRole('button', { name: 'Lido', exact: true }).click();
    await expect(message(reader.page)).toHaveText('Na sua estante como “Lido”.');
    const editor = reader.page.getByRole('region', { name: 'Sua resenha' });
    await editor.getByLabel('Texto da resenha').fill(reviewOf(reader));
    await editor.getByLabel(/Publicar também como att/).check();
    await editor.getByRole('button', { name: 'Publicar', exact: true }).click();
    await expect(message(reader.page)).toHaveText('Resenha publicada, também como att.');
  }

  const tabs = [`${bookPath}/resenhas`, `${bookPath}/atts`];
  for (const path of tabs) {
    await visitorGets(visitor, path);
    const cached = await visitorGets(visitor, path);
    expect(cached.hit).toBe(true);
    for (const reader of [ana, rui]) expect(cached.body).toContain(reviewOf(reader));
  }

  await ana.page.goto('/configuracoes/conta');
  await ana.page.getByLabel(/^Restrito/).check();
  await ana.page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(ana.page.getByText('Perfil salvo.')).toBeVisible();
  for (const path of tabs) {
    await expect.poll(async () => (await visitorGets(visitor, path)).body).not.toContain(reviewOf(ana));
    const cached = await visitorGets(visitor, path);
    expect([cached.hit, cached.body.includes(reviewOf(rui))]).toEqual([true, true]);
  }

  const admin = await browser.newPage();
  await signIn(admin, 'ana_admin');
  await admin.goto(`/gerenciar?q=${rui.username}`);
  await admin
    .getByRole('listitem')
    .filter({ hasText: `@${rui.username}` })
    .getByRole('button', { name: 'Suspender' })
    .click();
  await expect(admin.getByText('Conta suspensa e sessões encerradas.')).toBeVisible();
  for (const path of tabs) await expect.poll(async () => (await visitorGets(visitor, path)).body).not.toContain(reviewOf(rui));
  await visitor.dispose();
});

test('with "lendo agora" off, no page, filter or .data of the bookshelf tab shows a visitor the book being read', async ({ browser, request }) => {
  const reader = await newReader(browser, 'discreta');
  const title = 'Madame Bovary';
  await openBook(reader.page, 'madame+bovary');
  await expect(reader.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await reader.page.getByRole('button', { name: 'Lendo', exact: true }).click();
  await expect(message(reader.page)).toHaveText('Na sua estante como “Lendo”.');
  await reader.page.getByRole('region', { name: 'Progresso' }).getByLabel('Onde você está').fill('40');
  await reader.page.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(message(reader.page)).toHaveText('Progresso registrado.');

  const base = `/u/${reader.username}/estante`;
  const paths = [base, `${base}?situacao=lendo`, `${base}.data`, `${base}.data?situacao=lendo`];
  for (const path of paths) expect(await (await request.get(path)).text()).toContain(title);

  await reader.page.goto('/configuracoes/conta');
  await reader.page.getByLabel(/^Mostrar “Lendo agora”/).uncheck();
  await reader.page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(reader.page.getByText('Perfil salvo.')).toBeVisible();
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toContain(reader.username);
    expect(body).not.toContain(title);
  }
  // The owner still has it.
  await reader.page.goto(`${base}?situacao=lendo`);
  await expect(reader.page.getByRole('link', { name: title }).first()).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers';

test('a visitor finds a book from the header, reads its page, its editions, its author and its series', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Buscar livros' });
  await search.fill('senhor dos aneis');
  const option = page.getByRole('option', { name: /A Sociedade do Anel/ });
  await expect(option).toBeVisible();
  await search.press('ArrowDown');
  await expect(page.getByRole('option', { selected: true })).toBeVisible();
  await option.click();
  await expect(page.getByRole('heading', { level: 1, name: 'A Sociedade do Anel' })).toBeVisible();
  await expect(page.getByText('Volume 1 de')).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Título original' }).locator('xpath=following-sibling::dd[1]')).toHaveText('The Fellowship of the Ring (Inglês)');

  await page.getByRole('link', { name: 'O Senhor dos Anéis' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'O Senhor dos Anéis' })).toBeVisible();
  const volumes = page.getByRole('list', { name: 'Livros de O Senhor dos Anéis' }).getByRole('listitem');
  await expect(volumes.nth(0)).toContainText('#1 A Sociedade do Anel');
  await expect(volumes.nth(2)).toContainText('#3 O Retorno do Rei');

  await page.goto('/catalogo?q=crime+e+castigo');
  await page.getByRole('link', { name: 'Crime e Castigo' }).first().click();
  await page.getByRole('link', { name: /Edições \(2\)/ }).click();
  await expect(page).toHaveURL(/\/ed\/[\w-]+\/edicoes$/);
  await expect(page.getByRole('heading', { name: 'Edições de Crime e Castigo' })).toBeVisible();
  await page.getByRole('link', { name: 'Fiódor Dostoiévski' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fiódor Dostoiévski' })).toBeVisible();
  await expect(page.getByText('Rússia · 1821–1881')).toBeVisible();
});

test('search forgives accents and typos, filters, and suggests the closest titles when nothing matches', async ({ page }) => {
  await page.goto('/catalogo');
  await page.getByRole('searchbox', { name: 'Buscar no catálogo' }).fill('grande certão veredas');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('link', { name: 'Grande Sertão: Veredas' }).first()).toBeVisible();

  await page.goto('/catalogo?q=memorias+postumas');
  await expect(page.getByText('2 livros encontrados')).toBeVisible();
  await page.locator('summary', { hasText: 'Filtros' }).click();
  await page.getByLabel('Formato').selectOption('ebook');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/formato=ebook/);
  await expect(page.getByText('1 livro encontrado')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Buscar no catálogo' })).toHaveValue('memorias postumas');

  await page.goto('/catalogo?q=memorias+sargento+milicia+portugues+antigo');
  await expect(page.getByRole('heading', { name: /Nenhum livro encontrado/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Talvez você procure' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Memórias de um Sargento de Milícias' })).toBeVisible();
});

test('an ISBN in either form finds its edition, which links to Amazon through /amznto', async ({ page }) => {
  await page.goto('/ed?q=85-8285-035-2');
  await page.getByRole('link', { name: 'Dom Casmurro' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dom Casmurro' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Comprar na Amazon' })).toHaveAttribute('href', '/amznto/8582850352');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'Book', name: 'Dom Casmurro', isbn: '9788582850350', author: [{ name: 'Machado de Assis' }] });
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Dom Casmurro');
  const redirect = await page.request.get('/amznto/8582850352', { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toMatch(/^https:\/\/www\.amazon\.com\.br\/dp\/8582850352/);
});

test('edition pages are served from the HTML cache to visitors', async ({ request }) => {
  const first = await request.get('/catalogo?q=torto+arado');
  const href = /href="(\/ed\/[\w-]+)"/.exec(await first.text())?.[1];
  await request.get(href!);
  const second = await request.get(href!);
  expect(second.headers()['x-html-cache']).toBe('hit');
});

for (const width of [390, 1280]) {
  test(`catalogue pages are accessible at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/catalogo?q=vidas+secas');
    const edition = await page.getByRole('link', { name: 'Vidas Secas' }).first().getAttribute('href');
    const pages = [
      { path: '/catalogo', heading: 'Catálogo' },
      { path: '/catalogo?q=vidas+secas', heading: 'Catálogo' },
      { path: '/ed', heading: 'Buscar edições' },
      { path: edition!, heading: 'Vidas Secas' },
      { path: `${edition}/edicoes`, heading: 'Vidas Secas' },
      { path: '/autor/graciliano-ramos', heading: 'Graciliano Ramos' },
      { path: '/colecao', heading: 'Coleções e séries' },
    ];
    for (const { path, heading } of pages) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page);
    }
    await page.goto('/colecao?q=tempo+e+vento');
    await page.getByRole('link', { name: 'O Tempo e o Vento' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'O Tempo e o Vento' })).toBeVisible();
    await expectAccessible(page);
  });
}

test('a link inside the app changes the page without loading a new document; a click with Ctrl is left to the browser', async ({ page, context }) => {
  await page.goto('/catalogo?q=crime+e+castigo');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const result = page.getByRole('link', { name: 'Crime e Castigo' }).first();
  const [opened] = await Promise.all([context.waitForEvent('page'), result.click({ modifiers: ['Control'] })]);
  await expect(opened).toHaveURL(/\/ed\/[\w-]+$/);
  await opened.close();
  await expect(page).toHaveURL(/\/catalogo\?q=crime\+e\+castigo$/);

  await result.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Crime e Castigo' })).toBeVisible();
  await expect(page).toHaveURL(/\/ed\/[\w-]+$/);
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Buscar no catálogo' })).toHaveValue('crime e castigo');
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});

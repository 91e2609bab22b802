import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, signUp, uniqueName } from './helpers';

const message = (page: Page) => page.locator('p[role="status"]');

async function wantToRead(page: Page, query: string, title: string) {
  await page.goto(`/catalogo?q=${encodeURIComponent(query)}`);
  await page.getByRole('link', { name: title }).first().click();
  await page.getByRole('button', { name: 'Quero ler' }).click();
  await expect(message(page)).toHaveText('Na sua estante como “Quero ler”.');
}

test('a reader makes a private shelf, adds two books, reorders them, filters the bookshelf by it and moves both to “Lido”', async ({ page, browser }) => {
  await signUp(page, uniqueName('estantes'), 'sertao-veredas-1956');
  await wantToRead(page, 'torto arado', 'Torto Arado');

  // Owned copy and private notes, from the edition page.
  await page.getByLabel('Tenho este livro').check();
  await page.getByLabel('Formato do meu exemplar').selectOption('capa_dura');
  await page.getByLabel('Notas particulares').fill('Comprei na feira do livro.');
  await page.getByRole('button', { name: 'Salvar exemplar e notas' }).click();
  await expect(message(page)).toHaveText('Exemplar e notas salvos.');
  await expect(page.getByLabel('Notas particulares')).toHaveValue('Comprei na feira do livro.');
  const tortoArado = page.url();
  await wantToRead(page, 'vidas secas', 'Vidas Secas');

  await page.goto('/estantes');
  await expect(page.getByRole('heading', { name: 'Minhas estantes' })).toBeVisible();
  await checkBothWidths(page, 'estantes');
  await page.getByLabel('Nome').fill('Clube de sábado');
  await page.getByLabel('Descrição').fill('O que vamos ler em grupo.');
  await page.getByLabel('Quem pode ver').selectOption('privado');
  await page.getByRole('button', { name: 'Criar estante' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clube de sábado' })).toBeVisible();
  const shelfUrl = new URL(page.url()).pathname;

  // One book from its edition page, the other from the shelf page.
  await page.goto(tortoArado);
  await page.getByLabel('Adicionar a uma estante').selectOption({ label: 'Clube de sábado' });
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(message(page)).toHaveText('Adicionado a “Clube de sábado”.');
  await checkBothWidths(page, 'edicao-estantes');
  await page.goto(shelfUrl);
  await page.getByLabel('Adicionar um livro da sua estante').selectOption({ index: 0 });
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(message(page)).toHaveText('Livro adicionado.');
  const titles = page.getByRole('listitem').getByRole('heading', { level: 2 });
  await expect(titles).toHaveText(['Torto Arado', /^Vidas Secas$/i]);

  await page.getByRole('button', { name: /^Subir “Vidas Secas”$/i }).click();
  await expect(message(page)).toHaveText('Livro subiu uma posição.');
  await expect(titles).toHaveText([/^Vidas Secas$/i, 'Torto Arado']);
  await expect(page.getByRole('button', { name: /^Subir “Vidas Secas”$/i })).toBeDisabled();
  await checkBothWidths(page, 'estante-personalizada');

  // The bookshelf filtered by the shelf, in both views, then everything checked moves to “Lido”.
  await page.getByRole('link', { name: 'Ver na minha estante, com filtros' }).click();
  await page.waitForURL(/\/estante\?estante=/);
  await expect(page.getByLabel('Estante', { exact: true })).toHaveValue(new URL(page.url()).searchParams.get('estante')!);
  await expect(page.getByRole('link', { name: 'Quero ler (2)' })).toBeVisible();
  await checkBothWidths(page, 'estante-lista');
  await page.getByRole('link', { name: 'Grade' }).click();
  await expect(page).toHaveURL(/visao=grade/);
  await expect(page).toHaveURL(/estante=/);
  await checkBothWidths(page, 'estante-grade');
  await page.getByRole('checkbox', { name: 'Selecionar Torto Arado' }).check();
  await page.getByRole('checkbox', { name: /^Selecionar Vidas Secas$/i }).check();
  await page.getByLabel('Mover marcados para').selectOption({ label: 'Lido' });
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('2 livros movidos para “Lido”.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lido (2)' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Selecionar Torto Arado' })).not.toBeChecked();

  // A visitor gets a 404 on the private shelf, by its direct URL.
  const visitor = await browser.newContext();
  const response = await (await visitor.newPage()).goto(shelfUrl);
  expect(response?.status()).toBe(404);
  await visitor.close();
});

test('custom shelves, reordering and the bulk change work without JavaScript', async ({ page, browser }) => {
  await signUp(page, uniqueName('semjs'), 'sertao-veredas-1956');
  await wantToRead(page, 'vidas secas', 'Vidas Secas');
  const second = page.url();
  await wantToRead(page, 'torto arado', 'Torto Arado');
  const book = page.url();
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noJs = await plain.newPage();

  await noJs.goto('/estantes');
  await noJs.getByLabel('Nome').fill('Sem script');
  await noJs.getByRole('button', { name: 'Criar estante' }).click();
  await expect(noJs.getByRole('heading', { level: 1, name: 'Sem script' })).toBeVisible();
  await noJs.goto(book);
  await noJs.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(noJs.getByText('Adicionado a “Sem script”.')).toBeVisible();
  await noJs.goto(second);
  await noJs.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(noJs.getByText('Adicionado a “Sem script”.')).toBeVisible();
  await noJs.getByRole('link', { name: 'Sem script' }).click();
  await noJs.getByRole('button', { name: 'Descer “Torto Arado”' }).click();
  await expect(noJs.getByText('Livro desceu uma posição.')).toBeVisible();
  await expect(noJs.getByRole('listitem').getByRole('heading', { level: 2 })).toHaveText([/^Vidas Secas$/i, 'Torto Arado']);

  await noJs.goto('/estante?ordem=titulo');
  await noJs.getByRole('checkbox', { name: 'Selecionar Torto Arado' }).check();
  await noJs.getByLabel('Mover marcados para').selectOption({ label: 'Lendo' });
  await noJs.getByRole('button', { name: 'Aplicar' }).click();
  await expect(noJs.getByText('1 livro movido para “Lendo”.')).toBeVisible();
  await expect(noJs.getByRole('link', { name: 'Lendo (1)' })).toBeVisible();
  // The filters and sort it was on are still in the URL.
  expect(new URL(noJs.url()).searchParams.get('ordem')).toBe('titulo');
  await plain.close();
});

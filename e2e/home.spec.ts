import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, signUp, uniqueName } from './helpers';

const message = (page: Page) => page.locator('p[role="status"]');

test('a new reader lands on /home, adds a first book, sets a goal and logs progress with one tap; the edition shows its statistics', async ({ page }) => {
  test.setTimeout(180_000);
  const username = uniqueName('inicio');
  await signUp(page, username, 'noites-brancas-1848');
  // The confirmation link's "Continuar" lands on /, which sends a signed-in reader to /home: first run, an empty bookshelf.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: `Olá, ${username}!` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sua estante está vazia' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Atividade de quem você segue' })).toBeVisible();
  await checkBothWidths(page, 'home-primeira-vez');

  await page.getByRole('link', { name: 'Adicionar meu primeiro livro' }).click();
  await expect(page).toHaveURL(/\/catalogo/);
  await page.goto('/catalogo?q=noites+brancas');
  await page
    .getByRole('link', { name: /noites brancas/i })
    .first()
    .click();
  await page.waitForURL(/\/ed\//);
  const bookUrl = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Lendo' }).click();
  await expect(message(page)).toHaveText('Na sua estante como “Lendo”.');

  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  const reading = page.getByRole('region', { name: 'Lendo agora' });
  await expect(reading.getByRole('link', { name: /noites brancas/i })).toBeVisible();
  await expect(reading.getByText('Nenhum progresso registrado ainda.')).toBeVisible();

  // The goal: a mistake is explained next to the field, keeping what was typed.
  const goal = page.getByRole('region', { name: /Meta de leitura de/ });
  await goal.getByLabel('Livros no ano').fill('doze');
  await goal.getByLabel('Páginas no ano').fill('3000');
  await goal.getByRole('button', { name: 'Salvar meta' }).click();
  await expect(goal.getByText('Informe um número inteiro de livros, como 24.')).toBeVisible();
  await expect(goal.getByLabel('Páginas no ano')).toHaveValue('3000');
  await goal.getByLabel('Livros no ano').fill('12');
  await goal.getByRole('button', { name: 'Salvar meta' }).click();
  await expect(message(page)).toHaveText('Meta salva.');
  await expect(goal.getByText('0 livros de 12 livros')).toBeVisible();
  await expect(goal.getByText('0 páginas de 3.000 páginas')).toBeVisible();

  // One tap: ten pages forward; then the page typed inline.
  await reading.getByRole('button', { name: /\+10 páginas/ }).click();
  await expect(message(page)).toHaveText('Progresso registrado.');
  await expect(reading.getByText('9% lido (página 10 de 110)')).toBeVisible();
  await reading.getByRole('button', { name: /\+10 páginas/ }).click();
  await expect(reading.getByText('18% lido (página 20 de 110)')).toBeVisible();
  await reading.getByLabel('Página atual').fill('200');
  await reading.getByRole('button', { name: 'Salvar' }).click();
  await expect(reading.getByText('Este livro tem 110 páginas.')).toBeVisible();
  await expect(reading.getByLabel('Página atual')).toHaveValue('200');
  await reading.getByLabel('Página atual').fill('110');
  await reading.getByRole('button', { name: 'Salvar' }).click();
  await expect(message(page)).toHaveText('Você chegou ao fim! Abra o livro para marcar como lido e dar sua nota.');
  await checkBothWidths(page, 'home');

  // Finished and rated on the edition page: the goal counts it, the statistics tab shows it.
  await page.goto(bookUrl);
  await page.getByRole('button', { name: 'Marcar como lido' }).click();
  await expect(message(page)).toHaveText('Na sua estante como “Lido”.');
  const slider = page.getByRole('slider', { name: 'Sua nota' });
  await slider.focus();
  for (let i = 0; i < 7; i++) await slider.press('ArrowRight');
  await page.getByRole('button', { name: 'Salvar nota' }).click();
  await expect(message(page)).toHaveText('Nota salva.');
  await page.goto('/home');
  await expect(goal.getByText('1 livro de 12 livros')).toBeVisible();
  await expect(goal.getByText('110 páginas de 3.000 páginas')).toBeVisible();

  await page.goto(bookUrl);
  await page.getByRole('link', { name: 'Estatísticas' }).click();
  await expect(page).toHaveURL(/\/estatisticas$/);
  await expect(page.getByRole('heading', { name: /Estatísticas de/ })).toBeVisible();
  await expect(page.getByText('Tempo médio de leitura')).toBeVisible();
  // Other journeys may have read this book too: the figures are checked by what this reader added.
  await expect(page.getByText(/de \d+ leituras? terminadas?/)).toBeVisible();
  const chart = page.getByRole('img', { name: /Distribuição das notas/ });
  await expect(chart).toBeVisible();
  await page.getByText('Ver em tabela').click();
  const table = page.getByRole('table', { name: 'Distribuição das notas' });
  await expect(table.getByRole('rowheader', { name: '4 a 4,75' })).toBeVisible();
  await expect(table.getByRole('row', { name: /^4 a 4,75 [1-9]/ })).toBeVisible();
  await checkBothWidths(page, 'estatisticas');
});

import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, signUp, startReadingFromCatalog, uniqueName } from './helpers';

const message = (page: Page) => page.locator('p[role="status"]');

test('a reader registers in a marathon, links a book from the shelf, updates progress, finishes it: the challenge is done and the points show', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueName('maratonista'), 'noites-brancas-1848');

  // A visitor's view of the board is an invitation; a reader not in the marathon too.
  await page.goto('/maratonas');
  await page.getByRole('link', { name: 'Maratona Literária de Verão' }).click();
  await page.waitForURL(/\/m\//);
  const slug = new URL(page.url()).pathname.split('/')[2]!;
  await page.getByRole('link', { name: 'Meu progresso' }).click();
  await expect(page.getByRole('heading', { name: 'Seu quadro na maratona' })).toBeVisible();
  await page.getByLabel('Seu nível').selectOption({ label: 'Principiante' });
  await page.getByRole('button', { name: 'Inscrever-me' }).click();
  await expect(page.getByText(/Inscrição feita!/)).toBeVisible();

  // A book on the shelf.
  const bookUrl = await startReadingFromCatalog(page, 'noites brancas', /noites brancas/i);

  // The board: only the challenges of my level and below; link the book from my shelf to Machado's challenge.
  await page.goto(`/m/${slug}/progresso`);
  await expect(page.getByRole('heading', { name: 'Leia um livro de Machado de Assis' })).toBeVisible();
  await expect(page.getByText('Leia um romance regionalista')).toHaveCount(0);
  const challenge = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Leia um livro de Machado de Assis' }) });
  await challenge.getByRole('link', { name: 'Vincular um livro da estante' }).click();
  await challenge.getByLabel('Vincular um livro da sua estante').fill('noites');
  await challenge.getByRole('button', { name: 'Buscar na estante' }).click();
  await challenge.getByRole('button', { name: /Vincular “Noites Brancas/i }).click();
  await expect(page.getByText('Livro vinculado ao desafio.')).toBeVisible();

  // A comment too long is refused next to it, and what was typed stays.
  await challenge.getByText(/Editar vínculo de/).click();
  await challenge.getByLabel('Progresso (%)').fill('40');
  await challenge.getByLabel('Comentário (opcional)').evaluate((el) => el.removeAttribute('maxlength'));
  await challenge.getByLabel('Comentário (opcional)').fill('x'.repeat(1001));
  await challenge.getByRole('button', { name: 'Salvar vínculo' }).click();
  await expect(page.getByText('Use no máximo 1000 caracteres.')).toBeVisible();
  await expect(challenge.getByLabel('Progresso (%)')).toHaveValue('40');
  await challenge.getByLabel('Comentário (opcional)').fill('Que noites!');
  await challenge.getByRole('button', { name: 'Salvar vínculo' }).click();
  await expect(page.getByText('Vínculo salvo.')).toBeVisible();
  await expect(challenge.getByText('40%')).toBeVisible();

  // Progress on the book counts its pages on the board.
  await page.goto(bookUrl);
  const progress = page.getByRole('region', { name: 'Progresso' });
  await progress.getByLabel('Onde você está').fill('55');
  await progress.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(message(page)).toHaveText('Progresso registrado.');
  await page.goto(`/m/${slug}/progresso`);
  const totals = page.locator('dl').first();
  await expect(totals.getByText('Páginas').locator('..')).toContainText('55');
  await expect(totals.getByText('Pontos').locator('..')).toContainText('0');

  // Finishing the book completes the link and the challenge: the points show, and the reader is told.
  await page.goto(bookUrl);
  await page.getByRole('button', { name: 'Lido', exact: true }).click();
  await expect(message(page)).toHaveText('Na sua estante como “Lido”.');
  await page.goto(`/m/${slug}/progresso`);
  await expect(challenge.getByText('Concluído', { exact: true })).toBeVisible();
  await expect(totals.getByText('Pontos').locator('..')).toContainText('3');
  await expect(totals.getByText('Desafios').locator('..')).toContainText('1');
  await expect(totals.getByText('Páginas').locator('..')).toContainText('110');
  await checkBothWidths(page, 'maratona-progresso');

  // An activity ticked adds its point.
  const activity = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Poste uma foto da sua pilha da maratona' }) });
  await activity.getByRole('button', { name: 'Marcar como feito' }).click();
  await expect(page.getByText('Desafio concluído!')).toBeVisible();
  await expect(totals.getByText('Pontos').locator('..')).toContainText('4');
});

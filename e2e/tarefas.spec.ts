import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn, signUp, startReadingFromCatalog, uniqueName } from './helpers';

test('a focus session run to its end advances "Leia 20 minutos" on /tarefas and its egg; lia is mid-way through today’s tasks', async ({ page, browser }) => {
  // A session's shortest length is 5 minutes of the server's clock: this journey waits for it.
  test.setTimeout(9 * 60_000);
  await signUp(page, uniqueName('tarefa'), 'grande-sertao-1956');
  await startReadingFromCatalog(page, 'o cortiço', /cortiço/i);
  await page.goto('/tarefas');
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Leia 20 minutos' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('Você ainda não tem uma companhia', { exact: false })).toBeVisible();
  await page.getByRole('navigation', { name: 'Páginas da Foca' }).getByRole('link', { name: 'Sessões' }).click();
  // A first session given up at once: its milestone egg, to incubate during the next one.
  const start = async () => {
    await page.getByRole('radio', { name: 'Outra' }).check();
    await page.getByLabel('Outra duração (minutos)').fill('5');
    await page.getByRole('button', { name: 'Começar' }).click();
    await expect(page.getByRole('heading', { name: 'Sessão em andamento' })).toBeVisible();
  };
  await start();
  await page.getByText('Desistir', { exact: true }).click();
  await page.getByRole('button', { name: 'Sim, desistir' }).click();
  await expect(page.getByText('Ovinho comum · Marco')).toBeVisible();
  await start();

  // Meanwhile, lia (the demo data, whose att and board count too): some of today's tasks done, others on their way;
  // axe at both widths.
  const lia = await (await browser.newContext()).newPage();
  await signIn(lia, 'lia_leitora');
  await lia.goto('/foca');
  await expect(lia.getByText(/Tarefas de hoje: [1-5] de 6 concluídas/)).toBeVisible();
  await lia.getByRole('navigation', { name: 'Páginas da Foca' }).getByRole('link', { name: 'Tarefas' }).click();
  await expect(lia.getByRole('heading', { level: 2, name: /Tarefas de hoje \([1-5] de 6\)/ })).toBeVisible();
  await expect(lia.getByRole('heading', { level: 2, name: /Tarefas da semana/ })).toBeVisible();
  await expect(lia.getByRole('progressbar', { name: 'Leia 20 minutos' })).toHaveAttribute('aria-valuenow', '12');
  await expect(lia.getByText('12 de 20 min')).toBeVisible();
  await expect(lia.getByText(/^Concluída às/).first()).toBeVisible();
  await expect(lia.getByText(/Renovam à meia-noite \(horário de Brasília\), em/)).toBeVisible();
  await checkBothWidths(lia, 'tarefas');
  await lia.goto('/foca/logs');
  await expect(lia.getByText('Tarefa concluída: Publique uma att.')).toBeVisible();

  // The session's end: the page reached, "Concluir sessão"; its 5 minutes count in today's and this week's tasks.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('heading', { name: 'Tempo esgotado' })).toBeVisible({ timeout: 6 * 60_000 });
  await page.getByLabel('Página em que parou').fill('12');
  await page.getByRole('button', { name: 'Concluir sessão' }).click();
  await expect(page.getByText(/^Sessão concluída/)).toBeVisible();
  await page.goto('/tarefas');
  await expect(page.getByRole('progressbar', { name: 'Leia 20 minutos' })).toHaveAttribute('aria-valuenow', '5');
  await expect(page.getByText('5 de 20 min')).toBeVisible();
  await expect(page.getByText('5 de 180 min')).toBeVisible();
  // The page reached is a progress update: one of the two books.
  await expect(page.getByRole('progressbar', { name: 'Atualize 2 livros' })).toHaveAttribute('aria-valuenow', '1');
  // And the egg, incubating, advanced by the 5 minutes.
  await page.goto('/foca/ovinhos');
  await expect(page.getByText('5 de 60 min de foco')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { checkBothWidths, signUp, startReadingFromCatalog, uniqueName } from './helpers';

/** The countdown's "m:ss" as seconds. */
const seconds = (text: string | null) => {
  const [m, s] = (text ?? '').split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

test('a new reader starts a 5-minute focus session with a book they are reading, sees it count down (after a reload too), and gives up', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueName('foca'), 'grande-sertao-1956');
  await page.goto('/foca');
  await expect(page.getByRole('heading', { level: 1, name: 'Foca' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Escolha um livro para começar' })).toBeVisible();

  await startReadingFromCatalog(page, 'o cortiço', /cortiço/i);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByRole('navigation', { name: 'Navegação do celular' }).getByRole('link', { name: 'Foca' }).click();
  await expect(page.getByRole('heading', { name: 'Começar uma sessão' })).toBeVisible();
  await expect(page.getByLabel('Livro', { exact: true })).toHaveText(/cortiço/i);
  await checkBothWidths(page, 'foca-inicio');

  // A duration out of range is refused next to its field, what was typed stays.
  await page.getByRole('radio', { name: 'Outra' }).check();
  await page.getByLabel('Outra duração (minutos)').fill('3');
  await page.getByRole('button', { name: 'Começar' }).click();
  await expect(page.getByText('A sessão dura de 5 a 180 minutos, em minutos inteiros.')).toBeVisible();
  await expect(page.getByLabel('Outra duração (minutos)')).toHaveValue('3');
  await page.getByRole('radio', { name: 'Outra' }).check();
  await page.getByLabel('Outra duração (minutos)').fill('5');
  await page.getByRole('button', { name: 'Começar' }).click();

  await expect(page.getByRole('heading', { name: 'Sessão em andamento' })).toBeVisible();
  await expect(page.getByText('Tempo restante', { exact: true })).toBeVisible();
  const timer = page.getByRole('timer'); // no name of its own: the time is what is read
  await expect(timer).toHaveText(/^[45]:\d\d$/);
  const first = seconds(await timer.textContent());
  expect(first).toBeGreaterThan(240);
  // It counts down by itself.
  await expect.poll(async () => seconds(await timer.textContent()), { timeout: 5_000 }).toBeLessThan(first);

  // After a reload the time is the server's: no fresh five minutes.
  await page.waitForTimeout(1_500);
  await page.reload();
  await expect(timer).toHaveText(/^[34]:\d\d$/);
  expect(seconds(await timer.textContent())).toBeLessThan(first);
  await checkBothWidths(page, 'foca-sessao');

  // /home shows the running session.
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Foca', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir a sessão' })).toBeVisible();
  await page.getByRole('link', { name: 'Abrir a sessão' }).click();

  // Giving up takes a second step (a <details>: it works without JavaScript too).
  await page.getByText('Desistir', { exact: true }).click();
  await expect(page.getByText('Desistindo, a sessão fica interrompida e conta metade dos minutos.')).toBeVisible();
  await checkBothWidths(page, 'foca-desistir');
  await page.getByRole('button', { name: 'Sim, desistir' }).click();
  await expect(page.getByText(/^Sessão interrompida: \d+ min contaram\.$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Começar uma sessão' })).toBeVisible();
  await expect(page.getByText('Interrompida · 0 min')).toBeVisible();

  await page.getByRole('link', { name: 'Ver todas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sessões de foco' })).toBeVisible();
  await expect(page.getByText('Interrompida · 0 min')).toBeVisible();
  await checkBothWidths(page, 'foca-logs');
});

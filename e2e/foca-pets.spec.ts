import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn, signUp, startReadingFromCatalog, uniqueName } from './helpers';

test('a new reader’s first session gives a milestone egg; lia renames her companion in the shelter and sees the album', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueName('ovo'), 'grande-sertao-1956');
  await startReadingFromCatalog(page, 'o cortiço', /cortiço/i);
  await page.goto('/foca');
  await expect(page.getByText('Nenhum ovinho chocando. A primeira sessão de foco já dá um.')).toBeVisible();
  await page.getByRole('radio', { name: 'Outra' }).check();
  await page.getByLabel('Outra duração (minutos)').fill('5');
  await page.getByRole('button', { name: 'Começar' }).click();
  // The first session gives the egg however it ends; giving up is the real path a journey can take at once.
  await page.getByText('Desistir', { exact: true }).click();
  await page.getByRole('button', { name: 'Sim, desistir' }).click();
  await expect(page.getByText(/^Sessão interrompida/)).toBeVisible();
  await expect(page.getByText('Ovinho comum · Marco')).toBeVisible();

  await page.getByRole('navigation', { name: 'Páginas da Foca' }).getByRole('link', { name: 'Ovinhos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ovinhos' })).toBeVisible();
  await expect(page.getByText('0 de 60 min de foco')).toBeVisible();
  await checkBothWidths(page, 'foca-ovinhos');
  await page.goto('/foca/abrigo');
  await expect(page.getByText(/O abrigo está vazio/)).toBeVisible();
  await page.goto('/foca/logs');
  await expect(page.getByText('Ovinho comum recebido (marco).')).toBeVisible();

  // lia, mid-game (the demo data): her companion renamed in the shelter, a name too long refused next to the field.
  const lia = await (await browser.newContext()).newPage();
  await signIn(lia, 'lia_leitora');
  await lia.goto('/foca/abrigo');
  const field = lia.getByLabel('Nome de Pipoca');
  await field.evaluate((input: HTMLInputElement) => input.removeAttribute('maxlength'));
  await field.fill('P'.repeat(41));
  await lia.getByRole('button', { name: 'Salvar nome' }).first().click();
  await expect(lia.getByText('O nome tem até 40 caracteres.')).toBeVisible();
  await expect(lia.getByLabel('Nome de Pipoca')).toHaveValue('P'.repeat(41));
  const name = uniqueName('Pipoca');
  await lia.getByLabel('Nome de Pipoca').fill(name);
  await lia.getByRole('button', { name: 'Salvar nome' }).first().click();
  await expect(lia.getByText(`Agora se chama ${name}.`)).toBeVisible();
  await expect(lia.getByRole('heading', { level: 2, name: new RegExp(`^${name}`) })).toBeVisible();
  await checkBothWidths(lia, 'foca-abrigo');
  await lia.getByRole('link', { name, exact: true }).click();
  await expect(lia.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(lia.getByText('Foca-comum (comum)')).toBeVisible();

  await lia.goto('/foca/bichinhos');
  await expect(lia.getByText('Você encontrou 3 de 10 espécies de focas, lobos e leões-marinhos.')).toBeVisible();
  await expect(lia.getByText('Os filhotes nascem brancos e trocam a pelagem em poucas semanas.')).toBeVisible();
  await checkBothWidths(lia, 'foca-bichinhos');
});

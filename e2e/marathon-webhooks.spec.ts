import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn } from './helpers';

const WEBHOOKS = '/m/reino-perdido-norte-contra-sul/gerenciar/webhooks';

test('an organiser sets a webhook: a private address is refused beside the field, the secret shows once; a participant gets 404', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'lia_leitora');
  await page.goto('/m/reino-perdido-norte-contra-sul/gerenciar');
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'Criar webhook' })).toBeVisible();

  await page.getByLabel('Endereço (URL)').fill('http://10.0.0.5/receber');
  await page.getByLabel('Chave de API').fill('chave-da-lia-7f3a');
  await page.getByRole('button', { name: 'Criar webhook' }).click();
  await expect(page.getByText('O endereço 10.0.0.5 é de uma rede privada, local ou reservada')).toBeVisible();
  await expect(page.getByLabel('Endereço (URL)')).toHaveValue('http://10.0.0.5/receber');
  await checkBothWidths(page, 'maratona-webhooks-recusado');

  await page.getByLabel('Endereço (URL)').fill('https://8.8.8.8/maratona');
  await page.getByLabel('Chave de API').fill('chave-da-lia-7f3a');
  await page.getByRole('button', { name: 'Criar webhook' }).click();
  const secret = page.locator('code', { hasText: /^mwhsec_/ });
  await expect(secret).toBeVisible();
  const shown = await secret.textContent();
  await expect(page.getByText('A salva termina em …7f3a.')).toBeVisible();
  await checkBothWidths(page, 'maratona-webhooks-segredo');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Registro de entregas' })).toBeVisible();
  await expect(page.getByText(shown!)).toHaveCount(0);
  await checkBothWidths(page, 'maratona-webhooks');

  const participant = await browser.newPage();
  await signIn(participant, 'beto_leitor');
  const response = await participant.goto(WEBHOOKS);
  expect(response?.status()).toBe(404);
  await participant.close();
});

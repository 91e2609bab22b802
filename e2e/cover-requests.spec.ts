import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, signIn, signUp, uniqueName } from './helpers';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

test.describe.configure({ timeout: 150_000 });

async function checkBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('a reader proposes a cover, a curator approves it side by side, the edition page shows the new cover', async ({ browser }) => {
  const reader = await browser.newPage();
  await signUp(reader, uniqueName('capa'), 'livros-de-verdade-42');
  await reader.goto('/catalogo?q=sao+bernardo');
  await reader.getByRole('link', { name: 'São Bernardo', exact: true }).first().click();
  await expect(reader.getByRole('heading', { level: 1, name: 'São Bernardo' })).toBeVisible();
  const editionPath = new URL(reader.url()).pathname;
  await expect(reader.getByRole('img', { name: 'Capa de São Bernardo' }).first()).toBeVisible();
  const coverBefore = await reader.locator('img[alt="Capa de São Bernardo"]').count();

  await reader.getByRole('link', { name: coverBefore ? 'Sugerir outra capa' : 'Enviar capa' }).click();
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(coverBefore ? 'Sugerir outra capa' : 'Enviar capa');
  await checkBothWidths(reader, 'enviar-capa');
  await reader.getByRole('button', { name: 'Enviar capa' }).click();
  await expect(reader.getByText('Escolha uma imagem.')).toBeVisible();
  const image = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#B84A2E' } })
    .jpeg()
    .toBuffer();
  await reader.getByLabel('Imagem da capa').setInputFiles({ name: 'capa.jpg', mimeType: 'image/jpeg', buffer: image });
  await reader.getByRole('button', { name: 'Enviar capa' }).click();
  await expect(reader).toHaveURL(/\/catalogo\/minhas-solicitacoes\?enviada=SOL-/);
  const code = new URL(reader.url()).searchParams.get('enviada') ?? '';
  const proposed = `/catalogo/solicitacoes/${code}/capa`;
  await expect(reader.getByRole('listitem').filter({ hasText: code })).toContainText('Nova capa');
  await expect(reader.getByRole('img', { name: 'Capa proposta' })).toBeVisible();
  await checkBothWidths(reader, 'minhas-solicitacoes-capa');

  // Private until approved: another account, and a visitor, get 404 by direct URL.
  const visitor = await browser.newPage();
  expect((await visitor.request.get(proposed)).status()).toBe(404);

  const curator = await browser.newPage();
  await signIn(curator, 'caio_curador');
  await curator.goto(`/gerenciar/catalogo/solicitacoes/${code}`);
  await expect(curator.getByRole('img', { name: 'Capa proposta' })).toBeVisible();
  if (SHOTS)
    for (const width of [390, 1280]) {
      await curator.setViewportSize({ width, height: 900 });
      await curator.screenshot({ path: `${SHOTS}/revisao-capa-${width}.png`, fullPage: true });
    }
  await expect(curator.getByRole('button', { name: 'Aprovar como proposto' })).toBeVisible();
  await curator.getByRole('button', { name: 'Aprovar como proposto' }).click();
  await expect(curator.getByRole('heading', { level: 1 })).toContainText('aprovada');

  await visitor.goto(editionPath);
  const cover = visitor.locator('img[alt="Capa de São Bernardo"]').first();
  await expect(cover).toHaveAttribute('src', /^\/arquivos\/capas\//);
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('mais vinculadas: the dashboard gap links to the ranking filtered by it', async ({ page }) => {
  await signIn(page, 'caio_curador');
  await page.goto('/gerenciar/catalogo');
  await page.getByRole('link', { name: 'Sem ISBN' }).click();
  await expect(page).toHaveURL(/\/gerenciar\/catalogo\/mais-vinculadas\?sem=isbn$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edições mais vinculadas' })).toBeVisible();
  await page.getByRole('button', { name: 'Recalcular agora' }).click();
  await expect(page.getByText('Contagens recalculadas.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Sem ISBN' })).toBeChecked();
  const first = page
    .getByRole('listitem')
    .filter({ has: page.getByText('Total:') })
    .first();
  await expect(first).toContainText('Sem ISBN');
  await checkBothWidths(page, 'mais-vinculadas');
});

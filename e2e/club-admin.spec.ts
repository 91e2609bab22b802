import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { checkBothWidths, signIn } from './helpers';

test('an owner customises a new club (a colour refused, then accepted, the preview following), approves a request and bans a member who loses the club at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Clube da Foca ${Date.now().toString(36).slice(-5)}`;

  // The owner creates a moderated club and lands on personalizar, greeted.
  await signIn(page, 'lia_leitora');
  await page.goto('/criar');
  await page.getByLabel('Nome do clube').fill(name);
  await page.getByLabel('Moderado: a equipe aprova os pedidos').check();
  await page.getByRole('button', { name: 'Criar clube' }).click();
  await expect(page).toHaveURL(/\/admin\/personalizar\?novo=1$/);
  await expect(page.getByText('Seu clube nasceu!')).toBeVisible();
  const slug = new URL(page.url()).pathname.split('/')[2]!;
  await checkBothWidths(page, 'club-admin-personalizar');

  // The preview follows the name and colours as they are typed.
  const preview = page.getByRole('figure', { name: 'Prévia do cabeçalho' });
  await page.getByLabel('Nome do clube').fill(`${name} Renovado`);
  await expect(preview.getByTestId('previa-nome')).toHaveText(`${name} Renovado`);
  await page.getByRole('textbox', { name: 'Cor principal' }).fill('#ffd700');
  await expect(preview).toContainText('Cor principal: contraste 1,4:1, abaixo de 4,5:1.');
  await page.getByRole('button', { name: 'Salvar cores' }).click();
  await expect(page.getByText(/Texto branco sobre essa cor fica com contraste 1,4:1/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cor principal' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Cor principal' })).toHaveValue('#ffd700');
  await page.getByRole('textbox', { name: 'Cor principal' }).fill('#1d4e7a');
  await expect(preview).toContainText('Cor principal: contraste 8,6:1 com texto branco.');
  await page.getByRole('button', { name: 'Salvar cores' }).click();
  await expect(page.getByText('Cores salvas.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cor principal' })).not.toHaveAttribute('aria-invalid');

  // A photo well past a plain form's 64 KB reaches the action (the page's body cap is an image form's).
  const noise = await sharp(randomBytes(400 * 400 * 3), { raw: { width: 400, height: 400, channels: 3 } })
    .png()
    .toBuffer();
  expect(noise.length).toBeGreaterThan(64 * 1024);
  await page.getByLabel('Foto do clube').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: noise });
  await page.getByRole('button', { name: 'Enviar foto' }).click();
  await expect(page.getByText('Foto atualizada.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remover foto' })).toBeVisible();

  // A reader asks to join.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await signIn(reader, 'beto_leitor');
  await reader.goto(`/clube/${slug}`);
  await reader.getByRole('button', { name: 'Pedir para entrar' }).click();
  await expect(reader.getByText('Pedido enviado', { exact: false }).first()).toBeVisible();

  // The owner approves the request from the dashboard's link.
  await page.goto(`/clube/${slug}/admin`);
  await expect(page.getByRole('heading', { name: 'Pedidos esperando' })).toBeVisible();
  await checkBothWidths(page, 'club-admin-painel');
  await page.getByRole('link', { name: 'Responder os pedidos' }).click();
  await expect(page.getByRole('heading', { name: 'Pedidos esperando (1)' })).toBeVisible();
  await checkBothWidths(page, 'club-admin-membros');
  await page.getByRole('button', { name: 'Aprovar @beto_leitor' }).click();
  await expect(page.getByText('Pedido aprovado: o leitor agora é membro.')).toBeVisible();

  await reader.reload();
  await expect(reader.getByText('Você é membro')).toBeVisible();

  // The owner finds the member by a search without accents, and bans him.
  await page.getByRole('searchbox', { name: 'Buscar por nome ou usuário' }).fill('beto');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('1 leitor para “beto”')).toBeVisible();
  await page.getByText('Gerenciar @beto_leitor').click();
  await page.getByLabel('Motivo do banimento').fill('Spoilers sem aviso.');
  await page.getByRole('button', { name: 'Banir @beto_leitor' }).click();
  await expect(page.getByText('Leitor banido: ele perdeu o acesso ao clube.')).toBeVisible();

  // His very next page load of the club shows the ban.
  await reader.reload();
  await expect(reader.getByText('Você foi banido deste clube. Motivo: Spoilers sem aviso.')).toBeVisible();
  await expect(reader.getByText('Você é membro')).toHaveCount(0);
  const admin = await reader.goto(`/clube/${slug}/admin/membros`);
  expect(admin?.status()).toBe(404);
  await readerContext.close();
});

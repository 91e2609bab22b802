import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, signIn, signUp, uniqueName } from './helpers';

const message = (page: Page) => page.locator('p[role="status"]');

test('a reader reports a shelf, an admin hides it from /gerenciar/denuncias, and the shelf answers 404 to others', async ({ page, browser }) => {
  test.setTimeout(180_000); // four sessions in one journey
  // The owner makes a public shelf.
  await signUp(page, uniqueName('dona'), 'grande-sertao-1956');
  await page.goto('/estantes');
  const shelfName = `Propaganda ${uniqueName('x')}`;
  await page.getByLabel('Nome').fill(shelfName);
  await page.getByLabel('Quem pode ver').selectOption('publico');
  await page.getByRole('button', { name: 'Criar estante' }).click();
  await expect(page.getByRole('heading', { level: 1, name: shelfName })).toBeVisible();
  const shelfUrl = new URL(page.url()).pathname;
  await expect(page.getByText('Denunciar estante')).toHaveCount(0);

  // Another reader reports it; a missing reason is refused and the text is kept.
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await signIn(readerPage, 'lia_leitora');
  await readerPage.goto(shelfUrl);
  await readerPage.getByText('Denunciar estante').click();
  await readerPage.getByLabel('Conte mais (opcional)').fill('Só links de loja.');
  await checkBothWidths(readerPage, 'denunciar-estante');
  await readerPage.getByLabel('Spam ou propaganda').check();
  await readerPage.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(message(readerPage)).toHaveText('Denúncia enviada. A moderação vai analisar. Obrigado por avisar.');

  // The admin hides it from the queue.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'ana_admin');
  await adminPage.goto('/gerenciar');
  await adminPage.getByRole('link', { name: /^Denúncias/ }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Denúncias' })).toBeVisible();
  const card = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('link', { name: shelfName }) });
  await expect(card.getByText('“Só links de loja.”')).toBeVisible();
  await checkBothWidths(adminPage, 'gerenciar-denuncias');
  await card.getByRole('button', { name: 'Ocultar conteúdo' }).click();
  await expect(message(adminPage)).toHaveText('Conteúdo ocultado. As denúncias dele foram resolvidas.');
  await adminPage.getByRole('link', { name: 'Resolvidas' }).click();
  const resolved = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('link', { name: shelfName }) });
  await expect(resolved.getByText(/@ana_admin:\s*Conteúdo ocultado/)).toBeVisible();
  await expect(resolved.getByRole('link', { name: '@ana_admin' })).toHaveAttribute('href', '/u/ana_admin');
  await checkBothWidths(adminPage, 'gerenciar-denuncias-resolvidas');

  // Gone for the reader and for visitors; its owner still sees it, with the notice.
  expect((await readerPage.goto(shelfUrl))?.status()).toBe(404);
  const visitor = await browser.newContext();
  expect((await (await visitor.newPage()).goto(shelfUrl))?.status()).toBe(404);
  await page.goto(shelfUrl);
  await expect(page.getByText('A moderação ocultou esta estante depois de uma denúncia: só você a vê.')).toBeVisible();

  // A reader is told /gerenciar/denuncias does not exist.
  expect((await readerPage.goto('/gerenciar/denuncias'))?.status()).toBe(404);
  await Promise.all([reader.close(), admin.close(), visitor.close()]);
});

test('a reader turns an e-mail switch on at /configuracoes/notificacoes and it stays on; follows an author', async ({ page }) => {
  await signUp(page, uniqueName('avisos'), 'vidas-secas-1938');
  await page.goto('/configuracoes/notificacoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  await checkBothWidths(page, 'configuracoes-notificacoes');
  const digest = page.getByLabel('Resumo semanal: por e-mail');
  const reactions = page.getByLabel('Reação: no site');
  await expect(digest).not.toBeChecked();
  await expect(reactions).toBeChecked();
  await digest.check();
  await reactions.uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(message(page)).toHaveText('Preferências de notificação salvas.');
  await page.reload();
  await expect(page.getByLabel('Resumo semanal: por e-mail')).toBeChecked();
  await expect(page.getByLabel('Reação: no site')).not.toBeChecked();

  await page.goto('/autor/itamar-vieira-junior');
  await page.getByRole('button', { name: 'Seguir autor' }).click();
  await expect(page.getByRole('button', { name: 'Seguindo autor' })).toBeVisible();
  await checkBothWidths(page, 'autor-seguindo');
});

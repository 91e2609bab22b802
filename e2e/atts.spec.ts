import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { checkBothWidths, expectAccessible, signIn } from './helpers';

/** The shelf panel's answer to the last form. */
const message = (page: Page) => page.locator('p[role="status"]');

test('a reader posts progress with an emotion and a photo as an att; a follower sees it, reacts and comments; a blocked reader gets 404', async ({
  browser,
}) => {
  // Four readers, each signed in, with axe at two widths on five pages.
  test.setTimeout(180_000);
  // lia_leitora (demo) is reading Torto Arado; beto_leitor follows her; she has blocked rui_leitor (scripts/seed.ts).
  const lia = await (await browser.newContext()).newPage();
  await signIn(lia, 'lia_leitora');
  await lia.goto('/estante?situacao=lendo');
  await lia
    .getByRole('link', { name: /torto arado/i })
    .first()
    .click();
  await lia.waitForURL(/\/ed\//);
  const editionPath = new URL(lia.url()).pathname;
  const progress = lia.getByRole('region', { name: 'Progresso' });
  await progress.getByLabel('Onde você está').fill('60');
  await progress.getByLabel('Unidade', { exact: true }).selectOption({ label: 'porcentagem' });
  await progress.getByLabel('Comentário (opcional)').fill('A casa de Zeca Chapéu Grande.');
  await progress.getByLabel('Emoção (opcional)').selectOption({ label: 'Amando' });
  await progress.getByText('Publicar como att').click();
  await progress.getByLabel('Publicar esta atualização como att').check();
  await progress.getByLabel('Texto da att (opcional)').fill('Meu cantinho de leitura hoje.');
  await progress.getByLabel('Quem pode ver a att').selectOption({ label: 'Só seguidores' });
  // A file that is not an image is refused next to the field; what was typed stays.
  await progress.getByLabel('Fotos (opcional)').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('não sou uma foto') });
  await progress.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(progress.getByText('A foto não é uma imagem JPEG, PNG, WebP ou GIF.')).toBeVisible();
  await expect(progress.getByLabel('Texto da att (opcional)')).toHaveValue('Meu cantinho de leitura hoje.');
  await expect(progress.getByLabel('Onde você está')).toHaveValue('60');
  await checkBothWidths(lia, 'att-progresso-erro');

  const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#B84A2E' } })
    .jpeg()
    .toBuffer();
  await progress.getByLabel('Fotos (opcional)').setInputFiles({ name: 'cantinho.jpg', mimeType: 'image/jpeg', buffer: picture });
  await progress.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(message(lia)).toHaveText('Progresso registrado. Publicado como att.');

  // Her own seguindo feed has it, with the photo.
  await lia.goto('/atts');
  const mine = lia.getByRole('listitem').filter({ hasText: 'Meu cantinho de leitura hoje.' });
  await expect(mine.getByText('em 60% · Amando')).toBeVisible();
  const attPath = await mine.locator('a[href^="/att/"]').first().getAttribute('href');
  expect(attPath).toMatch(/^\/att\//);
  const imagePath = `${attPath}/imagens/1`;

  // beto follows her: the att is on his seguindo, he opens the photo, reacts and comments.
  const beto = await (await browser.newContext()).newPage();
  await signIn(beto, 'beto_leitor');
  await beto.goto('/atts');
  await expect(beto.getByRole('link', { name: 'Seguindo' })).toHaveAttribute('aria-current', 'page');
  const item = beto.getByRole('listitem').filter({ hasText: 'Meu cantinho de leitura hoje.' });
  await expect(item.getByRole('img', { name: /Foto 1 de 1 da att de Lia Leitora/ })).toBeVisible();
  await checkBothWidths(beto, 'atts-seguindo');
  await beto.getByRole('link', { name: 'Com fotos' }).click();
  await expect(item).toBeVisible();
  await item.getByRole('link', { name: 'Comentar' }).click();
  await beto.waitForURL(new RegExp(`${attPath}`));
  await expect(beto.getByRole('heading', { level: 1, name: /Lia Leitora atualizou o progresso/ })).toBeVisible();
  const full = await beto.request.get(imagePath);
  expect([full.status(), full.headers()['content-type']]).toEqual([200, 'image/webp']);
  await beto.getByRole('button', { name: 'Amei (0)' }).click();
  await expect(beto.getByRole('button', { name: 'Amei (1)' })).toHaveAttribute('aria-pressed', 'true');
  await beto.getByLabel('Seu comentário').fill('Que cantinho lindo!');
  await beto.getByRole('button', { name: 'Comentar' }).click();
  await expect(beto.getByText('Comentário publicado.')).toBeVisible();
  await expect(beto.getByRole('listitem').filter({ hasText: 'Que cantinho lindo!' })).toBeVisible();
  await checkBothWidths(beto, 'att');

  // lia hears about it.
  await lia.goto('/notificacoes');
  await expect(lia.getByText('@beto_leitor comentou na sua att sobre “Torto Arado”.')).toBeVisible();
  await expect(lia.getByText(/@beto_leitor reagiu com .* à sua att sobre “Torto Arado”\./)).toBeVisible();

  // rui is blocked: 404 for the att and for its photo, by direct URL, and nothing on his feed.
  const rui = await (await browser.newContext()).newPage();
  await signIn(rui, 'rui_leitor');
  const blocked = await rui.goto(attPath!);
  expect(blocked?.status()).toBe(404);
  await expect(rui.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  expect((await rui.request.get(imagePath)).status()).toBe(404);
  await rui.goto('/atts?aba=todos');
  await expect(rui.getByText('Meu cantinho de leitura hoje.')).toHaveCount(0);

  // A visitor: seguidores only, so 404 too; the public feed and the edition's atts tab still open.
  const visitor = await (await browser.newContext()).newPage();
  expect((await visitor.goto(attPath!))?.status()).toBe(404);
  expect((await visitor.request.get(imagePath)).status()).toBe(404);
  await visitor.goto('/atts');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Atts' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Seguindo' })).toHaveCount(0);
  await checkBothWidths(visitor, 'atts-visitante');
  await visitor.goto(`${editionPath}/atts`);
  await expect(visitor.getByRole('heading', { name: 'Atts sobre Torto Arado' })).toBeVisible();
  await expect(visitor.getByText('Não consigo parar de ler')).toBeVisible();
  await expect(visitor.getByText('Meu cantinho de leitura hoje.')).toHaveCount(0);
  await checkBothWidths(visitor, 'ed-atts');
  // beto sees both there.
  await beto.goto(`${editionPath}/atts`);
  await expect(beto.getByText('Meu cantinho de leitura hoje.')).toBeVisible();
  await expectAccessible(beto);
});

test('a reader marks a book read and publishes an att about it', async ({ page }) => {
  await signIn(page, 'lia_leitora');
  await page.goto('/estante?situacao=quero-ler');
  await page
    .getByRole('link', { name: /capitães da areia/i })
    .first()
    .click();
  await page.waitForURL(/\/ed\//);
  await page.getByRole('button', { name: 'Lido', exact: true }).click();
  await expect(message(page)).toHaveText('Na sua estante como “Lido”.');
  const section = page.getByRole('region', { name: 'Publicar att' });
  await section.getByText('Conte que terminou este livro').click();
  await section.getByLabel('O que achou? (opcional)').fill('Pedro Bala para sempre.');
  await checkBothWidths(page, 'att-terminei');
  await section.getByRole('button', { name: 'Publicar att' }).click();
  await page.waitForURL(/\/att\//);
  await expect(page.getByRole('heading', { level: 1, name: /Lia Leitora terminou de ler/ })).toBeVisible();
  await expect(page.getByText('Pedro Bala para sempre.')).toBeVisible();
  // She deletes it.
  await page.getByText('Apagar esta att').click();
  await page.getByRole('button', { name: 'Apagar att' }).click();
  await page.waitForURL(/\/atts\?apagada=1/);
  await expect(page.getByText('Att apagada.')).toBeVisible();
});

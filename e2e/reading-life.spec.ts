import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { checkBothWidths, signUp, uniqueName } from './helpers';

/** The shelf panel's answer to the last form. */
const message = (page: Page) => page.locator('p[role="status"]');

/** A new, verified reader in a context of their own. */
async function newReader(browser: Browser, prefix: string) {
  const page = await (await browser.newContext()).newPage();
  const username = uniqueName(prefix);
  await signUp(page, username, `${prefix}-le-muito-2026`);
  return { page, username };
}

test('the reading loop: a new reader adds a book, logs progress with an emotion and a photo, finishes it, rates 4,25 and reviews it with a spoiler; a friend follows, sees the att and comments; a blocked reader sees none of it', async ({
  browser,
}) => {
  // Three new readers, each verified through the outbox, and axe at two widths on several pages.
  test.setTimeout(240_000);
  const nina = await newReader(browser, 'nina');
  // Her own words, so a retry of this test never meets the att an earlier attempt published.
  const attText = `Macabéa me parte o coração (${nina.username}).`;

  // Adds a book from the catalogue as "Lendo".
  await nina.page.goto('/catalogo?q=a+hora+da+estrela');
  await nina.page
    .getByRole('link', { name: /a hora da estrela/i })
    .first()
    .click();
  await nina.page.waitForURL(/\/ed\//);
  const bookPath = new URL(nina.page.url()).pathname;
  await nina.page.getByRole('button', { name: 'Lendo', exact: true }).click();
  await expect(message(nina.page)).toHaveText('Na sua estante como “Lendo”.');

  // Progress with an emotion and a photo, published as a public att.
  const progress = nina.page.getByRole('region', { name: 'Progresso' });
  await progress.getByLabel('Onde você está').fill('40');
  await progress.getByLabel('Emoção (opcional)').selectOption({ label: 'Amando' });
  await progress.getByText('Publicar como att').click();
  await progress.getByLabel('Publicar esta atualização como att').check();
  await progress.getByLabel('Texto da att (opcional)').fill(attText);
  await progress.getByLabel('Quem pode ver a att').selectOption({ label: 'Pública' });
  const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#2E6B8A' } })
    .jpeg()
    .toBuffer();
  await progress.getByLabel('Fotos (opcional)').setInputFiles({ name: 'leitura.jpg', mimeType: 'image/jpeg', buffer: photo });
  await progress.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(message(nina.page)).toHaveText('Progresso registrado. Publicado como att.');
  // The form starts afresh once the page has the new update (it is keyed by it): typing before that would go
  // into the old form.
  await expect(progress.getByLabel('Publicar esta atualização como att')).not.toBeChecked();

  // The last page offers "marcar como lido"; the rating goes to 4,25 with the arrow keys.
  await progress.getByLabel('Onde você está').fill('87');
  await progress.getByRole('button', { name: 'Registrar progresso' }).click();
  await expect(message(nina.page)).toHaveText('Você chegou ao fim! Marque como lido e dê sua nota.');
  await progress.getByRole('button', { name: 'Marcar como lido' }).click();
  await expect(message(nina.page)).toHaveText('Na sua estante como “Lido”.');
  const slider = nina.page.getByRole('slider', { name: 'Sua nota' });
  await slider.focus();
  for (let i = 0; i < 7; i++) await slider.press('ArrowRight');
  await expect(nina.page.locator('output')).toHaveText('4,25');
  await nina.page.getByRole('button', { name: 'Salvar nota' }).click();
  await expect(message(nina.page)).toHaveText('Nota salva.');
  await expect(nina.page.getByRole('img', { name: 'Nota 4,25 de 5' })).toBeVisible();

  // A review with a spoiler.
  const editor = nina.page.getByRole('region', { name: 'Sua resenha' });
  await editor.getByLabel('Texto da resenha').fill('Curto e devastador. ||Macabéa morre atropelada logo depois da cartomante.||');
  await editor.getByLabel(/A resenha tem spoiler/).check();
  await editor.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(message(nina.page)).toHaveText('Resenha publicada.');
  await checkBothWidths(nina.page, 'ciclo-edicao');

  // Her att, with its photo.
  await nina.page.goto('/atts');
  const mine = nina.page.getByRole('listitem').filter({ hasText: attText });
  await expect(mine.getByText('Amando')).toBeVisible();
  const attPath = await mine.locator('a[href^="/att/"]').first().getAttribute('href');
  expect(attPath).toMatch(/^\/att\//);
  const imagePath = `${attPath}/imagens/1`;

  // A friend follows her, finds the att on "seguindo" and comments.
  const friend = await newReader(browser, 'amiga');
  await friend.page.goto(`/u/${nina.username}`);
  await friend.page.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(message(friend.page)).toHaveText(`Você agora segue @${nina.username}.`);
  await friend.page.goto('/atts');
  const seen = friend.page.getByRole('listitem').filter({ hasText: attText });
  await expect(seen.getByRole('img', { name: /Foto 1 de 1 da att/ })).toBeVisible();
  await seen.getByRole('link', { name: 'Comentar' }).click();
  await friend.page.waitForURL(new RegExp(attPath!));
  await friend.page.getByLabel('Seu comentário').fill('Esse livro me destruiu também.');
  await friend.page.getByRole('button', { name: 'Comentar' }).click();
  await expect(friend.page.getByText('Comentário publicado.')).toBeVisible();
  await checkBothWidths(friend.page, 'ciclo-att');
  // The review is on the edition, its spoiler behind "mostrar".
  await friend.page.goto(`${bookPath}/resenhas`);
  const review = friend.page.getByRole('listitem').filter({ hasText: `@${nina.username}` });
  await expect(review.getByText('Curto e devastador.')).toBeHidden();
  await review.getByText('Contém spoiler — mostrar').click();
  await expect(review.getByText('Curto e devastador.')).toBeVisible();

  // She is told about both.
  await nina.page.goto('/notificacoes');
  await expect(nina.page.getByRole('link', { name: `@${friend.username} começou a seguir você.` })).toBeVisible();
  await expect(nina.page.getByText(`@${friend.username} comentou na sua att sobre “A hora da estrela”.`)).toBeVisible();
  await checkBothWidths(nina.page, 'ciclo-notificacoes');

  // She blocks someone: none of it exists for him, by link or by direct URL.
  const blocked = await newReader(browser, 'bloqueado');
  await nina.page.goto(`/u/${blocked.username}`);
  await nina.page.getByText('Bloquear', { exact: true }).click();
  await nina.page.getByRole('button', { name: `Bloquear @${blocked.username}` }).click();
  await expect(message(nina.page)).toHaveText(`Você bloqueou @${blocked.username}.`);
  expect((await blocked.page.goto(`/u/${nina.username}`))?.status()).toBe(404);
  expect((await blocked.page.goto(attPath!))?.status()).toBe(404);
  expect((await blocked.page.request.get(imagePath)).status()).toBe(404);
  await blocked.page.goto('/atts?aba=todos');
  await expect(blocked.page.getByText(attText)).toHaveCount(0);
  await blocked.page.goto(`${bookPath}/resenhas`);
  await expect(blocked.page.getByRole('heading', { name: /^Resenhas de A hora da estrela/i })).toBeVisible();
  await expect(blocked.page.getByText(`@${nina.username}`)).toHaveCount(0);
  await blocked.page.goto(`${bookPath}/atts`);
  await expect(blocked.page.getByText(attText)).toHaveCount(0);
  await blocked.page.goto(`${bookPath}/leitores`);
  await expect(blocked.page.getByText(`@${nina.username}`)).toHaveCount(0);
  // …while a visitor still sees the public att and its photo.
  const visitor = await (await browser.newContext()).newPage();
  expect((await visitor.goto(attPath!))?.status()).toBe(200);
  expect((await visitor.request.get(imagePath)).status()).toBe(200);
});

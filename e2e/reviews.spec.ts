import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, signUp, uniqueName } from './helpers';

/** The shelf panel's answer to the last form. */
const message = (page: Page) => page.locator('p[role="status"]');

async function openBook(page: Page, query: string) {
  await page.goto(`/catalogo?q=${query}`);
  await page
    .getByRole('link', { name: new RegExp(query.replace(/\+/g, ' '), 'i') })
    .first()
    .click();
  await page.waitForURL(/\/ed\//);
  return new URL(page.url()).pathname;
}

test('a reader writes a review with a spoiler, closes the tab mid-typing, finds the draft, publishes it also as an att; a stranger sees both collapsed and reports the review', async ({
  browser,
}) => {
  // Three readers, an e-mail confirmation and two widths of axe: longer than the default minute on a busy machine.
  test.setTimeout(240_000);
  const writer = await browser.newContext();
  let page = await writer.newPage();
  const username = uniqueName('resenhista');
  await signUp(page, username, 'quincas-borba-1891');
  // Only a confirmed e-mail may post atts ("Publicar também como att").
  const bookUrl = await openBook(page, 'quincas+borba');

  // A visitor looks first: the cached tab must show the review once it is out.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${bookUrl}/resenhas`);
  await expect(visitorPage.getByRole('heading', { name: /^Resenhas de Quincas Borba/ })).toBeVisible();
  await expect(visitorPage.getByText(`@${username}`)).toHaveCount(0);

  await page.getByRole('button', { name: 'Lido', exact: true }).click();
  await expect(message(page)).toHaveText('Na sua estante como “Lido”.');
  let editor = page.getByRole('region', { name: 'Sua resenha' });
  await editor.getByLabel('Texto da resenha').fill('Ao vencedor, as batatas!');
  await editor.getByLabel(/A resenha tem spoiler/).check();
  // Saved on the server a moment after typing stops.
  await expect(editor.getByText(/^Rascunho salvo às \d\d:\d\d$/)).toBeVisible();

  // More typing, and the tab closes before the autosave's delay: the page-hide beacon keeps it.
  const full = 'Ao vencedor, as batatas! No fim, ||Rubião enlouquece e morre com o cão||.';
  await editor.getByLabel('Texto da resenha').press('End');
  await editor.getByLabel('Texto da resenha').pressSequentially(' No fim, ||Rubião enlouquece e morre com o cão||.', { delay: 2 });
  await page.close({ runBeforeUnload: true });

  page = await writer.newPage();
  await page.goto(bookUrl);
  editor = page.getByRole('region', { name: 'Sua resenha' });
  await expect(async () => {
    await page.reload();
    await expect(editor.getByLabel('Texto da resenha')).toHaveValue(full, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(editor.getByLabel(/A resenha tem spoiler/)).toBeChecked();

  await editor.getByLabel('Reflexivo').check();
  await editor.getByLabel('Médio').check();
  await editor.getByLabel('Adicionar avisos').fill('Morte, luto');
  await editor.getByLabel(/Publicar também como att/).check();
  await editor.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(message(page)).toHaveText('Resenha publicada, também como att.');
  await expect(editor.getByText(/^Publicada em .* · Pública · com spoiler$/)).toBeVisible();
  await expect(editor.getByLabel('morte')).toBeChecked();
  await checkBothWidths(page, 'resenha-editor');

  // A stranger: the review is there, its text behind "mostrar".
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await signUp(stranger, uniqueName('estranho'), 'dom-casmurro-1899');
  await stranger.goto(`${bookUrl}/resenhas`);
  const review = stranger.getByRole('listitem').filter({ hasText: `@${username}` });
  await expect(review.getByText('Reflexivo')).toBeVisible();
  await expect(review.getByText('Avisos de conteúdo: morte, luto')).toBeVisible();
  await expect(review.getByText('Ao vencedor, as batatas!')).toBeHidden();
  await review.getByText('Contém spoiler — mostrar').click();
  await expect(review.getByText('Ao vencedor, as batatas!')).toBeVisible();
  await checkBothWidths(stranger, 'resenhas');

  // The att: the review's opening, behind the same spoiler warning, the inline spoiler never in plain text.
  await stranger.goto('/atts?aba=todos');
  const att = stranger.getByRole('article').filter({ hasText: `@${username}` });
  await expect(att.getByRole('heading', { name: /publicou uma resenha/ })).toBeVisible();
  await att.getByText('Att com spoiler — mostrar').click();
  await expect(att.getByText('Ao vencedor, as batatas! No fim, [spoiler].')).toBeVisible();

  // "Denunciar" on the review leads to a page with the review's text and the form.
  await stranger.goto(`${bookUrl}/resenhas`);
  await review.getByRole('link', { name: `Denunciar resenha de ${username}` }).click();
  await expect(stranger.getByRole('heading', { name: 'Denunciar' })).toBeVisible();
  await expect(stranger.getByText(/^Ao vencedor, as batatas!/)).toBeVisible();
  await checkBothWidths(stranger, 'denunciar');
  await stranger.getByLabel('Spoiler sem aviso').check();
  await stranger.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(stranger.getByText('Denúncia enviada. A moderação vai analisar. Obrigado por avisar.')).toBeVisible();
  await stranger.goto(`${bookUrl}/resenhas`);

  await stranger.getByRole('link', { name: 'Leitores' }).click();
  await expect(
    stranger
      .getByRole('listitem')
      .filter({ hasText: `@${username}` })
      .getByText('Lido'),
  ).toBeVisible();
  await checkBothWidths(stranger, 'leitores');

  // The visitor's cached tab was dropped when the public review came out.
  await visitorPage.reload();
  await expect(
    visitorPage
      .getByRole('listitem')
      .filter({ hasText: `@${username}` })
      .getByText('Contém spoiler — mostrar'),
  ).toBeVisible();

  // Unpublished: gone for everyone else, the text stays in the draft.
  await page.getByRole('button', { name: 'Despublicar' }).click();
  await expect(message(page)).toHaveText('Resenha despublicada; o texto ficou no rascunho.');
  await expect(editor.getByLabel('Texto da resenha')).toHaveValue(full);
  await stranger.goto(`${bookUrl}/resenhas`);
  await expect(stranger.getByRole('heading', { name: /^Resenhas de Quincas Borba/ })).toBeVisible();
  await expect(stranger.getByText(`@${username}`)).toHaveCount(0);
  await Promise.all([writer.close(), visitor.close(), strangerContext.close()]);
});

test('without JavaScript the review form saves the draft and publishes, and errors keep what was typed', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const username = uniqueName('semjs');
  await signUp(page, username, 'o-alienista-1882');
  const bookUrl = await openBook(page, 'o+alienista');
  await page.getByRole('button', { name: 'Lendo', exact: true }).click();
  const editor = page.getByRole('region', { name: 'Sua resenha' });
  await editor.getByLabel('Texto da resenha').fill('Simão Bacamarte e a Casa Verde.');
  await editor.getByLabel('Adicionar avisos').fill('x'.repeat(41));
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(editor.getByText(/Cada aviso pode ter até 40 caracteres/)).toBeVisible();
  await expect(editor.getByLabel('Texto da resenha')).toHaveValue('Simão Bacamarte e a Casa Verde.');
  await editor.getByLabel('Adicionar avisos').fill('');
  await editor.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(message(page)).toHaveText('Rascunho salvo.');
  await page.goto(bookUrl);
  await expect(editor.getByLabel('Texto da resenha')).toHaveValue('Simão Bacamarte e a Casa Verde.');
  await editor.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(message(page)).toHaveText('Resenha publicada.');
  await page.goto(`${bookUrl}/resenhas`);
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `@${username}` })
      .getByText('Simão Bacamarte e a Casa Verde.'),
  ).toBeVisible();
  await context.close();
});

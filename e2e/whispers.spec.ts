import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { checkBothWidths, signIn, signUp, uniqueName } from './helpers';

const badge = (page: Page) => page.getByRole('link', { name: /^Sussurros/ });
const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

test('A whispers B from the profile, B sees it arrive live, A sees it read, A sends images B sees, a message typed offline goes once, B blocks A', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const aContext = await browser.newContext();
  const bContext = await browser.newContext();
  const a = await aContext.newPage();
  const b = await bContext.newPage();
  const aName = uniqueName('susa');
  const bName = uniqueName('susb');
  await signUp(a, aName, 'capitu-bentinho-1899');
  await signUp(b, bName, 'capitu-bentinho-1899');
  await expect(badge(b)).toHaveAccessibleName('Sussurros');

  // A opens B's profile and whispers.
  await a.goto(`/u/${bName}`);
  await a.getByRole('link', { name: 'Sussurrar' }).click();
  await expect(a.getByRole('heading', { level: 1, name: `Sussurrar para ${bName}` })).toBeVisible();
  await checkBothWidths(a, 'sussurrar');
  await a.getByLabel('Sua mensagem').fill('Oi! Você também está lendo Dom Casmurro?');
  await a.getByRole('button', { name: 'Enviar sussurro' }).click();
  await expect(a).toHaveURL(/\/sussurros\/[\w-]{21}$/);
  const thread = new URL(a.url()).pathname;
  await expect(a.getByText('Oi! Você também está lendo Dom Casmurro?')).toBeVisible();
  await expect(a.getByText('Enviada', { exact: true })).toBeVisible();

  // B, on /home all along, sees the badge light up without reloading, then the conversation.
  await expect(badge(b)).toHaveAccessibleName('Sussurros: 1 conversa não lida');
  // The count comes with the page itself (decision 0091): a page rendered without any script shows it, and /home's card
  // says who whispered, never what.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await bContext.storageState() });
  const plain = await noScript.newPage();
  await plain.goto('/home');
  await expect(badge(plain)).toHaveAccessibleName('Sussurros: 1 conversa não lida');
  const card = plain.getByRole('region', { name: 'Sussurros' });
  await expect(card.getByRole('link', { name: new RegExp(aName) })).toBeVisible();
  await expect(card).not.toContainText('Dom Casmurro');
  await noScript.close();
  await badge(b).click();
  await expect(b.getByRole('heading', { level: 1, name: 'Sussurros' })).toBeVisible();
  await expect(b.getByText('Oi! Você também está lendo Dom Casmurro?')).toBeVisible();
  await checkBothWidths(b, 'sussurros');
  await b.getByRole('link', { name: new RegExp(aName) }).click();
  await expect(b).toHaveURL(new RegExp(`${thread}$`));

  // The read mark reaches A's open page, live; the badge of B goes out.
  await expect(a.getByText('Lida', { exact: true })).toBeVisible();
  await expect(badge(b)).toHaveAccessibleName('Sussurros');

  // B answers; it appears on A's page without a reload.
  await b.getByLabel('Sua mensagem').fill('Estou! Capitu é um mistério.');
  await b.getByRole('button', { name: 'Enviar' }).click();
  await expect(b.getByLabel('Sua mensagem')).toHaveValue('');
  await expect(a.getByText('Estou! Capitu é um mistério.')).toBeVisible();

  // A attaches images (decision 0089): previews, a fifth refused next to the box with the text kept, one removed.
  await a.getByLabel('Sua mensagem').fill('Minha estante e a capa da edição.');
  await a.getByLabel('Anexar imagens').setInputFiles([await photo('estante.jpg', '#1D4E7A'), await photo('capa.jpg', '#B84A2E')]);
  await expect(a.getByRole('img', { name: 'Imagem 2: capa.jpg' })).toBeVisible();
  await a.getByLabel('Anexar imagens').setInputFiles([await photo('a.jpg', '#2E7D32'), await photo('b.jpg', '#6A1B9A'), await photo('c.jpg', '#F9A825')]);
  await expect(a.getByText('Anexe no máximo 4 imagens por mensagem.')).toBeVisible();
  await expect(a.getByRole('list', { name: 'Imagens anexadas' }).getByRole('listitem')).toHaveCount(2);
  await a.getByLabel('Anexar imagens').setInputFiles({ name: 'nota.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(a.getByText('“nota.pdf” não é uma imagem JPEG, PNG, WebP ou GIF.')).toBeVisible();
  await a.getByLabel('Anexar imagens').setInputFiles(await photo('sobra.jpg', '#455A64'));
  await a.getByRole('button', { name: 'Remover imagem 3' }).click();
  await expect(a.getByLabel('Sua mensagem')).toHaveValue('Minha estante e a capa da edição.');
  await a.getByRole('button', { name: 'Enviar' }).click();
  await expect(a.getByLabel('Sua mensagem')).toHaveValue('');
  await expect(a.getByRole('list', { name: 'Imagens anexadas' })).toHaveCount(0);
  // B sees them arrive, live, and they load.
  const sent = b.getByRole('img', { name: `Imagem enviada por @${aName}` });
  await expect(sent).toHaveCount(2);
  await expect.poll(() => sent.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  const imageUrl = (await sent.first().getAttribute('src')) ?? '';
  expect(imageUrl).toMatch(new RegExp(`^${thread}/imagens/[\\w-]{21}/1$`));
  const served = await b.request.get(imageUrl);
  expect([served.status(), served.headers()['content-type'], served.headers()['cache-control']]).toEqual([200, 'image/webp', 'private, no-store']);
  await checkBothWidths(a, 'sussurro-conversa');
  await checkBothWidths(b, 'sussurro-conversa-b');

  // A types while the connection is down: the text waits, and goes once when it is back.
  await aContext.setOffline(true);
  await a.getByLabel('Sua mensagem').fill('Escrevi isto sem internet.');
  await a.getByRole('button', { name: 'Enviar' }).click();
  await expect(a.getByText(/Sem conexão: a mensagem fica guardada/)).toBeVisible();
  await expect(a.getByLabel('Sua mensagem')).toHaveValue('Escrevi isto sem internet.');
  await aContext.setOffline(false);
  await expect(b.getByText('Escrevi isto sem internet.')).toHaveCount(1);
  await expect(a.getByLabel('Sua mensagem')).toHaveValue('');
  await b.reload();
  await expect(b.getByText('Escrevi isto sem internet.')).toHaveCount(1);

  // A visitor gets the same 404 for an image as for one that does not exist.
  for (const url of [imageUrl, `${imageUrl}.data`]) expect((await request.get(url)).status()).toBe(404);

  // Nobody else reaches the conversation: another reader and an admin get 404 on the page, its data, its stream and its images.
  for (const username of ['beto_leitor', 'ana_admin']) {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, username);
    expect((await other.goto(thread))?.status()).toBe(404);
    await expect(other.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
    expect((await other.request.get(`${thread}.data`)).status()).toBe(404);
    expect((await other.request.get(`/api${thread}/eventos`)).status()).toBe(404);
    for (const url of [imageUrl, `${imageUrl}.data`]) expect((await other.request.get(url)).status()).toBe(404);
    await context.close();
  }

  // B blocks A from the thread: B is back on the list, and A's open page becomes a 404 by itself.
  b.once('dialog', (dialog) => void dialog.accept());
  await b.getByRole('button', { name: 'Bloquear' }).click();
  await expect(b).toHaveURL(new RegExp(`/sussurros\\?bloqueado=${aName}$`));
  await expect(b.getByText(`Você bloqueou @${aName}.`)).toBeVisible();
  await expect(a.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  expect((await a.goto(`/sussurrar/${bName}`))?.status()).toBe(404);
  await aContext.close();
  await bContext.close();
});

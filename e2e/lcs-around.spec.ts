import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn } from './helpers';

const SLUG = 'dom-casmurro-em-quatro-semanas';

test('lia finds her LCs on /home, keeps the materials of her LC (links and a PDF), and sees her LCs on her profile and on the book’s page', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'lia_leitora');

  // /home: today's etapa of each LC she reads along in.
  await page.goto('/home');
  const card = page.getByRole('region', { name: 'Minhas LCs' });
  await expect(card.getByRole('link', { name: 'Vidas secas em duas semanas' })).toBeVisible();
  await expect(card.getByText(/Hoje · Etapa \d+: pp?\. /).first()).toBeVisible();
  await checkBothWidths(page, 'home-lcs');
  await card.getByRole('link', { name: 'Vidas secas em duas semanas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vidas secas em duas semanas' })).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toBeVisible();

  // Materiais: the demo's two links and the PDF guide, in order.
  await page.goto(`/lc/${SLUG}`);
  await page.getByRole('link', { name: 'Materiais' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Materiais' })).toBeVisible();
  const list = page.getByRole('list').filter({ hasText: 'Guia de leitura' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').nth(2)).toContainText('PDF');
  const guideHref = await list.getByRole('link', { name: 'Guia de leitura: quatro semanas' }).getAttribute('href');
  const guide = await page.request.get(guideHref!);
  expect([guide.status(), guide.headers()['content-type'], guide.headers()['content-disposition']]).toEqual([
    200,
    'application/pdf',
    'attachment; filename="Guia-de-leitura-quatro-semanas.pdf"',
  ]);
  await checkBothWidths(page, 'lc-materiais');

  // A wrong link is refused beside its field, the title typed stays; then it goes in at the end.
  const linkForm = page.getByRole('region', { name: 'Adicionar um link' });
  await linkForm.getByLabel('Título').fill('Mapa do Rio antigo');
  await linkForm.getByLabel('Endereço').fill('http://exemplo.com.br/mapa');
  await linkForm.getByRole('button', { name: 'Adicionar link' }).click();
  await expect(page.getByText('Cole um link começando com https://.')).toBeVisible();
  await expect(linkForm.getByLabel('Título')).toHaveValue('Mapa do Rio antigo');
  await linkForm.getByLabel('Endereço').fill('https://exemplo.com.br/mapa');
  await linkForm.getByRole('button', { name: 'Adicionar link' }).click();
  await expect(page.getByText('Link adicionado aos materiais.')).toBeVisible();

  // A file that is neither PDF nor image is refused beside the field; a PDF goes in.
  const fileForm = page.getByRole('region', { name: 'Enviar um arquivo' });
  await fileForm.getByLabel('Arquivo').setInputFiles({ name: 'falso.pdf', mimeType: 'application/pdf', buffer: Buffer.from('não sou PDF') });
  await fileForm.getByLabel('Título').fill('Cronologia');
  await fileForm.getByRole('button', { name: 'Enviar arquivo' }).click();
  await expect(page.getByText('Envie um PDF ou uma imagem (JPEG, PNG, WebP ou GIF).')).toBeVisible();
  await expect(fileForm.getByLabel('Título')).toHaveValue('Cronologia');
  await fileForm.getByLabel('Arquivo').setInputFiles({ name: 'cronologia.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await fileForm.getByRole('button', { name: 'Enviar arquivo' }).click();
  await expect(page.getByText('Arquivo adicionado aos materiais.')).toBeVisible();
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(5);
  await expect(items.nth(4)).toContainText('Cronologia');

  // Reorder and remove.
  await page.getByRole('button', { name: 'Subir “Cronologia”' }).click();
  await expect(page.getByText('Ordem dos materiais salva.')).toBeVisible();
  await expect(items.nth(3)).toContainText('Cronologia');
  await page.getByRole('button', { name: 'Remover “Mapa do Rio antigo”' }).click();
  await expect(page.getByText('Material removido.')).toBeVisible();
  await expect(items).toHaveCount(4);

  // A visitor sees the public LC's materials, without the host's forms, and downloads its files.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/lc/${SLUG}/materiais`);
  await expect(visitor.getByRole('link', { name: 'Cronologia' })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Enviar um arquivo' })).toHaveCount(0);
  expect((await visitor.request.get(guideHref!)).status()).toBe(200);
  await visitor.context().close();

  // Her profile's LCs tab.
  await page.goto('/u/lia_leitora/lcs');
  await expect(page.getByRole('heading', { level: 1, name: 'LCs de Lia Leitora' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Organiza' }).getByRole('link', { name: 'Dom Casmurro em quatro semanas' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Participa' }).getByRole('link', { name: 'Vidas secas em duas semanas' })).toBeVisible();
  await checkBothWidths(page, 'profile-lcs');

  // The book's page lists the LC reading it.
  await page.goto(`/lc/${SLUG}/livros`);
  await page.getByRole('link', { name: 'Dom Casmurro', exact: true }).click();
  const reading = page.getByRole('region', { name: 'LCs lendo este livro' });
  await expect(reading.getByRole('link', { name: 'Dom Casmurro em quatro semanas' })).toBeVisible();
  await checkBothWidths(page, 'edition-lcs');

  // The switches of the two new notifications, and the create hub's LC and club.
  await page.goto('/configuracoes/notificacoes');
  await expect(page.getByText('Convite para uma LC')).toBeVisible();
  await expect(page.getByText('Etapa de uma LC sua começa')).toBeVisible();
  await page.goto('/criar');
  await expect(page.getByRole('link', { name: 'Criar LC' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Novo clube' })).toBeVisible();
});

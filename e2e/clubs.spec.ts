import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { checkBothWidths, signIn } from './helpers';

test('an owner creates and customises a club (a colour refused, then accepted, the preview following), publishes a members-only post; a reader asks to join, is approved and reads it; banned, he loses the club at once', async ({
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

  // A post for members only.
  await page.goto(`/clube/${slug}/posts`);
  await page.getByText('Escrever um post').click();
  await page.getByLabel('Título').fill('Só para quem entrou');
  await page.getByLabel('Texto').fill('Bem-vindos: a primeira leitura é **Vidas Secas**.');
  await page.getByLabel('Quem pode ler').selectOption('membros');
  await page.getByRole('button', { name: 'Publicar post' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Só para quem entrou' })).toBeVisible();

  // A reader asks to join; while he waits, the post is not there for him.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await signIn(reader, 'beto_leitor');
  await reader.goto(`/clube/${slug}`);
  await reader.getByRole('button', { name: 'Pedir para entrar' }).click();
  await expect(reader.getByText('Pedido enviado', { exact: false }).first()).toBeVisible();
  await reader.goto(`/clube/${slug}/posts`);
  await expect(reader.getByText('Só para quem entrou')).toHaveCount(0);

  // The owner approves the request from the dashboard's link.
  await page.goto(`/clube/${slug}/admin`);
  await expect(page.getByRole('heading', { name: 'Pedidos esperando' })).toBeVisible();
  await checkBothWidths(page, 'club-admin-painel');
  await page.getByRole('link', { name: 'Responder os pedidos' }).click();
  await expect(page.getByRole('heading', { name: 'Pedidos esperando (1)' })).toBeVisible();
  await checkBothWidths(page, 'club-admin-membros');
  await page.getByRole('button', { name: 'Aprovar @beto_leitor' }).click();
  await expect(page.getByText('Pedido aprovado: o leitor agora é membro.')).toBeVisible();

  await reader.goto(`/clube/${slug}/posts`);
  await expect(reader.getByText('Você é membro')).toBeVisible();
  await reader.getByRole('link', { name: 'Só para quem entrou', exact: true }).click();
  await expect(reader.locator('strong', { hasText: 'Vidas Secas' })).toBeVisible();
  await reader.goto(`/clube/${slug}`);

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
  await reader.goto(`/clube/${slug}/posts`);
  await expect(reader.getByText('Só para quem entrou')).toHaveCount(0);
  const admin = await reader.goto(`/clube/${slug}/admin/membros`);
  expect(admin?.status()).toBe(404);
  await readerContext.close();
});

test('the clubs around the site: directory, a club home, my clubs with an invitation, the create form, a reader’s clubs and the home card, at both widths', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Clubes' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver todos os clubes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clubes' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar clubes' }).fill('classicos');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('link', { name: 'Clássicos Brasileiros' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sala Secreta' })).toHaveCount(0);
  await checkBothWidths(page, 'clubes');
  await page.goto('/clube/clube-da-foca');
  await expect(page.getByRole('heading', { level: 1, name: 'Clube da Foca' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Próximas atividades' })).toBeVisible();
  await expect(page.getByText('LC do mês: Grande Sertão: Veredas')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar para participar' })).toBeVisible();
  expect((await page.goto('/clube/sala-secreta'))?.status()).toBe(404);

  await signIn(page, 'lia_leitora');
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Meus clubes' })).toBeVisible();
  await checkBothWidths(page, 'home-clubes');
  await page.goto('/clube');
  await expect(page.getByRole('heading', { name: 'Convites' })).toBeVisible();
  await checkBothWidths(page, 'meus-clubes');
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page.getByText('Boas-vindas ao clube!')).toBeVisible();
  await page.goto('/clube/sala-secreta');
  await expect(page.getByRole('heading', { level: 1, name: 'Sala Secreta' })).toBeVisible();
  await page.goto('/clube/clube-da-foca');
  await expect(page.getByText('Você é membro')).toBeVisible();
  await checkBothWidths(page, 'clube-inicio');
  await page.goto('/u/lia_leitora/clubes');
  await expect(page.getByRole('link', { name: 'Sala Secreta' })).toBeVisible();
  await checkBothWidths(page, 'u-clubes');
  await page.goto('/criar');
  await page.getByLabel('Nome do clube').fill('   ');
  await page.getByLabel('Descrição').fill('Um clube para ler devagar.');
  await page.getByRole('button', { name: 'Criar clube' }).click();
  await expect(page.getByText('Dê um nome ao clube.')).toBeVisible();
  await expect(page.getByLabel('Descrição')).toHaveValue('Um clube para ler devagar.');
  await checkBothWidths(page, 'criar');
});

test('the LC’s book picker offers editions only: a club’s name, which the header search suggests, brings no club to it', async ({ page }) => {
  await signIn(page, 'lia_leitora');
  await page.goto('/clube/clube-da-foca/admin/atividades');
  const suggestions = (q: string) => page.waitForResponse((r) => r.url().includes(`/api/catalogo/sugestoes?q=${encodeURIComponent(q)}`) && r.ok());

  // The suggestions do hold the club for its name: the header offers it.
  const header = page.getByRole('combobox', { name: 'Buscar livros, leitores, clubes, maratonas e espécies' });
  const forHeader = suggestions('Clube da Foca');
  await header.fill('Clube da Foca');
  expect((await (await forHeader).json()).suggestions).toContainEqual(expect.objectContaining({ kind: 'club', title: 'Clube da Foca' }));
  await expect(page.getByRole('listbox', { name: 'Sugestões' }).getByRole('option', { name: /^Clube da Foca Clube ·/ })).toBeVisible();
  await header.fill('');

  // The picker, given the same answer, offers nothing; given a book's title, offers the book and takes it.
  await page
    .locator('summary')
    .filter({ hasText: /^LC do mês$/ })
    .click();
  const picker = page.getByRole('combobox', { name: 'Livro da LC' });
  // Another spelling, so the browser cannot answer from the header's cached response without asking.
  const forPicker = suggestions('clube da foca');
  await picker.fill('clube da foca');
  await forPicker;
  const offered = page.getByRole('listbox', { name: 'Livros encontrados' }).getByRole('option');
  await expect(offered).toHaveCount(0);
  await picker.fill('Grande Sertão');
  await expect(offered.first()).toContainText('Grande Sertão: Veredas');
  await expect(offered.filter({ hasText: 'Clube' })).toHaveCount(0);
  await offered.first().click();
  await expect(page.getByText(/^Escolhido: Grande Sertão: Veredas · /)).toBeVisible();
});

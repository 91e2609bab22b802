import { type Page, expect, test } from '@playwright/test';
import { checkBothWidths, signIn } from './helpers';

// Three people's pages, axe at two widths: longer than the default minute on a shared machine.
test.describe.configure({ timeout: 150_000 });

const pagesRow = (page: Page) => page.locator('dt', { hasText: 'Páginas' }).locator('xpath=following-sibling::dd[1]');

test('a reader proposes a correction, a curator approves it, history and the edition page show it, the reader sees the answer', async ({ browser }) => {
  const visitor = await browser.newPage();
  await visitor.goto('/catalogo?q=vidas+secas');
  await visitor.getByRole('link', { name: 'Vidas Secas' }).first().click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Vidas Secas' })).toBeVisible();
  const editionPath = new URL(visitor.url()).pathname;
  const pagesBefore = (await pagesRow(visitor).count()) ? await pagesRow(visitor).textContent() : null;
  expect(pagesBefore).not.toBe('321');

  // Signed out, "Sugerir correção" goes through sign-in and comes back to the form.
  const reader = await browser.newPage();
  await reader.goto(editionPath);
  await reader.getByRole('link', { name: 'Sugerir correção' }).click();
  await expect(reader).toHaveURL(/\/auth\/signin\?callbackUrl=/);
  await reader.getByLabel('E-mail ou nome de usuário').fill('lia_leitora');
  await reader.getByLabel('Senha', { exact: true }).fill('maratona-demo-2026');
  await reader.getByRole('button', { name: 'Entrar' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'Sugerir correção' })).toBeVisible();
  await checkBothWidths(reader, 'solicitar');

  await reader.getByLabel('Páginas').fill('muitas');
  await reader.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(reader.getByText('Informe um número de páginas entre 1 e 20.000.')).toBeVisible();
  await expect(reader.getByLabel('Páginas')).toHaveValue('muitas');
  await reader.getByLabel('Páginas').fill('321');
  await reader.getByLabel('Observação para o curador (opcional)').fill('Conferi na ficha da editora.');
  await reader.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(reader).toHaveURL(/\/catalogo\/minhas-solicitacoes\?enviada=SOL-/);
  const code = new URL(reader.url()).searchParams.get('enviada') ?? '';
  await expect(reader.getByText(`Recebemos a solicitação ${code}`)).toBeVisible();
  await expect(reader.getByRole('listitem').filter({ hasText: code })).toContainText('pendente');
  await checkBothWidths(reader, 'minhas-solicitacoes');

  const curator = await browser.newPage();
  await signIn(curator, 'caio_curador');
  await curator.goto('/gerenciar');
  await expect(curator.getByRole('link', { name: 'Painel do catálogo' })).toBeVisible();
  await expect(curator.getByRole('heading', { name: 'Contas' })).toHaveCount(0);
  await checkBothWidths(curator, 'gerenciar-curador');
  await curator.getByRole('link', { name: 'Painel do catálogo' }).click();
  await expect(curator.getByRole('heading', { name: /Solicitações pendentes: [1-9]/ })).toBeVisible();
  await checkBothWidths(curator, 'gerenciar-catalogo');
  await curator.getByRole('link', { name: 'Fila de solicitações' }).click();
  await checkBothWidths(curator, 'fila');
  await curator.getByRole('link', { name: new RegExp(code) }).click();
  await expect(curator.getByRole('heading', { level: 1, name: new RegExp(code) })).toBeVisible();
  await expect(curator.getByRole('row', { name: /Páginas/ })).toContainText('321');
  await checkBothWidths(curator, 'revisao');
  await curator.getByLabel('Comentário para o leitor (opcional)').first().fill('Obrigado! Conferido.');
  await curator.getByRole('button', { name: 'Aprovar como proposto' }).click();
  await expect(curator.getByText('aprovada', { exact: true })).toBeVisible();

  await curator.goto(`/gerenciar/catalogo/historicos?codigo=${code}`);
  const entry = curator.getByRole('listitem').filter({ hasText: code });
  await expect(entry).toContainText('Páginas');
  await expect(entry).toContainText('321');
  await expect(entry).toContainText('@caio_curador');
  await checkBothWidths(curator, 'historico');

  await reader.goto('/catalogo/minhas-solicitacoes');
  const answered = reader.getByRole('listitem').filter({ hasText: code });
  await expect(answered).toContainText('aprovada');
  await expect(answered).toContainText('Obrigado! Conferido.');
  await reader.goto('/notificacoes');
  await expect(reader.getByRole('link', { name: new RegExp(`${code}.*foi aprovada`) })).toHaveAttribute('href', '/catalogo/minhas-solicitacoes');

  // The visitor's page came from the HTML cache before; the approval dropped it.
  await visitor.goto(editionPath);
  await expect(pagesRow(visitor)).toHaveText('321');
});

test('an empty search offers to request the book, which opens the new-edition form with the title', async ({ page }) => {
  await signIn(page, 'lia_leitora');
  await page.goto('/catalogo?q=zzqx+livro+inexistente');
  await page.getByRole('link', { name: 'Pedir a inclusão deste livro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pedir a inclusão de um livro' })).toBeVisible();
  await expect(page.getByLabel('Título', { exact: true })).toHaveValue('zzqx livro inexistente');
  await checkBothWidths(page, 'nova-edicao');
});

test('a curator sees which field moved since the request was made', async ({ browser }) => {
  const reader = await browser.newPage();
  await signIn(reader, 'lia_leitora');
  await reader.goto('/catalogo?q=capitaes+da+areia');
  await reader.getByRole('link', { name: 'Capitães da Areia' }).first().click();
  await expect(reader.getByRole('heading', { level: 1, name: 'Capitães da Areia' })).toBeVisible();
  const formPath = `/catalogo/solicitar?edicao=${new URL(reader.url()).pathname.split('/')[2]}`;
  const send = async (pages: string) => {
    await reader.goto(formPath);
    await reader.getByLabel('Páginas').fill(pages);
    await reader.getByRole('button', { name: 'Enviar solicitação' }).click();
    await expect(reader).toHaveURL(/enviada=SOL-/);
    return new URL(reader.url()).searchParams.get('enviada') ?? '';
  };
  const stale = await send('401');
  const newer = await send('402');

  const curator = await browser.newPage();
  await signIn(curator, 'caio_curador');
  await curator.goto(`/gerenciar/catalogo/solicitacoes/${newer}`);
  await curator.getByRole('button', { name: 'Aprovar como proposto' }).click();
  await expect(curator.getByText('aprovada', { exact: true })).toBeVisible();
  await curator.goto(`/gerenciar/catalogo/solicitacoes/${stale}`);
  await expect(curator.getByText('Um campo mudou no catálogo desde o pedido')).toBeVisible();
  await expect(curator.getByRole('row', { name: /Páginas/ })).toContainText('Conflito: mudou desde o pedido');
  await expect(curator.getByRole('row', { name: /Páginas/ })).toContainText('402');
  await checkBothWidths(curator, 'revisao-conflito');
  await curator.getByLabel('Motivo (o leitor recebe este texto)').fill('Outra solicitação já corrigiu as páginas.');
  await curator.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(curator.getByText('rejeitada', { exact: true })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn, signUp, uniqueName } from './helpers';

// Two people, a request, its approval, a duplicate report and a merge, axe at two widths on each new page.
test.describe.configure({ timeout: 180_000 });

test('a reader reports a duplicate edition, a curator merges it, the old address answers 308 and the history shows the merge', async ({ browser }) => {
  // A duplicate the catalogue does not have yet: the reader asks for a second "Noites Brancas", a curator adds it.
  const reader = await browser.newPage();
  await signUp(reader, uniqueName('dup'), 'leituras-duplicadas-42');
  await reader.goto('/catalogo/solicitar?tipo=nova-edicao');
  await reader.getByLabel('Título', { exact: true }).fill('Noites Brancas');
  await reader.getByLabel('Autores').fill('Fiódor Dostoievski');
  await reader.getByLabel('Editora').fill('Editora Repetida');
  await reader.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(reader).toHaveURL(/enviada=SOL-/);
  const added = new URL(reader.url()).searchParams.get('enviada') ?? '';

  const curator = await browser.newPage();
  await signIn(curator, 'caio_curador');
  await curator.goto(`/gerenciar/catalogo/solicitacoes/${added}`);
  await curator.getByRole('button', { name: 'Aprovar como proposto' }).click();
  await expect(curator.getByText('aprovada', { exact: true })).toBeVisible();

  await reader.goto('/catalogo/minhas-solicitacoes');
  await reader.getByRole('listitem').filter({ hasText: added }).getByRole('link', { name: 'Noites Brancas' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'Noites Brancas' })).toBeVisible();
  const duplicatePath = new URL(reader.url()).pathname;

  await reader.getByRole('link', { name: 'Informar duplicata' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'Informar duplicata' })).toBeVisible();
  await reader.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(reader.getByText('Escolha a outra edição na busca ou cole o link dela.')).toBeVisible();
  await reader.getByLabel('Buscar a outra edição').fill('noites brancas');
  await reader.getByRole('button', { name: 'Buscar' }).click();
  const original = reader.getByRole('radio', { name: /Noites brancas.*Penguin/i });
  const originalId = (await original.getAttribute('value')) ?? '';
  await original.check();
  await reader.getByLabel('Observação para o curador (opcional)').fill('A mesma edição, cadastrada duas vezes.');
  await checkBothWidths(reader, 'informar-duplicata');
  await reader.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(reader).toHaveURL(/enviada=SOL-/);
  const code = new URL(reader.url()).searchParams.get('enviada') ?? '';
  await expect(reader.getByRole('listitem').filter({ hasText: code })).toContainText('Duplicata de: Noites brancas');

  await curator.goto(`/gerenciar/catalogo/solicitacoes?tipo=duplicata`);
  await curator.getByRole('link', { name: new RegExp(code) }).click();
  await expect(curator.getByRole('region', { name: 'Possível duplicata' })).toContainText('Penguin');
  await checkBothWidths(curator, 'revisao-duplicata');
  await curator.getByRole('region', { name: 'Possível duplicata' }).getByRole('radio', { name: 'Fica este registro' }).check();
  await curator.getByRole('button', { name: 'Aprovar e mesclar' }).click();
  await expect(curator.getByText('aprovada', { exact: true })).toBeVisible();

  const moved = await curator.request.get(duplicatePath, { maxRedirects: 0 });
  expect(moved.status()).toBe(308);
  expect(moved.headers().location).toBe(`/ed/${originalId}`);
  await reader.goto(duplicatePath);
  await expect(reader).toHaveURL(new RegExp(`/ed/${originalId}$`));
  await expect(reader.getByText('Editora Repetida')).toHaveCount(0);

  await curator.goto(`/gerenciar/catalogo/historicos?codigo=${code}`);
  const entry = curator.getByRole('listitem').filter({ hasText: 'Mesclagem' });
  await expect(entry).toContainText('Mesclada em Noites brancas');
  await expect(entry).toContainText('@caio_curador');
  await expect(entry).toContainText('Uma mesclagem não pode ser revertida');
  await expect(entry.getByRole('button', { name: /Reverter/ })).toHaveCount(0);
  await checkBothWidths(curator, 'historico-mesclagem');

  // The direct merge's confirmation step, looked at but not run: two authors side by side.
  await curator.goto('/gerenciar/catalogo/mesclar?tipo=autor&manter=%2Fautor%2Fmachado-de-assis&mesclar=jose-de-alencar');
  await expect(curator.getByRole('button', { name: 'Mesclar “José de Alencar” em “Machado de Assis”' })).toBeVisible();
  await checkBothWidths(curator, 'mesclar');
});

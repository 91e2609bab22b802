import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn } from './helpers';

test('a club owner publishes a members-only post: a non-member does not see it, a member reads it, comments and reacts', async ({ browser }) => {
  test.setTimeout(180_000);
  const name = `Clube Posts ${Date.now().toString(36).slice(-5)}`;

  // Lia creates an open club: she is its owner (staff).
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, 'lia_leitora');
  await owner.goto('/criar');
  await owner.getByLabel('Nome do clube').fill(name);
  await owner.getByLabel('Aberto: qualquer leitor entra').check();
  await owner.getByRole('button', { name: 'Criar clube' }).click();
  await expect(owner).toHaveURL(/\/clube\/[a-z0-9-]+\/admin/);
  const slug = new URL(owner.url()).pathname.split('/')[2]!;
  const posts = `/clube/${slug}/posts`;

  // She publishes a post for members only.
  await owner.goto(posts);
  await owner.getByText('Escrever um post').click();
  await owner.getByLabel('Título').fill('Leitura de dezembro');
  await owner.getByLabel('Texto').fill('Vamos ler **Grande Sertão: Veredas**.');
  await owner.getByLabel('Quem pode ler').selectOption('membros');
  await owner.getByRole('button', { name: 'Publicar post' }).click();
  await expect(owner.getByRole('heading', { level: 2, name: 'Leitura de dezembro' })).toBeVisible();
  await expect(owner.getByText('Só membros', { exact: true })).toBeVisible();
  const postUrl = new URL(owner.url()).pathname + new URL(owner.url()).search;

  // Beto, not a member, sees neither the post in the list nor the post itself.
  const reader = await (await browser.newContext()).newPage();
  await signIn(reader, 'beto_leitor');
  await reader.goto(posts);
  await expect(reader.getByRole('heading', { level: 2, name: 'Posts' })).toBeVisible();
  await expect(reader.getByText('Leitura de dezembro')).toHaveCount(0);
  await expect(reader.getByText('O clube ainda não publicou nada que você possa ler.')).toBeVisible();
  expect((await reader.goto(postUrl))?.status()).toBe(404);
  await reader.goto(`/clube/${slug}/comunidade`);
  await expect(reader.getByText('A lista de membros e as conversas do clube são só para quem participa dele.')).toBeVisible();

  // He joins: now he reads it, comments and reacts.
  await reader.goto(posts);
  await reader.getByRole('button', { name: 'Entrar no clube' }).click();
  await expect(reader.getByText('Boas-vindas ao clube!')).toBeVisible();
  await reader.goto(posts);
  await reader.getByRole('link', { name: 'Leitura de dezembro', exact: true }).click();
  await expect(reader.getByRole('heading', { level: 2, name: 'Leitura de dezembro' })).toBeVisible();
  await expect(reader.locator('strong', { hasText: 'Grande Sertão: Veredas' })).toBeVisible();
  await reader.getByLabel('Seu comentário').fill('Finalmente! Estou dentro.');
  await reader.getByRole('button', { name: 'Comentar' }).click();
  await expect(reader.getByText('Comentário publicado.')).toBeVisible();
  await expect(reader.getByRole('listitem').filter({ hasText: 'Finalmente! Estou dentro.' })).toBeVisible();
  await reader.getByRole('button', { name: 'Palmas (0)' }).click();
  await expect(reader.getByRole('button', { name: 'Palmas (1)' })).toHaveAttribute('aria-pressed', 'true');
  await checkBothWidths(reader, 'clube-post');

  // The list, the community's threads and its directory, at both widths.
  await reader.goto(posts);
  await expect(reader.getByText('1 comentário · 1 reação')).toBeVisible();
  await checkBothWidths(reader, 'clube-posts');
  await reader.goto(`/clube/${slug}/comunidade`);
  await reader.getByText('Abrir uma conversa').click();
  await reader.getByLabel('Título').fill('Quem já leu Guimarães Rosa?');
  await reader.getByLabel('Texto').fill('Contem como foi.');
  await reader.getByRole('button', { name: 'Abrir conversa' }).click();
  await expect(reader.getByRole('heading', { level: 2, name: 'Quem já leu Guimarães Rosa?' })).toBeVisible();
  await reader.goto(`/clube/${slug}/comunidade`);
  await checkBothWidths(reader, 'clube-comunidade');
  await reader.getByRole('link', { name: /^Membros/ }).click();
  await expect(reader.getByRole('list', { name: 'Membros do clube' }).getByText('Dono')).toBeVisible();
  await checkBothWidths(reader, 'clube-membros');

  // The owner sees the comment on her post.
  // The owner sees the comment on her post, and her tools: pin, edit (the text before kept), delete.
  await owner.goto(postUrl);
  await expect(owner.getByText('Finalmente! Estou dentro.')).toBeVisible();
  await owner.getByRole('button', { name: 'Fixar no topo' }).click();
  await expect(owner.getByText('Fixado no topo.')).toBeVisible();
  await owner.getByText('Editar post').click();
  await owner.getByLabel('Título').fill('Leitura de dezembro (atualizado)');
  await owner.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(owner.getByText('Post editado.')).toBeVisible();
  await owner.getByText('Histórico de edições (1)').click();
  await expect(owner.getByText('Leitura de dezembro', { exact: true })).toBeVisible();
  await checkBothWidths(owner, 'clube-post-dono');
  // The member reads the new title, without "editado" (staff and the author only), and the post now pinned.
  await reader.goto(posts);
  await expect(reader.getByRole('list', { name: 'Fixados' }).getByRole('link', { name: 'Leitura de dezembro (atualizado)', exact: true })).toBeVisible();
  await expect(reader.getByText(/editado em/)).toHaveCount(0);
});

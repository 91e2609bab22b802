import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkBothWidths, signUp, uniqueName } from './helpers';

const PASSWORD = 'memorias-postumas-1881';
const message = (page: Page) => page.locator('p[role="status"]');

/** A reader of their own, in a browser context of their own. */
async function reader(browser: Browser, prefix: string): Promise<{ page: Page; username: string }> {
  const page = await (await browser.newContext()).newPage();
  const username = uniqueName(prefix);
  await signUp(page, username, PASSWORD);
  return { page, username };
}

test('a reader finds another, follows her public profile, and she is told', async ({ browser }) => {
  const ana = await reader(browser, 'ana');
  const bia = await reader(browser, 'bia');
  await ana.page.goto('/configuracoes/conta');
  await ana.page.getByLabel('Nome de exibição').fill('Ana Conceição');
  await ana.page.getByLabel('Pronomes').fill('ela/dela');
  await ana.page.getByLabel('Links').fill('https://ana.exemplo.com.br');
  await ana.page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(ana.page.getByText('Perfil salvo.')).toBeVisible();

  // Without accents or capitals, the search finds her.
  await bia.page.goto('/u');
  await bia.page.getByLabel('Nome ou nome de usuário').fill('ANA CONCEICAO');
  await bia.page.getByRole('button', { name: 'Buscar' }).click();
  await checkBothWidths(bia.page, 'leitores');
  await bia.page.getByRole('link', { name: new RegExp(`Ana Conceição.*@${ana.username}`) }).click();
  await expect(bia.page.getByRole('heading', { level: 1, name: 'Ana Conceição' })).toBeVisible();
  await expect(bia.page.getByRole('link', { name: 'ana.exemplo.com.br' })).toHaveAttribute('rel', 'nofollow ugc noopener me');
  await bia.page.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(message(bia.page)).toHaveText(`Você agora segue @${ana.username}.`);
  await expect(bia.page.getByRole('link', { name: '1 seguidor' })).toBeVisible();
  await checkBothWidths(bia.page, 'perfil');

  await ana.page.goto('/notificacoes');
  await expect(ana.page.getByRole('link', { name: `@${bia.username} começou a seguir você.` })).toBeVisible();
  await ana.page.goto(`/u/${ana.username}/seguidores`);
  await expect(ana.page.getByRole('link', { name: new RegExp(`@${bia.username}`) })).toBeVisible();
  await checkBothWidths(ana.page, 'perfil-seguidores');
});

test('a reader asks to follow a restricted profile; once approved, he sees her bookshelf', async ({ browser }) => {
  const duda = await reader(browser, 'duda');
  const caio = await reader(browser, 'caio');
  await duda.page.goto('/catalogo?q=vidas%20secas');
  await duda.page
    .getByRole('link', { name: /^Vidas Secas$/i })
    .first()
    .click();
  await duda.page.getByRole('button', { name: 'Quero ler' }).click();
  await expect(message(duda.page)).toHaveText('Na sua estante como “Quero ler”.');
  await duda.page.goto('/configuracoes/conta');
  await duda.page.getByLabel('Restrito — só quem você aprovar vê além do nome e da foto').check();
  await duda.page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(duda.page.getByText('Perfil salvo.')).toBeVisible();

  await caio.page.goto(`/u/${duda.username}`);
  await expect(caio.page.getByText('Este perfil é restrito.')).toBeVisible();
  expect((await caio.page.goto(`/u/${duda.username}/estante`))?.status()).toBe(404);
  await caio.page.goto(`/u/${duda.username}`);
  await caio.page.getByRole('button', { name: 'Pedir para seguir' }).click();
  await expect(caio.page.getByText('Solicitação enviada')).toBeVisible();
  await checkBothWidths(caio.page, 'perfil-restrito');

  await duda.page.goto('/notificacoes');
  await duda.page.getByRole('link', { name: `@${caio.username} pediu para seguir você.` }).click();
  await expect(duda.page.getByRole('heading', { name: 'Pedidos para seguir você' })).toBeVisible();
  await duda.page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(message(duda.page)).toHaveText(`@${caio.username} agora segue você.`);

  await caio.page.goto(`/u/${duda.username}/estante`);
  await expect(caio.page.getByRole('heading', { level: 1, name: `Estante de ${duda.username}` })).toBeVisible();
  await expect(caio.page.getByRole('heading', { level: 2, name: /^Vidas Secas$/i })).toBeVisible();
  await checkBothWidths(caio.page, 'perfil-estante');
  await caio.page.getByRole('link', { name: 'Lidos', exact: true }).click();
  await expect(caio.page.getByText('Nenhum livro lido registrado ainda.')).toBeVisible();
  await checkBothWidths(caio.page, 'perfil-lidos');
  await caio.page.getByRole('link', { name: 'Estantes', exact: true }).click();
  await expect(caio.page.getByText('Nenhuma estante personalizada para mostrar.')).toBeVisible();
  await checkBothWidths(caio.page, 'perfil-estantes');
  await caio.page.goto('/seguindo');
  await expect(caio.page.getByRole('link', { name: /^Vidas Secas$/i })).toBeVisible();
  await checkBothWidths(caio.page, 'seguindo');
});

test('a blocked reader gets a 404 on the profile of who blocked him', async ({ browser }) => {
  const eva = await reader(browser, 'eva');
  const gil = await reader(browser, 'gil');
  await eva.page.goto(`/u/${gil.username}`);
  await eva.page.getByText('Bloquear', { exact: true }).click();
  await eva.page.getByRole('button', { name: `Bloquear @${gil.username}` }).click();
  await expect(eva.page).toHaveURL(/\/seguindo\?bloqueado=/);
  await expect(message(eva.page)).toHaveText(`Você bloqueou @${gil.username}.`);
  await expect(eva.page.getByRole('heading', { name: 'Leitores bloqueados' })).toBeVisible();

  expect((await gil.page.goto(`/u/${eva.username}`))?.status()).toBe(404);
  expect((await eva.page.goto(`/u/${gil.username}`))?.status()).toBe(404);
  await eva.page.goto('/seguindo');
  await eva.page.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(message(eva.page)).toHaveText(`Você desbloqueou @${gil.username}.`);
  expect((await gil.page.goto(`/u/${eva.username}`))?.status()).toBe(200);
});

test('a visitor reads a profile: the goal and latest atts, then the resenhas, atts and estatisticas tabs', async ({ page }) => {
  await page.goto('/u/lia_leitora');
  await expect(page.getByRole('heading', { level: 2, name: /^Meta de leitura de \d{4}$/ })).toBeVisible();
  const latest = page.getByRole('list', { name: 'Últimas atts' });
  await expect(latest.getByText('Bibiana e Belonísia')).toBeVisible();
  await checkBothWidths(page, 'perfil-visao-geral');

  await page.getByRole('link', { name: 'Resenhas', exact: true }).click();
  await expect(page).toHaveURL(/\/u\/lia_leitora\/resenhas$/);
  await expect(page.getByRole('heading', { level: 2, name: /^Vidas Secas$/i })).toBeVisible();
  await expect(page.getByText('Seco como o sertão')).toBeVisible();
  await checkBothWidths(page, 'perfil-resenhas');

  await page.getByRole('link', { name: 'Atts', exact: true }).click();
  await expect(page).toHaveURL(/\/u\/lia_leitora\/atts$/);
  await expect(page.getByRole('list', { name: 'Atts de @lia_leitora' }).getByText('Bibiana e Belonísia')).toBeVisible();
  await checkBothWidths(page, 'perfil-atts');

  await page.getByRole('link', { name: 'Estatísticas', exact: true }).click();
  await expect(page).toHaveURL(/\/u\/lia_leitora\/estatisticas$/);
  await expect(page.getByRole('img', { name: /^Livros por mês em \d{4}/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Notas dadas/ })).toBeVisible();
  await page.getByText('Ver em tabela').first().click();
  await expect(page.getByRole('table', { name: /^Livros por mês em \d{4}$/ })).toBeVisible();
  await checkBothWidths(page, 'perfil-estatisticas');
});

test('a visitor finds the books read on unknown dates under "Sem data", and the statistics of all time', async ({ page }) => {
  // Pedro (demo) read two books this year and Vidas Secas long ago, on a day nobody wrote down.
  await page.goto('/u/pedro_albuquerque');
  await page.getByRole('link', { name: '3 lidos' }).click();
  await expect(page).toHaveURL(/\/u\/pedro_albuquerque\/lidos$/);
  const years = page.getByRole('navigation', { name: 'Ano' });
  await expect(years.getByRole('link')).toHaveText([/^\d{4} \(2\)$/, 'Sem data (1)']);
  await years.getByRole('link', { name: 'Sem data (1)' }).click();
  await expect(page).toHaveURL(/\/u\/pedro_albuquerque\/lidos\?ano=sem-data$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Lidos sem data' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /^Vidas Secas$/i })).toBeVisible();
  await checkBothWidths(page, 'perfil-lidos-sem-data');

  // Statistics open on the latest year with reading; all time adds the book without a date, in a bar of its own.
  await page.getByRole('link', { name: 'Estatísticas', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Leituras de \d{4}$/ })).toBeVisible();
  await expect(page.getByText(/^Em \d{4}: 2 livros lidos/)).toBeVisible();
  await checkBothWidths(page, 'perfil-estatisticas-ano');
  await page.getByRole('navigation', { name: 'Ano' }).getByRole('link', { name: 'Todo o período' }).click();
  await expect(page).toHaveURL(/\/u\/pedro_albuquerque\/estatisticas\?ano=todos$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Leituras de todo o período' })).toBeVisible();
  await expect(page.getByText(/^Em todo o período: 3 livros lidos/)).toBeVisible();
  await page.getByText('Ver em tabela').first().click();
  await expect(page.getByRole('table', { name: 'Livros por ano' }).getByRole('row', { name: 'Sem data 1' })).toBeVisible();
  await checkBothWidths(page, 'perfil-estatisticas-todo-periodo');
});

test('every profile tab is reachable: a wide screen wraps the row, a phone scrolls it to the current tab', async ({ page }) => {
  const tabs = page.getByRole('navigation', { name: 'Seções do perfil' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/u/lia_leitora/seguindo');
  for (const link of await tabs.getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 0.9 });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/u/lia_leitora/seguindo');
  await expect(tabs.getByRole('link', { name: 'Seguindo', exact: true })).toBeInViewport({ ratio: 0.9 });
});

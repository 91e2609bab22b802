import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn, signUp, startReadingFromCatalog, uniqueName } from './helpers';

const day = (offset: number) => new Date(Date.now() - 3 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

test('a reader creates a marathon with two categories and a level; a second reader accepts the notice, registers, sees only the revealed challenges, links a book, finishes it and moves up the ranking', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Maratona da Foca ${Date.now().toString(36).slice(-5)}`;

  await signIn(page, 'lia_leitora');
  await page.goto('/maratonas');
  await expect(page.getByRole('heading', { level: 1, name: 'Maratonas' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Maratona Literária de Verão' })).toBeVisible();
  await checkBothWidths(page, 'maratonas');

  await page.goto('/criar');
  await page.getByRole('link', { name: 'Criar maratona' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar maratona' })).toBeVisible();
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Regras (Markdown)').fill('Vale **qualquer** edição.');
  await checkBothWidths(page, 'maratona-wizard-basico');
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Dates: a wrong last day is refused next to its field, what was typed stays.
  await page.getByLabel('Primeiro dia').fill(day(0));
  await page.getByLabel('Último dia').fill(day(-2));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('O último dia vem depois do primeiro.')).toBeVisible();
  await expect(page.getByLabel('Primeiro dia')).toHaveValue(day(0));
  await page.getByLabel('Último dia').fill(day(13));
  await page.getByLabel('Inscrições fecham').fill(day(13));
  await page.getByRole('button', { name: 'Continuar' }).click();

  // One level.
  await page.getByLabel('Como os participantes se dividem').selectOption('levels');
  await page.getByRole('button', { name: 'Adicionar nível' }).click();
  await page.getByLabel('Nível 1').fill('Principiante');
  await checkBothWidths(page, 'maratona-wizard-niveis');
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Two categories, a challenge open from the start and one revealed in five days.
  await page.getByLabel('Categoria 1', { exact: true }).fill('Clássicos');
  await page.getByRole('button', { name: 'Adicionar categoria' }).click();
  await page.getByLabel('Categoria 2', { exact: true }).fill('Poesia');
  const first = page.getByRole('group', { name: 'Desafio 1' });
  await first.getByLabel('Descrição').fill('Leia um clássico brasileiro');
  await first.getByLabel('Pontos').fill('3');
  await page.getByRole('button', { name: 'Adicionar desafio' }).click();
  const second = page.getByRole('group', { name: 'Desafio 2' });
  await second.getByLabel('Categoria').selectOption({ label: 'Poesia' });
  await second.getByLabel('Descrição').fill('Desafio surpresa de poesia');
  await second.getByLabel('Revelar em (opcional)').fill(day(5));
  await second.getByLabel('Nível (opcional)').selectOption({ label: 'Principiante' });
  await page.mouse.move(0, 0);
  await checkBothWidths(page, 'maratona-wizard-desafios');
  // Going back and forth keeps every challenge typed.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByLabel('Nível 1')).toHaveValue('Principiante');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('group', { name: 'Desafio 2' }).getByLabel('Descrição')).toHaveValue('Desafio surpresa de poesia');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Criar maratona' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const slug = new URL(page.url()).pathname.split('/')[2]!;
  await expect(page.getByText('Inscrições abertas', { exact: false }).first()).toBeVisible();
  await checkBothWidths(page, 'maratona-pagina');
  // The organiser's participant view hides the unrevealed challenge too; Gerenciar lists it with its day.
  await page.getByRole('link', { name: 'Desafios' }).click();
  await expect(page.getByText('Leia um clássico brasileiro')).toBeVisible();
  await expect(page.getByText('Desafio surpresa de poesia')).toHaveCount(0);
  await page.getByRole('link', { name: 'Gerenciar' }).click();
  await expect(page.locator('p', { hasText: 'Desafio surpresa de poesia' })).toBeVisible();
  await expect(page.getByText(/agendado para/)).toBeVisible();
  await checkBothWidths(page, 'maratona-gerenciar');

  // A second reader: the notice first, then back to the marathon to register with a level.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  // A new account: the journey finishes a book, which must not change what other journeys read of the demo readers.
  const username = uniqueName('maratonista');
  await signUp(reader, username, 'noites-brancas-1848');
  await reader.goto(`/m/${slug}`);
  await reader.getByLabel('Seu nível').selectOption({ label: 'Principiante' });
  await reader.getByRole('button', { name: 'Inscrever-me' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'Antes de entrar numa maratona da comunidade' })).toBeVisible();
  await checkBothWidths(reader, 'maratonas-aviso');
  await reader.getByRole('button', { name: 'Li e aceito' }).click();
  await expect(reader.getByRole('heading', { level: 1, name })).toBeVisible();
  await reader.getByLabel('Seu nível').selectOption({ label: 'Principiante' });
  await reader.getByRole('button', { name: 'Inscrever-me' }).click();
  await expect(reader.getByText(/Inscrição feita!/)).toBeVisible();
  await expect(reader.getByText('Você participa · nível: Principiante')).toBeVisible();
  await expect(reader.getByText('1 participante', { exact: false }).first()).toBeVisible();

  await reader.getByRole('link', { name: 'Desafios' }).click();
  await expect(reader.getByText('Leia um clássico brasileiro')).toBeVisible();
  await expect(reader.getByText('Desafio surpresa de poesia')).toHaveCount(0);
  await checkBothWidths(reader, 'maratona-desafios');
  // Not in the page's data either.
  const raw = await reader.request.get(`/m/${slug}/desafios.data`);
  expect(await raw.text()).not.toContain('surpresa');

  await reader.goto('/m');
  await expect(reader.getByRole('link', { name })).toBeVisible();
  await checkBothWidths(reader, 'minhas-maratonas');

  // The marathon runs from today: the reader links a book from the shelf to the reading challenge and finishes it;
  // the challenge is done, and the ranking moves (they lead with its 3 points).
  const bookUrl = await startReadingFromCatalog(reader, 'o cortiço', /cortiço/i);
  await reader.goto(`/m/${slug}/ranking`);
  const mine = reader.getByRole('row').filter({ has: reader.locator(`a[href="/u/${username}"]`) });
  await expect(reader.getByText('Você: 1º · 0 pontos')).toBeVisible();
  await expect(mine.getByRole('cell').nth(3)).toHaveText('0');
  await reader.goto(`/m/${slug}/progresso`);
  const challenge = reader.getByRole('listitem').filter({ has: reader.getByRole('heading', { name: 'Leia um clássico brasileiro' }) });
  await challenge.getByRole('link', { name: 'Vincular um livro da estante' }).click();
  await challenge.getByLabel('Vincular um livro da sua estante').fill('cortiço');
  await challenge.getByRole('button', { name: 'Buscar na estante' }).click();
  await challenge.getByRole('button', { name: /Vincular “O Cortiço/i }).click();
  await expect(reader.getByText('Livro vinculado ao desafio.')).toBeVisible();
  await reader.goto(bookUrl);
  await reader.getByRole('button', { name: 'Lido', exact: true }).click();
  await expect(reader.locator('p[role="status"]')).toHaveText('Na sua estante como “Lido”.');
  await reader.goto(`/m/${slug}/progresso`);
  await expect(challenge.getByText('Concluído', { exact: true })).toBeVisible();
  await reader.goto(`/m/${slug}/ranking`);
  await expect(reader.getByText('Você: 1º · 3 pontos')).toBeVisible();
  await expect(mine.getByRole('cell').nth(3)).toHaveText('3');
  await checkBothWidths(reader, 'maratona-ranking-depois');

  // The organiser gives the reading challenge more points (decision 0080): the scores are rebuilt at once.
  await page.goto(`/m/${slug}/gerenciar`);
  const edited = page.locator('li').filter({ has: page.locator('p', { hasText: 'Leia um clássico brasileiro' }) });
  await edited.getByText('Editar', { exact: true }).click();
  await edited.getByLabel('Pontos').fill('cinco');
  await edited.getByRole('button', { name: 'Salvar desafio' }).click();
  await expect(edited.getByText('Use um número de 0 a 1000.')).toBeVisible();
  await expect(edited.getByLabel('Pontos')).toHaveValue('cinco');
  await checkBothWidths(page, 'maratona-gerenciar-editar');
  await edited.getByLabel('Pontos').fill('5');
  await edited.getByRole('button', { name: 'Salvar desafio' }).click();
  await expect(page.getByText('Desafio atualizado.')).toBeVisible();
  await reader.goto(`/m/${slug}/ranking`);
  await expect(reader.getByText('Você: 1º · 5 pontos')).toBeVisible();
  await readerContext.close();
});

import { expect, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { checkBothWidths, signIn, signUp, uniqueName } from './helpers';

const HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';
const row = (fields: Record<string, string>) =>
  HEADER.split(',')
    .map((c) => fields[c] ?? '')
    .map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v))
    .join(',');

test('a new reader brings their Goodreads library: preview with what the bookshelf gets and a date question, a column fixed and a near title confirmed, the page following the job to its report, the failed row fixed and sent again', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const username = uniqueName('importa');
  await signUp(page, username, 'memorias-postumas-1881');

  // The empty home leads to importing.
  await page.goto('/home');
  await page.getByRole('link', { name: 'Importar do Goodreads ou StoryGraph' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar sua estante' })).toBeVisible();
  await checkBothWidths(page, 'importar');
  await page.getByRole('link', { name: /Goodreads/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar do Goodreads' })).toBeVisible();

  // Dom Casmurro by ISBN, one book the catalogue lacks, one row without a title, a title only near Memórias Póstumas de Brás Cubas',
  // and A hora da estrela under its English title, with the Brazilian titles in a column a spreadsheet added.
  // Every date has day and month ≤ 12.
  const file = [
    `\uFEFF${HEADER},Título no Brasil`,
    `${row({ Title: 'Dom Casmurro', Author: 'Machado de Assis', ISBN13: '="9788582850350"', 'My Rating': '5', 'Date Read': '03/04/2025', 'Exclusive Shelf': 'read', Bookshelves: 'classicos', 'Read Count': '1' })},Dom Casmurro`,
    `${row({ Title: 'The Hour of the Star', Author: 'Clarice Lispector', 'Exclusive Shelf': 'currently-reading' })},A hora da estrela`,
    `${row({ Title: 'Um Romance Que Ninguém Catalogou', Author: 'Autora Inédita', 'Exclusive Shelf': 'to-read' })},Um Romance Que Ninguém Catalogou`,
    `${row({ Title: '', Author: 'Graciliano Ramos', 'Exclusive Shelf': 'read' })},`,
    `${row({ Title: 'Memórias Póstumas', Author: 'Machado de Assis', 'Exclusive Shelf': 'to-read' })},Memórias Póstumas`,
  ].join('\r\n');
  await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'goodreads_library_export.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prévia da importação' })).toBeVisible();
  await expect(page.getByText('1 livro encontrado no catálogo (1 pelo ISBN).')).toBeVisible();
  await expect(page.getByText(/2 livros entram no catálogo agora/)).toBeVisible();
  await expect(page.getByText('1 livro parecido espera sua confirmação (logo abaixo).')).toBeVisible();
  // What the bookshelf gets, over the whole file (the row without a title is not counted).
  await expect(page.getByText('Na sua estante: 1 lido, 2 quero ler, 1 lendo.')).toBeVisible();
  await expect(page.getByText('1 com nota.')).toBeVisible();
  await expect(page.getByText('Nas estantes personalizadas: classicos: 1 livro.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Linha 5' })).toHaveText('Linha 5 · Graciliano Ramos: A linha não tem título.');
  // Every date has day and month ≤ 12: the order is asked.
  await expect(page.getByRole('group', { name: 'Como as datas estão escritas?' })).toContainText('não dá para saber sozinho');
  await checkBothWidths(page, 'importar-previa');

  // The dates were month first, and the title to look for is the Brazilian one.
  await page.getByLabel('Mês/dia/ano (12/31/2025)').check();
  await page.getByText('Colunas do arquivo').click();
  await expect(page.getByLabel('Autor', { exact: true })).toHaveValue('Author');
  await page.getByLabel('Título', { exact: true }).selectOption('Título no Brasil');
  await page.getByRole('button', { name: 'Ler o arquivo de novo' }).click();
  await expect(page.getByText('Lemos o arquivo de novo com as suas escolhas.')).toBeVisible();
  await expect(page.getByLabel('Mês/dia/ano (12/31/2025)')).toBeChecked();
  await expect(page.getByText('2 livros encontrados no catálogo (1 pelo ISBN, 1 pelo título e autor).')).toBeVisible();
  await expect(page.getByText(/1 livro entra no catálogo agora, marcado para os curadores/)).toBeVisible();

  // Memórias Póstumas is only near (a shorter title, never a longer one: decision 0056): the reader says it is the same book.
  const suggestion = page.getByRole('listitem').filter({ hasText: 'Linha 6' });
  await expect(suggestion).toContainText('No catálogo: Memórias Póstumas de Brás Cubas');
  await suggestion.getByRole('button', { name: /É este/ }).click();
  await expect(page.getByText('Linha 6: anotado.')).toBeVisible();
  await expect(suggestion).toContainText('Você confirmou esta edição.');
  await expect(page.getByText('3 livros encontrados no catálogo (1 pelo ISBN, 1 pelo título e autor, 1 escolhido por você).')).toBeVisible();

  // The file's custom shelf is new: the preview lists it and asks who sees it, private unless the reader chooses.
  const shelvesQuestion = page.getByRole('group', { name: '1 estante nova' });
  await expect(shelvesQuestion.getByRole('listitem')).toHaveText(['classicos: 1 livro']);
  const audience = shelvesQuestion.getByLabel('Quem pode ver as estantes novas');
  await expect(audience).toHaveValue('privado');
  await audience.selectOption('seguidores');

  await page.getByRole('button', { name: 'Importar 4 livros' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importação concluída' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('4 livros novos na sua estante')).toBeVisible();
  await expect(page.getByText('3 livros encontrados no catálogo')).toBeVisible();
  await expect(page.getByText('1 livro entrou no catálogo como edição nova, marcada para os curadores revisarem')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Linha 5' })).toHaveText('Linha 5 · Graciliano Ramos: A linha não tem título.');
  await expect(page.getByRole('link', { name: 'Um Romance Que Ninguém Catalogou' })).toBeVisible();
  await checkBothWidths(page, 'importar-relatorio');
  const reportPath = new URL(page.url()).pathname;

  // The failed row comes back as a CSV with the file's header; fixed, it goes in without touching the rest.
  const csvHref = await page.getByRole('link', { name: 'Baixar estas linhas em CSV' }).getAttribute('href');
  const csv = await (await page.request.get(csvHref!)).text();
  const quoted = (line: string) =>
    line
      .split(',')
      .map((cell) => `"${cell}"`)
      .join(',');
  expect(csv.split('\r\n')[0]).toBe(`\uFEFF${quoted(`${HEADER},Título no Brasil`)}`);
  expect(csv).toContain('"","Graciliano Ramos"');
  const fixed = csv.replace('"","Graciliano Ramos"', '"Vidas Secas","Graciliano Ramos"');
  await page.goto('/configuracoes/importar');
  await expect(page.getByRole('link', { name: 'goodreads_library_export.csv' })).toBeVisible();
  await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'corrigido.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed, 'utf8') });
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await page.getByRole('button', { name: 'Importar 1 livro' }).click();
  await expect(page.getByText('1 livro novo na sua estante')).toBeVisible({ timeout: 30_000 });

  // The bookshelf has the four books, Dom Casmurro read on April 3.
  await page.goto('/estante');
  for (const title of ['Dom Casmurro', 'A hora da estrela', 'Memórias Póstumas de Brás Cubas', 'Um Romance Que Ninguém Catalogou', 'Vidas Secas'])
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();

  await page.goto(reportPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Importação concluída' })).toBeVisible();

  // Someone else's import and its failed rows are not found.
  const stranger = await (await browser.newContext()).newPage();
  await signIn(stranger, 'lia_leitora');
  expect((await stranger.goto(reportPath))?.status()).toBe(404);
  expect((await stranger.request.get(csvHref!)).status()).toBe(404);

  // The book the catalogue lacked waits for the curators, who mark it reviewed.
  const curator = await (await browser.newContext()).newPage();
  await signIn(curator, 'caio_curador');
  await curator.goto('/gerenciar/catalogo');
  await curator.getByRole('link', { name: /Edições pendentes/ }).click();
  const pending = curator.getByRole('listitem').filter({ hasText: 'Um Romance Que Ninguém Catalogou' });
  await expect(pending).toContainText('Autora Inédita');
  await expect(pending).toContainText('1 leitor');
  await checkBothWidths(curator, 'edicoes-pendentes');
  await pending.getByRole('button', { name: /Revisada/ }).click();
  await expect(curator.getByText('Edição revisada: ela saiu da fila.')).toBeVisible();
  await expect(curator.getByRole('listitem').filter({ hasText: 'Um Romance Que Ninguém Catalogou' })).toHaveCount(0);
});

test('a StoryGraph file with empty statuses: the preview counts those rows and asks, and "Ignorar estas linhas" leaves them out', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueName('semstatus'), 'memorias-postumas-1881');
  const header =
    'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?';
  const file = [
    header,
    'Um Defeito de Cor,Ana Maria Gonçalves,,,digital,read,2024/01/02,2024/02/20,2024/01/05-2024/02/20,1,,,,,,,,5,,,,,No',
    'Becos da Memória,Conceição Evaristo,,,audio,,2023/05/30,,,1,,,,,,,,,,,,,No',
    'Ponciá Vicêncio,Conceição Evaristo,,,hardcover,,2023/05/30,,,0,,,,,,,,,,,,,No',
  ].join('\n');
  await page.goto('/configuracoes/importar/storygraph');
  await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'storygraph.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prévia da importação' })).toBeVisible();
  await expect(page.getByText(/2 linhas não têm status: nunca contam como lidas/)).toBeVisible();
  await expect(page.getByText('Na sua estante: 1 lido.')).toBeVisible();
  // Year-first dates leave no order to ask.
  await expect(page.getByRole('group', { name: 'Como as datas estão escritas?' })).toHaveCount(0);
  const question = page.getByRole('group', { name: '2 linhas sem status' });
  await expect(question.getByRole('radio', { name: /Quero ler/ })).toBeChecked();
  await checkBothWidths(page, 'importar-sem-status');
  await expect(page.getByRole('button', { name: 'Importar 3 livros' })).toBeVisible();
  // Ignored rows are not counted in the button.
  await question.getByRole('radio', { name: /Ignorar estas linhas/ }).check();
  await page.getByRole('button', { name: 'Importar 1 livro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importação concluída' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('1 livro novo na sua estante')).toBeVisible();
  await expect(page.getByText('2 linhas sem status ficaram de fora, como você pediu')).toBeVisible();
  await page.goto('/estante');
  await expect(page.getByRole('link', { name: 'Um Defeito de Cor' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Becos da Memória' })).toHaveCount(0);
});

test('a reader brings back their full archive: the zip as downloaded, its private shelf and its reading goal', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueName('arquivo'), 'memorias-postumas-1881');
  // An archive from another account (or another Maratona): Dom Casmurro found again by its ISBN.
  const year = new Date().getFullYear();
  const data = {
    format: 'maratona',
    version: 1,
    exportedAt: '2026-01-02T10:00:00.000Z',
    bookshelf: [
      {
        edition: {
          id: 'edicao-de-outra-conta',
          title: 'Dom Casmurro',
          subtitle: null,
          isbn13: '9788582850350',
          isbn10: null,
          format: 'brochura',
          authors: ['Machado de Assis'],
        },
        status: 'read',
        undatedReadings: 0,
        rating: 4.5,
        favorite: true,
        owned: false,
        ownedFormat: null,
        privateNotes: 'Capitu!',
        moods: [],
        pacing: null,
        contentWarnings: [],
        addedAt: '2024-02-01T15:00:00.000Z',
        readThroughs: [{ startedOn: '2024-02-01', finishedOn: '2024-02-20', abandonedOn: null }],
        review: null,
      },
    ],
    shelves: [{ name: 'Releituras', description: 'Para ler de novo', visibility: 'privado', editions: ['edicao-de-outra-conta'] }],
    goals: [{ year, books: 24, pages: null }],
  };
  const zip = zipSync({ 'data.json': strToU8(JSON.stringify(data)), 'imagens/avatar.webp': new Uint8Array([1, 2, 3]) });

  await page.goto('/configuracoes/importar/maratona');
  await expect(page.getByRole('heading', { level: 1, name: 'Importar do Maratona' })).toBeVisible();
  await checkBothWidths(page, 'importar-maratona');
  // A zip that is not ours is refused next to the field.
  await page
    .getByLabel('Arquivo CSV')
    .setInputFiles({ name: 'fotos.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync({ 'foto.txt': strToU8('oi') })) });
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await expect(page.getByText('Este .zip não é um arquivo completo do Maratona: não encontramos o data.json dentro dele.')).toBeVisible();

  await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'maratona-arquivo.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prévia da importação' })).toBeVisible();
  await expect(page.getByText(/1 livro encontrado no catálogo/)).toBeVisible();
  await page.getByRole('button', { name: 'Importar 1 livro' }).click();
  await expect(page.getByText('1 livro novo na sua estante')).toBeVisible({ timeout: 30_000 });

  await page.goto('/estantes');
  const shelf = page.getByRole('listitem').filter({ hasText: 'Releituras' });
  await expect(shelf).toContainText('Privada');
  await expect(shelf).toContainText('Para ler de novo');
  await page.goto('/home');
  await expect(page.getByRole('region', { name: `Meta de leitura de ${year}` })).toContainText('de 24 livros');
});

import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn } from './helpers';

test.describe.configure({ timeout: 150_000 });

/** Excel in pt-BR: a BOM, `;` and CRLF. A title unique to this run, so search finds only it. */
function spreadsheet(title: string): Buffer {
  const lines = [
    'Título;Autor(es);Editora;ISBN;Páginas;Formato;Nota pessoal',
    `${title};Autora de Teste;Editora Pequena;978-85-71644-11-3;212;brochura;favorito`,
    'Dom Casmurro;Machado de Assis;Penguin;9788582850350;389;brochura;',
    'Livro com ISBN torto;Alguém;;978-85-359-0277-9;;;',
    `${title} (de novo);Autora de Teste;;857164411X;;;`,
    'Páginas por extenso;Outra Pessoa;;;duzentas;;',
  ];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n'), 'utf8')]);
}

test('a curator imports a spreadsheet: preview, confirm, report, and the new edition is in search', async ({ page }) => {
  const title = `Marés do Sertão ${Date.now().toString(36)}`;
  await signIn(page, 'caio_curador');
  await page.goto('/gerenciar/catalogo');
  await page.getByRole('link', { name: 'Importar edições' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar edições' })).toBeVisible();
  await expect(page.getByText('até 50.000 linhas e 20 MB por arquivo')).toBeVisible();
  await checkBothWidths(page, 'importar');

  // A file without a title column is refused at the file field.
  await page.getByLabel('Arquivo').setInputFiles({ name: 'sem-titulo.csv', mimeType: 'text/csv', buffer: Buffer.from('autor;isbn\r\nAlguém;123\r\n') });
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Não encontramos a coluna de título' })).toBeVisible();

  await page.getByLabel('Arquivo').setInputFiles({ name: 'lote-editora.csv', mimeType: 'text/csv', buffer: spreadsheet(title) });
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prévia da importação' })).toBeVisible();
  await expect(page.getByText('Colunas ignoradas: Nota pessoal.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nova: 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Já no catálogo: 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Duplicada no arquivo: 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Erro: 2' })).toBeVisible();
  const row = (line: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
  await expect(row(2)).toContainText('nova');
  await expect(row(2)).toContainText('ISBN 9788571644113');
  await expect(row(3).getByRole('link', { name: 'Dom Casmurro' })).toBeVisible();
  await expect(row(4)).toContainText('ISBN inválido (978-85-359-0277-9): confira os dígitos.');
  await expect(row(5)).toContainText('Mesmo ISBN da linha 2.');
  await expect(row(6)).toContainText('Páginas: Informe um número de páginas entre 1 e 20.000.');
  await checkBothWidths(page, 'importar-previa');

  await page.getByRole('button', { name: 'Confirmar importação' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Relatório da importação' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Criada: 1' })).toBeVisible();
  await expect(row(2).getByRole('link', { name: title })).toBeVisible();
  await checkBothWidths(page, 'importar-relatorio');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Baixar relatório (CSV)' }).click();
  const csv = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of csv) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  expect(text).toContain(`"2";"${title}";"9788571644113";"criada"`);
  expect(text).toContain('"5";');

  // The import is listed, and the new edition is found by search right away.
  await page.goto('/gerenciar/catalogo/importar');
  await expect(page.getByRole('link', { name: 'lote-editora.csv' }).first()).toBeVisible();
  await checkBothWidths(page, 'importar-lista');
  await page.goto(`/catalogo?q=${encodeURIComponent(title.toLowerCase())}`);
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Editora Pequena', { exact: true })).toBeVisible();
});

/** A publisher's catalogue as its system exports it: tab-separated, a BOM, ALL CAPS, the title in OBRA, the imprint in SELO. */
function publisherCatalogue(title: string): Buffer {
  const lines = [
    'OBRA\tAUTOR(ES)\tEDITORA\tSELO\tANO\tPÁGINAS',
    `${title.toUpperCase()}\tMARY E ELIARDO FRANÇA; ILUSTRAÇÕES: ROGÉRIO BORGES\tEDITORA ÁTICA\tÁTICA INFANTIL\t2020\t32`,
    '\tAUTORA SEM OBRA\tEDITORA ÁTICA\t\t2020\t40',
  ];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n'), 'utf8')]);
}

test("a curator imports a publisher's ALL-CAPS catalogue whose title column is OBRA", async ({ page }) => {
  const title = `A Menina das Marés ${Date.now().toString().slice(-7)}`;
  await signIn(page, 'caio_curador');
  await page.goto('/gerenciar/catalogo/importar');
  const file = { name: 'catalogo-editora.tsv', mimeType: 'text/tab-separated-values', buffer: publisherCatalogue(title) };
  await page.getByLabel('Arquivo').setInputFiles(file);
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  // The job reads the file; the page follows it by itself until the preview is complete.
  await expect(page.getByRole('heading', { level: 1, name: 'Prévia da importação' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nova: 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Erro: 1' })).toBeVisible();
  const row = (line: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
  await expect(row(2)).toContainText(title);
  await expect(row(3)).toContainText('Sem título.');
  const previewUrl = page.url();

  // The same file again is the same import: its refusal is reported once.
  await page.goto('/gerenciar/catalogo/importar');
  await page.getByLabel('Arquivo').setInputFiles(file);
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prévia da importação' })).toBeVisible();
  expect(page.url()).toBe(previewUrl);

  await page.getByRole('button', { name: 'Confirmar importação' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Relatório da importação' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Criada: 1' })).toBeVisible();
  await checkBothWidths(page, 'importar-editora');
  await row(2).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mary França' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Eliardo França' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rogério Borges' }).first()).toBeVisible();
  await expect(page.getByText('Ática Infantil', { exact: true })).toBeVisible();
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '~/lib/csv';
import { IMPORT_MAX_ROWS, type ImportFile, readCatalogImportFile, readUploadedText } from './import-file';

const rowsOf = (file: ImportFile) => {
  if (!file.ok) throw new Error(file.message);
  return file.rows;
};
const messageOf = (file: ImportFile) => (file.ok ? null : file.message);

describe('reading a bulk import file', () => {
  it('reads a BOM, CRLF and `;` with Portuguese headers in any case and accent, numbering rows as lines of the file', () => {
    const text =
      '\uFEFFTÍTULO;Autor(es);Editora;ISBN;Páginas;Ano de publicação;Formato;Idioma;Gêneros\r\n' +
      'VIDAS SECAS;Graciliano Ramos;Record;978-85-359-0277-8;176;1938;capa dura;Português;Literatura brasileira; Clássicos\r\n' +
      'Dom Casmurro;Machado de Assis;;;;14/03/1899;e-book;pt;\r\n';
    const [vidas, dom] = rowsOf(readCatalogImportFile(text));
    expect(vidas).toMatchObject({ line: 2, title: 'Vidas Secas', isbn13: '9788535902778', error: null, duplicateOf: null });
    expect(vidas?.source).toMatchObject({
      authors: ['Graciliano Ramos'],
      publisher: 'Record',
      pages: 176,
      publicationDate: '1938',
      format: 'capa_dura',
      language: 'pt',
    });
    // Extra cells past the header (the genre list split by the `;`) are not read as another column.
    expect(vidas?.source?.genres).toEqual(['literatura-brasileira']);
    expect(dom).toMatchObject({ line: 3, error: null });
    expect(dom?.source).toMatchObject({ publicationDate: '1899-03-14', format: 'ebook', isbn: null });
  });

  it('reads tabs and English headers, and a quoted field with the delimiter, quotes and a line break', () => {
    const text =
      'Title\tAuthors\tSynopsis\tSeries\tPosition\n"Tale, A"\tCharles Dickens\t"Two cities,\n""best of times"""\tClassics Box\t2,5\nNext\tSomeone\t\t\t\n';
    const [tale, next] = rowsOf(readCatalogImportFile(text));
    expect(tale).toMatchObject({ line: 2, title: 'A Tale' });
    expect(tale?.source).toMatchObject({ synopsis: 'Two cities,\n"best of times"', collection: { name: 'Classics Box', position: 2.5 } });
    expect(next?.line).toBe(4);
  });

  it('ignores unknown columns and names them', () => {
    const file = readCatalogImportFile('titulo,nota pessoal,autor\nMemórias Póstumas de Brás Cubas,5 estrelas,Machado de Assis\n');
    expect(file).toMatchObject({ ok: true, ignoredColumns: ['nota pessoal'] });
    expect(rowsOf(file)[0]?.source?.authors).toEqual(['Machado de Assis']);
  });

  it('marks a later row with the same ISBN, in either form, as a duplicate of the first', () => {
    const rows = rowsOf(readCatalogImportFile('titulo,isbn\nVidas Secas,9788535902778\nVidas secas (outra),85-359-0277-5\nOutro,8508012349\n'));
    expect(rows.map((r) => [r.line, r.isbn13, r.duplicateOf])).toEqual([
      [2, '9788535902778', null],
      [3, '9788535902778', 2],
      [4, '9788508012343', null],
    ]);
  });

  it('gives each bad row its reason in Portuguese and keeps reading the others', () => {
    const text = [
      'título,isbn13,isbn10,páginas,formato,idioma,data de publicação,asin',
      'Checksum errado,9788535902779,,,,,,',
      ',9788508012343,,,,,,',
      'Páginas ruins,,,muitas,,,,',
      'Formato estranho,,,,pergaminho,,,',
      'Idioma estranho,,,,,klingon,,',
      'Data estranha,,,,,,ontem,',
      'ISBNs de livros diferentes,9788535902778,8508012349,,,,,',
      'ASIN ruim,,,,,,,B0-1',
      'Boa,,,,,,,B00ABCDEFG',
    ].join('\n');
    const rows = rowsOf(readCatalogImportFile(text));
    expect(rows.map((r) => r.error)).toEqual([
      'ISBN inválido (9788535902779): confira os dígitos.',
      'Sem título.',
      'Páginas: Informe um número de páginas entre 1 e 20.000.',
      'Formato desconhecido (pergaminho): use brochura, capa dura, e-book ou audiolivro.',
      'Idioma: Use o código de duas letras do idioma (pt, en, es…).',
      'Data de publicação: Use o formato 2019, 2019-03 ou 2019-03-14.',
      'O ISBN-10 e o ISBN-13 da linha não são do mesmo livro.',
      'ASIN inválido (B0-1): são 10 letras e números.',
      null,
    ]);
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('refuses the whole file, with a message for the file field, when it cannot be imported at all', () => {
    expect(messageOf(readCatalogImportFile(''))).toBe('O arquivo está vazio.');
    expect(messageOf(readCatalogImportFile('\uFEFF\r\n\r\n'))).toBe('O arquivo está vazio.');
    expect(messageOf(readCatalogImportFile('titulo;autor\r\n'))).toBe('O arquivo só tem o cabeçalho: nenhuma linha para importar.');
    expect(messageOf(readCatalogImportFile('nome do autor,isbn\nX,1\n'))).toMatch(/^Não encontramos a coluna de título/);
    expect(messageOf(readCatalogImportFile('PK\u0003\u0004\u0000\u0000xlsx'))).toMatch(/não uma planilha \.xlsx/);
    const header = 'titulo\n';
    expect(readCatalogImportFile(header + 'Livro\n'.repeat(IMPORT_MAX_ROWS)).ok).toBe(true);
    expect(messageOf(readCatalogImportFile(header + 'Livro\n'.repeat(IMPORT_MAX_ROWS + 1)))).toBe(
      'O arquivo tem 50.001 linhas; o limite é 50.000 por importação. Divida-o em partes.',
    );
  });
});

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe("a publisher's catalogue (tab-separated, BOM, ALL CAPS)", () => {
  it('finds the title in OBRA and the other columns by their Portuguese names, the imprint (SELO) before the publisher', () => {
    const file = readCatalogImportFile(fixture('catalogo-obra.tsv'));
    expect(file).toMatchObject({ ok: true, ignoredColumns: ['PREÇO'] });
    const [centauro, vidas, untitled] = rowsOf(file);
    expect(centauro).toMatchObject({ line: 2, title: 'O Centauro no Jardim', isbn13: '9788535918663', error: null });
    expect(centauro?.source).toMatchObject({ publisher: 'Companhia de Bolso', publicationDate: '2011', pages: 256 });
    expect(vidas?.source).toMatchObject({ title: 'Vidas Secas', publisher: 'Grupo Editorial Record', publicationDate: '2019', pages: 176 });
    expect(untitled).toMatchObject({ line: 4, error: 'Sem título.' });
  });

  it('recognises the headers of each field whatever their case and accents', () => {
    const headers: [string, string][] = [
      ['OBRA', 'title'],
      ['Título', 'title'],
      ['TITULO', 'title'],
      ['AUTOR(ES)', 'authors'],
      ['AUTOR', 'authors'],
      ['Autores', 'authors'],
      ['EDITORA', 'publisher'],
      ['SELO', 'publisher'],
      ['ANO', 'publicationDate'],
      ['PÁGINAS', 'pages'],
      ['paginas', 'pages'],
      ['ISBN-13', 'isbn'],
      ['ISBN 10', 'isbn'],
      ['EAN', 'isbn'],
    ];
    for (const [header, field] of headers) {
      const values: Record<string, string> = {
        title: 'LIVRO',
        authors: 'ALGUÉM',
        publisher: 'EDITORA',
        publicationDate: '2020',
        pages: '10',
        isbn: '9788535918663',
      };
      const text = header === 'OBRA' || field === 'title' ? `${header}\n${values.title}\n` : `OBRA\t${header}\nLIVRO\t${values[field]}\n`;
      const file = readCatalogImportFile(text);
      expect(file.ok ? file.ignoredColumns : file.message, header).toEqual([]);
    }
  });

  it('writes ALL-CAPS names as names, splits "X E Y" between two people, and keeps adapters and illustrators after the author', () => {
    const rows = rowsOf(readCatalogImportFile(fixture('catalogo-nomes.tsv')));
    expect(rows.map((r) => [r.title, r.source?.authors, r.source?.adapters, r.source?.illustrators, r.source?.publisher])).toEqual([
      ['O Centauro no Jardim', ['Moacyr Scliar'], [], [], 'Companhia de Bolso'],
      ['A Boneca de Pano', ['Mary França', 'Eliardo França'], [], [], 'Editora Ática'],
      ['O Sítio do Picapau Amarelo', ['Monteiro Lobato'], ['Luiz Antonio Aguiar'], ['Rogério Borges'], 'Globinho'],
      ['Os Lusíadas', ['Luís de Camões'], ['Rubem Braga'], ['Ana Maria Machado'], 'Edições da Casa'],
      ['Memórias de um Sargento de Milícias', ['Manuel Antônio de Almeida'], [], [], 'L&PM'],
    ]);
  });

  it('leaves names already in mixed case as they are, and splits on " e " only in capitals', () => {
    const rows = rowsOf(readCatalogImportFile('titulo\tautor\nUm\tRuth Rocha e Anna Flora\nDois\tJOSÉ DE ALENCAR/ÉRICO VERISSIMO\nTrês\tEÇA DE QUEIRÓS\n'));
    expect(rows.map((r) => r.source?.authors)).toEqual([['Ruth Rocha e Anna Flora'], ['José de Alencar', 'Érico Verissimo'], ['Eça de Queirós']]);
  });
});

describe('an uploaded file', () => {
  it('is read as UTF-8 with or without BOM, and refused in another encoding or with another extension', async () => {
    const utf8 = new File([new Uint8Array([0xef, 0xbb, 0xbf]), 'título\nSertão\n'], 'livros.csv');
    expect(await readUploadedText(utf8)).toEqual({ ok: true, text: 'título\nSertão\n' });
    // "Sertão" in Latin-1: the ã is a lone 0xE3 byte, not UTF-8.
    const latin1 = new File([new Uint8Array([0x74, 0x0a, 0x53, 0x65, 0x72, 0x74, 0xe3, 0x6f])], 'livros.csv');
    expect(await readUploadedText(latin1)).toEqual({ ok: false, message: 'Não conseguimos ler o arquivo: salve-o como CSV UTF-8 e envie de novo.' });
    expect((await readUploadedText(new File(['x'], 'livros.xlsx'))).ok).toBe(false);
  });
});

describe('the CSV report', () => {
  it('is `;`-separated with a BOM, reads back through the parser, and defuses formulas', () => {
    const csv = toCsv([
      ['linha', 'título'],
      [2, 'Diz "oi"; tchau'],
      [3, '=HYPERLINK("x")'],
    ]);
    expect(csv.startsWith('\uFEFF"linha";"título"\r\n')).toBe(true);
    expect(parseCsv(csv)).toEqual([
      ['linha', 'título'],
      ['2', 'Diz "oi"; tchau'],
      ['3', `'=HYPERLINK("x")`],
    ]);
  });
});

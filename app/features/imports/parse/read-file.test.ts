import { describe, expect, it } from 'vitest';
import { decodeText, readIsbn, unwrapCell } from './cells';
import { ImportFileError, parseReaderImportFile } from './read-file';

const GOODREADS_HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

const goodreadsRow = (fields: Partial<Record<string, string>>) => {
  const columns = GOODREADS_HEADER.split(',');
  return columns
    .map((c) => fields[c] ?? '')
    .map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v))
    .join(',');
};

describe('reading a Goodreads export', () => {
  it('reads the current 24 columns with a BOM and CRLF, Goodreads’ ="…" ISBNs and a review with commas, quotes and line breaks', () => {
    const file = `\uFEFF${GOODREADS_HEADER}\r\n${goodreadsRow({
      'Book Id': '123',
      Title: 'Torto Arado',
      Author: 'Itamar Vieira Junior',
      ISBN: '="6580309318"',
      ISBN13: '="9786580309313"',
      'My Rating': '5',
      'Date Read': '2025/04/21',
      'Date Added': '2025/03/01',
      Bookshelves: 'favoritos, brasileiros',
      'Exclusive Shelf': 'read',
      'My Review': 'Bibiana e Belonísia, "irmãs",\nna Chapada.',
      'Read Count': '1',
      'Owned Copies': '1',
    })}\r\n`;
    const parsed = parseReaderImportFile(file);
    expect(parsed).toMatchObject({ source: 'goodreads', headerless: false, failed: [] });
    expect(parsed.rows).toMatchObject([
      {
        line: 2,
        title: 'Torto Arado',
        authors: ['Itamar Vieira Junior'],
        isbn13: '9786580309313',
        status: 'read',
        ratingQuarters: 20,
        readings: [{ started: null, finished: '2025-04-21', abandoned: null }],
        addedOn: '2025-03-01',
        review: 'Bibiana e Belonísia, "irmãs",\nna Chapada.',
        shelves: ['favoritos', 'brasileiros'],
        owned: true,
      },
    ]);
  });

  it('finds columns by name in the older 31-column layout and in the one without Average Rating', () => {
    const older =
      'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Recommended For,Recommended By,Owned Copies,Original Purchase Date,Original Purchase Location,Condition,Condition Description,BCID';
    const cells = older
      .split(',')
      .map(
        (c) => ({ 'Book Id': '9', Title: 'Vidas Secas', Author: 'Graciliano Ramos', 'Exclusive Shelf': 'to-read', 'Owned Copies': '2', BCID: 'x' })[c] ?? '',
      );
    const parsed = parseReaderImportFile(`${older}\n${cells.join(',')}\n`);
    expect(parsed.rows[0]).toMatchObject({ title: 'Vidas Secas', status: 'want_to_read', owned: true, readings: [] });
    expect(parsed.ignored).toContain('BCID');

    const newer = GOODREADS_HEADER.replace(',Average Rating', '');
    const row = newer
      .split(',')
      .map((c) => ({ 'Book Id': '10', Title: 'Dom Casmurro', Author: 'Machado de Assis', 'My Rating': '4', 'Exclusive Shelf': 'currently-reading' })[c] ?? '');
    expect(parseReaderImportFile(`${newer}\n${row.join(',')}`).rows[0]).toMatchObject({
      title: 'Dom Casmurro',
      ratingQuarters: 16,
      status: 'reading',
      readings: [{ finished: null }],
    });
  });

  it('reads a file whose header row a spreadsheet removed as the current 24 columns', () => {
    const parsed = parseReaderImportFile(
      goodreadsRow({ 'Book Id': '77', Title: 'Quarto de Despejo', Author: 'Carolina Maria de Jesus', 'Exclusive Shelf': 'read', 'Date Read': '2024/01/02' }),
    );
    expect(parsed).toMatchObject({ source: 'goodreads', headerless: true });
    expect(parsed.rows[0]).toMatchObject({ line: 1, title: 'Quarto de Despejo', readings: [{ finished: '2024-01-02' }] });
  });

  it('never stamps a reading with today: a book read without a date gets an undated reading, and the read count is honoured', () => {
    const parsed = parseReaderImportFile(
      `${GOODREADS_HEADER}\n${goodreadsRow({ 'Book Id': '1', Title: 'Grande Sertão: Veredas', 'Exclusive Shelf': 'read', 'Read Count': '2' })}`,
    );
    expect(parsed.rows[0]?.readings).toEqual([
      { started: null, finished: null, abandoned: null },
      { started: null, finished: null, abandoned: null },
    ]);
  });

  it('turns other exclusive shelves into custom shelves, and did-not-finish and paused into their statuses', () => {
    const rows = [
      goodreadsRow({ 'Book Id': '1', Title: 'A', 'Exclusive Shelf': 'did-not-finish', 'Date Read': '2025/02/03' }),
      goodreadsRow({ 'Book Id': '2', Title: 'B', 'Exclusive Shelf': 'paused' }),
      goodreadsRow({ 'Book Id': '3', Title: 'C', 'Exclusive Shelf': 'emprestados' }),
    ];
    const parsed = parseReaderImportFile(`${GOODREADS_HEADER}\n${rows.join('\n')}`);
    expect(parsed.rows.map((r) => [r.status, r.shelves, r.readings])).toEqual([
      ['abandoned', [], [{ started: null, finished: null, abandoned: '2025-02-03' }]],
      ['paused', [], [{ started: null, finished: null, abandoned: null }]],
      ['want_to_read', ['emprestados'], []],
    ]);
  });

  it('reads a row with an empty Exclusive Shelf as having no status: never read, no reading even with a read count and a date', () => {
    const row = goodreadsRow({ 'Book Id': '1', Title: 'A', 'Exclusive Shelf': '', 'Read Count': '2', 'Date Read': '2025/02/03' });
    expect(parseReaderImportFile(`${GOODREADS_HEADER}\n${row}`).rows[0]).toMatchObject({ status: null, readings: [], shelves: [] });
  });

  it('reads the edition: publisher, pages, years, and Binding in our formats (none when it is none of ours)', () => {
    const bindings = [
      'Kindle Edition',
      'ebook',
      'Nook',
      'eBook Kindle',
      'Hardcover',
      'Capa dura',
      'Paperback',
      'Mass Market Paperback',
      'Brochura',
      'Capa comum',
    ];
    const more = ['Audiobook', 'Audible Audio', 'Audio CD', 'Board book', 'Unknown Binding', ''];
    const rows = [...bindings, ...more].map((binding, i) =>
      goodreadsRow({ 'Book Id': String(i + 1), Title: `Livro ${i}`, 'Exclusive Shelf': 'to-read', Binding: binding }),
    );
    const parsed = parseReaderImportFile(`${GOODREADS_HEADER}\n${rows.join('\n')}`);
    expect(parsed.rows.map((r) => r.edition?.format)).toEqual([
      ...['ebook', 'ebook', 'ebook', 'ebook', 'capa_dura', 'capa_dura', 'brochura', 'brochura', 'brochura', 'brochura'],
      ...['audiolivro', 'audiolivro', 'audiolivro', null, null, null],
    ]);
    const odyssey = goodreadsRow({
      'Book Id': '1',
      Title: 'Odisseia',
      'Exclusive Shelf': 'read',
      Publisher: 'Penguin &amp; Companhia',
      'Number of Pages': '="576"',
      'Year Published': '2011',
      'Original Publication Year': '-700',
    });
    expect(parseReaderImportFile(`${GOODREADS_HEADER}\n${odyssey}`).rows[0]!.edition).toEqual({
      publisher: 'Penguin & Companhia',
      format: null,
      pages: 576,
      year: 2011,
      firstPublishedYear: -700,
    });
  });
});

describe('cells as spreadsheets leave them', () => {
  it('recovers ISBNs that lost their wrapper or a leading zero, and refuses scientific notation with a reason', () => {
    expect(readIsbn('="9788535914849"')).toEqual({ isbn13: '9788535914849', warning: null, scientific: false });
    expect(readIsbn('=""')).toEqual({ isbn13: null, warning: null, scientific: false });
    expect(readIsbn('545424984')).toEqual({ isbn13: '9780545424981', warning: null, scientific: false });
    expect(readIsbn('B00K0OI42W')).toEqual({ isbn13: null, warning: null, scientific: false });
    expect(readIsbn('9.78854E+12').isbn13).toBeNull();
    expect(readIsbn('9.78854E+12').warning).toMatch(/notação científica/);
    expect(readIsbn('9.78854E+12').scientific).toBe(true);
  });

  it('undoes the formula guard of our own export and decodes HTML entities and decomposed accents', () => {
    expect(unwrapCell("'=SOMA(A1)")).toBe('=SOMA(A1)');
    expect(unwrapCell("'Não")).toBe("'Não");
    expect(decodeText('Tom &amp; Jerry &#8212; &quot;ok&quot; &#x2014;')).toBe('Tom & Jerry — "ok" —');
    expect(decodeText('Sa\u0303o Paulo')).toBe('São Paulo');
  });

  it('decides day or month first for the whole file, and says when the file cannot tell', () => {
    const file = (dates: string[]) =>
      `${GOODREADS_HEADER}\n${dates.map((d, i) => goodreadsRow({ 'Book Id': String(i + 1), Title: `Livro ${i}`, 'Exclusive Shelf': 'read', 'Date Read': d })).join('\n')}`;
    const dayFirst = parseReaderImportFile(file(['03/04/2024', '25/12/2023']));
    expect([dayFirst.detectedDateOrder, dayFirst.rows[0]?.readings[0]?.finished]).toEqual(['dmy', '2024-04-03']);
    const monthFirst = parseReaderImportFile(file(['03/04/2024', '12/25/2023']));
    expect([monthFirst.detectedDateOrder, monthFirst.rows[0]?.readings[0]?.finished]).toEqual(['mdy', '2024-03-04']);
    const ambiguous = parseReaderImportFile(file(['03/04/2024']));
    expect(ambiguous.detectedDateOrder).toBeNull();
    // 29 February only in leap years; a day that does not exist is no date.
    const leap = parseReaderImportFile(file(['2024/02/29', '2023/02/29', '2024/13/01']));
    expect(leap.rows.map((r) => r.readings[0]?.finished ?? null)).toEqual(['2024-02-29', null, null]);
    // Year-first dates (Goodreads' own) leave nothing to ask.
    expect(parseReaderImportFile(file(['2024/04/03', '2023/01/02'])).detectedDateOrder).toBe('dmy');
    expect(parseReaderImportFile(file(['03/04/2024']), { dateOrder: 'mdy' }).rows[0]?.readings[0]?.finished).toBe('2024-03-04');
  });

  it('explains a file it does not know, in Portuguese', () => {
    expect(() => parseReaderImportFile('nome;idade\nAna;30')).toThrow(ImportFileError);
    expect(() => parseReaderImportFile('')).toThrow('O arquivo está vazio.');
  });
});

describe('reading a StoryGraph export', () => {
  const HEADER =
    'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?';

  it('reads ranges and several dates, quarter ratings, moods, pace, warnings, tags and owned', () => {
    const row =
      'Torto Arado,Itamar Vieira Junior,,9786580309313,paperback,read,2025/03/01,2025/04/21,"2025/04/19-2025/04/21, 2023/01/02",2,"emotional, reflective",slow,,,,,,4.25,Lindo.,"Violência, luto",,"brasileiros, favoritos",Yes';
    const parsed = parseReaderImportFile(`${HEADER}\n${row}`);
    expect(parsed.source).toBe('storygraph');
    expect(parsed.rows[0]).toMatchObject({
      title: 'Torto Arado',
      isbn13: '9786580309313',
      status: 'read',
      ratingQuarters: 17,
      readings: [
        { started: '2025-04-19', finished: '2025-04-21', abandoned: null },
        { started: null, finished: '2023-01-02', abandoned: null },
      ],
      moods: ['emotional', 'reflective'],
      pacing: 'slow',
      contentWarnings: ['violência', 'luto'],
      shelves: ['brasileiros', 'favoritos'],
      owned: true,
      review: 'Lindo.',
    });
  });

  it('reads a trimmed file with fewer columns', () => {
    const parsed = parseReaderImportFile('Title,Authors,Read Status,Star Rating\nVidas Secas,Graciliano Ramos,to-read,\n');
    expect(parsed.rows[0]).toMatchObject({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], status: 'want_to_read', ratingQuarters: null });
  });
});

describe('titles and our own ids', () => {
  it('takes Goodreads’ series suffix and edition notes off the title', () => {
    const file = `${GOODREADS_HEADER}\n${goodreadsRow({ Title: 'Duna (Crônicas de Duna, #1)', Author: 'Frank Herbert', 'Exclusive Shelf': 'to-read' })}\n${goodreadsRow({ Title: 'Dom Casmurro (Portuguese Edition)', Author: 'Machado de Assis', 'Exclusive Shelf': 'to-read' })}\n${goodreadsRow({ Title: 'O Hobbit (Tolkien, #0.5)', Author: 'J.R.R. Tolkien', 'Exclusive Shelf': 'to-read' })}`;
    const rows = parseReaderImportFile(file).rows;
    expect(rows.map((r) => [r.title, r.series])).toEqual([
      ['Duna', { name: 'Crônicas de Duna', position: 1 }],
      ['Dom Casmurro', null],
      ['O Hobbit', { name: 'Tolkien', position: 0.5 }],
    ]);
  });

  it('reads our export’s Book Id as the edition, and never a Goodreads one', () => {
    const ours = `Book Id,Title,Author,Exclusive Shelf,Maratona Rating\nabc123XYZ,Torto Arado,Itamar Vieira Junior,read,4.25\n`;
    expect(parseReaderImportFile(ours).rows[0]).toMatchObject({ editionId: 'abc123XYZ', ratingQuarters: 17 });
    const theirs = `${GOODREADS_HEADER}\n${goodreadsRow({ 'Book Id': '1234567', Title: 'Torto Arado', 'Exclusive Shelf': 'read' })}`;
    expect(parseReaderImportFile(theirs).rows[0]!.editionId).toBeNull();
  });
});

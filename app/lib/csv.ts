/**
 * RFC 4180 CSV as spreadsheets and exports really write it: a byte-order mark, CRLF or LF, quoted fields
 * with doubled quotes and line breaks inside, and `,`, `;` (Excel in pt-BR) or tab as the delimiter.
 */
export type CsvDelimiter = ',' | ';' | '\t';

export function detectDelimiter(text: string): CsvDelimiter {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const counts = ([',', ';', '\t'] as const).map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, current) => (current[1] > best[1] ? current : best))[0];
}

export function parseCsv(input: string, delimiter: CsvDelimiter = detectDelimiter(input)): string[][] {
  return parseCsvLines(input, delimiter).map((row) => row.cells);
}

/** A record and the line of the file it starts on (1-based; a quoted line break makes a record span lines). */
export type CsvLine = { line: number; cells: string[] };

/**
 * The records of a CSV. A field is cut out of the text in one piece (a slice), not built a character at a
 * time: a 50,000-row export would otherwise hold millions of one-character string pieces until each cell is
 * used (hundreds of megabytes, and most of the reading time spent collecting them).
 */
export function parseCsvLines(input: string, delimiter: CsvDelimiter = detectDelimiter(input)): CsvLine[] {
  const text = input.replace(/^\uFEFF/, '');
  const rows: CsvLine[] = [];
  let row: string[] = [];
  let field = '';
  // Where the run of the field's characters not yet added to `field` starts.
  let run = 0;
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const take = (end: number) => {
    if (end > run) field += text.slice(run, end);
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line += 1;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        take(i + 1);
        i++;
        run = i + 1;
      } else if (char === '"') {
        take(i);
        quoted = false;
        run = i + 1;
      }
    } else if (char === '"' && field === '' && run === i) {
      quoted = true;
      run = i + 1;
    } else if (char === delimiter) {
      take(i);
      row.push(field);
      field = '';
      run = i + 1;
    } else if (char === '\n' || char === '\r') {
      take(i);
      if (char === '\r' && text[i + 1] === '\n') {
        i++;
        line += 1;
      }
      row.push(field);
      rows.push({ line: rowLine, cells: row });
      row = [];
      field = '';
      run = i + 1;
      rowLine = line;
    }
  }
  take(text.length);
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push({ line: rowLine, cells: row });
  }
  return rows.filter((r) => r.cells.length > 1 || r.cells[0] !== '');
}

/** Rows as objects keyed by the (trimmed, lower-cased) header. */
export function parseCsvRecords(input: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(input);
  if (!header) return [];
  const keys = header.map((h) => h.trim().toLowerCase());
  return rows.map((cells) => Object.fromEntries(keys.map((key, i) => [key, cells[i] ?? ''])));
}

/**
 * A CSV for spreadsheets in Brazil: `;`-separated with a byte-order mark (Excel in pt-BR opens it as
 * columns), every field quoted, and a leading `=`, `+`, `-`, `@`, tab or carriage return defused with an
 * apostrophe so no cell runs as a formula. Files for other sites (the Goodreads-compatible export) use `,`.
 */
export function toCsv(rows: readonly (readonly (string | number | null)[])[], delimiter: CsvDelimiter = ';'): string {
  return `\uFEFF${csvLines(rows, delimiter)}`;
}

/** Rows as `toCsv` writes them, each line ending in CRLF, without the byte-order mark: a file written a part at a time. */
export function csvLines(rows: readonly (readonly (string | number | null)[])[], delimiter: CsvDelimiter = ';'): string {
  const cell = (value: string | number | null) => {
    const text = value == null ? '' : String(value);
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  return rows.map((row) => `${row.map(cell).join(delimiter)}\r\n`).join('');
}

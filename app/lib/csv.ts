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
  const text = input.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}

/** Rows as objects keyed by the (trimmed, lower-cased) header. */
export function parseCsvRecords(input: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(input);
  if (!header) return [];
  const keys = header.map((h) => h.trim().toLowerCase());
  return rows.map((cells) => Object.fromEntries(keys.map((key, i) => [key, cells[i] ?? ''])));
}

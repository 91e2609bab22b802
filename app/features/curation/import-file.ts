import { EDITION_FIELDS } from '~/features/catalog/editable-fields';
import { mapGenre, normalizeName, normalizeProperName, normalizeTitle } from '~/features/catalog/normalize';
import { type CsvLine, parseCsvLines } from '~/lib/csv';
import { formatNumber } from '~/lib/format';
import { ASIN_PATTERN, parseIsbn } from '~/lib/isbn';
import type { EditionFormat, EditionSource } from '~/features/catalog/vocabulary';
import { type ImportColumn, columnOf, headerKey } from './import-columns';
import { readCredits } from './import-credits';

/**
 * Curators' bulk import files (ADR 0014): a spreadsheet exported as CSV or TSV, read into edition sources
 * row by row, each with the reason it cannot be imported. Pure: the server classifies against the catalogue.
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_LIMITS_TEXT = `até ${formatNumber(IMPORT_MAX_ROWS)} linhas e ${IMPORT_MAX_BYTES / 1024 / 1024} MB por arquivo`;
export const IMPORT_TOO_LARGE = `O arquivo passa do limite de ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Divida-o em partes.`;

const FORMATS: Record<string, EditionFormat> = {
  brochura: 'brochura',
  fisico: 'brochura',
  capacomum: 'brochura',
  capamole: 'brochura',
  paperback: 'brochura',
  softcover: 'brochura',
  livro: 'brochura',
  capadura: 'capa_dura',
  hardcover: 'capa_dura',
  hardback: 'capa_dura',
  ebook: 'ebook',
  kindle: 'ebook',
  digital: 'ebook',
  epub: 'ebook',
  audiolivro: 'audiolivro',
  audiobook: 'audiolivro',
  audio: 'audiolivro',
};

const LANGUAGES: Record<string, string> = {
  portugues: 'pt',
  portuguese: 'pt',
  ingles: 'en',
  english: 'en',
  espanhol: 'es',
  spanish: 'es',
  castelhano: 'es',
  frances: 'fr',
  french: 'fr',
  italiano: 'it',
  italian: 'it',
  alemao: 'de',
  german: 'de',
  japones: 'ja',
  japanese: 'ja',
  russo: 'ru',
  russian: 'ru',
  latim: 'la',
  latin: 'la',
};

/** `duplicateOf`: the line of an earlier row with the same ISBN; `error`: why the row cannot be imported. */
export type ImportFileRow = {
  line: number;
  title: string;
  isbn13: string | null;
  source: EditionSource | null;
  error: string | null;
  duplicateOf: number | null;
};

export type ImportFile = { ok: true; rows: ImportFileRow[]; ignoredColumns: string[] } | { ok: false; message: string };

type Header = { columns: (ImportColumn | null)[]; records: CsvLine[]; ignoredColumns: string[] };

/** The file's header and records, or why the whole file cannot be imported (a message for the file field). */
function readHeader(text: string): { ok: true; header: Header } | { ok: false; message: string } {
  if (text.includes('\u0000')) return { ok: false, message: 'Não conseguimos ler o arquivo: envie um CSV ou TSV em texto (UTF-8), não uma planilha .xlsx.' };
  const [header, ...records] = parseCsvLines(text);
  if (!header) return { ok: false, message: 'O arquivo está vazio.' };
  const columns = header.cells.map(columnOf);
  if (!columns.includes('title')) {
    return {
      ok: false,
      message: 'Não encontramos a coluna de título: a primeira linha precisa ser o cabeçalho, com uma coluna “título” (ou “obra”, ou “title”).',
    };
  }
  if (records.length === 0) return { ok: false, message: 'O arquivo só tem o cabeçalho: nenhuma linha para importar.' };
  if (records.length > IMPORT_MAX_ROWS) {
    return {
      ok: false,
      message: `O arquivo tem ${formatNumber(records.length)} linhas; o limite é ${formatNumber(IMPORT_MAX_ROWS)} por importação. Divida-o em partes.`,
    };
  }
  const ignoredColumns = header.cells.filter((name, i) => columns[i] === null && name.trim()).map((name) => name.trim());
  return { ok: true, header: { columns, records, ignoredColumns } };
}

/** What the upload checks before keeping a file: how many rows it has and which columns it ignores, or why it is refused. */
export function checkCatalogImportFile(text: string): { ok: true; total: number; ignoredColumns: string[] } | { ok: false; message: string } {
  const read = readHeader(text);
  return read.ok ? { ok: true, total: read.header.records.length, ignoredColumns: read.header.ignoredColumns } : read;
}

/** A file whose header was read: its size, the columns it ignores, and its rows read on demand, a batch at a time. */
export type OpenImportFile = {
  total: number;
  ignoredColumns: string[];
  /** The rows after line `afterLine`, at most `limit` of them, without their duplicates marked (the caller knows the earlier rows). */
  rowsAfter: (afterLine: number, limit: number) => ImportFileRow[];
};

/**
 * Opens a file for the import's job: the records are split once (fast), the rows read a batch at a time, so a
 * 50,000-row file never holds the server's thread for the seconds reading them all takes.
 */
export function openCatalogImportFile(text: string): { ok: true; file: OpenImportFile } | { ok: false; message: string } {
  const read = readHeader(text);
  if (!read.ok) return read;
  const { columns, records, ignoredColumns } = read.header;
  const rowOf = ({ line, cells }: CsvLine) => {
    const values: Partial<Record<ImportColumn, string>> = {};
    columns.forEach((column, i) => {
      const value = cells[i]?.trim();
      // The first non-empty column wins when a header repeats ("Autor", "Autores").
      if (column && value && !values[column]) values[column] = value;
    });
    return readRow(line, values);
  };
  return {
    ok: true,
    file: {
      total: records.length,
      ignoredColumns,
      rowsAfter: (afterLine, limit) => {
        // Records are in line order: find the first after `afterLine` by bisection.
        let low = 0;
        let high = records.length;
        while (low < high) {
          const mid = (low + high) >> 1;
          if (records[mid]!.line <= afterLine) low = mid + 1;
          else high = mid;
        }
        return records.slice(low, low + limit).map(rowOf);
      },
    },
  };
}

/** Reads the whole file's text into rows, duplicates marked; every refusal of the whole file is a message for the file field. */
export function readCatalogImportFile(text: string): ImportFile {
  const opened = openCatalogImportFile(text);
  if (!opened.ok) return opened;
  const rows = opened.file.rowsAfter(0, opened.file.total);
  markDuplicates(rows);
  return { ok: true, rows, ignoredColumns: opened.file.ignoredColumns };
}

class RowError extends Error {}

/** A value through the same rules as the curators' edit form, with the field's name in front of its message. */
function byField(field: keyof typeof EDITION_FIELDS, raw: string | undefined): string | null {
  if (!raw) return null;
  const spec = EDITION_FIELDS[field];
  const parsed = spec.schema.safeParse(raw);
  if (!parsed.success) throw new RowError(`${spec.label}: ${parsed.error.issues[0]?.message ?? 'valor inválido.'}`);
  return parsed.data;
}

function readRow(line: number, values: Partial<Record<ImportColumn, string>>): ImportFileRow {
  const title = normalizeName(values.title ?? '');
  try {
    if (!title) throw new RowError('Sem título.');
    const isbn = readIsbn(values);
    const credits = readCredits(values.authors ?? '');
    const more = (column: 'adapters' | 'illustrators' | 'translators', role: 'adapter' | 'illustrator' | 'translator') => [
      ...new Set([...credits[role], ...readCredits(values[column] ?? '', role)[role]]),
    ];
    const publisher = values.imprint ?? values.publisher;
    const source: EditionSource = {
      title: byField('title', title) ?? title,
      subtitle: byField('subtitle', values.subtitle),
      authors: credits.author,
      adapters: more('adapters', 'adapter'),
      translators: more('translators', 'translator'),
      illustrators: more('illustrators', 'illustrator'),
      isbn: isbn?.isbn13 ?? null,
      asin: readAsin(values.asin),
      publisher: byField('publisher', publisher && normalizeProperName(publisher)),
      publicationDate: byField('publicationDate', brazilianDate(values.publicationDate)),
      pages: numberOrNull(byField('pages', values.pages)),
      format: readFormat(values.format),
      language: byField('language', values.language ? (LANGUAGES[headerKey(values.language)] ?? values.language) : undefined) ?? 'pt',
      genres: (values.genres ?? '')
        .split(/[,;|/]/)
        .map((g) => mapGenre(g, 'pt') ?? mapGenre(g, 'en'))
        .filter((g): g is string => g !== null),
      synopsis: byField('synopsis', values.synopsis),
      originalTitle: values.originalTitle ? normalizeName(values.originalTitle) : null,
      originalLanguage: values.originalLanguage ? (LANGUAGES[headerKey(values.originalLanguage)] ?? byField('language', values.originalLanguage)) : null,
      firstPublishedYear: readYear(values.firstPublishedYear),
      collection: values.collection ? { name: normalizeTitle(values.collection), position: readPosition(values.position) } : null,
    };
    return { line, title: source.title, isbn13: isbn?.isbn13 ?? null, source, error: null, duplicateOf: null };
  } catch (error) {
    if (!(error instanceof RowError)) throw error;
    return { line, title, isbn13: null, source: null, error: error.message, duplicateOf: null };
  }
}

function readIsbn(values: Partial<Record<ImportColumn, string>>) {
  const given = [values.isbn13, values.isbn, values.isbn10].filter((v): v is string => !!v);
  const parsed = given.map((raw) => {
    const isbn = parseIsbn(raw);
    if (!isbn) throw new RowError(`ISBN inválido (${raw}): confira os dígitos.`);
    return isbn;
  });
  if (parsed.some((isbn) => isbn.isbn13 !== parsed[0]?.isbn13)) throw new RowError('O ISBN-10 e o ISBN-13 da linha não são do mesmo livro.');
  return parsed[0] ?? null;
}

function readAsin(raw: string | undefined): string | null {
  if (!raw) return null;
  const asin = raw.toUpperCase();
  if (!ASIN_PATTERN.test(asin)) throw new RowError(`ASIN inválido (${raw}): são 10 letras e números.`);
  return asin;
}

function readFormat(raw: string | undefined): EditionFormat {
  if (!raw) return 'brochura';
  const format = FORMATS[headerKey(raw)];
  if (!format) throw new RowError(`Formato desconhecido (${raw}): use brochura, capa dura, e-book ou audiolivro.`);
  return format;
}

/** "14/03/2019" and "03/2019", as Brazilian spreadsheets write dates, become 2019-03-14 and 2019-03. */
function brazilianDate(raw: string | undefined): string | undefined {
  const match = raw ? /^(?:(\d{1,2})\/)?(\d{1,2})\/(\d{4})$/.exec(raw) : null;
  if (!match) return raw;
  const [, day, month, year] = match;
  return [year, month?.padStart(2, '0'), day?.padStart(2, '0')].filter(Boolean).join('-');
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

function readYear(raw: string | undefined): number | null {
  if (!raw) return null;
  if (!/^\d{1,4}$/.test(raw)) throw new RowError(`Ano da primeira publicação inválido (${raw}).`);
  return Number(raw);
}

function readPosition(raw: string | undefined): number | null {
  if (!raw) return null;
  const n = Number(raw.replace(',', '.'));
  if (!Number.isFinite(n) || n <= 0) throw new RowError(`Posição na coleção inválida (${raw}): use um número, como 1 ou 2,5.`);
  return n;
}

/**
 * A later row with the ISBN of an earlier one (either form: both are kept as ISBN-13) is a duplicate of it;
 * `earlier` holds the first line of each ISBN in the rows before these (an import read in batches).
 */
export function markDuplicates(rows: ImportFileRow[], earlier: ReadonlyMap<string, number> = new Map()) {
  const firstLine = new Map(earlier);
  for (const row of rows) {
    if (!row.isbn13 || row.error) continue;
    const first = firstLine.get(row.isbn13);
    if (first === undefined) firstLine.set(row.isbn13, row.line);
    else row.duplicateOf = first;
  }
}

const IMPORT_EXTENSIONS = /\.(csv|tsv|txt)$/i;

/**
 * An uploaded file's text, or why it cannot be read (UTF-8 only, with or without a byte-order mark). The
 * limits are the catalogue import's unless the caller (a reader's import) has its own.
 */
export async function readUploadedText(
  file: File,
  limits: { maxBytes: number; tooLarge: string } = { maxBytes: IMPORT_MAX_BYTES, tooLarge: IMPORT_TOO_LARGE },
): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (!IMPORT_EXTENSIONS.test(file.name)) return { ok: false, message: 'Envie um arquivo .csv, .tsv ou .txt (em planilhas: “Salvar como” CSV UTF-8).' };
  if (file.size > limits.maxBytes) return { ok: false, message: limits.tooLarge };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer()) };
  } catch {
    return { ok: false, message: 'Não conseguimos ler o arquivo: salve-o como CSV UTF-8 e envie de novo.' };
  }
}

import { EDITION_FIELDS } from '~/features/catalog/editable-fields';
import { foldForMatch, mapGenre, normalizeName, splitAuthors } from '~/features/catalog/normalize';
import { parseCsvLines } from '~/lib/csv';
import { formatNumber } from '~/lib/format';
import { ASIN_PATTERN, parseIsbn } from '~/lib/isbn';
import type { EditionFormat, EditionSource } from '~/features/catalog/vocabulary';

/**
 * Curators' bulk import files (ADR 0014): a spreadsheet exported as CSV or TSV, read into edition sources
 * row by row, each with the reason it cannot be imported. Pure: the server classifies against the catalogue.
 */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 2_000;
export const IMPORT_LIMITS_TEXT = `até ${formatNumber(IMPORT_MAX_ROWS)} linhas e ${IMPORT_MAX_BYTES / 1024 / 1024} MB por arquivo`;
export const IMPORT_TOO_LARGE = `O arquivo passa do limite de ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Divida-o em partes.`;

type Column =
  | 'title'
  | 'subtitle'
  | 'authors'
  | 'translators'
  | 'illustrators'
  | 'publisher'
  | 'isbn'
  | 'isbn13'
  | 'isbn10'
  | 'asin'
  | 'pages'
  | 'publicationDate'
  | 'format'
  | 'language'
  | 'genres'
  | 'synopsis'
  | 'collection'
  | 'position'
  | 'originalTitle'
  | 'originalLanguage'
  | 'firstPublishedYear';

/** Header names, folded (no accents, case or punctuation), in Portuguese and English. */
const HEADERS: Record<Column, string[]> = {
  title: ['titulo', 'title', 'nome', 'nomedolivro'],
  subtitle: ['subtitulo', 'subtitle'],
  authors: ['autor', 'autora', 'autores', 'autoras', 'author', 'authors', 'escritor'],
  translators: ['tradutor', 'tradutora', 'tradutores', 'traducao', 'translator', 'translators'],
  illustrators: ['ilustrador', 'ilustradora', 'ilustradores', 'ilustracoes', 'illustrator', 'illustrators'],
  publisher: ['editora', 'publisher', 'selo'],
  isbn: ['isbn'],
  isbn13: ['isbn13'],
  isbn10: ['isbn10'],
  asin: ['asin'],
  pages: ['paginas', 'pages', 'numerodepaginas', 'numberofpages', 'numpages', 'pags'],
  publicationDate: ['datadepublicacao', 'anodepublicacao', 'data', 'ano', 'publicacao', 'publicationdate', 'publicationyear', 'yearpublished', 'year', 'date'],
  format: ['formato', 'format', 'encadernacao', 'binding'],
  language: ['idioma', 'lingua', 'language'],
  genres: ['generos', 'genero', 'genres', 'genre'],
  synopsis: ['sinopse', 'descricao', 'synopsis', 'description'],
  collection: ['colecao', 'serie', 'series', 'collection'],
  position: ['posicao', 'volume', 'numeronaserie', 'position', 'seriesnumber'],
  originalTitle: ['titulooriginal', 'originaltitle'],
  originalLanguage: ['idiomaoriginal', 'linguaoriginal', 'originallanguage'],
  firstPublishedYear: ['anodaprimeirapublicacao', 'primeirapublicacao', 'anooriginal', 'originalpublicationyear', 'firstpublished'],
};

const COLUMN_BY_HEADER = new Map(Object.entries(HEADERS).flatMap(([column, names]) => names.map((name) => [name, column as Column])));

const headerKey = (header: string) => foldForMatch(header).replace(/[^a-z0-9]/g, '');

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

/** Reads the file's text; every refusal of the whole file is a message for the file field. */
export function readCatalogImportFile(text: string): ImportFile {
  if (text.includes('\u0000')) return { ok: false, message: 'Não conseguimos ler o arquivo: envie um CSV ou TSV em texto (UTF-8), não uma planilha .xlsx.' };
  const [header, ...records] = parseCsvLines(text);
  if (!header) return { ok: false, message: 'O arquivo está vazio.' };
  const columns = header.cells.map((name) => COLUMN_BY_HEADER.get(headerKey(name)) ?? null);
  if (!columns.includes('title')) {
    return { ok: false, message: 'Não encontramos a coluna de título: a primeira linha precisa ser o cabeçalho, com uma coluna “título” (ou “title”).' };
  }
  if (records.length === 0) return { ok: false, message: 'O arquivo só tem o cabeçalho: nenhuma linha para importar.' };
  if (records.length > IMPORT_MAX_ROWS) {
    return {
      ok: false,
      message: `O arquivo tem ${formatNumber(records.length)} linhas; o limite é ${formatNumber(IMPORT_MAX_ROWS)} por importação. Divida-o em partes.`,
    };
  }
  const ignoredColumns = header.cells.filter((name, i) => columns[i] === null && name.trim()).map((name) => name.trim());
  const rows = records.map(({ line, cells }) => {
    const values: Partial<Record<Column, string>> = {};
    columns.forEach((column, i) => {
      const value = cells[i]?.trim();
      // The first non-empty column wins when a header repeats ("Autor", "Autores").
      if (column && value && !values[column]) values[column] = value;
    });
    return readRow(line, values);
  });
  markDuplicates(rows);
  return { ok: true, rows, ignoredColumns };
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

function readRow(line: number, values: Partial<Record<Column, string>>): ImportFileRow {
  const title = normalizeName(values.title ?? '');
  try {
    if (!title) throw new RowError('Sem título.');
    const isbn = readIsbn(values);
    const source: EditionSource = {
      title: byField('title', title) ?? title,
      subtitle: byField('subtitle', values.subtitle),
      authors: splitAuthors(values.authors ?? ''),
      translators: splitAuthors(values.translators ?? ''),
      illustrators: splitAuthors(values.illustrators ?? ''),
      isbn: isbn?.isbn13 ?? null,
      asin: readAsin(values.asin),
      publisher: byField('publisher', values.publisher),
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
      collection: values.collection ? { name: normalizeName(values.collection), position: readPosition(values.position) } : null,
    };
    return { line, title: source.title, isbn13: isbn?.isbn13 ?? null, source, error: null, duplicateOf: null };
  } catch (error) {
    if (!(error instanceof RowError)) throw error;
    return { line, title, isbn13: null, source: null, error: error.message, duplicateOf: null };
  }
}

function readIsbn(values: Partial<Record<Column, string>>) {
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

/** A later row with the ISBN of an earlier one (either form: both are kept as ISBN-13) is a duplicate of it. */
function markDuplicates(rows: ImportFileRow[]) {
  const firstLine = new Map<string, number>();
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

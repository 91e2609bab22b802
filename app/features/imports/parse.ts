import { foldForMatch, normalizeName, normalizeTitle, splitAuthors } from '~/features/catalog/normalize';
import { type Mood, MOODS, type Pacing, PACINGS, normalizeContentWarning, MAX_CONTENT_WARNINGS, type ShelfStatus } from '~/features/reading/vocabulary';
import { type CsvLine, detectDelimiter, parseCsvLines } from '~/lib/csv';
import { parseIsbn } from '~/lib/isbn';
import { type ParsedReading, type RowFields, type ColumnMapping, type DateOrder, IMPORT_FIELDS, type ImportField, type ImportSource } from './vocabulary';
import { EDITION_FORMATS, type EditionFormat } from '~/features/catalog/vocabulary';

/**
 * Reading a reader's export from another site (PRODUCT.md §D, docs/decisions/0032): Goodreads' library export
 * in every layout real files come in, StoryGraph's export, and our own Goodreads-compatible CSV. Columns are
 * found by name; a Goodreads file whose header a spreadsheet removed is read as the current 24 columns.
 * Pure: the preview, the job and the tests all run files through here.
 */

/** The header names each source writes for each field (compared without case or surrounding spaces). */
const HEADERS: Record<ImportSource, ColumnMapping> = {
  goodreads: {
    title: 'Title', authors: 'Author', additionalAuthors: 'Additional Authors', isbn: 'ISBN', isbn13: 'ISBN13', rating: 'My Rating',
    status: 'Exclusive Shelf', shelves: 'Bookshelves', dateRead: 'Date Read', dateAdded: 'Date Added', review: 'My Review',
    spoiler: 'Spoiler', notes: 'Private Notes', readCount: 'Read Count', owned: 'Owned Copies',
  },
  maratona: {
    bookId: 'Book Id', title: 'Title', authors: 'Author', additionalAuthors: 'Additional Authors', isbn: 'ISBN', isbn13: 'ISBN13', rating: 'My Rating',
    exactRating: 'Maratona Rating', status: 'Exclusive Shelf', shelves: 'Bookshelves', dateRead: 'Date Read', readings: 'Maratona Readings', details: 'Maratona Details',
    dateAdded: 'Date Added', review: 'My Review', spoiler: 'Spoiler', notes: 'Private Notes', readCount: 'Read Count', owned: 'Owned Copies',
  },
  storygraph: {
    title: 'Title', authors: 'Authors', isbn: 'ISBN/UID', status: 'Read Status', dateAdded: 'Date Added', dateRead: 'Last Date Read',
    datesRead: 'Dates Read', readCount: 'Read Count', moods: 'Moods', pacing: 'Pace', exactRating: 'Star Rating', review: 'Review',
    contentWarnings: 'Content Warnings', shelves: 'Tags', owned: 'Owned?',
  },
};

/** Goodreads' current library export, in order: what a file without its header row is read as. */
const GOODREADS_24 = [
  'Book Id', 'Title', 'Author', 'Author l-f', 'Additional Authors', 'ISBN', 'ISBN13', 'My Rating', 'Average Rating', 'Publisher',
  'Binding', 'Number of Pages', 'Year Published', 'Original Publication Year', 'Date Read', 'Date Added', 'Bookshelves',
  'Bookshelves with positions', 'Exclusive Shelf', 'My Review', 'Spoiler', 'Private Notes', 'Read Count', 'Owned Copies',
];

const STATUS_NAMES: Record<string, ShelfStatus> = {
  'to-read': 'want_to_read',
  'currently-reading': 'reading',
  read: 'read',
  'did-not-finish': 'abandoned',
  paused: 'paused',
};

/** A row as read, plus the line's cells as the file had them (for the CSV of failed rows). */
export type ParsedRow = RowFields & { cells: string[] };

export type FailedRow = { line: number; cells: string[]; reason: string };

export type ParsedFile = {
  source: ImportSource;
  /** The file's header as read (Goodreads' 24 columns when the file had none). */
  header: string[];
  headerless: boolean;
  mapping: ColumnMapping;
  /** Header names no field was found in, shown in the preview. */
  ignored: string[];
  /**
   * `null` when the file's day/month dates settle nothing (every day and month ≤ 12): the preview asks, day
   * first until then. A file without such dates (only `YYYY/MM/DD`, or none) has nothing to ask: day first.
   */
  detectedDateOrder: DateOrder | null;
  dateOrder: DateOrder;
  rows: ParsedRow[];
  failed: FailedRow[];
};

export class ImportFileError extends Error {}

const folded = (header: string) => header.trim().toLowerCase();

function detectSource(header: string[]): ImportSource | null {
  const names = new Set(header.map(folded));
  if (names.has('read status') && names.has('title')) return 'storygraph';
  if (names.has('title') && (names.has('exclusive shelf') || names.has('book id'))) return names.has('maratona rating') || names.has('maratona readings') ? 'maratona' : 'goodreads';
  return null;
}

/** Whether a first row is data, not a header: a Goodreads row starts with its numeric Book Id. */
const looksLikeGoodreadsRow = (cells: string[]) => cells.length === GOODREADS_24.length && /^\d+$/.test(cells[0]?.trim() ?? '');

/** Strips the spreadsheet armour around a cell: Goodreads' `="…"`, our export's `'` before a formula character. */
export function unwrapCell(raw: string): string {
  const cell = raw.trim();
  const formula = /^="(.*)"$/s.exec(cell);
  if (formula) return formula[1]!;
  if (/^'[=+\-@\t\r]/.test(cell)) return cell.slice(1);
  return cell;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `&amp;`, `&#39;`, `&#x2014;` as the characters they stand for; text in NFC. */
export function decodeText(raw: string): string {
  return raw
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .normalize('NFC');
}

type IsbnResult = { isbn13: string | null; warning: string | null };

/**
 * An ISBN as exports and spreadsheets leave it: plain, `="…"`-wrapped, with a leading zero a spreadsheet
 * dropped (`545424984` → `0545424984`, kept only when the checksum agrees), or ruined into scientific notation
 * (`9.78854E+12`, reported and never guessed). StoryGraph's `ISBN/UID` may hold an Amazon id: no ISBN then.
 */
export function readIsbn(raw: string): IsbnResult {
  const cell = unwrapCell(raw);
  if (!cell) return { isbn13: null, warning: null };
  if (/^\d+(?:[.,]\d+)?e\+?\d+$/i.test(cell)) {
    return { isbn13: null, warning: `O ISBN “${cell}” virou notação científica numa planilha e não dá para recuperá-lo; o livro foi procurado pelo título e autor.` };
  }
  const digits = cell.toUpperCase().replace(/[^0-9X]/g, '');
  const parsed = parseIsbn(digits) ?? (digits.length === 9 ? parseIsbn(`0${digits}`) : null) ?? (digits.length === 12 ? parseIsbn(`0${digits}`) : null);
  return { isbn13: parsed?.isbn13 ?? null, warning: null };
}

type DatePart = { a: number; b: number; year: number } | { iso: string };

function datePart(token: string): DatePart | null {
  const text = token.trim();
  const ymd = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(text);
  if (ymd) return { iso: isoDate(Number(ymd[1]), Number(ymd[2]), Number(ymd[3])) ?? '' };
  const other = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (other) return { a: Number(other[1]), b: Number(other[2]), year: Number(other[3]) };
  return null;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DD` of a real day (29 February only in leap years), or null. */
function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function toIso(part: DatePart | null, order: DateOrder): string | null {
  if (!part) return null;
  if ('iso' in part) return part.iso || null;
  return order === 'dmy' ? isoDate(part.year, part.b, part.a) : isoDate(part.year, part.a, part.b);
}

/** Every date-like token of a cell: single dates, StoryGraph's ranges (`2025/04/19-2025/04/21`) and lists. */
function dateTokens(cell: string): string[] {
  return cell.split(/[,;]|\s+-\s+|(?<=\d)-(?=\d{4}[/.-]|\d{1,2}[/.-]\d{1,2}[/.-]\d{4})/).map((t) => t.trim()).filter(Boolean);
}

/** One StoryGraph "Dates Read" entry: `start-end`, `start-` (not finished yet) or a single date (the finish). */
function readingFrom(entry: string, order: DateOrder): ParsedReading | null {
  const open = /^(.+?\d)\s*-$/.exec(entry.trim());
  if (open) {
    const started = toIso(datePart(open[1]!), order);
    return started ? { started, finished: null, abandoned: null } : null;
  }
  const range = /^(.+?\d)\s*-\s*(\d.+)$/.exec(entry.trim());
  const [startText, endText] = range && datePart(range[1]!) && datePart(range[2]!) ? [range[1]!, range[2]!] : [null, entry];
  const finished = toIso(datePart(endText), order);
  const started = startText ? toIso(datePart(startText), order) : null;
  return finished || started ? { started, finished, abandoned: null } : null;
}

const MOOD_SET = new Set<string>(MOODS);
const PACING_SET = new Set<string>(PACINGS);

function ratingQuarters(raw: string): number | null {
  const value = Number(unwrapCell(raw).replace(',', '.'));
  if (!Number.isFinite(value) || value <= 0) return null;
  return Math.min(20, Math.max(1, Math.round(value * 4)));
}

const list = (cell: string) => cell.split(',').map((s) => decodeText(s).trim()).filter(Boolean);

export type ParseOptions = { mapping?: ColumnMapping; dateOrder?: DateOrder };

/** Rows read between two pauses of readImportFile (about 40 ms of work on this machine). */
const ROWS_PER_STEP = 1_000;

/** Reads a whole export. Throws ImportFileError (in Portuguese) when the file is not one we know. */
export function parseImportFile(text: string, options: ParseOptions = {}): ParsedFile {
  const steps = parseSteps(text, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * parseImportFile for the server: the same reading, giving the event loop back every ROWS_PER_STEP rows so
 * the site keeps answering while a 50,000-row file is read.
 */
export async function readImportFile(text: string, options: ParseOptions = {}): Promise<ParsedFile> {
  const steps = parseSteps(text, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function* parseSteps(text: string, options: ParseOptions): Generator<void, ParsedFile> {
  const lines = parseCsvLines(text, detectDelimiter(text));
  if (!lines.length) throw new ImportFileError('O arquivo está vazio.');
  const first = lines[0]!;
  const headerless = looksLikeGoodreadsRow(first.cells);
  const header = headerless ? GOODREADS_24 : first.cells.map((h) => h.replace(/^\uFEFF/, '').trim());
  const source = headerless ? 'goodreads' : detectSource(header);
  if (!source) {
    throw new ImportFileError('Não reconhecemos as colunas deste arquivo. Envie a exportação da biblioteca do Goodreads ou do StoryGraph, ou a planilha exportada pelo Maratona.');
  }
  const index = new Map(header.map((h, i) => [folded(h), i] as const));
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const name = options.mapping?.[field] ?? HEADERS[source][field];
    if (name && index.has(folded(name))) mapping[field] = header[index.get(folded(name))!];
  }
  if (!mapping.title) throw new ImportFileError('O arquivo não tem a coluna do título (“Title”). Indique qual coluna traz o título.');
  const used = new Set(Object.values(mapping).map(folded));
  const ignored = header.filter((h) => !used.has(folded(h)));
  const data = headerless ? lines : lines.slice(1);

  const cellOf = (row: CsvLine, field: ImportField) => {
    const name = mapping[field];
    return name === undefined ? '' : (row.cells[index.get(folded(name))!] ?? '');
  };

  // Day or month first is settled by the file as a whole: one day above 12 decides it.
  let detected: DateOrder | null = null;
  let dayMonthDates = false;
  for (const row of data) {
    for (const field of ['dateRead', 'datesRead', 'dateAdded'] as const) {
      for (const token of dateTokens(cellOf(row, field))) {
        const part = datePart(token);
        if (part && !('iso' in part)) {
          dayMonthDates = true;
          if (part.a > 12) detected = 'dmy';
          else if (part.b > 12) detected = 'mdy';
        }
      }
      if (detected) break;
    }
    if (detected) break;
  }
  if (!dayMonthDates) detected = 'dmy';
  const dateOrder = options.dateOrder ?? detected ?? 'dmy';

  const rows: ParsedRow[] = [];
  const failed: FailedRow[] = [];
  for (const [i, row] of data.entries()) {
    if (i > 0 && i % ROWS_PER_STEP === 0) yield;
    const { title, series } = splitSeries(normalizeTitle(decodeText(unwrapCell(cellOf(row, 'title')))));
    if (!title) {
      failed.push({ line: row.line, cells: row.cells, reason: 'A linha não tem título.' });
      continue;
    }
    const warnings: string[] = [];
    const isbn = [readIsbn(cellOf(row, 'isbn13')), readIsbn(cellOf(row, 'isbn'))];
    for (const w of isbn) if (w.warning) warnings.push(w.warning);
    const statusName = foldForMatch(unwrapCell(cellOf(row, 'status'))) || 'read';
    const knownStatus = STATUS_NAMES[statusName];
    const shelves = [...new Set([...list(cellOf(row, 'shelves')).filter((s) => !STATUS_NAMES[foldForMatch(s)]), ...(knownStatus ? [] : [decodeText(unwrapCell(cellOf(row, 'status')))])])];
    const status = knownStatus ?? 'want_to_read';
    const readings = readingsOf(row, cellOf, status, dateOrder, warnings);
    const exact = ratingQuarters(cellOf(row, 'exactRating'));
    const details = detailsOf(cellOf(row, 'details'), warnings);
    rows.push({
      line: row.line,
      cells: row.cells,
      editionId: /^[A-Za-z0-9_-]{6,40}$/.test(unwrapCell(cellOf(row, 'bookId'))) ? unwrapCell(cellOf(row, 'bookId')) : null,
      title,
      series,
      authors: [...splitAuthors(decodeText(unwrapCell(cellOf(row, 'authors')))), ...splitAuthors(decodeText(unwrapCell(cellOf(row, 'additionalAuthors'))))],
      isbn13: isbn[0]!.isbn13 ?? isbn[1]!.isbn13,
      status,
      ratingQuarters: exact ?? ratingQuarters(cellOf(row, 'rating')),
      readings,
      addedOn: toIso(datePart(unwrapCell(cellOf(row, 'dateAdded'))), dateOrder),
      review: textOrNull(cellOf(row, 'review')),
      spoiler: /^(true|yes|sim|1)$/i.test(unwrapCell(cellOf(row, 'spoiler'))),
      notes: textOrNull(cellOf(row, 'notes')),
      shelves: details?.shelves ?? shelves.map(normalizeName).filter(Boolean),
      owned: ownedOf(cellOf(row, 'owned')),
      ownedFormat: details?.ownedFormat ?? null,
      favorite: details?.favorite ?? false,
      moods: details?.moods ?? list(cellOf(row, 'moods')).map((m) => m.toLowerCase()).filter((m): m is Mood => MOOD_SET.has(m)),
      pacing: details ? details.pacing : PACING_SET.has(unwrapCell(cellOf(row, 'pacing')).toLowerCase()) ? (unwrapCell(cellOf(row, 'pacing')).toLowerCase() as Pacing) : null,
      contentWarnings: details?.contentWarnings ?? [...new Set(list(cellOf(row, 'contentWarnings')).map(normalizeContentWarning))].slice(0, MAX_CONTENT_WARNINGS),
      warnings,
    });
  }
  return { source, header, headerless, mapping, ignored, detectedDateOrder: detected, dateOrder, rows, failed };
}

/** `Duna (Crônicas de Duna, #1)` → the title and its series; `(Portuguese Edition)` and other brackets stay. */
export function splitSeries(text: string): { title: string; series: ParsedRow['series'] } {
  const match = /^(.+?)\s*\(([^()]+?),?\s*#\s*([\d.,]+)(?:-[\d.,]+)?\)$/.exec(text);
  if (!match) return { title: text, series: null };
  const position = Number(match[3]!.replace(',', '.'));
  return { title: match[1]!.trim(), series: { name: match[2]!.trim(), position: Number.isFinite(position) ? position : null } };
}

const FORMAT_SET = new Set<string>(EDITION_FORMATS);

type Details = { shelves: string[]; favorite: boolean; ownedFormat: EditionFormat | null; moods: Mood[]; pacing: Pacing | null; contentWarnings: string[] };

/** Our export's "Maratona Details": the entry's shelves by exact name, favourite, format owned and how it felt. */
function detailsOf(raw: string, warnings: string[]): Details | null {
  const cell = unwrapCell(raw);
  if (!cell) return null;
  try {
    const item = JSON.parse(cell) as Record<string, unknown>;
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
    return {
      shelves: [...new Set(strings(item.shelves).map((s) => s.normalize('NFC').trim()).filter(Boolean))],
      favorite: item.favorite === true,
      ownedFormat: typeof item.ownedFormat === 'string' && FORMAT_SET.has(item.ownedFormat) ? (item.ownedFormat as EditionFormat) : null,
      moods: strings(item.moods).filter((m): m is Mood => MOOD_SET.has(m)),
      pacing: typeof item.pacing === 'string' && PACING_SET.has(item.pacing) ? (item.pacing as Pacing) : null,
      contentWarnings: [...new Set(strings(item.contentWarnings).map(normalizeContentWarning))].slice(0, MAX_CONTENT_WARNINGS),
    };
  } catch {
    warnings.push('A coluna “Maratona Details” não pôde ser lida; usamos as outras colunas.');
    return null;
  }
}

function textOrNull(raw: string): string | null {
  const text = decodeText(unwrapCell(raw)).replace(/<br\s*\/?>/gi, '\n').trim();
  return text || null;
}

function ownedOf(raw: string): boolean {
  const cell = unwrapCell(raw).toLowerCase();
  return /^(yes|sim|true)$/.test(cell) || Number(cell) > 0;
}

/**
 * Every reading with its dates: our own export's exact list first; else StoryGraph's "Dates Read", else the
 * single "Date Read". The read count is honoured with readings of unknown dates, and a book marked read without
 * any date gets one undated reading — an import never stamps a reading with today.
 */
function readingsOf(row: CsvLine, cellOf: (row: CsvLine, field: ImportField) => string, status: ShelfStatus, order: DateOrder, warnings: string[]): ParsedReading[] {
  const exact = unwrapCell(cellOf(row, 'readings'));
  let readings: ParsedReading[] = [];
  if (exact) {
    try {
      const parsed = JSON.parse(exact) as unknown;
      if (Array.isArray(parsed)) {
        readings = parsed.flatMap((r: unknown) => {
          const item = r as Record<string, unknown>;
          const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
          return [{ started: day(item.started), finished: day(item.finished), abandoned: day(item.abandoned) }];
        });
      }
    } catch {
      warnings.push('As leituras da coluna “Maratona Readings” não puderam ser lidas; usamos a data de leitura.');
    }
  }
  if (!readings.length) {
    const many = cellOf(row, 'datesRead');
    const entries = many ? many.split(/,\s*/).map((e) => readingFrom(e, order)).filter((r): r is ParsedReading => r !== null) : [];
    const single = toIso(datePart(unwrapCell(cellOf(row, 'dateRead'))), order);
    readings = entries.length ? entries : single ? [{ started: null, finished: single, abandoned: null }] : [];
  }
  if (status === 'abandoned' && readings.length) {
    const last = readings[readings.length - 1]!;
    if (!last.abandoned && last.finished) readings[readings.length - 1] = { ...last, abandoned: last.finished, finished: null };
  }
  const count = Number(unwrapCell(cellOf(row, 'readCount')));
  const wanted = status === 'read' ? Math.max(1, Number.isInteger(count) ? count : 0) : 0;
  while (readings.filter((r) => r.finished).length + readings.filter((r) => !r.finished && !r.abandoned && !r.started).length < wanted && readings.length < 50) {
    readings.push({ started: null, finished: null, abandoned: null });
  }
  if ((status === 'reading' || status === 'paused') && !readings.some((r) => !r.finished && !r.abandoned)) readings.push({ started: null, finished: null, abandoned: null });
  return readings;
}

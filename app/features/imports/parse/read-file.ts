import { formatFromName } from '~/features/catalog/format-names';
import { cleanSourceTitle, foldForMatch, normalizeName, normalizeTitle, splitAuthors } from '~/features/catalog/normalize';
import { type Mood, type Pacing, normalizeContentWarning, MAX_CONTENT_WARNINGS, type ShelfStatus } from '~/features/reading/vocabulary';
import { type CsvLine, detectDelimiter, parseCsvLines } from '~/lib/csv';
import {
  type ColumnMapping,
  type DateOrder,
  type FileSummary,
  IMPORT_FIELDS,
  type ImportField,
  type ImportSource,
  type ParsedReading,
  type RowFields,
} from '../vocabulary';
import { MOOD_SET, PACING_SET, decodeText, list, ownedOf, pagesOf, ratingQuarters, readIsbn, textOrNull, unwrapCell, yearOf } from './cells';
import { shelfKey } from '../merge-plan';
import { datePart, settleDateOrder, toIso } from './dates';
import { summarizeRows } from './summary';
import {
  GOODREADS_COLUMNS,
  GOODREADS_HEADERS,
  SHELF_STATUS_NAMES,
  isGoodreadsLikeHeader,
  looksLikeGoodreadsRow,
  shelfPositionKey,
  shelfPositions,
} from './goodreads';
import { MARATONA_HEADERS, hasMaratonaColumns, maratonaDetails, maratonaEditionId, maratonaReadings } from './maratona';
import { STORYGRAPH_HEADERS, isStorygraphHeader, storygraphReadings } from './storygraph';

/**
 * Reading a reader's export from another site (PRODUCT.md §D, docs/decisions/0032): Goodreads' library export
 * in every layout real files come in, StoryGraph's export, and our own Goodreads-compatible CSV (one module
 * each beside this one). Columns are found by name, or by the reader's own column mapping; a Goodreads file
 * whose header a spreadsheet removed is read as the current 24 columns.
 * Pure: the preview, the job and the tests all run files through here.
 */

/** The header names each source writes for each field (compared without case or surrounding spaces). */
const HEADERS: Record<ImportSource, ColumnMapping> = { goodreads: GOODREADS_HEADERS, maratona: MARATONA_HEADERS, storygraph: STORYGRAPH_HEADERS };

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
  /** What the rows give the bookshelf, over the whole file, for the preview. */
  summary: FileSummary;
};

export class ImportFileError extends Error {}

const folded = (header: string) => header.trim().toLowerCase();

function detectSource(header: string[]): ImportSource | null {
  const names = new Set(header.map(folded));
  if (isStorygraphHeader(names)) return 'storygraph';
  if (isGoodreadsLikeHeader(names)) return hasMaratonaColumns(names) ? 'maratona' : 'goodreads';
  return null;
}

export type ParseOptions = { mapping?: ColumnMapping; dateOrder?: DateOrder };

/** Rows read between two pauses of readReaderImportFile (about 40 ms of work on this machine). */
const ROWS_PER_STEP = 1_000;

/** Reads a whole export. Throws ImportFileError (in Portuguese) when the file is not one we know. */
export function parseReaderImportFile(text: string, options: ParseOptions = {}): ParsedFile {
  const steps = parseSteps(text, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * parseReaderImportFile for the server: the same reading, giving the event loop back every ROWS_PER_STEP rows so
 * the site keeps answering while a 50,000-row file is read.
 */
export async function readReaderImportFile(text: string, options: ParseOptions = {}): Promise<ParsedFile> {
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
  const header = headerless ? [...GOODREADS_COLUMNS] : first.cells.map((h) => h.replace(/^\uFEFF/, '').trim());
  const source = headerless ? 'goodreads' : detectSource(header);
  if (!source) {
    throw new ImportFileError(
      'Não reconhecemos as colunas deste arquivo. Envie a exportação da biblioteca do Goodreads ou do StoryGraph, ou a planilha exportada pelo Maratona.',
    );
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

  // Day or month first is settled by the file as a whole (dates.ts).
  const { order: detected, dates } = settleDateOrder(
    (function* () {
      for (const row of data) for (const field of ['dateRead', 'datesRead', 'dateAdded'] as const) yield cellOf(row, field);
    })(),
  );
  const dateOrder = options.dateOrder ?? detected ?? 'dmy';

  const rows: ParsedRow[] = [];
  const failed: FailedRow[] = [];
  let scientificIsbns = 0;
  for (const [i, row] of data.entries()) {
    if (i > 0 && i % ROWS_PER_STEP === 0) yield;
    const { title, subtitle, series, language } = cleanSourceTitle(normalizeTitle(decodeText(unwrapCell(cellOf(row, 'title')))));
    if (!title) {
      failed.push({ line: row.line, cells: row.cells, reason: 'A linha não tem título.' });
      continue;
    }
    const warnings: string[] = [];
    const isbn = [readIsbn(cellOf(row, 'isbn13')), readIsbn(cellOf(row, 'isbn'))];
    for (const w of isbn) if (w.warning) warnings.push(w.warning);
    if (isbn.some((w) => w.scientific)) scientificIsbns += 1;
    // An empty status is no status: never "lido" (the job asks the reader's choice, "quero ler" by default).
    const statusName = foldForMatch(unwrapCell(cellOf(row, 'status')));
    const knownStatus = statusName ? SHELF_STATUS_NAMES[statusName] : undefined;
    const shelves = [
      ...new Set([
        ...list(cellOf(row, 'shelves')).filter((s) => !SHELF_STATUS_NAMES[foldForMatch(s)]),
        ...(knownStatus || !statusName ? [] : [decodeText(unwrapCell(cellOf(row, 'status')))]),
      ]),
    ];
    const status = statusName ? (knownStatus ?? 'want_to_read') : null;
    const readings = status ? readingsOf(row, cellOf, status, dateOrder, warnings) : [];
    const publisher = decodeText(unwrapCell(cellOf(row, 'publisher')))
      .trim()
      .slice(0, 200);
    const exact = ratingQuarters(cellOf(row, 'exactRating'));
    const details = maratonaDetails(cellOf(row, 'details'), warnings);
    const shelfNames = details?.shelves ?? shelves.map(normalizeName).filter(Boolean);
    const positions = shelfPositions(decodeText(unwrapCell(cellOf(row, 'shelfPositions'))));
    rows.push({
      line: row.line,
      cells: row.cells,
      editionId: maratonaEditionId(cellOf(row, 'bookId')),
      title,
      ...(subtitle ? { subtitle } : {}),
      ...(language ? { language } : {}),
      series,
      authors: [...splitAuthors(decodeText(unwrapCell(cellOf(row, 'authors')))), ...splitAuthors(decodeText(unwrapCell(cellOf(row, 'additionalAuthors'))))],
      isbn13: isbn[0]!.isbn13 ?? isbn[1]!.isbn13,
      edition: {
        publisher: publisher || null,
        format: formatFromName(unwrapCell(cellOf(row, 'format'))),
        pages: pagesOf(cellOf(row, 'pages')),
        year: yearOf(cellOf(row, 'yearPublished')),
        firstPublishedYear: yearOf(cellOf(row, 'originalYear')),
      },
      status,
      ratingQuarters: exact ?? ratingQuarters(cellOf(row, 'rating')),
      readings,
      addedOn: toIso(datePart(unwrapCell(cellOf(row, 'dateAdded'))), dateOrder),
      review: textOrNull(cellOf(row, 'review')),
      spoiler: /^(true|yes|sim|1)$/i.test(unwrapCell(cellOf(row, 'spoiler'))),
      notes: textOrNull(cellOf(row, 'notes')),
      shelves: shelfNames,
      shelfPositions: Object.fromEntries(
        shelfNames.flatMap((name) => {
          const position = positions.get(shelfPositionKey(name));
          return position === undefined ? [] : [[shelfKey(name), position]];
        }),
      ),
      owned: ownedOf(cellOf(row, 'owned')),
      ownedFormat: details?.ownedFormat ?? null,
      favorite: details?.favorite ?? false,
      moods:
        details?.moods ??
        list(cellOf(row, 'moods'))
          .map((m) => m.toLowerCase())
          .filter((m): m is Mood => MOOD_SET.has(m)),
      pacing: details
        ? details.pacing
        : PACING_SET.has(unwrapCell(cellOf(row, 'pacing')).toLowerCase())
          ? (unwrapCell(cellOf(row, 'pacing')).toLowerCase() as Pacing)
          : null,
      contentWarnings:
        details?.contentWarnings ?? [...new Set(list(cellOf(row, 'contentWarnings')).map(normalizeContentWarning))].slice(0, MAX_CONTENT_WARNINGS),
      warnings,
    });
  }
  return {
    source,
    header,
    headerless,
    mapping,
    ignored,
    detectedDateOrder: detected,
    dateOrder,
    rows,
    failed,
    summary: summarizeRows(rows, { scientificIsbns, dates }),
  };
}

/**
 * Every reading with its dates: our own export's exact list first; else StoryGraph's "Dates Read", else the
 * single "Date Read". The read count is honoured with readings of unknown dates, and a book marked read without
 * any date gets one undated reading — an import never stamps a reading with today.
 */
function readingsOf(
  row: CsvLine,
  cellOf: (row: CsvLine, field: ImportField) => string,
  status: ShelfStatus,
  order: DateOrder,
  warnings: string[],
): ParsedReading[] {
  let readings = maratonaReadings(cellOf(row, 'readings'), warnings);
  if (!readings.length) {
    const entries = storygraphReadings(cellOf(row, 'datesRead'), order);
    const single = toIso(datePart(unwrapCell(cellOf(row, 'dateRead'))), order);
    readings = entries.length ? entries : single ? [{ started: null, finished: single, abandoned: null }] : [];
  }
  if (status === 'abandoned' && readings.length) {
    const last = readings[readings.length - 1]!;
    if (!last.abandoned && last.finished) readings[readings.length - 1] = { ...last, abandoned: last.finished, finished: null };
  }
  const count = Number(unwrapCell(cellOf(row, 'readCount')));
  const wanted = status === 'read' ? Math.max(1, Number.isInteger(count) ? count : 0) : 0;
  while (
    readings.filter((r) => r.finished).length + readings.filter((r) => !r.finished && !r.abandoned && !r.started).length < wanted &&
    readings.length < 50
  ) {
    readings.push({ started: null, finished: null, abandoned: null });
  }
  if ((status === 'reading' || status === 'paused') && !readings.some((r) => !r.finished && !r.abandoned))
    readings.push({ started: null, finished: null, abandoned: null });
  return readings;
}

import { and, eq, sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { editions, readerImportRows, readerImports } from '~/db/schema';
import { formatNumber } from '~/lib/format';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { enqueueJob, wakeJobRunner } from '~/server/jobs.server';
import type { Viewer } from '~/server/viewer.server';
import type { Visibility } from '~/features/social/vocabulary';
import { READER_IMPORT_JOB } from './job.server';
import { READER_IMPORT_MAX_ROWS } from './limits';
import { matchRows } from './match.server';
import { ImportFileError, type ParsedFile, type ParsedRow, readReaderImportFile } from './parse/read-file';
import { importNotFound } from './queries.server';
import type { RowDecision } from './types';
import type { ArchiveExtras, ColumnMapping, DateOrder, ImportRowData, NoStatusChoice, ReaderImportCounts, RowFields, RowOutcome } from './vocabulary';

/** Rows written per INSERT (one PGlite connection serves the site). */
const INSERT_BATCH = 1_000;

/** Reads the file, or refuses it with a message for the file field. */
async function readFile(text: string, options: { mapping?: ColumnMapping; dateOrder?: DateOrder } = {}): Promise<ParsedFile> {
  let parsed: ParsedFile;
  try {
    parsed = await readReaderImportFile(text, options);
  } catch (error) {
    if (error instanceof ImportFileError) throw new AppError('invalid_input', error.message, 'arquivo');
    throw error;
  }
  const lines = parsed.rows.length + parsed.failed.length;
  if (lines === 0) throw new AppError('invalid_input', 'O arquivo só tem o cabeçalho: não há livros para importar.', 'arquivo');
  if (lines > READER_IMPORT_MAX_ROWS) {
    throw new AppError(
      'invalid_input',
      `O arquivo tem ${formatNumber(lines)} linhas; o limite é ${formatNumber(READER_IMPORT_MAX_ROWS)} por importação. Divida-o em partes.`,
      'arquivo',
    );
  }
  return parsed;
}

/** A row's fields without its cells, which the stored row keeps once, beside them. */
const withoutCells = ({ cells: _cells, ...fields }: ParsedRow): RowFields => fields;

/** Matches the file's rows and stores them, replacing any earlier reading of the same import; the counts keep the file's summary. */
async function writeRows(tx: Tx, importId: string, parsed: ParsedFile): Promise<ReaderImportCounts> {
  const matches = await matchRows(tx, parsed.rows);
  const counts: ReaderImportCounts = { file: parsed.summary };
  const rows = [
    ...parsed.rows.map((row) => {
      const match = matches.get(row.line)!;
      counts[match.outcome] = (counts[match.outcome] ?? 0) + 1;
      if (row.status === null) counts.noStatus = (counts.noStatus ?? 0) + 1;
      return {
        importId,
        line: row.line,
        outcome: match.outcome as RowOutcome,
        editionId: match.editionId,
        data: { cells: row.cells, row: withoutCells(row), ...(match.otherEdition ? { otherEdition: true } : {}) } satisfies ImportRowData,
        reason: null,
        applied: false,
      };
    }),
    ...parsed.failed.map((row) => {
      counts.failed = (counts.failed ?? 0) + 1;
      // A row that cannot be imported is done from the start: the job has nothing to write for it.
      return {
        importId,
        line: row.line,
        outcome: 'failed' as const,
        editionId: null,
        data: { cells: row.cells, row: null } satisfies ImportRowData,
        reason: row.reason,
        applied: true,
      };
    }),
  ];
  await tx.delete(readerImportRows).where(eq(readerImportRows.importId, importId));
  for (let start = 0; start < rows.length; start += INSERT_BATCH) await tx.insert(readerImportRows).values(rows.slice(start, start + INSERT_BATCH));
  return counts;
}

/**
 * Reads an uploaded export and keeps its rows, matched against the catalogue, for the preview: nothing
 * reaches the bookshelf before the reader confirms.
 */
export async function createReaderImport(viewer: Viewer, input: { fileName: string; text: string; extras?: ArchiveExtras }): Promise<{ id: string }> {
  const parsed = await readFile(input.text);
  const id = newId();
  await getDb().transaction(async (tx) => {
    await tx.insert(readerImports).values({
      id,
      userId: viewer.id,
      source: parsed.source,
      fileName: input.fileName.slice(0, 200) || 'arquivo.csv',
      fileText: input.text,
      extras: input.extras ?? null,
      mapping: parsed.mapping,
      header: parsed.header,
      dateOrder: parsed.dateOrder,
      dateOrderDetected: parsed.detectedDateOrder !== null,
      total: parsed.rows.length + parsed.failed.length,
      counts: {},
    });
    const counts = await writeRows(tx, id, parsed);
    await tx.update(readerImports).set({ counts }).where(eq(readerImports.id, id));
  });
  return { id };
}

async function lockOwnImport(tx: Tx, viewer: Viewer, id: string) {
  const [record] = await tx
    .select()
    .from(readerImports)
    .where(and(eq(readerImports.id, id), eq(readerImports.userId, viewer.id)))
    .for('update');
  if (!record) throw importNotFound();
  return record;
}

/**
 * Reads the file again with the reader's column mapping and date order (only while it is a preview); without
 * an order (the preview asks only when the file's dates leave it open), the file's own.
 */
export async function adjustReaderImport(viewer: Viewer, id: string, options: { mapping: ColumnMapping; dateOrder?: DateOrder }): Promise<void> {
  await getDb().transaction(async (tx) => {
    const record = await lockOwnImport(tx, viewer, id);
    if (record.status !== 'preview' || record.fileText == null)
      throw new AppError('conflict', 'Esta importação já foi confirmada: envie o arquivo de novo para mudar as colunas.');
    const parsed = await readFile(record.fileText, options);
    const counts = await writeRows(tx, id, parsed);
    await tx
      .update(readerImports)
      .set({
        mapping: parsed.mapping,
        dateOrder: parsed.dateOrder,
        dateOrderDetected: parsed.detectedDateOrder !== null,
        total: parsed.rows.length + parsed.failed.length,
        counts,
      })
      .where(eq(readerImports.id, id));
  });
}

/**
 * Starts the import: the job writes the rows, those without a status as the reader chose (`want_to_read`
 * unless they said otherwise); the file itself is no longer needed and is dropped.
 */
export async function confirmReaderImport(
  viewer: Viewer,
  id: string,
  options: { noStatus?: NoStatusChoice; shelfVisibility?: Visibility } = {},
): Promise<void> {
  await getDb().transaction(async (tx) => {
    const record = await lockOwnImport(tx, viewer, id);
    if (record.status !== 'preview') return;
    if ((record.counts.failed ?? 0) >= record.total)
      throw new AppError('invalid_input', 'Nenhuma linha deste arquivo pode ser importada: veja os motivos abaixo.');
    await tx
      .update(readerImports)
      .set({
        status: 'queued',
        startedAt: new Date(),
        fileText: null,
        applied: record.counts.failed ?? 0,
        noStatus: options.noStatus ?? 'want_to_read',
        shelfVisibility: options.shelfVisibility ?? 'privado',
      })
      .where(eq(readerImports.id, id));
    await enqueueJob(READER_IMPORT_JOB, { importId: id }, { tx });
  });
  wakeJobRunner();
}

/** Drops an import still in preview (the reader sent the wrong file). */
export async function discardReaderImport(viewer: Viewer, id: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const record = await lockOwnImport(tx, viewer, id);
    if (record.status !== 'preview') throw new AppError('conflict', 'Esta importação já foi confirmada e não pode ser descartada.');
    await tx.delete(readerImports).where(eq(readerImports.id, id));
  });
}

/** The counts per outcome, from the rows as they are now (after the reader's decisions); the rows without a status and the file's summary stay as counted. */
async function recount(tx: Tx, id: string, before: ReaderImportCounts): Promise<void> {
  const rows = await queryRows<{ outcome: RowOutcome; n: number }>(
    sql`SELECT outcome, count(*)::int AS n FROM reader_import_rows WHERE import_id = ${id} GROUP BY outcome`,
    tx,
  );
  const counts: ReaderImportCounts = {
    ...Object.fromEntries(rows.map((r) => [r.outcome, Number(r.n)])),
    ...(before.noStatus ? { noStatus: before.noStatus } : {}),
    ...(before.file ? { file: before.file } : {}),
  };
  await tx.update(readerImports).set({ counts }).where(eq(readerImports.id, id));
}

/**
 * The reader's answer about a suggested edition (a near title): it is this one, it is another edition (an
 * address or code of the catalogue), or it is none and a pending edition is created. Changeable until confirmed.
 */
export async function decideImportRow(viewer: Viewer, id: string, line: number, decision: RowDecision): Promise<void> {
  await getDb().transaction(async (tx) => {
    const record = await lockOwnImport(tx, viewer, id);
    if (record.status !== 'preview') throw new AppError('conflict', 'Esta importação já foi confirmada.');
    const [row] = await tx
      .select({ outcome: readerImportRows.outcome, editionId: readerImportRows.editionId, data: readerImportRows.data })
      .from(readerImportRows)
      .where(and(eq(readerImportRows.importId, id), eq(readerImportRows.line, line)));
    if (!row || !['confirm', 'chosen', 'new'].includes(row.outcome) || !row.data.row)
      throw new AppError('not_found', 'Essa linha não tem sugestão para confirmar.');
    let values: { outcome: RowOutcome; editionId: string | null };
    let workId: string | undefined;
    if (decision.kind === 'other') {
      const [edition] = await queryRows<{ id: string }>(
        sql`SELECT coalesce(e.id, r.to_id) AS id FROM (SELECT ${decision.editionId}::text AS id) q LEFT JOIN editions e ON e.id = q.id
            LEFT JOIN catalog_redirects r ON r.kind = 'edition' AND r.from_id = q.id WHERE e.id IS NOT NULL OR r.to_id IS NOT NULL`,
        tx,
      );
      if (!edition) throw new AppError('invalid_input', 'Não achamos essa edição no catálogo. Cole o endereço da página do livro (/ed/…).', `edicao_${line}`);
      values = { outcome: 'chosen', editionId: edition.id };
    } else if (decision.kind === 'accept') {
      // The suggestion is kept in the row's data, so "criar nova" can be undone by "é este".
      const suggested = row.outcome === 'confirm' ? row.editionId : (row.data.suggestion ?? null);
      if (!suggested) throw new AppError('not_found', 'Essa linha não tem sugestão para confirmar.');
      if (row.data.otherEdition) {
        // Another edition of the suggestion's work: a pending edition of that work, never the suggestion itself.
        const [edition] = await tx.select({ workId: editions.workId }).from(editions).where(eq(editions.id, suggested));
        if (!edition) throw new AppError('not_found', 'Essa linha não tem sugestão para confirmar.');
        values = { outcome: 'new', editionId: null };
        workId = edition.workId;
      } else values = { outcome: 'chosen', editionId: suggested };
    } else {
      values = { outcome: 'new', editionId: null };
    }
    const suggestion = row.outcome === 'confirm' ? row.editionId : row.data.suggestion;
    const { workId: _earlier, ...data } = row.data;
    await tx
      .update(readerImportRows)
      .set({ ...values, data: { ...data, ...(suggestion ? { suggestion } : {}), ...(workId ? { workId } : {}) } })
      .where(and(eq(readerImportRows.importId, id), eq(readerImportRows.line, line)));
    await recount(tx, id, record.counts);
  });
}

/** "É este" for every suggestion of the same edition still waiting for an answer (another edition of the work is answered one by one). */
export async function acceptAllSuggestions(viewer: Viewer, id: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const record = await lockOwnImport(tx, viewer, id);
    if (record.status !== 'preview') throw new AppError('conflict', 'Esta importação já foi confirmada.');
    await tx.execute(
      sql`UPDATE reader_import_rows SET outcome = 'chosen', data = data || jsonb_build_object('suggestion', edition_id) WHERE import_id = ${id} AND outcome = 'confirm' AND NOT coalesce((data->>'otherEdition')::boolean, false)`,
    );
    await recount(tx, id, record.counts);
  });
}

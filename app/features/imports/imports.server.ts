import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Tx, getDb, jsonRecords, jsonTexts, queryRows } from '~/db/client.server';
import { catalogChanges, editions, readerImportRows, readerImports, users } from '~/db/schema';
import { importEditions } from '~/features/catalog/edits.server';
import { toCsv } from '~/lib/csv';
import { formatNumber } from '~/lib/format';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import { enqueueJob, registerJobHandler, wakeJobRunner } from '~/server/jobs.server';
import { log } from '~/server/logger.server';
import type { Viewer } from '~/server/viewer.server';
import { type ImportReader, type RowToApply, applyImportedRows } from './apply.server';
import { type RowEffect, shelfKey } from './merge-plan';
import { PREVIEW_SAMPLE_SIZE, READER_IMPORT_MAX_ROWS, REPORT_ADDED_LIST, REPORT_FAILED_LIST } from './limits';
import { matchRows } from './match.server';
import { ImportFileError, type ParsedFile, type ParsedRow, readImportFile } from './parse';
import type { ArchiveExtras, ImportRowData, ReaderImportCounts, ReaderImportStatus, RowOutcome, RowFields, ColumnMapping, DateOrder } from './vocabulary';

/** Rows written per INSERT, and rows the job applies per transaction (one PGlite connection serves the site). */
const INSERT_BATCH = 1_000;
const APPLY_BATCH = 500;
/** A job applies batches for this long, then hands over to a fresh job, so no job outlives its lease. */
const JOB_SLICE_MS = 20_000;

const notFound = () => new AppError('not_found', 'Essa importação não existe.');

/** Reads the file, or refuses it with a message for the file field. */
async function readFile(text: string, options: { mapping?: ColumnMapping; dateOrder?: DateOrder } = {}): Promise<ParsedFile> {
  let parsed: ParsedFile;
  try {
    parsed = await readImportFile(text, options);
  } catch (error) {
    if (error instanceof ImportFileError) throw new AppError('invalid_input', error.message, 'arquivo');
    throw error;
  }
  const lines = parsed.rows.length + parsed.failed.length;
  if (lines === 0) throw new AppError('invalid_input', 'O arquivo só tem o cabeçalho: não há livros para importar.', 'arquivo');
  if (lines > READER_IMPORT_MAX_ROWS) {
    throw new AppError('invalid_input', `O arquivo tem ${formatNumber(lines)} linhas; o limite é ${formatNumber(READER_IMPORT_MAX_ROWS)} por importação. Divida-o em partes.`, 'arquivo');
  }
  return parsed;
}

/** A row's fields without its cells, which the stored row keeps once, beside them. */
const withoutCells = ({ cells: _cells, ...fields }: ParsedRow): RowFields => fields;

/** Matches the file's rows and stores them, replacing any earlier reading of the same import. */
async function writeRows(tx: Tx, importId: string, parsed: ParsedFile): Promise<ReaderImportCounts> {
  const matches = await matchRows(tx, parsed.rows);
  const counts: ReaderImportCounts = {};
  const rows = [
    ...parsed.rows.map((row) => {
      const match = matches.get(row.line)!;
      counts[match.outcome] = (counts[match.outcome] ?? 0) + 1;
      return { importId, line: row.line, outcome: match.outcome as RowOutcome, editionId: match.editionId, data: { cells: row.cells, row: withoutCells(row) } satisfies ImportRowData, reason: null, applied: false };
    }),
    ...parsed.failed.map((row) => {
      counts.failed = (counts.failed ?? 0) + 1;
      // A row that cannot be imported is done from the start: the job has nothing to write for it.
      return { importId, line: row.line, outcome: 'failed' as const, editionId: null, data: { cells: row.cells, row: null } satisfies ImportRowData, reason: row.reason, applied: true };
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
  const [record] = await tx.select().from(readerImports).where(and(eq(readerImports.id, id), eq(readerImports.userId, viewer.id))).for('update');
  if (!record) throw notFound();
  return record;
}

/** Reads the file again with the reader's column mapping and date order (only while it is a preview). */
export async function adjustReaderImport(viewer: Viewer, id: string, options: { mapping: ColumnMapping; dateOrder: DateOrder }): Promise<void> {
  await getDb().transaction(async (tx) => {
    const record = await lockOwnImport(tx, viewer, id);
    if (record.status !== 'preview' || record.fileText == null) throw new AppError('conflict', 'Esta importação já foi confirmada: envie o arquivo de novo para mudar as colunas.');
    const parsed = await readFile(record.fileText, options);
    const counts = await writeRows(tx, id, parsed);
    await tx
      .update(readerImports)
      .set({ mapping: parsed.mapping, dateOrder: parsed.dateOrder, total: parsed.rows.length + parsed.failed.length, counts })
      .where(eq(readerImports.id, id));
  });
}

/** Starts the import: the job writes the rows; the file itself is no longer needed and is dropped. */
export async function confirmReaderImport(viewer: Viewer, id: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const record = await lockOwnImport(tx, viewer, id);
    if (record.status !== 'preview') return;
    if ((record.counts.failed ?? 0) >= record.total) throw new AppError('invalid_input', 'Nenhuma linha deste arquivo pode ser importada: veja os motivos abaixo.');
    await tx
      .update(readerImports)
      .set({ status: 'queued', startedAt: new Date(), fileText: null, applied: record.counts.failed ?? 0 })
      .where(eq(readerImports.id, id));
    await enqueueJob(APPLY_JOB, { importId: id }, { tx });
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

/** The counts per outcome, from the rows as they are now (after the reader's decisions). */
async function recount(tx: Tx, id: string): Promise<void> {
  const rows = await queryRows<{ outcome: RowOutcome; n: number }>(sql`SELECT outcome, count(*)::int AS n FROM reader_import_rows WHERE import_id = ${id} GROUP BY outcome`, tx);
  const counts: ReaderImportCounts = Object.fromEntries(rows.map((r) => [r.outcome, Number(r.n)]));
  await tx.update(readerImports).set({ counts }).where(eq(readerImports.id, id));
}

export type RowDecision = { kind: 'accept' } | { kind: 'new' } | { kind: 'other'; editionId: string };

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
    if (!row || !['confirm', 'chosen', 'new'].includes(row.outcome) || !row.data.row) throw new AppError('not_found', 'Essa linha não tem sugestão para confirmar.');
    let values: { outcome: RowOutcome; editionId: string | null; data?: ImportRowData };
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
      values = { outcome: 'chosen', editionId: suggested };
    } else {
      values = { outcome: 'new', editionId: null };
    }
    const suggestion = row.outcome === 'confirm' ? row.editionId : row.data.suggestion;
    await tx
      .update(readerImportRows)
      .set({ ...values, data: { ...row.data, ...(suggestion ? { suggestion } : {}) } })
      .where(and(eq(readerImportRows.importId, id), eq(readerImportRows.line, line)));
    await recount(tx, id);
  });
}

/** "É este" for every suggestion still waiting for an answer. */
export async function acceptAllSuggestions(viewer: Viewer, id: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const record = await lockOwnImport(tx, viewer, id);
    if (record.status !== 'preview') throw new AppError('conflict', 'Esta importação já foi confirmada.');
    await tx.execute(sql`UPDATE reader_import_rows SET outcome = 'chosen', data = data || jsonb_build_object('suggestion', edition_id) WHERE import_id = ${id} AND outcome = 'confirm'`);
    await recount(tx, id);
  });
}

export type ReaderImportSummary = {
  id: string;
  source: ParsedFile['source'];
  fileName: string;
  status: ReaderImportStatus;
  total: number;
  applied: number;
  counts: ReaderImportCounts;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

const summaryColumns = {
  id: readerImports.id,
  source: readerImports.source,
  fileName: readerImports.fileName,
  status: readerImports.status,
  total: readerImports.total,
  applied: readerImports.applied,
  counts: readerImports.counts,
  createdAt: readerImports.createdAt,
  startedAt: readerImports.startedAt,
  finishedAt: readerImports.finishedAt,
};

const toSummary = (r: { createdAt: Date; startedAt: Date | null; finishedAt: Date | null } & Omit<ReaderImportSummary, 'createdAt' | 'startedAt' | 'finishedAt'>): ReaderImportSummary => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** The viewer's imports, newest first. */
export async function listReaderImports(viewer: Viewer, limit = 20): Promise<ReaderImportSummary[]> {
  const rows = await getDb().select(summaryColumns).from(readerImports).where(eq(readerImports.userId, viewer.id)).orderBy(desc(readerImports.createdAt)).limit(limit);
  return rows.map(toSummary);
}

export type ImportRowView = {
  line: number;
  outcome: RowOutcome;
  /** The edition's title once the row has one, else the file's. */
  title: string;
  fileTitle: string;
  authors: string[];
  editionId: string | null;
  /** A near title's suggested edition (kept after the reader answered), with its authors. */
  suggestion: { id: string; title: string; authors: string[] } | null;
  reason: string | null;
  warnings: string[];
};

export type ReaderImportDetail = ReaderImportSummary & {
  header: string[];
  mapping: ColumnMapping;
  dateOrder: DateOrder;
  dateOrderDetected: boolean;
  sample: ImportRowView[];
  toConfirm: ImportRowView[];
  failed: ImportRowView[];
  added: ImportRowView[];
};

type RowRecord = {
  line: number;
  outcome: RowOutcome;
  edition_id: string | null;
  reason: string | null;
  data: ImportRowData;
  title: string | null;
  suggestion: { id: string; title: string; authors: string[] | null } | null;
};

const rowView = (r: RowRecord): ImportRowView => {
  const fileTitle = r.data.row?.title ?? r.data.cells.find((c) => c.trim()) ?? '';
  return {
    line: r.line,
    outcome: r.outcome,
    title: r.title ?? fileTitle,
    fileTitle,
    authors: r.data.row?.authors ?? [],
    editionId: r.edition_id,
    suggestion: r.suggestion ? { ...r.suggestion, authors: r.suggestion.authors ?? [] } : null,
    reason: r.reason,
    warnings: r.data.row?.warnings ?? [],
  };
};

/** Throws not_found unless the import is the viewer's: actions check it before reading their form. */
export async function assertOwnImport(viewer: Viewer, id: string): Promise<void> {
  const [record] = await getDb().select({ id: readerImports.id }).from(readerImports).where(and(eq(readerImports.id, id), eq(readerImports.userId, viewer.id)));
  if (!record) throw notFound();
}

/** One of the viewer's imports, with what its page shows; anyone else's answers 404. */
export async function readReaderImport(viewer: Viewer, id: string): Promise<ReaderImportDetail> {
  const [record] = await getDb()
    .select({ ...summaryColumns, header: readerImports.header, mapping: readerImports.mapping, dateOrder: readerImports.dateOrder, dateOrderDetected: readerImports.dateOrderDetected })
    .from(readerImports)
    .where(and(eq(readerImports.id, id), eq(readerImports.userId, viewer.id)));
  if (!record) throw notFound();
  const rows = (where: ReturnType<typeof sql>, limit: number) =>
    queryRows<RowRecord>(sql`
      SELECT r.line, r.outcome, r.edition_id, r.reason, r.data, e.title,
        (SELECT json_build_object('id', s.id, 'title', s.title, 'authors',
           (SELECT array_agg(a.name ORDER BY wa.position) FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = s.work_id))
         FROM editions s WHERE s.id = CASE WHEN r.outcome = 'confirm' THEN r.edition_id ELSE r.data->>'suggestion' END) AS suggestion
      FROM reader_import_rows r LEFT JOIN editions e ON e.id = r.edition_id
      WHERE r.import_id = ${id} AND ${where} ORDER BY r.line LIMIT ${limit}`);
  const [sample, toConfirm, failed, added] = await Promise.all([
    record.status === 'preview' ? rows(sql`true`, PREVIEW_SAMPLE_SIZE) : Promise.resolve([]),
    record.status === 'preview' ? rows(sql`(r.outcome = 'confirm' OR r.data ? 'suggestion')`, REPORT_FAILED_LIST) : Promise.resolve([]),
    rows(sql`r.outcome = 'failed'`, REPORT_FAILED_LIST),
    record.status === 'preview' ? Promise.resolve([]) : rows(sql`r.added`, REPORT_ADDED_LIST),
  ]);
  return { ...toSummary(record), header: record.header, mapping: record.mapping, dateOrder: record.dateOrder, dateOrderDetected: record.dateOrderDetected, sample: sample.map(rowView), toConfirm: toConfirm.map(rowView), failed: failed.map(rowView), added: added.map(rowView) };
}

/** The failed rows as a CSV with the file's own header, to fix and upload again; `null` when none failed. */
export async function failedRowsCsv(viewer: Viewer, id: string): Promise<{ filename: string; body: string } | null> {
  const [record] = await getDb()
    .select({ header: readerImports.header, fileName: readerImports.fileName })
    .from(readerImports)
    .where(and(eq(readerImports.id, id), eq(readerImports.userId, viewer.id)));
  if (!record) throw notFound();
  const failed = await getDb()
    .select({ data: readerImportRows.data, reason: readerImportRows.reason })
    .from(readerImportRows)
    .where(and(eq(readerImportRows.importId, id), eq(readerImportRows.outcome, 'failed')))
    .orderBy(asc(readerImportRows.line));
  if (!failed.length) return null;
  const base = record.fileName.replace(/\.[a-z]+$/i, '') || 'importacao';
  // Comma-separated as the sites' exports are, its formula-like cells defused (the importer undoes that).
  return { filename: `${base}-linhas-com-erro.csv`, body: toCsv([record.header, ...failed.map((f) => f.data.cells)], ',') };
}

const APPLY_JOB = 'imports.apply';

/** A pending edition for a row nothing in the catalogue matched (its series as the collection). */
const editionSourceOf = (row: RowFields) => ({
  title: row.title,
  authors: row.authors,
  isbn: row.isbn13,
  collection: row.series ? { name: row.series.name, position: row.series.position, kind: 'series' as const } : null,
});

/**
 * Writes the next batch of a confirmed import's rows in one transaction: pending editions for the rows
 * nothing matched, then each row onto the reader's bookshelf (apply.server.ts), the rows marked applied.
 * Returns false once every row is applied (the import is then done).
 */
export async function applyNextBatch(importId: string, batchSize = APPLY_BATCH): Promise<boolean> {
  const result = await getDb().transaction(async (tx) => {
    const [record] = await tx.select().from(readerImports).where(eq(readerImports.id, importId)).for('update');
    if (!record || record.status !== 'queued') return { more: false, tags: [] as string[] };
    const batch = await tx
      .select({ line: readerImportRows.line, outcome: readerImportRows.outcome, editionId: readerImportRows.editionId, data: readerImportRows.data })
      .from(readerImportRows)
      .where(and(eq(readerImportRows.importId, importId), eq(readerImportRows.applied, false)))
      .orderBy(asc(readerImportRows.line))
      .limit(batchSize);
    if (!batch.length) {
      // An archive's reading goals, for the years the reader has none.
      const goals = record.extras?.goals ?? [];
      if (goals.length) {
        await tx.execute(sql`
          INSERT INTO reading_goals (user_id, year, books_target, pages_target)
          SELECT ${record.userId}, p.year, p.books, p.pages FROM ${jsonRecords(goals, 'year int, books int, pages int')}
          ON CONFLICT DO NOTHING`);
      }
      await tx.update(readerImports).set({ status: 'done', finishedAt: new Date() }).where(eq(readerImports.id, importId));
      return { more: false, tags: [] };
    }
    const [user] = await tx
      .select({ id: users.id, emailVerified: users.emailVerified, profileVisibility: users.profileVisibility })
      .from(users)
      .where(eq(users.id, record.userId));
    if (!user) return { more: false, tags: [] };
    const reader: ImportReader = {
      id: user.id,
      verified: user.emailVerified,
      visibility: user.profileVisibility === 'publico' ? 'publico' : 'seguidores',
      shelves: new Map(
        (record.extras?.shelves ?? []).map((shelf) => [shelfKey(shelf.name), { ...shelf, positions: new Map(shelf.editions.map((editionId, i) => [editionId, i + 1])) }]),
      ),
    };
    const tags = new Set<string>();

    // Rows nothing matched: one pending edition each (the same book twice, in this file or an earlier one, is found again).
    // A suggestion the reader never answered is not linked on a guess: it becomes a pending edition too.
    const fresh = batch.filter((r) => ((r.outcome === 'new' && !r.editionId) || r.outcome === 'confirm') && r.data.row);
    if (fresh.length) {
      const created = await importEditions(tx, fresh.map((r) => editionSourceOf(r.data.row!)));
      for (const tag of created.tags) tags.add(tag);
      const createdIds = created.results.filter((c) => c.created).map((c) => c.editionId);
      if (createdIds.length) {
        await tx.update(editions).set({ pendingSince: new Date() }).where(sql`${editions.id} IN ${jsonTexts(createdIds)}`);
        // The catalogue's history names the reader whose import added each one, as a curator's import does.
        const titles = new Map(fresh.map((r, i) => [created.results[i]!.editionId, r.data.row!.title]));
        await tx.insert(catalogChanges).values(createdIds.map((id) => ({ id: newId(), entityType: 'edition' as const, entityId: id, field: 'created', before: null, after: titles.get(id) ?? null, actorId: record.userId })));
      }
      for (const [i, row] of fresh.entries()) row.editionId = created.results[i]!.editionId;
    }

    const counts = { ...record.counts };
    const outcomes = new Map<number, RowEffect | { failed: string }>();
    const ready: RowToApply[] = [];
    for (const row of batch) {
      if (row.data.row && row.editionId) ready.push({ line: row.line, editionId: row.editionId, row: row.data.row });
      else outcomes.set(row.line, { failed: 'A edição desta linha não existe mais no catálogo.' });
    }
    try {
      // The whole batch in a few statements, inside a savepoint…
      const applied = await tx.transaction((batchTx) => applyImportedRows(batchTx, reader, ready));
      for (const [line, effect] of applied.effects) outcomes.set(line, effect);
      for (const tag of applied.tags) tags.add(tag);
    } catch (batchError) {
      // …and when the database refuses it, row by row, so the row it refuses fails alone with a reason.
      log.warn('imports.batch_failed', { importId, error: batchError });
      for (const one of ready) {
        try {
          const applied = await tx.transaction((rowTx) => applyImportedRows(rowTx, reader, [one]));
          outcomes.set(one.line, applied.effects.get(one.line) ?? 'unchanged');
          for (const tag of applied.tags) tags.add(tag);
        } catch (error) {
          log.warn('imports.row_failed', { importId, line: one.line, error });
          outcomes.set(one.line, { failed: 'Não conseguimos gravar esta linha. Tente importá-la de novo.' });
        }
      }
    }
    const done = batch.map((row) => {
      const outcome = outcomes.get(row.line) ?? 'unchanged';
      if (typeof outcome === 'string') {
        counts[outcome] = (counts[outcome] ?? 0) + 1;
        return { line: row.line, outcome: row.outcome, edition_id: row.editionId, added: outcome === 'added', reason: null };
      }
      counts.failed = (counts.failed ?? 0) + 1;
      counts[row.outcome] = Math.max(0, (counts[row.outcome] ?? 0) - 1);
      return { line: row.line, outcome: 'failed', edition_id: row.editionId, added: false, reason: outcome.failed };
    });
    await tx.execute(sql`
      UPDATE reader_import_rows r SET applied = true, added = p.added, edition_id = p.edition_id, outcome = p.outcome, reason = p.reason
      FROM ${jsonRecords(done, 'line int, outcome text, edition_id text, added boolean, reason text')}
      WHERE r.import_id = ${importId} AND r.line = p.line`);
    await tx
      .update(readerImports)
      .set({ applied: sql`${readerImports.applied} + ${batch.length}`, counts })
      .where(eq(readerImports.id, importId));
    log.info('imports.batch_applied', { importId, rows: batch.length, applied: record.applied + batch.length, total: record.total });
    return { more: true, tags: [...tags] };
  });
  if (result.tags.length) await invalidateTags(result.tags);
  return result.more;
}

/** Applies batches for up to `sliceMs`, then leaves the rest to a new job (a restart resumes the same way). */
export async function runReaderImport(importId: string, sliceMs = JOB_SLICE_MS): Promise<void> {
  const deadline = Date.now() + sliceMs;
  while (await applyNextBatch(importId)) {
    if (Date.now() > deadline) {
      await enqueueJob(APPLY_JOB, { importId });
      return;
    }
  }
}

const applyPayload = z.object({ importId: z.string() });

registerJobHandler(APPLY_JOB, async (payload) => {
  await runReaderImport(applyPayload.parse(payload).importId);
});

import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { readerImportRows, readerImports } from '~/db/schema';
import { toCsv } from '~/lib/csv';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { MAX_SHELVES_PER_READER } from '~/features/reading/shelves/policy';
import { PREVIEW_SAMPLE_SIZE, REPORT_ADDED_LIST, REPORT_FAILED_LIST } from './limits';
import type { ImportRowView, ReaderImportDetail, ReaderImportSummary } from './types';
import type { ImportRowData, RowOutcome } from './vocabulary';

/** What an import of someone else answers: the same as one that does not exist. */
export const importNotFound = () => new AppError('not_found', 'Essa importação não existe.');

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

const toSummary = (
  r: { createdAt: Date; startedAt: Date | null; finishedAt: Date | null } & Omit<ReaderImportSummary, 'createdAt' | 'startedAt' | 'finishedAt'>,
): ReaderImportSummary => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** The viewer's imports, newest first. */
export async function listReaderImports(viewer: Viewer, limit = 20): Promise<ReaderImportSummary[]> {
  const rows = await getDb()
    .select(summaryColumns)
    .from(readerImports)
    .where(eq(readerImports.userId, viewer.id))
    .orderBy(desc(readerImports.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}

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
  const row = r.data.row;
  const fileTitle = (row?.subtitle ? `${row.title}: ${row.subtitle}` : row?.title) ?? r.data.cells.find((c) => c.trim()) ?? '';
  return {
    line: r.line,
    outcome: r.outcome,
    title: r.title ?? fileTitle,
    fileTitle,
    authors: r.data.row?.authors ?? [],
    editionId: r.edition_id,
    suggestion: r.suggestion ? { ...r.suggestion, authors: r.suggestion.authors ?? [] } : null,
    otherEdition: r.data.otherEdition === true,
    sameWork: r.data.workId !== undefined,
    reason: r.reason,
    warnings: r.data.row?.warnings ?? [],
  };
};

/** Throws not_found unless the import is the viewer's: actions check it before reading their form. */
export async function assertOwnImport(viewer: Viewer, id: string): Promise<void> {
  const [record] = await getDb()
    .select({ id: readerImports.id })
    .from(readerImports)
    .where(and(eq(readerImports.id, id), eq(readerImports.userId, viewer.id)));
  if (!record) throw importNotFound();
}

/**
 * The custom shelves an import in preview would create: its rows' shelf names (folded as the job folds them)
 * that the reader has no shelf by, each with how many rows go on it, by name.
 */
async function shelvesToCreate(readerId: string, id: string): Promise<{ name: string; books: number }[]> {
  const shelves = await queryRows<{ name: string; books: number }>(sql`
    SELECT min(s.name) AS name, count(DISTINCT r.line)::int AS books
    FROM reader_import_rows r CROSS JOIN LATERAL jsonb_array_elements_text(coalesce(r.data->'row'->'shelves', '[]'::jsonb)) AS s(name)
    WHERE r.import_id = ${id} AND r.outcome <> 'failed'
      AND NOT EXISTS (SELECT 1 FROM shelves sh WHERE sh.user_id = ${readerId} AND lower(sh.name) = lower(s.name))
    GROUP BY lower(s.name) ORDER BY lower(s.name) LIMIT ${MAX_SHELVES_PER_READER}`);
  return shelves.map((s) => ({ name: s.name, books: Number(s.books) }));
}

/** One of the viewer's imports, with what its page shows; anyone else's answers 404. */
export async function readReaderImport(viewer: Viewer, id: string): Promise<ReaderImportDetail> {
  const [record] = await getDb()
    .select({
      ...summaryColumns,
      header: readerImports.header,
      mapping: readerImports.mapping,
      dateOrder: readerImports.dateOrder,
      dateOrderDetected: readerImports.dateOrderDetected,
      shelfVisibility: readerImports.shelfVisibility,
    })
    .from(readerImports)
    .where(and(eq(readerImports.id, id), eq(readerImports.userId, viewer.id)));
  if (!record) throw importNotFound();
  const rows = (where: ReturnType<typeof sql>, limit: number) =>
    queryRows<RowRecord>(sql`
      SELECT r.line, r.outcome, r.edition_id, r.reason, r.data, e.title,
        (SELECT json_build_object('id', s.id, 'title', s.title, 'authors',
           (SELECT array_agg(a.name ORDER BY wa.position) FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = s.work_id))
         FROM editions s WHERE s.id = CASE WHEN r.outcome = 'confirm' THEN r.edition_id ELSE r.data->>'suggestion' END) AS suggestion
      FROM reader_import_rows r LEFT JOIN editions e ON e.id = r.edition_id
      WHERE r.import_id = ${id} AND ${where} ORDER BY r.line LIMIT ${limit}`);
  const [sample, toConfirm, failed, added, newShelves] = await Promise.all([
    record.status === 'preview' ? rows(sql`true`, PREVIEW_SAMPLE_SIZE) : Promise.resolve([]),
    record.status === 'preview' ? rows(sql`(r.outcome = 'confirm' OR r.data ? 'suggestion')`, REPORT_FAILED_LIST) : Promise.resolve([]),
    rows(sql`r.outcome = 'failed'`, REPORT_FAILED_LIST),
    record.status === 'preview' ? Promise.resolve([]) : rows(sql`r.added`, REPORT_ADDED_LIST),
    record.status === 'preview' ? shelvesToCreate(viewer.id, id) : Promise.resolve([]),
  ]);
  return {
    ...toSummary(record),
    header: record.header,
    mapping: record.mapping,
    dateOrder: record.dateOrder,
    dateOrderDetected: record.dateOrderDetected,
    newShelves,
    shelfVisibility: record.shelfVisibility,
    sample: sample.map(rowView),
    toConfirm: toConfirm.map(rowView),
    failed: failed.map(rowView),
    added: added.map(rowView),
  };
}

/** The failed rows as a CSV with the file's own header, to fix and upload again; `null` when none failed. */
export async function failedRowsCsv(viewer: Viewer, id: string): Promise<{ filename: string; body: string } | null> {
  const [record] = await getDb()
    .select({ header: readerImports.header, fileName: readerImports.fileName })
    .from(readerImports)
    .where(and(eq(readerImports.id, id), eq(readerImports.userId, viewer.id)));
  if (!record) throw importNotFound();
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

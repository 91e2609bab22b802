import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { catalogImportRows, catalogImports } from '~/db/schema';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { enqueueJob, wakeJobRunner } from '~/server/jobs.server';
import type { Viewer } from '~/server/viewer.server';
import { IMPORT_MAX_ROWS, checkCatalogImportFile } from './import-file';
import { CATALOG_IMPORT_JOB } from './import-job.server';
import { canCurate, canSeeCatalogImport } from './policy';
import type { CatalogImportDetail, CatalogImportRow, CatalogImportStatus, CatalogImportSummary, ImportRowOutcome } from './types';

export const IMPORT_ROWS_PAGE_SIZE = 100;
export const IMPORTS_LIST_SIZE = 20;

const notFound = () => new AppError('not_found', 'Essa importação não existe.');

/**
 * Keeps an uploaded file for the job that reads it into the preview (nothing reaches the catalogue yet). A
 * file that cannot be imported at all is refused with a message for the file field; the same file sent
 * again by its curator is the import it already made, so its refusals are reported once (decision 0055).
 */
export async function createCatalogImport(viewer: Viewer, input: { fileName: string; text: string }): Promise<{ id: string }> {
  if (!canCurate(viewer)) throw notFound();
  const file = checkCatalogImportFile(input.text);
  if (!file.ok) throw new AppError('invalid_input', file.message, 'arquivo');
  const fileHash = createHash('sha256').update(input.text).digest('hex');
  const id = await getDb().transaction(async (tx) => {
    const [same] = await tx
      .select({ id: catalogImports.id })
      .from(catalogImports)
      .where(and(eq(catalogImports.curatorId, viewer.id), eq(catalogImports.fileHash, fileHash)))
      .orderBy(desc(catalogImports.createdAt))
      .limit(1);
    if (same) return same.id;
    const fresh = newId();
    await tx.insert(catalogImports).values({
      id: fresh,
      curatorId: viewer.id,
      fileName: input.fileName.slice(0, 200),
      fileText: input.text,
      fileHash,
      total: file.total,
      ignoredColumns: file.ignoredColumns,
    });
    await enqueueJob(CATALOG_IMPORT_JOB, { importId: fresh }, { tx });
    return fresh;
  });
  wakeJobRunner();
  return { id };
}

/**
 * Starts creating the editions of the rows the preview marked `nova` (the job does it, a chunk per
 * transaction). Confirming again — a double click, a second tab — changes nothing: only a preview starts.
 */
export async function confirmCatalogImport(viewer: Viewer, id: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [record] = await tx.select().from(catalogImports).where(eq(catalogImports.id, id)).for('update');
    if (!record || !canSeeCatalogImport(viewer, record.curatorId)) throw notFound();
    if (record.status === 'reading') throw new AppError('conflict', 'Ainda estamos lendo o arquivo: confirme quando a prévia estiver completa.');
    if (record.status !== 'preview') return;
    const [pending] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM catalog_import_rows WHERE import_id = ${id} AND outcome = 'new'`, tx);
    await tx
      .update(catalogImports)
      .set({ status: 'importing', toImport: Number(pending?.n ?? 0) })
      .where(eq(catalogImports.id, id));
    await enqueueJob(CATALOG_IMPORT_JOB, { importId: id }, { tx });
  });
  wakeJobRunner();
}

type SummaryRow = {
  id: string;
  fileName: string;
  status: CatalogImportStatus;
  curatorId: string | null;
  username: string | null;
  name: string | null;
  ignoredColumns: string[];
  fileTotal: number;
  toImport: number;
  counts: Partial<Record<ImportRowOutcome, number>> | null;
  createdAt: Date | string;
  importedAt: Date | string | null;
};

const summarySelect = sql`SELECT i.id, i.file_name AS "fileName", i.status, i.curator_id AS "curatorId", u.username, u.name, i.ignored_columns AS "ignoredColumns",
    i.total AS "fileTotal", i.to_import AS "toImport",
    (SELECT jsonb_object_agg(outcome, n) FROM (SELECT outcome, count(*)::int AS n FROM catalog_import_rows r WHERE r.import_id = i.id GROUP BY outcome) c) AS counts,
    i.created_at AS "createdAt", i.imported_at AS "importedAt"
  FROM catalog_imports i LEFT JOIN users u ON u.id = i.curator_id`;

const iso = (value: Date | string) => new Date(value).toISOString();

function toSummary(row: SummaryRow): CatalogImportSummary {
  const counts = { new: 0, duplicate: 0, existing: 0, error: 0, created: 0, ...row.counts };
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
  // What the job has done of what it is doing: rows read of the file's, or editions settled of those confirmed.
  const progress =
    row.status === 'reading'
      ? { done: rows, total: row.fileTotal }
      : row.status === 'importing'
        ? { done: Math.max(0, row.toImport - counts.new), total: row.toImport }
        : null;
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    curator: row.username ? { username: row.username, name: row.name ?? row.username } : null,
    counts,
    total: row.status === 'reading' ? row.fileTotal : rows,
    progress,
    createdAt: iso(row.createdAt),
    importedAt: row.importedAt ? iso(row.importedAt) : null,
  };
}

/** Past and pending imports, newest first: a curator's own; an admin's list has everyone's. */
export async function listCatalogImports(viewer: Viewer): Promise<CatalogImportSummary[]> {
  if (!canCurate(viewer)) throw notFound();
  const rows = await queryRows<SummaryRow>(
    sql`${summarySelect} ${viewer.role === 'admin' ? sql`` : sql`WHERE i.curator_id = ${viewer.id}`} ORDER BY i.created_at DESC, i.id LIMIT ${IMPORTS_LIST_SIZE}`,
  );
  return rows.map(toSummary);
}

/** One import with a page of its rows (optionally of one outcome); null when missing or someone else's. */
export async function getCatalogImport(
  viewer: Viewer,
  id: string,
  options: { outcome?: ImportRowOutcome | undefined; page?: number } = {},
): Promise<CatalogImportDetail | null> {
  const row = await visibleImport(viewer, id);
  if (!row) return null;
  const summary = toSummary(row);
  const page = options.page ?? 1;
  const rows = await listImportRows(id, options.outcome, IMPORT_ROWS_PAGE_SIZE, (page - 1) * IMPORT_ROWS_PAGE_SIZE);
  return {
    ...summary,
    ignoredColumns: row.ignoredColumns,
    rows,
    rowsTotal: options.outcome ? summary.counts[options.outcome] : Object.values(summary.counts).reduce((sum, n) => sum + n, 0),
    page,
    pageSize: IMPORT_ROWS_PAGE_SIZE,
  };
}

async function listImportRows(id: string, outcome: ImportRowOutcome | undefined, limit: number, offset: number): Promise<CatalogImportRow[]> {
  const rows = await getDb()
    .select()
    .from(catalogImportRows)
    .where(and(eq(catalogImportRows.importId, id), outcome ? eq(catalogImportRows.outcome, outcome) : undefined))
    .orderBy(asc(catalogImportRows.line))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    line: r.line,
    title: r.title,
    isbn13: r.isbn13,
    outcome: r.outcome,
    message: r.message,
    editionPath: r.editionId ? `/ed/${r.editionId}` : null,
  }));
}

/** Every row of an import, for its CSV report; null when missing or someone else's. */
export async function listCatalogImportReport(viewer: Viewer, id: string): Promise<{ summary: CatalogImportSummary; rows: CatalogImportRow[] } | null> {
  const row = await visibleImport(viewer, id);
  return row ? { summary: toSummary(row), rows: await listImportRows(id, undefined, IMPORT_MAX_ROWS, 0) } : null;
}

async function visibleImport(viewer: Viewer, id: string): Promise<SummaryRow | null> {
  if (!canCurate(viewer)) return null;
  const [row] = await queryRows<SummaryRow>(sql`${summarySelect} WHERE i.id = ${id}`);
  return row && canSeeCatalogImport(viewer, row.curatorId) ? row : null;
}

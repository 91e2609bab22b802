import { and, asc, eq, sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { catalogChanges, catalogImportRows, catalogImports } from '~/db/schema';
import { findEditionIdsByIsbn, importEditions } from '~/features/catalog/edits.server';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { IMPORT_MAX_ROWS, readCatalogImportFile } from './import-file';
import { canCurate, canSeeCatalogImport } from './policy';
import type { CatalogImportDetail, CatalogImportRow, CatalogImportStatus, CatalogImportSummary, ImportRowOutcome } from './types';

/** Rows written per statement, and editions imported per transaction (PGlite serves the whole site on one connection). */
const INSERT_BATCH = 500;
export const IMPORT_CHUNK = 100;
export const IMPORT_ROWS_PAGE_SIZE = 100;
export const IMPORTS_LIST_SIZE = 20;

const notFound = () => new AppError('not_found', 'Essa importação não existe.');

/**
 * Reads an uploaded file and keeps its rows, classified, for the preview: nothing reaches the catalogue
 * yet. A file that cannot be read at all is refused with a message for the file field.
 */
export async function createCatalogImport(viewer: Viewer, input: { fileName: string; text: string }): Promise<{ id: string }> {
  if (!canCurate(viewer)) throw notFound();
  const file = readCatalogImportFile(input.text);
  if (!file.ok) throw new AppError('invalid_input', file.message, 'arquivo');
  const id = newId();
  await getDb().transaction(async (tx) => {
    const existing = await findEditionIdsByIsbn(tx, [...new Set(file.rows.flatMap((r) => (r.isbn13 && !r.error ? [r.isbn13] : [])))]);
    await tx.insert(catalogImports).values({ id, curatorId: viewer.id, fileName: input.fileName.slice(0, 200), ignoredColumns: file.ignoredColumns });
    const rows = file.rows.map((row) => {
      const base = { importId: id, line: row.line, title: row.title.slice(0, 300), isbn13: row.isbn13, source: row.source };
      if (row.error) return { ...base, outcome: 'error' as const, message: row.error, editionId: null };
      if (row.duplicateOf !== null) return { ...base, outcome: 'duplicate' as const, message: `Mesmo ISBN da linha ${row.duplicateOf}.`, editionId: null };
      const editionId = row.isbn13 ? existing.get(row.isbn13) : undefined;
      return editionId
        ? { ...base, outcome: 'existing' as const, message: null, editionId }
        : { ...base, outcome: 'new' as const, message: null, editionId: null };
    });
    for (let start = 0; start < rows.length; start += INSERT_BATCH) await tx.insert(catalogImportRows).values(rows.slice(start, start + INSERT_BATCH));
  });
  return { id };
}

async function lockImport(tx: Tx, viewer: Viewer, id: string) {
  const [row] = await tx.select().from(catalogImports).where(eq(catalogImports.id, id)).for('update');
  if (!row || !canSeeCatalogImport(viewer, row.curatorId)) throw notFound();
  return row;
}

/**
 * Imports the rows the preview marked `nova`, a chunk per transaction, each created edition recorded in
 * the history with the curator as its author. Confirming again (a double click, a retry after a failure)
 * continues where the last chunk stopped and never creates an edition twice: each chunk locks the import
 * and takes only rows still `new`.
 */
export async function confirmCatalogImport(viewer: Viewer, id: string): Promise<void> {
  for (;;) {
    const chunk = await getDb().transaction(async (tx) => {
      const record = await lockImport(tx, viewer, id);
      if (record.status === 'imported') return { done: true, tags: [] };
      const pending = await tx
        .select({ line: catalogImportRows.line, title: catalogImportRows.title, source: catalogImportRows.source })
        .from(catalogImportRows)
        .where(and(eq(catalogImportRows.importId, id), eq(catalogImportRows.outcome, 'new')))
        .orderBy(asc(catalogImportRows.line))
        .limit(IMPORT_CHUNK);
      if (pending.length === 0) {
        await tx.update(catalogImports).set({ status: 'imported', importedAt: new Date() }).where(eq(catalogImports.id, id));
        return { done: true, tags: [] };
      }
      const { results, tags } = await importEditions(
        tx,
        pending.map((row) => row.source ?? { title: row.title, authors: [] }),
      );
      for (const [i, result] of results.entries()) {
        const row = pending[i];
        if (!row) continue;
        await tx
          .update(catalogImportRows)
          .set({ outcome: result.created ? 'created' : 'existing', editionId: result.editionId })
          .where(and(eq(catalogImportRows.importId, id), eq(catalogImportRows.line, row.line)));
        if (result.created) {
          await tx
            .insert(catalogChanges)
            .values({ id: newId(), entityType: 'edition', entityId: result.editionId, field: 'created', before: null, after: row.title, actorId: viewer.id });
        }
      }
      return { done: false, tags };
    });
    if (chunk.tags.length) await invalidateTags(chunk.tags);
    if (chunk.done) return;
  }
}

type SummaryRow = {
  id: string;
  fileName: string;
  status: CatalogImportStatus;
  curatorId: string | null;
  username: string | null;
  name: string | null;
  ignoredColumns: string[];
  counts: Partial<Record<ImportRowOutcome, number>> | null;
  createdAt: Date | string;
  importedAt: Date | string | null;
};

const summarySelect = sql`SELECT i.id, i.file_name AS "fileName", i.status, i.curator_id AS "curatorId", u.username, u.name, i.ignored_columns AS "ignoredColumns",
    (SELECT jsonb_object_agg(outcome, n) FROM (SELECT outcome, count(*)::int AS n FROM catalog_import_rows r WHERE r.import_id = i.id GROUP BY outcome) c) AS counts,
    i.created_at AS "createdAt", i.imported_at AS "importedAt"
  FROM catalog_imports i LEFT JOIN users u ON u.id = i.curator_id`;

const iso = (value: Date | string) => new Date(value).toISOString();

function toSummary(row: SummaryRow): CatalogImportSummary {
  const counts = { new: 0, duplicate: 0, existing: 0, error: 0, created: 0, ...row.counts };
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    curator: row.username ? { username: row.username, name: row.name ?? row.username } : null,
    counts,
    total: Object.values(counts).reduce((sum, n) => sum + n, 0),
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
    rowsTotal: options.outcome ? summary.counts[options.outcome] : summary.total,
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

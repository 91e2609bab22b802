import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Tx, getDb, jsonRecords, jsonTexts, queryRows } from '~/db/client.server';
import { catalogChanges, catalogImportRows, catalogImports } from '~/db/schema';
import { findEditionIdsByIsbn, importEditions } from '~/features/catalog/edits.server';
import { newId } from '~/lib/ids';
import { invalidateTags } from '~/server/html-cache.server';
import { enqueueJob, registerJobHandler } from '~/server/jobs.server';
import { type OpenImportFile, markDuplicates, openCatalogImportFile } from './import-file';

/**
 * The job of a curators' import (decision 0055): it reads the kept file into preview rows, and after the
 * curator confirms, creates the editions — a batch per transaction (PGlite serves the whole site on one
 * connection), each batch committing with the rows it settles, so a restart resumes at the next one.
 */
export const CATALOG_IMPORT_JOB = 'curation.import';

/** Rows read into the preview per transaction. */
export const READ_BATCH = 500;
/** Editions created per transaction. */
export const IMPORT_CHUNK = 250;
/** A job works for this long, then hands over to a fresh job, so no job outlives its lease. */
const JOB_SLICE_MS = 20_000;

/** Reads the next batch of the file into rows; false once the file is read (the import is then a preview). */
async function readNextBatch(id: string, file: OpenImportFile): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [record] = await tx.select({ status: catalogImports.status }).from(catalogImports).where(eq(catalogImports.id, id)).for('update');
    if (record?.status !== 'reading') return false;
    const [last] = await queryRows<{ line: number | null }>(sql`SELECT max(line) AS line FROM catalog_import_rows WHERE import_id = ${id}`, tx);
    const rows = file.rowsAfter(last?.line ?? 0, READ_BATCH);
    if (rows.length === 0) {
      await tx.update(catalogImports).set({ status: 'preview', fileText: null }).where(eq(catalogImports.id, id));
      return false;
    }
    const isbns = [...new Set(rows.flatMap((r) => (r.isbn13 && !r.error ? [r.isbn13] : [])))];
    // A row repeating the ISBN of a row of an earlier batch is its duplicate, as within the batch.
    const earlier = isbns.length
      ? await queryRows<{ isbn13: string; line: number }>(
          sql`SELECT isbn13, min(line) AS line FROM catalog_import_rows
            WHERE import_id = ${id} AND outcome <> 'error' AND isbn13 IN ${jsonTexts(isbns)} GROUP BY isbn13`,
          tx,
        )
      : [];
    markDuplicates(rows, new Map(earlier.map((r) => [r.isbn13, Number(r.line)])));
    const existing = await findEditionIdsByIsbn(tx, isbns);
    await tx.insert(catalogImportRows).values(
      rows.map((row) => {
        const base = { importId: id, line: row.line, title: row.title.slice(0, 300), isbn13: row.isbn13, source: row.source };
        if (row.error) return { ...base, outcome: 'error' as const, message: row.error, editionId: null };
        if (row.duplicateOf !== null) return { ...base, outcome: 'duplicate' as const, message: `Mesmo ISBN da linha ${row.duplicateOf}.`, editionId: null };
        const editionId = row.isbn13 ? existing.get(row.isbn13) : undefined;
        return editionId
          ? { ...base, outcome: 'existing' as const, message: null, editionId }
          : { ...base, outcome: 'new' as const, message: null, editionId: null };
      }),
    );
    return true;
  });
}

/**
 * Creates the editions of the next chunk of rows still `new`, each recorded in the history with the curator
 * as its author; false once none is left (the import is then `imported`). Each chunk locks the import and
 * takes only rows still `new`, so an edition is never created twice.
 */
async function importNextChunk(id: string): Promise<boolean> {
  const chunk = await getDb().transaction(async (tx: Tx) => {
    const [record] = await tx.select().from(catalogImports).where(eq(catalogImports.id, id)).for('update');
    if (record?.status !== 'importing') return { more: false, tags: [] };
    const pending = await tx
      .select({ line: catalogImportRows.line, title: catalogImportRows.title, source: catalogImportRows.source })
      .from(catalogImportRows)
      .where(and(eq(catalogImportRows.importId, id), eq(catalogImportRows.outcome, 'new')))
      .orderBy(asc(catalogImportRows.line))
      .limit(IMPORT_CHUNK);
    if (pending.length === 0) {
      await tx.update(catalogImports).set({ status: 'imported', importedAt: new Date() }).where(eq(catalogImports.id, id));
      return { more: false, tags: [] };
    }
    const { results, tags } = await importEditions(
      tx,
      pending.map((row) => row.source ?? { title: row.title, authors: [] }),
    );
    const settled = pending.map((row, i) => ({ line: row.line, outcome: results[i]!.created ? 'created' : 'existing', edition_id: results[i]!.editionId }));
    await tx.execute(sql`
      UPDATE catalog_import_rows r SET outcome = p.outcome, edition_id = p.edition_id
      FROM ${jsonRecords(settled, 'line int, outcome text, edition_id text')} WHERE r.import_id = ${id} AND r.line = p.line`);
    const created = pending.flatMap((row, i) => (results[i]!.created ? [{ editionId: results[i]!.editionId, title: row.title }] : []));
    if (created.length) {
      await tx.insert(catalogChanges).values(
        created.map((c) => ({
          id: newId(),
          entityType: 'edition' as const,
          entityId: c.editionId,
          field: 'created',
          before: null,
          after: c.title,
          actorId: record.curatorId,
        })),
      );
    }
    return { more: true, tags };
  });
  if (chunk.tags.length) await invalidateTags(chunk.tags);
  return chunk.more;
}

/** The file of an import still being read, opened once per job run (splitting 50,000 records takes a moment). */
async function openFileOf(id: string): Promise<OpenImportFile | null> {
  const [record] = await getDb().select({ fileText: catalogImports.fileText }).from(catalogImports).where(eq(catalogImports.id, id));
  if (record?.fileText == null) return null;
  const opened = openCatalogImportFile(record.fileText);
  if (!opened.ok) throw new Error(`The kept file of catalogue import ${id} no longer reads: ${opened.message}`);
  return opened.file;
}

/** One batch of what the import waits for: reading the file into the preview, or creating the confirmed editions; false when there is none left. */
export async function runCatalogImportBatch(id: string, file?: OpenImportFile | null): Promise<boolean> {
  const [record] = await getDb().select({ status: catalogImports.status }).from(catalogImports).where(eq(catalogImports.id, id));
  if (record?.status === 'importing') return importNextChunk(id);
  if (record?.status !== 'reading') return false;
  const opened = file ?? (await openFileOf(id));
  return opened ? readNextBatch(id, opened) : false;
}

/**
 * Does what the import waits for, for up to `sliceMs`, a batch at a time; the rest goes to a new job (a
 * restart resumes the same way, at the next batch).
 */
export async function runCatalogImport(id: string, sliceMs = JOB_SLICE_MS): Promise<void> {
  const deadline = Date.now() + sliceMs;
  // The file is split into records once per run, not once per batch.
  const file = await openFileOf(id);
  while (await runCatalogImportBatch(id, file)) {
    if (Date.now() > deadline) {
      await enqueueJob(CATALOG_IMPORT_JOB, { importId: id });
      return;
    }
    // Pages asked meanwhile are answered between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const payload = z.object({ importId: z.string() });

registerJobHandler(CATALOG_IMPORT_JOB, async (input) => {
  await runCatalogImport(payload.parse(input).importId);
});

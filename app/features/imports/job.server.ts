import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, jsonRecords, jsonTexts } from '~/db/client.server';
import { catalogChanges, editions, readerImportRows, readerImports, users } from '~/db/schema';
import { importEditions } from '~/features/catalog/edits.server';
import type { EditionSource } from '~/features/catalog/vocabulary';
import { insertImportedGoals } from '~/features/reading/imported.server';
import { newId } from '~/lib/ids';
import { invalidateTags } from '~/server/html-cache.server';
import { enqueueJob, registerJobHandler } from '~/server/jobs.server';
import { log } from '~/server/logger.server';
import { type ImportReader, type RowToApply, applyImportedRows } from './apply.server';
import { type RowEffect, shelfKey } from './merge-plan';
import { proposeEditionFacts } from './proposals.server';
import type { RowFields } from './vocabulary';

/** Rows the job applies per transaction (one PGlite connection serves the site). */
const APPLY_BATCH = 500;
/** A job applies batches for this long, then hands over to a fresh job, so no job outlives its lease. */
const JOB_SLICE_MS = 20_000;

/** The job that writes a confirmed reader import (mutations.server.ts enqueues it). */
export const READER_IMPORT_JOB = 'imports.apply';

/**
 * A pending edition for a row nothing in the catalogue matched: every edition field the file has (a format only
 * when the file names one of ours), the original year for its work, its series as the collection; the work the
 * reader chose when the row is another edition of a work the catalogue has.
 */
const editionSourceOf = (row: RowFields, workId: string | undefined): EditionSource => ({
  title: row.title,
  subtitle: row.subtitle ?? null,
  ...(row.language ? { language: row.language } : {}),
  ...(workId ? { workId } : {}),
  authors: row.authors,
  isbn: row.isbn13,
  publisher: row.edition?.publisher ?? null,
  pages: row.edition?.pages ?? null,
  ...(row.edition?.format ? { format: row.edition.format } : {}),
  publicationDate: row.edition?.year != null && row.edition.year >= 1000 ? String(row.edition.year) : null,
  firstPublishedYear: row.edition?.firstPublishedYear ?? null,
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
      await insertImportedGoals(tx, record.userId, record.extras?.goals ?? []);
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
      shelfVisibility: record.shelfVisibility,
      shelves: new Map(
        (record.extras?.shelves ?? []).map((shelf) => [
          shelfKey(shelf.name),
          { ...shelf, positions: new Map(shelf.editions.map((editionId, i) => [editionId, i + 1])) },
        ]),
      ),
    };
    const tags = new Set<string>();

    // Rows the file gives no status: "quero ler", or left out (no pending edition either) when the reader said so.
    const leftOut = new Set(record.noStatus === 'ignore' ? batch.flatMap((r) => (r.data.row && r.data.row.status === null ? [r.line] : [])) : []);

    // Rows nothing matched: one pending edition each (the same book twice, in this file or an earlier one, is found again).
    // A suggestion the reader never answered is not linked on a guess: it becomes a pending edition too.
    const fresh = batch.filter((r) => !leftOut.has(r.line) && ((r.outcome === 'new' && !r.editionId) || r.outcome === 'confirm') && r.data.row);
    // The rows whose pending edition this import created; every other row written found its edition in the catalogue.
    const createdLines = new Set<number>();
    if (fresh.length) {
      const created = await importEditions(
        tx,
        fresh.map((r) => editionSourceOf(r.data.row!, r.data.workId)),
      );
      for (const tag of created.tags) tags.add(tag);
      const createdIds = created.results.filter((c) => c.created).map((c) => c.editionId);
      if (createdIds.length) {
        await tx
          .update(editions)
          .set({ pendingSince: new Date() })
          .where(sql`${editions.id} IN ${jsonTexts(createdIds)}`);
        // The catalogue's history names the reader whose import added each one, as a curator's import does.
        const titles = new Map(fresh.map((r, i) => [created.results[i]!.editionId, r.data.row!.title]));
        await tx.insert(catalogChanges).values(
          createdIds.map((id) => ({
            id: newId(),
            entityType: 'edition' as const,
            entityId: id,
            field: 'created',
            before: null,
            after: titles.get(id) ?? null,
            actorId: record.userId,
          })),
        );
      }
      for (const [i, row] of fresh.entries()) {
        row.editionId = created.results[i]!.editionId;
        if (created.results[i]!.created) createdLines.add(row.line);
      }
    }

    // What the file knows of the editions it matched, where they are empty: proposals for the curators, never written here.
    const freshLines = new Set(fresh.map((r) => r.line));
    await proposeEditionFacts(
      tx,
      record.userId,
      record.source,
      batch.flatMap((r) =>
        !leftOut.has(r.line) && !freshLines.has(r.line) && r.editionId && r.data.row?.edition ? [{ editionId: r.editionId, facts: r.data.row.edition }] : [],
      ),
    );

    const counts = { ...record.counts };
    const outcomes = new Map<number, RowEffect | 'ignored' | { failed: string }>();
    const ready: RowToApply[] = [];
    for (const row of batch) {
      if (leftOut.has(row.line)) outcomes.set(row.line, 'ignored');
      else if (row.data.row && row.editionId)
        ready.push({ line: row.line, editionId: row.editionId, row: { ...row.data.row, status: row.data.row.status ?? 'want_to_read' } });
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
        if (outcome !== 'ignored') {
          const catalog = createdLines.has(row.line) ? 'catalogCreated' : 'catalogMatched';
          counts[catalog] = (counts[catalog] ?? 0) + 1;
        }
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
      await enqueueJob(READER_IMPORT_JOB, { importId });
      return;
    }
  }
}

const applyPayload = z.object({ importId: z.string() });

registerJobHandler(READER_IMPORT_JOB, async (payload) => {
  await runReaderImport(applyPayload.parse(payload).importId);
});

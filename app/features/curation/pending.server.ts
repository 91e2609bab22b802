import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { editionCacheTag } from '~/features/catalog/cache';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { assertCurator } from './policy';
import type { Page } from './queries.server';

export const PENDING_PAGE_SIZE = 50;

export type PendingEdition = {
  id: string;
  title: string;
  authors: string[];
  isbn13: string | null;
  readersCount: number;
  pendingSince: string;
};

/**
 * Editions readers' imports created because nothing in the catalogue matched (docs/decisions/0032), oldest
 * first: a curator completes each one, merges it into the edition it duplicates, or marks it reviewed.
 */
export async function listPendingEditions(viewer: Viewer, page = 1): Promise<Page<PendingEdition>> {
  assertCurator(viewer);
  const rows = await queryRows<{
    id: string;
    title: string;
    authors: string[] | null;
    isbn13: string | null;
    readers_count: number;
    pending_since: Date | string;
    total: number;
  }>(sql`
    SELECT e.id, e.title, e.isbn13, e.readers_count, e.pending_since, count(*) OVER ()::int AS total,
      (SELECT array_agg(a.name ORDER BY wa.position) FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id) AS authors
    FROM editions e WHERE e.pending_since IS NOT NULL
    ORDER BY e.pending_since, e.title, e.id
    LIMIT ${PENDING_PAGE_SIZE} OFFSET ${(page - 1) * PENDING_PAGE_SIZE}`);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      authors: r.authors ?? [],
      isbn13: r.isbn13,
      readersCount: Number(r.readers_count),
      pendingSince: new Date(r.pending_since).toISOString(),
    })),
    total: rows[0]?.total ?? (await countPendingEditions(viewer)),
    page,
    pageSize: PENDING_PAGE_SIZE,
  };
}

export async function countPendingEditions(viewer: Viewer): Promise<number> {
  assertCurator(viewer);
  const [row] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM editions WHERE pending_since IS NOT NULL`);
  return Number(row?.n ?? 0);
}

/** Takes a pending edition off the queue once a curator has checked it (its data stays as it is). */
export async function markEditionReviewed(viewer: Viewer, editionId: string): Promise<void> {
  assertCurator(viewer);
  const updated = await queryRows<{ id: string }>(
    sql`UPDATE editions SET pending_since = NULL, updated_at = now() WHERE id = ${editionId} AND pending_since IS NOT NULL RETURNING id`,
  );
  if (!updated.length) throw new AppError('not_found', 'Essa edição já foi revisada ou não existe mais.');
  await invalidateTags([editionCacheTag(editionId)]);
}

import { type SQL, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { AppError } from '~/server/errors';
import { registerRecurringJob } from '~/server/jobs.server';
import type { Viewer } from '~/server/viewer.server';
import { LINK_SOURCES, type LinkSource, linkCountsUnion } from './link-sources.server';
import { canCurate } from './policy';
import type { LinkedEditionsPage, QualityFlag } from './types';

const LINKED_PAGE_SIZE = 30;
/** Past this many matches the page says "mais de 1.000": counting every filtered match would cost a full join. */
const LINKED_COUNT_CAP = 1000;
const REFRESH_EVERY_SECONDS = 15 * 60;

/** The gaps of an edition `e`, as the dashboard counts them and the ranking filters them (live, never cached). */
export const QUALITY_FLAG_SQL: Record<QualityFlag, SQL> = {
  cover: sql`e.cover_url IS NULL`,
  isbn: sql`(e.isbn13 IS NULL AND e.isbn10 IS NULL)`,
  pages: sql`(e.pages IS NULL AND e.format <> 'audiolivro')`,
};
const FLAG_KEYS = Object.keys(QUALITY_FLAG_SQL) as QualityFlag[];
/** The snapshot's copy of each gap: the filter walks that flag's partial index in ranking order. */
const SNAPSHOT_FLAG_SQL: Record<QualityFlag, SQL> = { cover: sql`c.no_cover`, isbn: sql`c.no_isbn`, pages: sql`c.no_pages` };

/**
 * Recomputes every edition's links from the registry in one transaction: readers of the page see the
 * previous figures until it commits. An edition id a source still holds after a merge is left out.
 */
export async function refreshLinkCounts(sources: readonly LinkSource[] = LINK_SOURCES): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM edition_link_counts`);
    await tx.execute(sql`INSERT INTO edition_link_counts (edition_id, counts, total, no_cover, no_isbn, no_pages, refreshed_at)
      SELECT s.edition_id, jsonb_object_agg(s.source, s.n), sum(s.n)::int,
        bool_or(${QUALITY_FLAG_SQL.cover}), bool_or(${QUALITY_FLAG_SQL.isbn}), bool_or(${QUALITY_FLAG_SQL.pages}), now()
      FROM (${linkCountsUnion(sources)}) s JOIN editions e ON e.id = s.edition_id
      WHERE s.n > 0 GROUP BY s.edition_id`);
  });
  // Every row was just rewritten: fresh statistics keep the planner on the ranking and gap indexes.
  await getDb().execute(sql`ANALYZE edition_link_counts`);
}

type Row = {
  id: string;
  title: string;
  authors: string | null;
  coverUrl: string | null;
  counts: Record<string, number>;
  total: number;
  cover: boolean;
  isbn: boolean;
  pages: boolean;
};

/** Editions by how many features link them, most first, with their gaps; `flags` keeps only editions with all of them. */
export async function listMostLinkedEditions(viewer: Viewer, filters: { flags: QualityFlag[]; page: number }): Promise<LinkedEditionsPage> {
  if (!canCurate(viewer)) throw new AppError('not_found');
  const where = filters.flags.length
    ? sql.join(
        filters.flags.flatMap((f) => [SNAPSHOT_FLAG_SQL[f], QUALITY_FLAG_SQL[f]]),
        sql` AND `,
      )
    : sql`true`;
  const offset = (filters.page - 1) * LINKED_PAGE_SIZE;
  // The ranking index walks editions in order and stops at the page (or the count's cap): no full join.
  const [rows, [counted], [refreshed]] = await Promise.all([
    queryRows<Row>(sql`SELECT e.id, e.title, e.cover_url AS "coverUrl", c.counts, c.total,
        (SELECT string_agg(a.name, ', ' ORDER BY wa.position) FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id) AS authors,
        ${QUALITY_FLAG_SQL.cover} AS cover, ${QUALITY_FLAG_SQL.isbn} AS isbn, ${QUALITY_FLAG_SQL.pages} AS pages
      FROM edition_link_counts c JOIN editions e ON e.id = c.edition_id
      WHERE ${where} ORDER BY c.total DESC NULLS LAST, c.edition_id LIMIT ${LINKED_PAGE_SIZE} OFFSET ${offset}`),
    queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM edition_link_counts c JOIN editions e ON e.id = c.edition_id
      WHERE ${where} ORDER BY c.total DESC NULLS LAST, c.edition_id LIMIT ${LINKED_COUNT_CAP + 1}) m`),
    // One refresh writes every row with the same time: any row tells it.
    queryRows<{ at: Date | string | null }>(sql`SELECT refreshed_at AS at FROM edition_link_counts LIMIT 1`),
  ]);
  const total = counted?.n ?? 0;
  return {
    sources: LINK_SOURCES.map(({ key, label }) => ({ key, label })),
    items: rows.map((row, i) => ({
      rank: offset + i + 1,
      id: row.id,
      title: row.title,
      authors: row.authors,
      coverUrl: row.coverUrl,
      flags: FLAG_KEYS.filter((f) => row[f]),
      counts: Object.fromEntries(LINK_SOURCES.map(({ key }) => [key, row.counts[key] ?? 0])),
      total: row.total,
    })),
    total: Math.min(total, LINKED_COUNT_CAP),
    totalCapped: total > LINKED_COUNT_CAP,
    page: filters.page,
    pageSize: LINKED_PAGE_SIZE,
    refreshedAt: refreshed?.at ? new Date(refreshed.at).toISOString() : null,
  };
}

/** A curator's "recalcular agora": the same work as the recurring job, on demand. */
export async function refreshLinkCountsNow(viewer: Viewer): Promise<void> {
  if (!canCurate(viewer)) throw new AppError('not_found');
  await refreshLinkCounts();
}

registerRecurringJob('curation.link-counts', REFRESH_EVERY_SECONDS, () => refreshLinkCounts());

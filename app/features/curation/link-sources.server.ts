import { type SQL, sql } from 'drizzle-orm';

/**
 * What links an edition, for /gerenciar/catalogo/mais-vinculadas: one entry per feature that points at
 * editions. Each `counts` query yields `(edition_id, n)` for the editions it links (editions it does not
 * link may be left out). A feature that starts linking editions (challenge links, group reads, atts)
 * adds its entry here and nowhere else: the ranking, its columns and its tests follow.
 */
export type LinkSource = { readonly key: string; readonly label: string; readonly counts: SQL };

export const LINK_SOURCES = [
  /** Readers with the edition on their bookshelf: `readers_count`, kept by the reading domain with each shelf entry (decision 0016). */
  { key: 'readers', label: 'Leitores', counts: sql`SELECT id AS edition_id, readers_count AS n FROM editions WHERE readers_count > 0` },
  { key: 'collections', label: 'Coleções', counts: sql`SELECT edition_id, count(*)::int AS n FROM collection_members GROUP BY edition_id` },
  {
    key: 'affiliateClicks',
    label: 'Cliques em comprar',
    counts: sql`SELECT edition_id, count(*)::int AS n FROM affiliate_clicks WHERE edition_id IS NOT NULL GROUP BY edition_id`,
  },
  {
    key: 'changeRequests',
    label: 'Solicitações',
    // A withdrawn request was the reader taking it back: it says nothing about the edition.
    counts: sql`SELECT edition_id, count(*)::int AS n FROM change_requests WHERE edition_id IS NOT NULL AND status <> 'withdrawn' GROUP BY edition_id`,
  },
] as const satisfies readonly LinkSource[];

/** `(source, edition_id, n)` rows of every source, for one aggregation in SQL. */
export function linkCountsUnion(sources: readonly LinkSource[] = LINK_SOURCES): SQL {
  return sql.join(
    sources.map((source) => sql`SELECT ${source.key}::text AS source, edition_id, n FROM (${source.counts}) AS ${sql.identifier(`source_${source.key}`)}`),
    sql` UNION ALL `,
  );
}

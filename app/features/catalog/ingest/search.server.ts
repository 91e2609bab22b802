import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '~/db/client.server';

/** Shorter words are not worth correcting: two letters have too few trigrams to tell a typo from another word. */
export const MIN_VOCABULARY_WORD = 3;

/**
 * Rewrites the search columns (and adds their words to the vocabulary) of every edition of these works from the editions' own fields, their work,
 * authors, contributors and collections. Call it inside the transaction of every catalogue change that
 * touches any of those.
 */
export async function refreshWorkSearch(tx: Tx, workIds: readonly string[]): Promise<void> {
  if (workIds.length === 0) return;
  await refreshSearchWhere(
    tx,
    sql`e.work_id IN (${sql.join(
      workIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/** The same rewrite for every edition matching `where` (on `editions e`), in one statement: bulk loads use it. */
export async function refreshSearchWhere(tx: Tx, where: SQL): Promise<void> {
  await tx.execute(sql`
    WITH parts AS (
      SELECT e.id,
        concat_ws(' ', e.title, e.subtitle) AS title_text,
        w.original_title AS original_text,
        (SELECT string_agg(a.name || ' ' || (SELECT coalesce(string_agg(n, ' '), '') FROM jsonb_array_elements_text(a.other_names) n), ' ')
           FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id) AS author_text,
        concat_ws(' ', e.publisher,
          (SELECT string_agg(c.name, ' ') FROM collection_members cm JOIN collections c ON c.id = cm.collection_id WHERE cm.edition_id = e.id),
          (SELECT string_agg(a.name, ' ') FROM edition_contributors ec JOIN authors a ON a.id = ec.author_id WHERE ec.edition_id = e.id)) AS other_text
      FROM editions e JOIN works w ON w.id = e.work_id
      WHERE ${where}
    )
    UPDATE editions SET
      search_text = immutable_unaccent(lower(concat_ws(' ', p.title_text, p.original_text, p.author_text, p.other_text))),
      search_vector =
        setweight(to_tsvector('portuguese', immutable_unaccent(lower(coalesce(p.title_text, '')))), 'A') ||
        setweight(to_tsvector('portuguese', immutable_unaccent(lower(coalesce(p.original_text, '') || ' ' || coalesce(p.author_text, '')))), 'B') ||
        setweight(to_tsvector('portuguese', immutable_unaccent(lower(coalesce(p.other_text, '')))), 'C')
    FROM parts p WHERE editions.id = p.id`);
  await tx.execute(sql`
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM editions e, regexp_split_to_table(e.search_text, '[^a-z0-9]+') AS w
    WHERE ${where} AND length(w) BETWEEN ${MIN_VOCABULARY_WORD} AND 40
    ON CONFLICT DO NOTHING`);
}

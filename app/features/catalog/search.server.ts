import { type SQL, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { ASIN_PATTERN, cleanIsbn, parseIsbn } from '~/lib/isbn';
import { cardColumns, type CardRow, toCard } from './cards.server';
import { SEARCH_PAGE_SIZE, SUGGESTIONS_LIMIT } from './limits';
import { foldForMatch } from './normalize';
import type { EditionCard, SearchFilters, SearchPage } from './types';

const MAX_QUERY_LENGTH = 200;
/** pg_trgm's word similarity needed to count as a typo'd match; the empty-result suggestions go lower. */
const TYPO_THRESHOLD = 0.55;
const CLOSEST_THRESHOLD = 0.3;

type Plan = { where: SQL; rank: SQL | null };

/**
 * One engine for /catalogo, /ed and the header typeahead. An ISBN (either form, any hyphens) or an ASIN
 * finds its edition exactly; words go through Portuguese full-text search on the unaccented text, OR'ed
 * with trigram word similarity so one or two typos still find the book. Ranked by relevance, then by
 * readers. The catalogue is public, so there is no viewer to check.
 */
export async function searchEditions(rawQuery: string, filters: SearchFilters = {}, page = 1, pageSize = SEARCH_PAGE_SIZE): Promise<SearchPage> {
  const query = rawQuery.trim().slice(0, MAX_QUERY_LENGTH);
  const plan = planQuery(query);
  const offset = (Math.max(1, page) - 1) * pageSize;
  const conditions = [plan.where, ...filterConditions(filters)];
  const order = plan.rank ? sql`${plan.rank} DESC, e.readers_count DESC, e.id` : sql`e.readers_count DESC, e.created_at DESC, e.id`;
  const run = (threshold: number) =>
    getDb().transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`);
      return queryRows<CardRow & { total: number }>(
        sql`SELECT ${cardColumns}, count(*) OVER () AS total FROM editions e WHERE ${sql.join(conditions, sql` AND `)}
            ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`,
        tx,
      );
    });
  const rows = await run(TYPO_THRESHOLD);
  return { items: rows.map(toCard), total: Number(rows[0]?.total ?? 0), page: Math.max(1, page), pageSize };
}

/** For an empty result: the titles closest to what was typed, however loosely. */
export async function listClosestEditions(rawQuery: string, limit = 5): Promise<EditionCard[]> {
  const text = foldForMatch(rawQuery.slice(0, MAX_QUERY_LENGTH)).replace(/[^a-z0-9 ]+/g, ' ').trim();
  if (text.length < 3) return [];
  const rows = await getDb().transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(CLOSEST_THRESHOLD)}, true)`);
    return queryRows<CardRow>(
      sql`SELECT ${cardColumns} FROM editions e WHERE ${text} <% e.search_text
          ORDER BY word_similarity(${text}, e.search_text) DESC, e.readers_count DESC LIMIT ${limit}`,
      tx,
    );
  });
  return rows.map(toCard);
}

export async function suggestEditions(rawQuery: string): Promise<EditionCard[]> {
  if (rawQuery.trim().length < 2) return [];
  return (await searchEditions(rawQuery, {}, 1, SUGGESTIONS_LIMIT)).items;
}

function planQuery(query: string): Plan {
  if (!query) return { where: sql`true`, rank: null };
  const identifier = identifierCondition(query);
  const terms = foldForMatch(query).split(/[^a-z0-9]+/).filter(Boolean);
  if (terms.length === 0) return identifier ? { where: identifier, rank: null } : { where: sql`false`, rank: null };
  // The last word may be half-typed ("dom casm"): it matches as a prefix.
  const tsQuery = terms.map((term, i) => (i === terms.length - 1 ? `${term}:*` : term)).join(' & ');
  const text = terms.join(' ');
  const words = sql`(e.search_vector @@ to_tsquery('portuguese', ${tsQuery}) OR ${text} <% e.search_text)`;
  const rank = sql`(ts_rank_cd(e.search_vector, to_tsquery('portuguese', ${tsQuery}), 32) * 2 + word_similarity(${text}, e.search_text)
    + CASE WHEN immutable_unaccent(lower(e.title)) = ${text} THEN 1 ELSE 0 END)`;
  if (!identifier) return { where: words, rank };
  return { where: sql`(${identifier} OR ${words})`, rank: sql`(CASE WHEN ${identifier} THEN 10 ELSE 0 END + ${rank})` };
}

/** ISBN-10/13 with or without hyphens, or an ASIN. */
function identifierCondition(query: string): SQL | null {
  if (/^[\d\s-]+[\dXx]?$/.test(query)) {
    const cleaned = cleanIsbn(query);
    if (cleaned.length !== 10 && cleaned.length !== 13) return null;
    const parsed = parseIsbn(cleaned);
    return parsed ? sql`(e.isbn13 = ${parsed.isbn13} OR e.asin = ${cleaned})` : sql`(e.isbn13 = ${cleaned} OR e.isbn10 = ${cleaned})`;
  }
  const upper = query.toUpperCase();
  return ASIN_PATTERN.test(upper) && /[A-Z]/.test(upper) && /\d/.test(upper) ? sql`e.asin = ${upper}` : null;
}

function filterConditions(filters: SearchFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.format === 'fisico') conditions.push(sql`e.format IN ('brochura', 'capa_dura')`);
  else if (filters.format) conditions.push(sql`e.format = ${filters.format}`);
  if (filters.language) conditions.push(sql`e.language = ${filters.language}`);
  if (filters.genre) conditions.push(sql`EXISTS (SELECT 1 FROM works w WHERE w.id = e.work_id AND ${filters.genre} = ANY (w.genres))`);
  return conditions;
}

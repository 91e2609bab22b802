import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Tx, getDb, queryRows } from '~/db/client.server';
import { foldedTitle } from '~/db/schema';
import { ASIN_PATTERN, cleanIsbn, parseIsbn } from '~/lib/isbn';
import { cardColumns, type CardRow, toCard } from './cards.server';
import { MIN_VOCABULARY_WORD } from './ingest/search.server';
import { SEARCH_PAGE_SIZE, SUGGESTIONS_LIMIT } from './limits';
import { foldForMatch } from './normalize';
import type { EditionCard, SearchFilters, SearchPage } from './types';

const MAX_QUERY_LENGTH = 200;
/**
 * pg_trgm similarity a catalogue word needs to stand in for a query word the catalogue does not know. Not
 * below pg_trgm's default similarity_threshold (0.3), which the indexed `%` applies first.
 */
const TYPO_THRESHOLD = 0.3;
/** The empty-result suggestions accept looser words. */
const CLOSEST_THRESHOLD = 0.2;
const CORRECTIONS_PER_WORD = 3;
/** Beyond this many matches the count stops ("mais de 1.000"). */
export const MAX_COUNTED = 1000;
/**
 * A broad query ranks only its most-read matches, this many times the page (100 for a search page, 30 for
 * the typeahead): ranking every edition that contains "amor" would cost more than any reader pages through.
 */
const RANKED_PAGES = 5;
const CLOSEST_CANDIDATES = 100;

/** A query word and the catalogue words it stands for: itself when known, else its closest known words. */
type Term = { words: string[]; prefix: boolean };
/** `exact`: the editions that are exactly what was asked for (the whole title, or the ISBN), ranked `exactBonus` higher. */
type Plan = { where: SQL; exact: { where: SQL; bonus: number } | null; rank: SQL | null };

/** The edition's folded title, as editions_folded_title_idx holds it. */
const editionTitle = foldedTitle(sql`e.title`);
/** Editions a reader's import created, not yet reviewed by curators, rank after every reviewed match. */
const reviewedFirst = sql`(e.pending_since IS NOT NULL)`;
/** NULLS LAST as in editions_readers_idx, so a broad query walks that index instead of sorting every match. */
const mostRead = sql`e.readers_count DESC NULLS LAST, e.id`;

/**
 * One engine for /catalogo, /ed and the header typeahead. An ISBN (either form, any hyphens) or an ASIN
 * finds its edition exactly; words go through Portuguese full-text search on the unaccented text. A word
 * the catalogue does not know (a typo) is replaced by its closest words in the catalogue's vocabulary
 * (pg_trgm), so one or two typos still find the book through the full-text index. Reviewed editions first
 * (one a reader's import created waits for curators below them), then by relevance, then by readers; a
 * browse without words keeps the most-read order its index gives. The catalogue is public, so there is no
 * viewer to check.
 */
export async function searchEditions(
  rawQuery: string,
  filters: SearchFilters = {},
  page = 1,
  pageSize = SEARCH_PAGE_SIZE,
  withTotal = true,
): Promise<SearchPage> {
  const query = rawQuery.trim().slice(0, MAX_QUERY_LENGTH);
  const current = Math.max(1, page);
  const offset = (current - 1) * pageSize;
  const db = getDb();
  const plan = await planQuery(db, query);
  const filtersSql = filterConditions(filters);
  const where = sql.join([plan.where, ...filtersSql], sql` AND `);
  // Counted in the same statement as the page (one round trip), up to one past the cap; the typeahead needs no count.
  const counted = withTotal
    ? sql`(SELECT count(*) FROM (SELECT 1 FROM editions e WHERE ${where} LIMIT ${MAX_COUNTED + 1}) m)::int AS matches`
    : sql`0 AS matches`;
  let rows: (CardRow & { matches: number })[];
  if (!plan.rank) {
    rows = await queryRows(
      sql`SELECT ${cardColumns}, ${counted} FROM editions e WHERE ${where} ORDER BY e.readers_count DESC, e.created_at DESC, e.id LIMIT ${pageSize} OFFSET ${offset}`,
      db,
    );
  } else {
    // The candidates: the most-read matches, plus the editions whose whole title is the query (or whose
    // ISBN it is), so a little-read book searched by its own title is never crowded out by a broad query.
    const candidates = Math.max(RANKED_PAGES * pageSize, offset + pageSize);
    const pick = (condition: SQL, exact: boolean) =>
      sql`(SELECT e.id, ${exact}::boolean AS exact FROM editions e WHERE ${condition} ORDER BY ${mostRead} LIMIT ${candidates})`;
    const union = plan.exact ? sql`${pick(where, false)} UNION ALL ${pick(sql.join([plan.exact.where, ...filtersSql], sql` AND `), true)}` : pick(where, false);
    const bonus = sql`CASE WHEN c.exact THEN ${plan.exact?.bonus ?? 0}::int ELSE 0 END`;
    rows = await queryRows(
      sql`SELECT ${cardColumns}, ${counted} FROM editions e JOIN (SELECT id, bool_or(exact) AS exact FROM (${union}) u GROUP BY id) c ON c.id = e.id
          ORDER BY ${reviewedFirst}, ${plan.rank} + ${bonus} DESC, e.readers_count DESC, e.id LIMIT ${pageSize} OFFSET ${offset}`,
      db,
    );
  }
  // An empty page past the first may still have matches before it ("this page no longer exists").
  let matches = Number(rows[0]?.matches ?? 0);
  if (rows.length === 0 && offset > 0 && withTotal) matches = Number((await queryRows<{ matches: number }>(sql`SELECT ${counted}`, db))[0]?.matches ?? 0);
  return { items: rows.map(toCard), total: Math.min(matches, MAX_COUNTED), totalCapped: matches > MAX_COUNTED, page: current, pageSize };
}

/** For an empty result: the titles closest to what was typed, however loosely (any of its words, or words like them). */
export async function listClosestEditions(rawQuery: string, limit = 5): Promise<EditionCard[]> {
  const terms = queryTerms(rawQuery.slice(0, MAX_QUERY_LENGTH)).filter((term) => term.length >= MIN_VOCABULARY_WORD);
  if (terms.length === 0) return [];
  const rows = await getDb().transaction(async (tx) => {
    // Looser than pg_trgm's default 0.3, which the `%` operator (the index's) applies.
    await tx.execute(sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(CLOSEST_THRESHOLD)}, true)`);
    const corrected = await correctTerms(tx, terms, CLOSEST_THRESHOLD, true);
    const tsQuery = sql`to_tsquery('portuguese', ${toTsQuery(corrected, ' | ')})`;
    return queryRows<CardRow>(
      sql`SELECT ${cardColumns} FROM editions e
          JOIN (SELECT e.id FROM editions e WHERE e.search_vector @@ ${tsQuery} ORDER BY ${mostRead} LIMIT ${CLOSEST_CANDIDATES}) c ON c.id = e.id
          ORDER BY ${reviewedFirst}, ts_rank_cd(e.search_vector, ${tsQuery}, 32) DESC, e.readers_count DESC, e.id LIMIT ${limit}`,
      tx,
    );
  });
  return rows.map(toCard);
}

/**
 * What the typeahead searches for: a last word of one letter ("Débora E") is a word being typed — every
 * catalogue word starting with it matches, the slowest lookup there is, and it narrows nothing — so
 * suggestions wait for its second letter. The search page still takes the query as typed.
 */
export function typeaheadQuery(rawQuery: string): string {
  const words = rawQuery.trim().split(/\s+/);
  return words.length > 1 && /^\p{L}$/u.test(words.at(-1) ?? '') ? words.slice(0, -1).join(' ') : rawQuery.trim();
}

export async function suggestEditions(rawQuery: string): Promise<EditionCard[]> {
  const query = typeaheadQuery(rawQuery);
  if (query.length < 2) return [];
  return (await searchEditions(query, {}, 1, SUGGESTIONS_LIMIT, false)).items;
}

const queryTerms = (query: string) =>
  foldForMatch(query)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

async function planQuery(db: Db, query: string): Promise<Plan> {
  if (!query) return { where: sql`true`, exact: null, rank: null };
  const identifier = identifierCondition(query);
  const terms = queryTerms(query);
  if (terms.length === 0) return { where: identifier ?? sql`false`, exact: null, rank: null };
  // An ISBN's digits are not words to correct.
  const corrected = identifier
    ? terms.map((term, i) => ({ words: [term], prefix: i === terms.length - 1 }))
    : await correctTerms(db, terms, TYPO_THRESHOLD, false);
  const tsQuery = sql`to_tsquery('portuguese', ${toTsQuery(corrected, ' & ')})`;
  const text = terms.join(' ');
  const words = sql`e.search_vector @@ ${tsQuery}`;
  const rank = sql`(ts_rank_cd(e.search_vector, ${tsQuery}, 32) * 2)`;
  if (!identifier) return { where: words, exact: { where: sql`${editionTitle} = ${text}`, bonus: 1 }, rank };
  return { where: sql`(${identifier} OR ${words})`, exact: { where: identifier, bonus: 10 }, rank };
}

/**
 * Each query word as the catalogue knows it, in one round trip: a known word stays itself; the last word,
 * perhaps half-typed ("dom casm"), stays a prefix when some catalogue word starts with it; an unknown word
 * becomes its closest catalogue words (or stays itself when nothing is close, and so matches nothing).
 * `looseLast` treats the last word like the others (for suggestions, where nothing is being typed).
 */
async function correctTerms(db: Db | Tx, terms: string[], threshold: number, looseLast: boolean): Promise<Term[]> {
  const lastIsPrefix = !looseLast;
  const checked = terms.map((term) => /[a-z]/.test(term) && term.length >= MIN_VOCABULARY_WORD);
  const toCheck = terms.filter((_, i) => checked[i]);
  const known = new Map<string, string[]>();
  if (toCheck.length > 0) {
    const rows = await queryRows<{ term: string; last: boolean; known: boolean; close: string[] }>(
      sql`SELECT t.term, t.last, k.known,
            CASE WHEN k.known THEN '{}'::text[] ELSE ARRAY(
              SELECT w.word FROM search_words w WHERE w.word % t.term AND similarity(w.word, t.term) >= ${threshold} ORDER BY similarity(w.word, t.term) DESC, w.word LIMIT ${CORRECTIONS_PER_WORD}) END AS close
          FROM (VALUES ${sql.join(
            toCheck.map((term) => sql`(${term}::text, ${lastIsPrefix && term === terms.at(-1)}::boolean)`),
            sql`, `,
          )}) AS t(term, last)
          CROSS JOIN LATERAL (SELECT CASE WHEN t.last THEN EXISTS (SELECT 1 FROM search_words w WHERE w.word LIKE t.term || '%')
            ELSE EXISTS (SELECT 1 FROM search_words w WHERE w.word = t.term) END AS known) k`,
      db,
    );
    for (const row of rows) {
      known.set(`${row.term}:${row.last}`, row.known || row.close.length === 0 ? [] : row.close);
    }
  }
  return terms.map((term, i) => {
    const last = lastIsPrefix && i === terms.length - 1;
    const replacement = checked[i] ? known.get(`${term}:${last}`) : undefined;
    return replacement && replacement.length > 0 ? { words: replacement, prefix: false } : { words: [term], prefix: last };
  });
}

/** Words are [a-z0-9]+ (query terms and vocabulary alike), so they are safe as tsquery lexemes. */
function toTsQuery(terms: Term[], join: ' & ' | ' | '): string {
  return terms.map(({ words, prefix }) => `(${words.map((word) => (prefix ? `${word}:*` : word)).join(' | ')})`).join(join);
}

/** PGlite may answer a text[] as its literal ("{a,b}"); the words never need quoting. */

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

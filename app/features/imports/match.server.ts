import { sql } from 'drizzle-orm';
import { type Tx, jsonRecords, jsonTextRows, jsonTexts, queryRows } from '~/db/client.server';
import { foldedTitle } from '~/db/schema';
import { foldForMatch } from '~/features/catalog/normalize';
import type { MatchOutcome, RowFields } from './vocabulary';

/** Title similarity (pg_trgm, on folded titles) from which a row links to an edition whose author agrees. */
export const LINK_SIMILARITY = 0.85;
/** From here up to LINK_SIMILARITY the edition is only suggested: the preview asks the reader. */
export const SUGGEST_SIMILARITY = 0.5;

/** Words that end a Brazilian name without being the surname: "Itamar Vieira Junior" is found by "vieira". */
const NAME_SUFFIXES = new Set(['junior', 'jr', 'filho', 'neto', 'sobrinho', 'segundo', 'ii', 'iii']);

/** The word of an author's name a catalogue author must contain: the last one that is not a suffix. */
export function surnameOf(name: string): string {
  const words = foldForMatch(name)
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(' ')
    .filter((w) => w.length > 1);
  while (words.length > 1 && NAME_SUFFIXES.has(words.at(-1)!)) words.pop();
  return words.at(-1) ?? '';
}

export type Match = { outcome: MatchOutcome; editionId: string | null };

/** The edition's folded title, as editions_folded_title_idx holds it. */
const editionTitle = foldedTitle(sql`e.title`);

/**
 * Finds each row's edition against the whole catalogue, set-based: our own edition id (our export, through
 * merges' redirects), then the ISBN, then the title and an author's surname (trigram similarity ≥
 * LINK_SIMILARITY on folded titles; a title with a subtitle is tried again without it); a near title (≥
 * SUGGEST_SIMILARITY) is only suggested, `confirm`, for the reader to decide. Rows nothing matches are `new`:
 * the import creates a pending edition for them. Lists travel as one JSON parameter each (a 50,000-row file
 * as separate parameters would pass PostgreSQL's limit of 65,535).
 */
export async function matchRows(tx: Tx, rows: readonly RowFields[]): Promise<Map<number, Match>> {
  const found = new Map<number, Match>();
  const ids = [...new Set(rows.flatMap((r) => (r.editionId ? [r.editionId] : [])))];
  if (ids.length) {
    const existing = await queryRows<{ from_id: string; id: string }>(
      sql`
      SELECT q.id AS from_id, coalesce(e.id, r.to_id) AS id
      FROM ${jsonTextRows(ids, 'q(id)')}
      LEFT JOIN editions e ON e.id = q.id
      LEFT JOIN catalog_redirects r ON r.kind = 'edition' AND r.from_id = q.id
      WHERE e.id IS NOT NULL OR r.to_id IS NOT NULL`,
      tx,
    );
    const byId = new Map(existing.map((r) => [r.from_id, r.id]));
    for (const row of rows) {
      const id = row.editionId ? byId.get(row.editionId) : undefined;
      if (id) found.set(row.line, { outcome: 'id', editionId: id });
    }
  }

  const isbns = [...new Set(rows.flatMap((r) => (!found.has(r.line) && r.isbn13 ? [r.isbn13] : [])))];
  if (isbns.length) {
    const existing = await queryRows<{ id: string; isbn13: string }>(sql`SELECT id, isbn13 FROM editions WHERE isbn13 IN ${jsonTexts(isbns)}`, tx);
    const byIsbn = new Map(existing.map((r) => [r.isbn13, r.id]));
    for (const row of rows) {
      const id = !found.has(row.line) && row.isbn13 ? byIsbn.get(row.isbn13) : undefined;
      if (id) found.set(row.line, { outcome: 'isbn', editionId: id });
    }
  }

  // Titles: the whole title first, then, for those still unmatched, the part before a subtitle's colon; each
  // time the same folded title first (one hash join on the btree index), then near ones by trigrams.
  for (const short of [false, true]) {
    for (const near of [false, true]) {
      const pending = rows.flatMap((r) => {
        if (found.has(r.line)) return [];
        const title = short ? r.title.split(/:\s/)[0]! : r.title;
        if (short && title === r.title) return [];
        return [{ line: r.line, title, surname: r.authors.length ? surnameOf(r.authors[0]!) : '' }];
      });
      if (!pending.length) break;
      const matches = near ? await nearTitles(tx, pending, LINK_SIMILARITY) : await sameTitles(tx, pending);
      for (const m of matches) found.set(Number(m.line), { outcome: 'title', editionId: m.id });
    }
  }
  // What is still unmatched but near enough is suggested for the reader to confirm.
  const unsure = rows.flatMap((r) => (found.has(r.line) ? [] : [{ line: r.line, title: r.title, surname: r.authors.length ? surnameOf(r.authors[0]!) : '' }]));
  if (unsure.length) for (const m of await nearTitles(tx, unsure, SUGGEST_SIMILARITY)) found.set(Number(m.line), { outcome: 'confirm', editionId: m.id });

  for (const row of rows) if (!found.has(row.line)) found.set(row.line, { outcome: 'new', editionId: null });
  return found;
}

type TitleQuery = { line: number; title: string; surname: string };

/** The rows as a table of folded titles and surnames, one JSON parameter. */
const titleRows = (pending: TitleQuery[]) => sql`
  SELECT line, ${foldedTitle(sql`title`)} AS folded, surname
  FROM ${jsonRecords(pending, 'line int, title text, surname text', 'q')}`;

/** An author of the edition's work whose folded name holds the row's surname (any author when the row has none). */
const authorAgrees = sql`(q.surname = '' OR EXISTS (SELECT 1 FROM work_authors wa JOIN authors a ON a.id = wa.author_id
  WHERE wa.work_id = e.work_id AND immutable_unaccent(lower(a.name)) LIKE '%' || q.surname || '%'))`;

/** Rows whose folded title is exactly an edition's, the most read one when several agree. */
function sameTitles(tx: Tx, pending: TitleQuery[]) {
  return queryRows<{ line: number; id: string }>(
    sql`WITH q AS (${titleRows(pending)})
      SELECT DISTINCT ON (q.line) q.line, e.id FROM q JOIN editions e ON ${editionTitle} = q.folded
      WHERE ${authorAgrees}
      ORDER BY q.line, e.readers_count DESC, e.id`,
    tx,
  );
}

/**
 * Rows whose folded title is near (trigram similarity ≥ `threshold`) that of an edition by an author whose
 * folded name holds the row's surname. The authors come first — found once per surname through
 * authors_name_trgm_idx, their editions' titles folded once — as a title's common words would make the
 * whole catalogue's trigrams match thousands of editions. A row without an author never links this way.
 */
async function nearTitles(tx: Tx, pending: TitleQuery[], threshold: number) {
  const withAuthor = pending.filter((p) => p.surname !== '');
  if (!withAuthor.length) return [];
  return queryRows<{ line: number; id: string }>(
    sql`WITH q AS MATERIALIZED (${titleRows(withAuthor)}),
      candidates AS MATERIALIZED (
        SELECT DISTINCT s.surname, e.id, e.readers_count, ${editionTitle} AS folded
        FROM (SELECT DISTINCT surname FROM q) s
        JOIN authors a ON immutable_unaccent(lower(a.name)) LIKE '%' || s.surname || '%'
        JOIN work_authors wa ON wa.author_id = a.id
        JOIN editions e ON e.work_id = wa.work_id
      )
      SELECT DISTINCT ON (q.line) q.line, c.id
      FROM q JOIN candidates c ON c.surname = q.surname AND similarity(c.folded, q.folded) >= ${threshold}
      ORDER BY q.line, similarity(c.folded, q.folded) DESC, c.readers_count DESC, c.id`,
    tx,
  );
}

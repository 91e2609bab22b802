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

/** Words a title's volume, sequel or part is written with, as the number they stand for. */
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  second: 2,
  third: 3,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
};
const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10 };
/** "ii" → 2, "xiv" → 14; a single letter is a word, not a numeral ("I, Robot", "Malcolm X"). */
function romanValue(word: string): number | null {
  if (word.length < 2 || !/^[ivx]+$/.test(word)) return null;
  let total = 0;
  for (let i = 0; i < word.length; i++) {
    const value = ROMAN_VALUES[word[i]!]!;
    const next = ROMAN_VALUES[word[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}
/** Words that never make two titles different books: articles and particles, and edition notes. */
const MINOR_WORDS = new Set([
  ...['o', 'a', 'os', 'as', 'um', 'uma', 'the', 'an', 'el', 'la', 'los', 'las', 'le', 'les', 'il', 'lo'],
  ...['e', 'de', 'da', 'do', 'das', 'dos', 'em', 'no', 'na', 'of', 'and', 'y', 'del'],
  ...['edicao', 'edition', 'edicion', 'bolso', 'pocket', 'especial', 'ilustrada', 'illustrated', 'comemorativa', 'capa', 'dura', 'box'],
]);

const titleWords = (title: string) =>
  foldForMatch(title)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/** The numbers a title's words carry ("Two", "II", "#2", "1-2"), in order: its volume, part or sequel. */
const volumeOf = (words: string[]) =>
  words
    .flatMap((w) => {
      const n = /^\d+$/.test(w) ? Number(w) : (NUMBER_WORDS[w] ?? romanValue(w));
      return n === null ? [] : [n];
    })
    .join(' ');

/** Hints of a title's language in its words and endings, unaccented letters kept apart ("ción", "ção"). */
const LANGUAGE_HINTS: Record<'pt' | 'es' | 'en', RegExp[]> = {
  pt: [/^(o|os|as|da|do|das|dos|um|uma|nao|em|no|na)$/, /(cao|coes|oes)$/, /[ãõç]/],
  es: [/^(el|los|las|la|del|y|un|una)$/, /cion(es)?$/, /ñ/],
  en: [/^(the|of|and|an)$/, /tions?$/],
};

/** The language a title is plainly written in, or null when its words do not tell. */
function titleLanguage(title: string): string | null {
  const words = title
    .normalize('NFC')
    .toLocaleLowerCase('pt-BR')
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  const scores = Object.entries(LANGUAGE_HINTS).map(([language, hints]) => {
    const score = words.filter((word) => hints.some((hint) => hint.test(word) || hint.test(foldForMatch(word)))).length;
    return { language, score };
  });
  const best = Math.max(...scores.map((s) => s.score));
  const leaders = scores.filter((s) => s.score === best);
  return best > 0 && leaders.length === 1 ? leaders[0]!.language : null;
}

/**
 * Whether a near title (the file's) is the catalogue's edition, another edition of its work, or another book:
 * a different volume, part or sequel number ("Two" against "One" or none, "II", "#2", "1Q84 #1-2" against
 * "1Q84") or a file title that extends the catalogue's with more words ("The Housemaid's Secret" against "The
 * Housemaid") is another book, `null`; a title plainly in another language (the edition note's, or its words':
 * "Elevación" against "Elevation") is `work`, the same work in another edition. A catalogue title longer than
 * the file's is still the book ("Memórias Póstumas" for "Memórias Póstumas de Brás Cubas").
 */
export function sameBook(fileTitle: string, catalogueTitle: string, fileLanguage: string | null = null): 'edition' | 'work' | null {
  const file = titleWords(fileTitle);
  const catalogue = titleWords(catalogueTitle);
  if (volumeOf(file) !== volumeOf(catalogue)) return null;
  const known = new Set(catalogue);
  if (catalogue.every((w) => file.includes(w)) && file.some((w) => !known.has(w) && !MINOR_WORDS.has(w))) return null;
  const theirs = titleLanguage(catalogueTitle);
  const ours = fileLanguage ?? titleLanguage(fileTitle);
  return ours && theirs && ours !== theirs ? 'work' : 'edition';
}

/** `otherEdition`: a suggestion of another edition of the same work (another language), never the same edition. */
export type Match = { outcome: MatchOutcome; editionId: string | null; otherEdition?: boolean };

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
  // time the same folded title first (one hash join on the btree index), then near ones by trigrams — only
  // those sameBook() holds to be the same edition link.
  const language = new Map(rows.map((r) => [r.line, r.language ?? null]));
  const wholeTitle = (r: RowFields) => (r.subtitle ? `${r.title}: ${r.subtitle}` : r.title);
  for (const short of [false, true]) {
    for (const near of [false, true]) {
      const pending = rows.flatMap((r) => {
        if (found.has(r.line)) return [];
        const title = short ? r.title.split(/:\s/)[0]! : wholeTitle(r);
        if (short && title === wholeTitle(r)) return [];
        return [{ line: r.line, title, surname: r.authors.length ? surnameOf(r.authors[0]!) : '' }];
      });
      if (!pending.length) break;
      if (!near) for (const m of await sameTitles(tx, pending)) found.set(Number(m.line), { outcome: 'title', editionId: m.id });
      else
        for (const m of await nearTitles(tx, pending, LINK_SIMILARITY, language))
          if (m.verdict === 'edition') found.set(m.line, { outcome: 'title', editionId: m.id });
    }
  }
  // What is still unmatched but near enough is suggested for the reader to confirm: as the same edition, or as
  // another edition of its work.
  const unsure = rows.flatMap((r) =>
    found.has(r.line) ? [] : [{ line: r.line, title: wholeTitle(r), surname: r.authors.length ? surnameOf(r.authors[0]!) : '' }],
  );
  if (unsure.length)
    for (const m of await nearTitles(tx, unsure, SUGGEST_SIMILARITY, language))
      found.set(m.line, { outcome: 'confirm', editionId: m.id, ...(m.verdict === 'work' ? { otherEdition: true } : {}) });

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

/** Near editions looked at per row, most similar first, for one that is the same book. */
const NEAR_CANDIDATES = 5;

/**
 * For each row, the most similar edition (trigram similarity ≥ `threshold` on folded titles) by an author
 * whose folded name holds the row's surname and that sameBook() does not hold to be another book, with its
 * verdict. The authors come first — found once per surname through authors_name_trgm_idx, their editions'
 * titles folded once — as a title's common words would make the whole catalogue's trigrams match thousands
 * of editions. A row without an author never links this way.
 */
async function nearTitles(tx: Tx, pending: TitleQuery[], threshold: number, language: ReadonlyMap<number, string | null>) {
  const withAuthor = pending.filter((p) => p.surname !== '');
  if (!withAuthor.length) return [];
  const candidates = await queryRows<{ line: number; id: string; title: string }>(
    sql`WITH q AS MATERIALIZED (${titleRows(withAuthor)}),
      candidates AS MATERIALIZED (
        SELECT DISTINCT s.surname, e.id, e.title, e.readers_count, ${editionTitle} AS folded
        FROM (SELECT DISTINCT surname FROM q) s
        JOIN authors a ON immutable_unaccent(lower(a.name)) LIKE '%' || s.surname || '%'
        JOIN work_authors wa ON wa.author_id = a.id
        JOIN editions e ON e.work_id = wa.work_id
      )
      SELECT line, id, title FROM (
        SELECT q.line, c.id, c.title,
          row_number() OVER (PARTITION BY q.line ORDER BY similarity(c.folded, q.folded) DESC, c.readers_count DESC, c.id) AS rank
        FROM q JOIN candidates c ON c.surname = q.surname AND similarity(c.folded, q.folded) >= ${threshold}
      ) ranked WHERE rank <= ${NEAR_CANDIDATES} ORDER BY line, rank`,
    tx,
  );
  const titles = new Map(withAuthor.map((p) => [p.line, p.title]));
  const best = new Map<number, { line: number; id: string; verdict: 'edition' | 'work' }>();
  for (const c of candidates) {
    const line = Number(c.line);
    if (best.has(line)) continue;
    const verdict = sameBook(titles.get(line)!, c.title, language.get(line) ?? null);
    if (verdict) best.set(line, { line, id: c.id, verdict });
  }
  return [...best.values()];
}

import { type SQL, sql } from 'drizzle-orm';
import { type Tx, jsonRecords, jsonTextRows, jsonTexts, queryRows } from '~/db/client.server';
import { authors, collectionMembers, collections, editionContributors, editions, workAuthors, workTitleKey, works } from '~/db/schema';
import { newId } from '~/lib/ids';
import { type ParsedIsbn, parseIsbn } from '~/lib/isbn';
import { queueNewEditionAlerts } from '~/features/social/catalog-follows.server';
import { MAX_GENRES_PER_WORK } from './genres';
import { authorSlug, normalizeName, normalizeTitle } from './normalize';
import type { EditionSource } from './vocabulary';

export type AuthorFacts = { sortName?: string; nationality?: string | null; birthYear?: number | null; deathYear?: number | null; bio?: string | null; otherNames?: string[] };

/** `workId` lets callers refresh the search text of every edition of a work another source enriched. */
export type IngestResult = { editionId: string; created: boolean; workId: string };

export async function ingestEdition(tx: Tx, source: EditionSource, facts: ReadonlyMap<string, AuthorFacts> = new Map()): Promise<IngestResult> {
  const [result] = await ingestEditions(tx, [source], facts);
  return result!;
}

/** A source cleaned: `index` is its place in the list given to ingestEditions. */
type Cleaned = { index: number; source: EditionSource; title: string; isbn: ParsedIsbn | null; authorNames: string[]; publisher: string | null };

/**
 * Editions from outside, in a fixed handful of statements however many they are, with the effect of taking
 * them one by one in order: an ISBN already in the catalogue (or earlier in the list) is that edition; the
 * authors are found by identificador (through merges' redirects) or created; editions of one work share its
 * title (ignoring case, accents and punctuation) and first author — "Grande Sertão: Veredas" and "Grande
 * sertão veredas" by Guimarães Rosa are one work, which a later source enriches without overwriting; an
 * edition without ISBN of the same work, title and publisher as one already there is that one. Does not
 * refresh the search columns: callers do, once for every work touched.
 */
export async function ingestEditions(tx: Tx, sources: readonly EditionSource[], facts: ReadonlyMap<string, AuthorFacts> = new Map()): Promise<IngestResult[]> {
  const results: (IngestResult | undefined)[] = new Array(sources.length);
  const cleaned: Cleaned[] = sources.map((source, index) => ({
    index,
    source,
    title: normalizeTitle(source.title),
    isbn: source.isbn ? parseIsbn(source.isbn) : null,
    authorNames: source.authors.map(normalizeName).filter(Boolean),
    publisher: source.publisher ? normalizeName(source.publisher) : null,
  }));

  // An ISBN the catalogue has is that edition, and nothing else of the source is looked at.
  const isbns = [...new Set(cleaned.flatMap((c) => (c.isbn ? [c.isbn.isbn13] : [])))];
  const known = new Map<string, IngestResult>();
  if (isbns.length) {
    const rows = await queryRows<{ id: string; work_id: string; isbn13: string }>(sql`SELECT id, work_id, isbn13 FROM editions WHERE isbn13 IN ${jsonTexts(isbns)}`, tx);
    for (const row of rows) known.set(row.isbn13, { editionId: row.id, created: false, workId: row.work_id });
  }
  // An ISBN given twice is the edition its first source creates.
  const firstWithIsbn = new Map<string, number>();
  const repeated: Cleaned[] = [];
  const fresh = cleaned.filter((c) => {
    if (!c.isbn) return true;
    const found = known.get(c.isbn.isbn13);
    if (found) results[c.index] = found;
    else if (firstWithIsbn.has(c.isbn.isbn13)) repeated.push(c);
    else firstWithIsbn.set(c.isbn.isbn13, c.index);
    return !found && firstWithIsbn.get(c.isbn.isbn13) === c.index;
  });

  const authorIds = await findOrCreateAuthors(tx, fresh.flatMap((c) => c.authorNames.map((name) => ({ name, facts: facts.get(name) }))));
  const workIds = await findOrCreateWorks(tx, fresh.map((c) => ({ source: c.source, title: c.title, authorIds: c.authorNames.map((name) => authorIds.get(authorSlugOf(name))!) })));

  // The editions to create; one without ISBN of a work, title and publisher already there (or created
  // earlier in the list) is that one.
  const keys = await queryRows<{ i: number; title: string; publisher: string | null; existing: string | null }>(
    sql`SELECT p.i, lower(p.title) AS title, lower(p.publisher) AS publisher,
        CASE WHEN p.isbn THEN NULL ELSE (SELECT e.id FROM editions e WHERE e.work_id = p.work_id AND lower(e.title) = lower(p.title)
          AND (CASE WHEN p.publisher IS NULL THEN e.publisher IS NULL ELSE lower(e.publisher) = lower(p.publisher) END) LIMIT 1) END AS existing
      FROM ${jsonRecords(
        fresh.map((c, i) => ({ i, title: c.title, publisher: c.publisher, work_id: workIds[i], isbn: c.isbn != null })),
        'i int, title text, publisher text, work_id text, isbn boolean',
      )}`,
    tx,
  );
  const created: { cleaned: Cleaned; editionId: string; workId: string }[] = [];
  const byKey = new Map<string, IngestResult>();
  for (const { i, title, publisher, existing } of keys.sort((a, b) => a.i - b.i)) {
    const c = fresh[i]!;
    const workId = workIds[i]!;
    const key = JSON.stringify([workId, title, publisher]);
    const same = c.isbn ? undefined : existing ? { editionId: existing, created: false, workId } : byKey.get(key);
    if (same) {
      results[c.index] = { ...same, created: false };
      continue;
    }
    const result = { editionId: newId(), created: true, workId };
    results[c.index] = result;
    if (!byKey.has(key)) byKey.set(key, result);
    created.push({ cleaned: c, editionId: result.editionId, workId });
  }

  for (const c of repeated) results[c.index] = { ...results[firstWithIsbn.get(c.isbn!.isbn13)!]!, created: false };

  if (created.length) {
    await tx.insert(editions).values(
      created.map(({ cleaned: { source, title, isbn, publisher }, editionId, workId }) => ({
        id: editionId,
        workId,
        title,
        subtitle: source.subtitle ? normalizeName(source.subtitle) : null,
        isbn13: isbn?.isbn13 ?? null,
        isbn10: isbn?.isbn10 ?? null,
        asin: source.asin?.trim().toUpperCase() || null,
        publisher,
        publicationDate: source.publicationDate ?? null,
        pages: source.pages && source.pages > 0 ? source.pages : null,
        audioMinutes: source.audioMinutes && source.audioMinutes > 0 ? source.audioMinutes : null,
        format: source.format ?? 'brochura',
        language: source.language ?? 'pt',
      })),
    );
    await addContributors(tx, created, facts);
    await addToCollections(tx, created);
    // Followers of their authors and collections hear about them once this transaction commits (decision 0024).
    await queueNewEditionAlerts(
      tx,
      created.map((c) => c.editionId),
    );
  }
  return results.map((r) => r!);
}

const authorSlugOf = (name: string) => authorSlug(name) || 'autor';

/**
 * Authors by name, by identificador: an existing one (a name merged into another author, decision 0013, is
 * that author), or one created with the first spelling given. Returns the author of each identificador.
 */
async function findOrCreateAuthors(tx: Tx, names: readonly { name: string; facts: AuthorFacts | undefined }[]): Promise<Map<string, string>> {
  const first = new Map<string, { name: string; facts: AuthorFacts | undefined }>();
  for (const entry of names) if (!first.has(authorSlugOf(entry.name))) first.set(authorSlugOf(entry.name), entry);
  const ids = new Map<string, string>();
  if (!first.size) return ids;
  const rows = await queryRows<{ slug: string; id: string }>(
    sql`SELECT q.slug, a.id FROM ${jsonTextRows([...first.keys()], 'q(slug)')}
      JOIN authors a ON a.slug = coalesce((SELECT to_id FROM catalog_redirects WHERE kind = 'author_slug' AND from_id = q.slug), q.slug)`,
    tx,
  );
  for (const row of rows) ids.set(row.slug, row.id);
  const missing = [...first].filter(([slug]) => !ids.has(slug));
  if (missing.length) {
    const values = missing.map(([slug, { name, facts }]) => {
      const id = newId();
      ids.set(slug, id);
      return {
        id,
        slug,
        name,
        sortName: facts?.sortName ?? sortNameOf(name),
        nationality: facts?.nationality ?? null,
        birthYear: facts?.birthYear ?? null,
        deathYear: facts?.deathYear ?? null,
        bio: facts?.bio ?? null,
        otherNames: facts?.otherNames ?? [],
      };
    });
    await tx.insert(authors).values(values);
  }
  return ids;
}

/** "Machado de Assis" → "Assis, Machado de": the last word first, as library catalogues sort. */
export function sortNameOf(name: string): string {
  const parts = name.split(' ');
  return parts.length < 2 ? name : `${parts.at(-1)}, ${parts.slice(0, -1).join(' ')}`;
}

/** What a work takes from a source: the first source gives it, later ones only fill what is empty (genres: a longer list). */
type WorkFacts = { originalTitle: string | null; originalLanguage: string | null; firstPublishedYear: number | null; synopsis: string | null; genres: string[] };

const workFactsOf = (source: EditionSource): WorkFacts => ({
  originalTitle: source.originalTitle ? normalizeName(source.originalTitle) : null,
  originalLanguage: source.originalLanguage ?? null,
  firstPublishedYear: source.firstPublishedYear ?? null,
  synopsis: source.synopsis ?? null,
  genres: [...new Set(source.genres ?? [])].slice(0, MAX_GENRES_PER_WORK),
});

const enriched = (current: WorkFacts, next: WorkFacts): WorkFacts => ({
  originalTitle: current.originalTitle ?? next.originalTitle,
  originalLanguage: current.originalLanguage ?? next.originalLanguage,
  firstPublishedYear: current.firstPublishedYear ?? next.firstPublishedYear,
  synopsis: current.synopsis ?? next.synopsis,
  genres: current.genres.length < next.genres.length ? next.genres : current.genres,
});

/**
 * The work of each edition: one with the same title (ignoring case, accents and punctuation) and first
 * author — a work credited to nobody (magazines, anthologies of "Vários") matches only another such work —
 * enriched by the source, or a new one. Both sides of the title are folded by the same SQL (works_title_key_idx).
 */
async function findOrCreateWorks(tx: Tx, wanted: readonly { source: EditionSource; title: string; authorIds: string[] }[]): Promise<string[]> {
  if (!wanted.length) return [];
  const found = await queryRows<{ i: number; key: string; id: string | null }>(
    sql`SELECT p.i, ${workTitleKey(sql`p.title`)} AS key,
        CASE WHEN p.author_id IS NOT NULL
          THEN (SELECT w.id FROM works w JOIN work_authors wa ON wa.work_id = w.id AND wa.author_id = p.author_id WHERE ${workTitleKey(sql`w.title`)} = ${workTitleKey(sql`p.title`)} LIMIT 1)
          ELSE (SELECT w.id FROM works w WHERE ${workTitleKey(sql`w.title`)} = ${workTitleKey(sql`p.title`)} AND NOT EXISTS (SELECT 1 FROM work_authors wa WHERE wa.work_id = w.id) LIMIT 1)
        END AS id
      FROM ${jsonRecords(
        wanted.map((w, i) => ({ i, title: w.title, author_id: w.authorIds[0] ?? null })),
        'i int, title text, author_id text',
      )}`,
    tx,
  );
  const workIds: string[] = new Array(wanted.length);
  const byKey = new Map<string, string>();
  const fresh = new Map<string, { title: string; authorIds: string[]; facts: WorkFacts }>();
  const enrich = new Map<string, WorkFacts>();
  for (const { i, key, id } of found.sort((a, b) => a.i - b.i)) {
    const { source, title, authorIds } = wanted[i]!;
    const sameKey = JSON.stringify([key, authorIds[0] ?? null]);
    const workId = id ?? byKey.get(sameKey) ?? newId();
    byKey.set(sameKey, workId);
    workIds[i] = workId;
    const facts = workFactsOf(source);
    const created = fresh.get(workId);
    if (created) created.facts = enriched(created.facts, facts);
    else if (id) enrich.set(workId, enrich.has(workId) ? enriched(enrich.get(workId)!, facts) : facts);
    else fresh.set(workId, { title, authorIds, facts });
  }
  if (fresh.size) {
    await tx.insert(works).values([...fresh].map(([id, { title, facts }]) => ({ id, title, ...facts })));
    const credits = [...fresh].flatMap(([workId, { authorIds }]) => authorIds.map((authorId, position) => ({ workId, authorId, position })));
    if (credits.length) await tx.insert(workAuthors).values(credits).onConflictDoNothing();
  }
  if (enrich.size) {
    await tx.execute(sql`
      UPDATE works w SET
        original_title = coalesce(w.original_title, p.original_title),
        original_language = coalesce(w.original_language, p.original_language),
        first_published_year = coalesce(w.first_published_year, p.first_published_year),
        synopsis = coalesce(w.synopsis, p.synopsis),
        genres = CASE WHEN cardinality(w.genres) < cardinality(p.genres) THEN p.genres ELSE w.genres END
      FROM ${jsonRecords(
        [...enrich].map(([id, f]) => ({ id, original_title: f.originalTitle, original_language: f.originalLanguage, first_published_year: f.firstPublishedYear, synopsis: f.synopsis, genres: f.genres })),
        'id text, original_title text, original_language text, first_published_year int, synopsis text, genres text[]',
      )}
      WHERE w.id = p.id`);
  }
  return workIds;
}

type CreatedEdition = { cleaned: Cleaned; editionId: string };

/** Translators and illustrators of the new editions, found or created as authors. */
async function addContributors(tx: Tx, created: readonly CreatedEdition[], facts: ReadonlyMap<string, AuthorFacts>): Promise<void> {
  const credits = created.flatMap(({ cleaned: { source }, editionId }) =>
    [
      ...(source.translators ?? []).map((name) => ({ name, role: 'translator' as const })),
      ...(source.illustrators ?? []).map((name) => ({ name, role: 'illustrator' as const })),
    ].map((c, position) => ({ ...c, editionId, position, normalized: normalizeName(c.name) })),
  );
  if (!credits.length) return;
  const ids = await findOrCreateAuthors(tx, credits.map((c) => ({ name: c.normalized, facts: facts.get(c.name) })));
  await tx
    .insert(editionContributors)
    .values(credits.map((c) => ({ editionId: c.editionId, authorId: ids.get(authorSlugOf(c.normalized))!, role: c.role, position: c.position })))
    .onConflictDoNothing();
}

/** The new editions into their collections, found by name (ignoring case and accents) or created with the first one's kind and publisher. */
async function addToCollections(tx: Tx, created: readonly CreatedEdition[]): Promise<void> {
  const members = created.flatMap(({ cleaned: { source, publisher }, editionId }) =>
    source.collection?.name.trim() ? [{ editionId, name: normalizeName(source.collection.name), kind: source.collection.kind ?? 'series', publisher, position: source.collection.position ?? null }] : [],
  );
  if (!members.length) return;
  const rows = await queryRows<{ i: number; key: string; id: string | null }>(
    sql`SELECT p.i, immutable_unaccent(lower(p.name)) AS key,
        (SELECT c.id FROM collections c WHERE immutable_unaccent(lower(c.name)) = immutable_unaccent(lower(p.name)) LIMIT 1) AS id
      FROM ${jsonRecords(
        members.map((m, i) => ({ i, name: m.name })),
        'i int, name text',
      )}`,
    tx,
  );
  const byKey = new Map<string, string>();
  const fresh: (typeof collections.$inferInsert)[] = [];
  const values = rows
    .sort((a, b) => a.i - b.i)
    .map(({ i, key, id }) => {
      const member = members[i]!;
      let collectionId = id ?? byKey.get(key);
      if (!collectionId) {
        collectionId = newId();
        fresh.push({ id: collectionId, name: member.name, kind: member.kind, publisher: member.publisher });
      }
      byKey.set(key, collectionId);
      return { collectionId, editionId: member.editionId, position: member.position };
    });
  if (fresh.length) await tx.insert(collections).values(fresh);
  await tx.insert(collectionMembers).values(values).onConflictDoNothing();
}

/** Shorter words are not worth correcting: two letters have too few trigrams to tell a typo from another word. */
export const MIN_VOCABULARY_WORD = 3;

/**
 * Rewrites the search columns (and adds their words to the vocabulary) of every edition of these works from the editions' own fields, their work,
 * authors, contributors and collections. Call it inside the transaction of every catalogue change that
 * touches any of those.
 */
export async function refreshWorkSearch(tx: Tx, workIds: readonly string[]): Promise<void> {
  if (workIds.length === 0) return;
  await refreshSearchWhere(tx, sql`e.work_id IN (${sql.join(workIds.map((id) => sql`${id}`), sql`, `)})`);
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

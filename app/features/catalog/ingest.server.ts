import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { authors, collectionMembers, collections, editionContributors, editions, workAuthors, works } from '~/db/schema';
import { newId } from '~/lib/ids';
import { parseIsbn } from '~/lib/isbn';
import { queueNewEditionAlerts } from '~/features/social/catalog-follows.server';
import { MAX_GENRES_PER_WORK } from './genres';
import { authorSlug, normalizeName, normalizeTitle } from './normalize';
import type { CollectionKind, EditionFormat } from './types';

/**
 * An edition as it arrives from outside (the seed catalogue, a curator's bulk import, an approved change
 * request), already parsed but not yet cleaned: ingestEdition() normalises it, finds or creates its
 * authors, work and collection, and skips it when the same edition is already there.
 */
export type EditionSource = {
  title: string;
  subtitle?: string | null;
  authors: string[];
  isbn?: string | null;
  asin?: string | null;
  publisher?: string | null;
  publicationDate?: string | null;
  pages?: number | null;
  audioMinutes?: number | null;
  format?: EditionFormat;
  language?: string;
  originalTitle?: string | null;
  originalLanguage?: string | null;
  firstPublishedYear?: number | null;
  genres?: string[];
  synopsis?: string | null;
  translators?: string[];
  illustrators?: string[];
  collection?: { name: string; position?: number | null; kind?: CollectionKind } | null;
};

export type AuthorFacts = { sortName?: string; nationality?: string | null; birthYear?: number | null; deathYear?: number | null; bio?: string | null; otherNames?: string[] };

/** `workId` lets callers refresh the search text of every edition of a work another source enriched. */
export type IngestResult = { editionId: string; created: boolean; workId: string };

export async function ingestEdition(tx: Tx, source: EditionSource, facts: ReadonlyMap<string, AuthorFacts> = new Map()): Promise<IngestResult> {
  const title = normalizeTitle(source.title);
  const isbn = source.isbn ? parseIsbn(source.isbn) : null;
  if (isbn) {
    const [existing] = await tx.select({ id: editions.id, workId: editions.workId }).from(editions).where(eq(editions.isbn13, isbn.isbn13));
    if (existing) return { editionId: existing.id, created: false, workId: existing.workId };
  }
  const authorIds: string[] = [];
  for (const name of source.authors.map(normalizeName).filter(Boolean)) authorIds.push(await findOrCreateAuthor(tx, name, facts.get(name)));
  const workId = await findOrCreateWork(tx, title, authorIds, source);
  const publisher = source.publisher ? normalizeName(source.publisher) : null;
  if (!isbn) {
    const [sameEdition] = await tx
      .select({ id: editions.id })
      .from(editions)
      .where(and(eq(editions.workId, workId), sql`lower(${editions.title}) = lower(${title})`, publisher ? sql`lower(${editions.publisher}) = lower(${publisher})` : sql`${editions.publisher} IS NULL`));
    if (sameEdition) return { editionId: sameEdition.id, created: false, workId };
  }
  const editionId = newId();
  await tx.insert(editions).values({
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
  });
  const contributors = [
    ...(source.translators ?? []).map((name) => ({ name, role: 'translator' as const })),
    ...(source.illustrators ?? []).map((name) => ({ name, role: 'illustrator' as const })),
  ];
  for (const [position, contributor] of contributors.entries()) {
    const authorId = await findOrCreateAuthor(tx, normalizeName(contributor.name), facts.get(contributor.name));
    await tx.insert(editionContributors).values({ editionId, authorId, role: contributor.role, position }).onConflictDoNothing();
  }
  if (source.collection?.name.trim()) {
    const collectionId = await findOrCreateCollection(tx, normalizeName(source.collection.name), source.collection.kind ?? 'series', publisher);
    await tx.insert(collectionMembers).values({ collectionId, editionId, position: source.collection.position ?? null }).onConflictDoNothing();
  }
  // Followers of its authors and collection hear about it once this transaction commits (decision 0024).
  await queueNewEditionAlerts(tx, [editionId]);
  return { editionId, created: true, workId };
}

async function findOrCreateAuthor(tx: Tx, name: string, facts: AuthorFacts | undefined): Promise<string> {
  const slug = authorSlug(name) || 'autor';
  // A name merged into another author (decision 0013) is that author, not a new one.
  const [existing] = await queryRows<{ id: string }>(
    sql`SELECT id FROM authors WHERE slug = coalesce((SELECT to_id FROM catalog_redirects WHERE kind = 'author_slug' AND from_id = ${slug}), ${slug})`,
    tx,
  );
  if (existing) return existing.id;
  const id = newId();
  await tx.insert(authors).values({
    id,
    slug,
    name,
    sortName: facts?.sortName ?? sortNameOf(name),
    nationality: facts?.nationality ?? null,
    birthYear: facts?.birthYear ?? null,
    deathYear: facts?.deathYear ?? null,
    bio: facts?.bio ?? null,
    otherNames: facts?.otherNames ?? [],
  });
  return id;
}

/** "Machado de Assis" → "Assis, Machado de": the last word first, as library catalogues sort. */
export function sortNameOf(name: string): string {
  const parts = name.split(' ');
  return parts.length < 2 ? name : `${parts.at(-1)}, ${parts.slice(0, -1).join(' ')}`;
}

/**
 * Editions of one work share its title (ignoring case, accents and punctuation) and first author:
 * "Grande Sertão: Veredas" and "Grande sertão veredas" by Guimarães Rosa are one work.
 */
async function findOrCreateWork(tx: Tx, title: string, authorIds: string[], source: EditionSource): Promise<string> {
  // Both sides folded by the same SQL, so no character is folded one way here and another there.
  const titleKey = (text: SQL) => sql`regexp_replace(immutable_unaccent(lower(${text})), '[^a-z0-9]+', '', 'g')`;
  const sameTitle = sql`${titleKey(sql`w.title`)} = ${titleKey(sql`${title}`)}`;
  // A work credited to nobody (magazines, anthologies of "Vários") matches only another such work.
  const [match] = await queryRows<{ id: string }>(
    authorIds[0]
      ? sql`SELECT w.id FROM works w JOIN work_authors wa ON wa.work_id = w.id AND wa.author_id = ${authorIds[0]} WHERE ${sameTitle} LIMIT 1`
      : sql`SELECT w.id FROM works w WHERE ${sameTitle} AND NOT EXISTS (SELECT 1 FROM work_authors wa WHERE wa.work_id = w.id) LIMIT 1`,
    tx,
  );
  if (match) {
    await enrichWork(tx, match.id, source);
    return match.id;
  }
  const id = newId();
  const genres = [...new Set(source.genres ?? [])].slice(0, MAX_GENRES_PER_WORK);
  await tx.insert(works).values({
    id,
    title,
    originalTitle: source.originalTitle ? normalizeName(source.originalTitle) : null,
    originalLanguage: source.originalLanguage ?? null,
    firstPublishedYear: source.firstPublishedYear ?? null,
    genres,
    synopsis: source.synopsis ?? null,
  });
  for (const [position, authorId] of authorIds.entries()) await tx.insert(workAuthors).values({ workId: id, authorId, position }).onConflictDoNothing();
  return id;
}

/** A second source of the same work fills what the first left empty, and never overwrites it. */
async function enrichWork(tx: Tx, workId: string, source: EditionSource): Promise<void> {
  const genres = [...new Set(source.genres ?? [])].slice(0, MAX_GENRES_PER_WORK);
  await tx.execute(sql`
    UPDATE works SET
      original_title = coalesce(original_title, ${source.originalTitle ? normalizeName(source.originalTitle) : null}),
      original_language = coalesce(original_language, ${source.originalLanguage ?? null}),
      first_published_year = coalesce(first_published_year, ${source.firstPublishedYear ?? null}::int),
      synopsis = coalesce(synopsis, ${source.synopsis ?? null}),
      genres = CASE WHEN cardinality(genres) < ${genres.length} THEN ${sql`ARRAY[${sql.join(genres.length ? genres.map((g) => sql`${g}`) : [sql`NULL`], sql`, `)}]::text[]`} ELSE genres END
    WHERE id = ${workId}`);
}

async function findOrCreateCollection(tx: Tx, name: string, kind: CollectionKind, publisher: string | null): Promise<string> {
  const [existing] = await queryRows<{ id: string }>(sql`SELECT id FROM collections WHERE immutable_unaccent(lower(name)) = immutable_unaccent(lower(${name})) LIMIT 1`, tx);
  if (existing) return existing.id;
  const id = newId();
  await tx.insert(collections).values({ id, name, kind, publisher });
  return id;
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

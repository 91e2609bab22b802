import { type SQL, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { AppError } from '~/server/errors';
import { GROUP_READS_CACHE_TAG, groupReadCacheTag } from '~/features/lcs/cache';
import { CATALOG_CACHE_TAG, authorCacheTag, collectionCacheTag, editionCacheTag } from './cache';
import { foldChallengeLinks } from '~/features/marathons/merge.server';
import { foldShelfEntries } from '~/features/reading/merge.server';
import { refreshSearchWhere } from './ingest/search.server';

/**
 * Merges of duplicate editions, works and authors (decision 0013): every link to the merged record (the
 * "loser") moves to the one that stays (the "survivor"), the survivor's empty fields are filled from the
 * loser's, the loser is deleted and its id answers 308 through `catalog_redirects`. Runs inside the
 * caller's transaction; the curation side authorizes and writes the history.
 */
export type MergeKind = 'edition' | 'work' | 'author';

/**
 * What a merge does with one column holding the id of an edition, a work or an author:
 * - `move`: points it at the survivor;
 * - `dedupe`: the same, except where the survivor already has a row with the same `key` columns — then
 *   the survivor's row (and its position) stays and the loser's is dropped, after `fold` (when given) has
 *   moved into the survivor's row what the dropped one held;
 * - `redirects`: `catalog_redirects.to_id`, re-pointed at the survivor so no redirect chains through the loser;
 * - `keep`: stays on the merged id on purpose (`why`).
 * The schema test (merge.test.ts) fails when a foreign key to these tables, or a column named like one of
 * these ids, is missing here: a later table cannot be forgotten.
 */
export type MergeLink = { table: string; column: string; references: readonly MergeKind[] } & (
  | { how: 'move' }
  | { how: 'dedupe'; key: readonly string[]; fold?: (tx: Tx, loserId: string, survivorId: string) => Promise<void> }
  | { how: 'redirects' }
  | { how: 'keep'; why: string }
);

export const MERGE_LINKS: readonly MergeLink[] = [
  { table: 'editions', column: 'work_id', references: ['work'], how: 'move' },
  { table: 'work_authors', column: 'work_id', references: ['work'], how: 'dedupe', key: ['author_id', 'role'] },
  { table: 'work_authors', column: 'author_id', references: ['author'], how: 'dedupe', key: ['work_id', 'role'] },
  { table: 'edition_contributors', column: 'edition_id', references: ['edition'], how: 'dedupe', key: ['author_id', 'role'] },
  { table: 'edition_contributors', column: 'author_id', references: ['author'], how: 'dedupe', key: ['edition_id', 'role'] },
  { table: 'collection_members', column: 'edition_id', references: ['edition'], how: 'dedupe', key: ['collection_id'] },
  { table: 'shelf_entries', column: 'edition_id', references: ['edition'], how: 'dedupe', key: ['user_id'], fold: foldShelfEntries },
  { table: 'reviews', column: 'edition_id', references: ['edition'], how: 'move' },
  { table: 'affiliate_clicks', column: 'edition_id', references: ['edition'], how: 'move' },
  { table: 'atts', column: 'edition_id', references: ['edition'], how: 'move' },
  { table: 'change_requests', column: 'edition_id', references: ['edition'], how: 'move' },
  { table: 'change_requests', column: 'duplicate_edition_id', references: ['edition'], how: 'move' },
  { table: 'change_requests', column: 'author_id', references: ['author'], how: 'move' },
  { table: 'change_requests', column: 'duplicate_author_id', references: ['author'], how: 'move' },
  { table: 'catalog_import_rows', column: 'edition_id', references: ['edition'], how: 'move' },
  { table: 'reader_import_rows', column: 'edition_id', references: ['edition'], how: 'move' },
  { table: 'author_follows', column: 'author_id', references: ['author'], how: 'dedupe', key: ['user_id'] },
  { table: 'club_activities', column: 'edition_id', references: ['edition'], how: 'move' },
  { table: 'group_read_editions', column: 'edition_id', references: ['edition'], how: 'dedupe', key: ['group_read_id'] },
  { table: 'group_read_stages', column: 'edition_id', references: ['edition'], how: 'move' },
  {
    table: 'marathon_challenge_links',
    column: 'edition_id',
    references: ['edition'],
    how: 'dedupe',
    key: ['challenge_id', 'user_id'],
    fold: foldChallengeLinks,
  },
  { table: 'focus_sessions', column: 'edition_id', references: ['edition'], how: 'move' },
  { table: 'focus_room_members', column: 'edition_id', references: ['edition'], how: 'move' },
  {
    table: 'new_edition_alerts',
    column: 'edition_id',
    references: ['edition'],
    how: 'keep',
    why: 'a pending alert of a merged-away edition goes with it (cascade): the survivor was already in the catalogue, so it is not new',
  },
  {
    table: 'edition_link_counts',
    column: 'edition_id',
    references: ['edition'],
    how: 'keep',
    why: 'a ranking rebuilt as a whole by its recurring job; the page joins live editions, so the merged one drops out at once and its links count for the survivor at the next rebuild',
  },
  { table: 'catalog_redirects', column: 'to_id', references: ['edition', 'work', 'author'], how: 'redirects' },
  {
    table: 'catalog_changes',
    column: 'entity_id',
    references: ['edition', 'work', 'author'],
    how: 'keep',
    why: 'the history tells what happened to the merged record itself; its `before` values are not the survivor’s, so they must not become revertible on it',
  },
];

const TABLES: Record<MergeKind, string> = { edition: 'editions', work: 'works', author: 'authors' };

const NOUNS: Record<MergeKind, { one: string; keep: string; drop: string }> = {
  edition: { one: 'a mesma edição', keep: 'A edição que fica não existe no catálogo.', drop: 'A edição a mesclar não existe (mais) no catálogo.' },
  work: { one: 'a mesma obra', keep: 'A obra que fica não existe no catálogo.', drop: 'A obra a mesclar não existe (mais) no catálogo.' },
  author: { one: 'o mesmo autor', keep: 'O autor que fica não existe no catálogo.', drop: 'O autor a mesclar não existe (mais) no catálogo.' },
};

export type MergeResult = { loserLabel: string; tags: string[] };

/**
 * Locks both records until the transaction ends (in id order, so two merges of the same pair cannot
 * deadlock); refuses a record merged into itself or into (or from) one that does not exist.
 */
export async function lockMergePair(tx: Tx, kind: MergeKind, loserId: string, survivorId: string): Promise<void> {
  if (loserId === survivorId) throw new AppError('invalid_input', `São ${NOUNS[kind].one}: escolha o registro duplicado e o que fica.`);
  const table = sql.identifier(TABLES[kind]);
  const locked = await queryRows<{ id: string }>(sql`SELECT id FROM ${table} WHERE id IN (${loserId}, ${survivorId}) ORDER BY id FOR UPDATE`, tx);
  if (!locked.some((r) => r.id === survivorId)) throw new AppError('not_found', NOUNS[kind].keep, 'manter');
  if (!locked.some((r) => r.id === loserId)) throw new AppError('not_found', NOUNS[kind].drop, 'mesclar');
}

/** Merges `loserId` into `survivorId` (see lockMergePair for what it refuses). */
export async function mergeCatalogRecords(tx: Tx, kind: MergeKind, loserId: string, survivorId: string): Promise<MergeResult> {
  await lockMergePair(tx, kind, loserId, survivorId);
  if (kind === 'edition') return mergeEditionRecords(tx, loserId, survivorId);
  if (kind === 'work') return mergeWorkRecords(tx, loserId, survivorId);
  return mergeAuthorRecords(tx, loserId, survivorId);
}

/** Moves every `move`/`dedupe` link of MERGE_LINKS that points at this kind of record. */
async function moveLinks(tx: Tx, kind: MergeKind, loserId: string, survivorId: string): Promise<void> {
  for (const link of MERGE_LINKS) {
    if (!link.references.includes(kind)) continue;
    const table = sql.identifier(link.table);
    const column = sql.identifier(link.column);
    if (link.how === 'move') {
      await tx.execute(sql`UPDATE ${table} SET ${column} = ${survivorId} WHERE ${column} = ${loserId}`);
    } else if (link.how === 'dedupe') {
      await link.fold?.(tx, loserId, survivorId);
      const sameKey = sql.join(
        link.key.map((k) => sql`o.${sql.identifier(k)} = t.${sql.identifier(k)}`),
        sql` AND `,
      );
      await tx.execute(sql`UPDATE ${table} t SET ${column} = ${survivorId}
        WHERE t.${column} = ${loserId} AND NOT EXISTS (SELECT 1 FROM ${table} o WHERE o.${column} = ${survivorId} AND ${sameKey})`);
      await tx.execute(sql`DELETE FROM ${table} WHERE ${column} = ${loserId}`);
    }
  }
}

/** The loser's id answers 308 with the survivor, and older redirects to the loser now skip it (no chains). */
async function leaveRedirect(tx: Tx, kind: MergeKind | 'author_slug', fromId: string, toId: string): Promise<void> {
  await tx.execute(sql`UPDATE catalog_redirects SET to_id = ${toId} WHERE kind = ${kind} AND to_id = ${fromId}`);
  await tx.execute(sql`INSERT INTO catalog_redirects (kind, from_id, to_id) VALUES (${kind}, ${fromId}, ${toId})
    ON CONFLICT (kind, from_id) DO UPDATE SET to_id = excluded.to_id, created_at = now()`);
}

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Tags of the pages that show these editions: the editions, their authors and their collections. */
async function tagsOfEditions(tx: Tx, where: SQL): Promise<string[]> {
  const rows = await queryRows<{ tag: string; id: string }>(
    sql`SELECT 'e' AS tag, e.id FROM editions e WHERE ${where}
      UNION SELECT 'a', wa.author_id FROM editions e JOIN work_authors wa ON wa.work_id = e.work_id WHERE ${where}
      UNION SELECT 'c', cm.collection_id FROM editions e JOIN collection_members cm ON cm.edition_id = e.id WHERE ${where}
      UNION SELECT 'g', ge.group_read_id FROM editions e JOIN group_read_editions ge ON ge.edition_id = e.id WHERE ${where}`,
    tx,
  );
  const tag = { e: editionCacheTag, a: authorCacheTag, c: collectionCacheTag, g: groupReadCacheTag } as const;
  const tags = rows.map((r) => tag[r.tag as keyof typeof tag](r.id));
  return rows.some((r) => r.tag === 'g') ? [...tags, GROUP_READS_CACHE_TAG] : tags;
}

type EditionRow = {
  title: string;
  workId: string;
  subtitle: string | null;
  isbn13: string | null;
  isbn10: string | null;
  asin: string | null;
  publisher: string | null;
  publicationDate: string | null;
  pages: number | null;
  audioMinutes: number | null;
  coverUrl: string | null;
};

async function mergeEditionRecords(tx: Tx, loserId: string, survivorId: string): Promise<MergeResult> {
  const tagsBefore = await tagsOfEditions(tx, sql`e.id IN (${idList([loserId, survivorId])})`);
  const [loser] = await queryRows<EditionRow>(
    sql`SELECT title, work_id AS "workId", subtitle, isbn13, isbn10, asin, publisher, publication_date AS "publicationDate", pages,
      audio_minutes AS "audioMinutes", cover_url AS "coverUrl" FROM editions WHERE id = ${loserId}`,
    tx,
  );
  if (!loser) throw new AppError('not_found', NOUNS.edition.drop);
  await moveLinks(tx, 'edition', loserId, survivorId);
  // Deleted before the survivor takes its ISBN, which is unique.
  await tx.execute(sql`DELETE FROM editions WHERE id = ${loserId}`);
  await tx.execute(sql`UPDATE editions SET
      subtitle = coalesce(subtitle, ${loser.subtitle}),
      isbn13 = coalesce(isbn13, ${loser.isbn13}),
      isbn10 = CASE WHEN isbn13 IS NULL AND ${loser.isbn13}::text IS NOT NULL THEN ${loser.isbn10} ELSE coalesce(isbn10, ${loser.isbn10}) END,
      asin = coalesce(asin, ${loser.asin}),
      publisher = coalesce(publisher, ${loser.publisher}),
      publication_date = coalesce(publication_date, ${loser.publicationDate}),
      pages = coalesce(pages, ${loser.pages}::int),
      audio_minutes = coalesce(audio_minutes, ${loser.audioMinutes}::int),
      cover_url = coalesce(cover_url, ${loser.coverUrl}),
      -- A reader who had both editions is one reader of the survivor now.
      readers_count = (SELECT count(*)::int FROM shelf_entries WHERE edition_id = ${survivorId}),
      updated_at = now()
    WHERE id = ${survivorId}`);
  await leaveRedirect(tx, 'edition', loserId, survivorId);
  const [survivor] = await queryRows<{ workId: string }>(sql`SELECT work_id AS "workId" FROM editions WHERE id = ${survivorId}`, tx);
  const workTags: string[] = [];
  // A work left without editions was only the duplicate's: it joins the survivor's work instead of lingering unseen.
  if (survivor && survivor.workId !== loser.workId) {
    const [rest] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM editions WHERE work_id = ${loser.workId}`, tx);
    if (Number(rest?.n ?? 0) === 0) workTags.push(...(await mergeWorkRecords(tx, loser.workId, survivor.workId)).tags);
  }
  await refreshSearchWhere(tx, sql`e.id = ${survivorId}`);
  return { loserLabel: loser.title, tags: [...new Set([CATALOG_CACHE_TAG, ...tagsBefore, ...workTags])] };
}

async function mergeWorkRecords(tx: Tx, loserId: string, survivorId: string): Promise<MergeResult> {
  const inWorks = sql`e.work_id IN (${idList([loserId, survivorId])})`;
  const tagsBefore = await tagsOfEditions(tx, inWorks);
  const [loser] = await queryRows<{
    title: string;
    originalTitle: string | null;
    originalLanguage: string | null;
    firstPublishedYear: number | null;
    genres: string[];
    synopsis: string | null;
  }>(
    sql`SELECT title, original_title AS "originalTitle", original_language AS "originalLanguage", first_published_year AS "firstPublishedYear", genres, synopsis
      FROM works WHERE id = ${loserId}`,
    tx,
  );
  if (!loser) throw new AppError('not_found', NOUNS.work.drop);
  await moveLinks(tx, 'work', loserId, survivorId);
  await tx.execute(sql`DELETE FROM works WHERE id = ${loserId}`);
  const genres = sql`ARRAY[${sql.join(loser.genres.length ? loser.genres.map((g) => sql`${g}`) : [sql`NULL`], sql`, `)}]::text[]`;
  await tx.execute(sql`UPDATE works SET
      original_title = coalesce(original_title, ${loser.originalTitle}),
      original_language = coalesce(original_language, ${loser.originalLanguage}),
      first_published_year = coalesce(first_published_year, ${loser.firstPublishedYear}::int),
      synopsis = coalesce(synopsis, ${loser.synopsis}),
      genres = CASE WHEN cardinality(genres) = 0 THEN array_remove(${genres}, NULL) ELSE genres END,
      updated_at = now()
    WHERE id = ${survivorId}`);
  await leaveRedirect(tx, 'work', loserId, survivorId);
  await refreshSearchWhere(tx, sql`e.work_id = ${survivorId}`);
  return { loserLabel: loser.title, tags: [...new Set([CATALOG_CACHE_TAG, ...tagsBefore])] };
}

async function mergeAuthorRecords(tx: Tx, loserId: string, survivorId: string): Promise<MergeResult> {
  const [loser] = await queryRows<{
    slug: string;
    name: string;
    otherNames: string[];
    nationality: string | null;
    birthYear: number | null;
    deathYear: number | null;
    bio: string | null;
    photoUrl: string | null;
  }>(
    sql`SELECT slug, name, other_names AS "otherNames", nationality, birth_year AS "birthYear", death_year AS "deathYear", bio, photo_url AS "photoUrl"
      FROM authors WHERE id = ${loserId}`,
    tx,
  );
  const [survivor] = await queryRows<{ slug: string; name: string; otherNames: string[] }>(
    sql`SELECT slug, name, other_names AS "otherNames" FROM authors WHERE id = ${survivorId}`,
    tx,
  );
  if (!loser || !survivor) throw new AppError('not_found', NOUNS.author.drop);
  await moveLinks(tx, 'author', loserId, survivorId);
  await tx.execute(sql`DELETE FROM authors WHERE id = ${loserId}`);
  // The loser's name stays findable: search reads other names too.
  const fold = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const otherNames: string[] = [];
  for (const name of [...survivor.otherNames, loser.name, ...loser.otherNames]) {
    if (fold(name) !== fold(survivor.name) && !otherNames.some((n) => fold(n) === fold(name))) otherNames.push(name);
  }
  await tx.execute(sql`UPDATE authors SET
      nationality = coalesce(nationality, ${loser.nationality}),
      birth_year = coalesce(birth_year, ${loser.birthYear}::int),
      death_year = coalesce(death_year, ${loser.deathYear}::int),
      bio = coalesce(bio, ${loser.bio}),
      photo_url = coalesce(photo_url, ${loser.photoUrl}),
      other_names = ${JSON.stringify(otherNames)}::jsonb,
      updated_at = now()
    WHERE id = ${survivorId}`);
  await leaveRedirect(tx, 'author', loserId, survivorId);
  await leaveRedirect(tx, 'author_slug', loser.slug, survivor.slug);
  const credited = sql`(e.work_id IN (SELECT work_id FROM work_authors WHERE author_id = ${survivorId}) OR e.id IN (SELECT edition_id FROM edition_contributors WHERE author_id = ${survivorId}))`;
  await refreshSearchWhere(tx, credited);
  const editionTags = await tagsOfEditions(tx, credited);
  return { loserLabel: loser.name, tags: [...new Set([CATALOG_CACHE_TAG, authorCacheTag(loserId), authorCacheTag(survivorId), ...editionTags])] };
}

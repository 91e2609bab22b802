import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { authors, editions, workAuthors, works } from '~/db/schema';
import { newId } from '~/lib/ids';
import { isbn13To10 } from '~/lib/isbn';
import { AppError } from '~/server/errors';
import { GROUP_READS_CACHE_TAG, groupReadCacheTag } from '~/features/lcs/cache';
import { CATALOG_CACHE_TAG, authorCacheTag, editionCacheTag } from './cache';
import type { AuthorField, EditionField, FieldValues } from './editable-fields';
import { sortNameOf } from './ingest/authors.server';
import { type IngestResult, ingestEdition, ingestEditions } from './ingest/editions.server';
import { refreshWorkSearch } from './ingest/search.server';
import { authorSlug } from './normalize';
import type { EditionSource } from './vocabulary';

/**
 * The catalogue's side of curation: reading the editable fields as text and writing them back. Only these
 * functions write catalogue tables for a change request or a revert; each runs inside the caller's
 * transaction, refreshes the search columns it affects, and returns the HTML-cache tags to invalidate
 * once that transaction commits.
 */

type EditionFieldRow = FieldValues<EditionField> & { workId: string; cover: string | null };
/** What a request or a revert may write to an edition: its typed fields and its cover. */
export type EditionValues = Partial<FieldValues<EditionField>> & { cover?: string | null };

/** The live values of an edition's editable fields (locked until the transaction ends unless `lock` is false); null when missing. */
export async function readEditionFields(tx: Tx, editionId: string, lock = true): Promise<EditionFieldRow | null> {
  const [row] = await queryRows<EditionFieldRow>(
    sql`SELECT e.work_id AS "workId", e.title, e.subtitle, coalesce(e.isbn13, e.isbn10) AS isbn, e.publisher, e.publication_date AS "publicationDate",
          e.pages::text AS pages, e.format, e.language, w.synopsis, e.cover_url AS cover
        FROM editions e JOIN works w ON w.id = e.work_id WHERE e.id = ${editionId} ${lock ? sql`FOR UPDATE OF e, w` : sql``}`,
    tx,
  );
  return row ?? null;
}

export async function readAuthorFields(tx: Tx, authorId: string, lock = true): Promise<FieldValues<AuthorField> | null> {
  const [row] = await queryRows<FieldValues<AuthorField>>(
    sql`SELECT name, nationality, birth_year::text AS "birthYear", death_year::text AS "deathYear", bio FROM authors WHERE id = ${authorId} ${lock ? sql`FOR UPDATE` : sql``}`,
    tx,
  );
  return row ?? null;
}

const toInt = (value: string | null | undefined) => (value == null ? null : Number(value));

export async function applyEditionChanges(tx: Tx, editionId: string, values: EditionValues): Promise<string[]> {
  const current = await readEditionFields(tx, editionId);
  if (!current) throw new AppError('not_found', 'Essa edição não existe mais no catálogo.');
  const set: Partial<typeof editions.$inferInsert> = {};
  if ('title' in values) {
    if (!values.title) throw new AppError('invalid_input', 'Informe o título.', 'title');
    set.title = values.title;
  }
  if ('subtitle' in values) set.subtitle = values.subtitle ?? null;
  if ('isbn' in values) {
    const isbn13 = values.isbn ?? null;
    if (isbn13) {
      const [other] = await tx
        .select({ id: editions.id })
        .from(editions)
        .where(and(eq(editions.isbn13, isbn13), ne(editions.id, editionId)));
      if (other) throw new AppError('conflict', 'Outra edição do catálogo já tem esse ISBN.', 'isbn');
    }
    set.isbn13 = isbn13;
    set.isbn10 = isbn13 ? isbn13To10(isbn13) : null;
  }
  if ('publisher' in values) set.publisher = values.publisher ?? null;
  if ('publicationDate' in values) set.publicationDate = values.publicationDate ?? null;
  if ('pages' in values) set.pages = toInt(values.pages);
  if ('cover' in values) set.coverUrl = values.cover ?? null;
  if ('format' in values) {
    const format = values.format;
    if (format !== 'brochura' && format !== 'capa_dura' && format !== 'ebook' && format !== 'audiolivro')
      throw new AppError('invalid_input', 'Escolha um formato da lista.', 'format');
    set.format = format;
  }
  if ('language' in values) {
    if (!values.language) throw new AppError('invalid_input', 'Informe o idioma.', 'language');
    set.language = values.language;
  }
  if (Object.keys(set).length > 0)
    await tx
      .update(editions)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(editions.id, editionId));
  if ('synopsis' in values)
    await tx
      .update(works)
      .set({ synopsis: values.synopsis ?? null, updatedAt: new Date() })
      .where(eq(works.id, current.workId));
  await refreshWorkSearch(tx, [current.workId]);
  // An LC's pages show its books (title, cover, pages): they are dropped with the edition's.
  const groupReads = await queryRows<{ id: string }>(sql`SELECT group_read_id AS id FROM group_read_editions WHERE edition_id = ${editionId}`, tx);
  return [
    CATALOG_CACHE_TAG,
    editionCacheTag(editionId),
    ...(groupReads.length ? [GROUP_READS_CACHE_TAG, ...groupReads.map((g) => groupReadCacheTag(g.id))] : []),
  ];
}

export async function applyAuthorChanges(tx: Tx, authorId: string, values: Partial<FieldValues<AuthorField>>): Promise<string[]> {
  const current = await readAuthorFields(tx, authorId);
  if (!current) throw new AppError('not_found', 'Esse autor não existe mais no catálogo.');
  const set: Partial<typeof authors.$inferInsert> = {};
  if ('name' in values) {
    if (!values.name) throw new AppError('invalid_input', 'Informe o nome.', 'name');
    set.name = values.name;
  }
  if ('nationality' in values) set.nationality = values.nationality ?? null;
  if ('birthYear' in values) set.birthYear = toInt(values.birthYear);
  if ('deathYear' in values) set.deathYear = toInt(values.deathYear);
  if ('bio' in values) set.bio = values.bio ?? null;
  if (Object.keys(set).length > 0)
    await tx
      .update(authors)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(authors.id, authorId));
  if ('name' in values) {
    // The author's name is part of every one of their works' search text.
    const workIds = (await tx.select({ workId: workAuthors.workId }).from(workAuthors).where(eq(workAuthors.authorId, authorId))).map((r) => r.workId);
    await refreshWorkSearch(tx, workIds);
  }
  return [CATALOG_CACHE_TAG, authorCacheTag(authorId)];
}

/** A new edition from an approved request; refuses one whose ISBN is already in the catalogue. */
export async function createEdition(tx: Tx, source: EditionSource): Promise<{ editionId: string; tags: string[] }> {
  const result = await ingestEdition(tx, source);
  if (!result.created) throw new AppError('conflict', 'Essa edição já está no catálogo.', 'isbn');
  await refreshWorkSearch(tx, [result.workId]);
  return { editionId: result.editionId, tags: [CATALOG_CACHE_TAG, editionCacheTag(result.editionId)] };
}

/**
 * Editions of a curator's bulk import: each created, or recognised as already in the catalogue (same
 * ISBN, or same work, title and publisher), with the search columns of every work touched refreshed once.
 */
export async function importEditions(tx: Tx, sources: readonly EditionSource[]): Promise<{ results: IngestResult[]; tags: string[] }> {
  const results = await ingestEditions(tx, sources);
  await refreshWorkSearch(tx, [...new Set(results.map((r) => r.workId))]);
  return { results, tags: [CATALOG_CACHE_TAG, ...results.filter((r) => r.created).map((r) => editionCacheTag(r.editionId))] };
}

/** Which of these ISBN-13s the catalogue already has, and the edition that has each. */
export async function findEditionIdsByIsbn(tx: Tx, isbn13s: readonly string[]): Promise<Map<string, string>> {
  if (isbn13s.length === 0) return new Map();
  const rows = await tx
    .select({ id: editions.id, isbn13: editions.isbn13 })
    .from(editions)
    .where(inArray(editions.isbn13, [...isbn13s]));
  return new Map(rows.map((r) => [r.isbn13 ?? '', r.id]));
}

/** A new author from an approved request; refuses a name whose identificador another author has. */
export async function createAuthor(tx: Tx, values: FieldValues<AuthorField>): Promise<{ authorId: string; slug: string; tags: string[] }> {
  const name = values.name ?? '';
  const slug = authorSlug(name);
  if (!slug) throw new AppError('invalid_input', 'Informe o nome.', 'name');
  const [existing] = await tx.select({ id: authors.id }).from(authors).where(eq(authors.slug, slug));
  if (existing) throw new AppError('conflict', 'Já existe um autor com esse nome no catálogo.', 'name');
  const id = newId();
  await tx.insert(authors).values({
    id,
    slug,
    name,
    sortName: sortNameOf(name),
    nationality: values.nationality,
    birthYear: toInt(values.birthYear),
    deathYear: toInt(values.deathYear),
    bio: values.bio,
  });
  return { authorId: id, slug, tags: [CATALOG_CACHE_TAG, authorCacheTag(id)] };
}

/** The author behind /autor/{identificador}, as the request form needs it. */
export async function findAuthorIdBySlug(tx: Tx, slug: string): Promise<string | null> {
  const [row] = await tx.select({ id: authors.id }).from(authors).where(eq(authors.slug, slug));
  return row?.id ?? null;
}

/** The edition that already has this ISBN-13, so a request to add it is refused at once. */
export async function findEditionIdByIsbn(tx: Tx, isbn13: string): Promise<string | null> {
  return (await findEditionIdsByIsbn(tx, [isbn13])).get(isbn13) ?? null;
}

/** Readers linking an edition, for the ≥ 5 readers rule of PRODUCT.md §B. */
export async function editionReadersCount(tx: Tx, editionId: string): Promise<number | null> {
  const [row] = await tx.select({ readersCount: editions.readersCount }).from(editions).where(eq(editions.id, editionId));
  return row?.readersCount ?? null;
}

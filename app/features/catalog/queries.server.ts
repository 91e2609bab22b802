import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { cardColumns, type CardRow, toCard } from './cards.server';
import { displayValue } from './editable-fields';
import { genreName } from './genres';
import { COLLECTIONS_PAGE_SIZE } from './limits';
import type {
  AuthorDetail,
  AuthorRef,
  AuthorWork,
  CollectionDetail,
  CollectionSummary,
  Contributor,
  EditionCard,
  CatalogRecordCard,
  EditionDetail,
} from './types';
import type { CollectionKind } from './vocabulary';

/** The catalogue is public: these reads have no viewer to check. Missing ⇒ null. */

type EditionRow = CardRow &
  Pick<
    EditionDetail,
    | 'workId'
    | 'isbn13'
    | 'isbn10'
    | 'asin'
    | 'pages'
    | 'audioMinutes'
    | 'language'
    | 'originalTitle'
    | 'originalLanguage'
    | 'firstPublishedYear'
    | 'synopsis'
    | 'otherEditionsCount'
  > & {
    genres: string[];
    updatedAt: Date | string;
    contributors: Contributor[] | null;
    collections: EditionDetail['collections'] | null;
  };

export async function getEdition(id: string): Promise<EditionDetail | null> {
  const [row] = await queryRows<EditionRow>(sql`
    SELECT ${cardColumns}, e.work_id AS "workId", e.isbn13, e.isbn10, e.asin, e.pages, e.audio_minutes AS "audioMinutes", e.language,
      w.original_title AS "originalTitle", w.original_language AS "originalLanguage", w.first_published_year AS "firstPublishedYear",
      w.genres, w.synopsis, e.updated_at AS "updatedAt",
      (SELECT json_agg(json_build_object('id', a.id, 'slug', a.slug, 'name', a.name, 'role', ec.role) ORDER BY ec.role, ec.position)
         FROM edition_contributors ec JOIN authors a ON a.id = ec.author_id WHERE ec.edition_id = e.id) AS contributors,
      (SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'position', cm.position) ORDER BY c.name)
         FROM collection_members cm JOIN collections c ON c.id = cm.collection_id WHERE cm.edition_id = e.id) AS collections,
      (SELECT count(*)::int FROM editions o WHERE o.work_id = e.work_id AND o.id <> e.id) AS "otherEditionsCount"
    FROM editions e JOIN works w ON w.id = e.work_id WHERE e.id = ${id}`);
  if (!row) return null;
  return {
    ...toCard(row),
    workId: row.workId,
    isbn13: row.isbn13,
    isbn10: row.isbn10,
    asin: row.asin,
    publicationDate: row.publicationDate,
    pages: row.pages,
    audioMinutes: row.audioMinutes,
    language: row.language,
    originalTitle: row.originalTitle,
    originalLanguage: row.originalLanguage,
    firstPublishedYear: row.firstPublishedYear,
    genres: row.genres.flatMap((slug) => {
      const name = genreName(slug);
      return name ? [{ slug, name }] : [];
    }),
    synopsis: row.synopsis,
    contributors: row.contributors ?? [],
    collections: row.collections ?? [],
    otherEditionsCount: Number(row.otherEditionsCount),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Every edition of a work, the most read first. */
export async function listWorkEditions(workId: string): Promise<EditionCard[]> {
  const rows = await queryRows<CardRow>(
    sql`SELECT ${cardColumns} FROM editions e WHERE e.work_id = ${workId} ORDER BY e.readers_count DESC, e.publication_date DESC NULLS LAST, e.id`,
  );
  return rows.map(toCard);
}

/** Where a merged (or renamed) id now lives, for a 308. */
export async function findCatalogRedirect(kind: 'edition' | 'work' | 'author' | 'author_slug' | 'collection', fromId: string): Promise<string | null> {
  const [row] = await queryRows<{ toId: string }>(sql`SELECT to_id AS "toId" FROM catalog_redirects WHERE kind = ${kind} AND from_id = ${fromId}`);
  return row?.toId ?? null;
}

export async function getAuthor(slug: string): Promise<AuthorDetail | null> {
  const [author] = await queryRows<Omit<AuthorDetail, 'works' | 'translations' | 'updatedAt'> & { updatedAt: Date | string }>(sql`
    SELECT id, slug, name, nationality, birth_year AS "birthYear", death_year AS "deathYear", bio, photo_url AS "photoUrl",
      other_names AS "otherNames", updated_at AS "updatedAt"
    FROM authors WHERE slug = ${slug}`);
  if (!author) return null;
  const [editionRows, translationRows] = await Promise.all([
    queryRows<CardRow & { workId: string; workTitle: string; firstPublishedYear: number | null }>(sql`
      SELECT ${cardColumns}, w.id AS "workId", w.title AS "workTitle", w.first_published_year AS "firstPublishedYear"
      FROM work_authors wa JOIN works w ON w.id = wa.work_id JOIN editions e ON e.work_id = w.id
      WHERE wa.author_id = ${author.id}
      ORDER BY w.first_published_year NULLS LAST, w.title, e.readers_count DESC, e.id`),
    queryRows<CardRow>(sql`
      SELECT ${cardColumns} FROM edition_contributors ec JOIN editions e ON e.id = ec.edition_id
      WHERE ec.author_id = ${author.id} ORDER BY e.title LIMIT 100`),
  ]);
  const works = new Map<string, AuthorWork>();
  for (const row of editionRows) {
    const work = works.get(row.workId) ?? { id: row.workId, title: row.workTitle, firstPublishedYear: row.firstPublishedYear, editions: [] };
    work.editions.push(toCard(row));
    works.set(row.workId, work);
  }
  return { ...author, updatedAt: new Date(author.updatedAt).toISOString(), works: [...works.values()], translations: translationRows.map(toCard) };
}

/** /colecao: collections by name (accent-insensitive, typo-tolerant) or, without a query, the largest. */
export async function listCollections(query: string, page = 1): Promise<{ items: CollectionSummary[]; total: number }> {
  const text = query.trim().slice(0, 100);
  const where = text
    ? sql`(immutable_unaccent(lower(c.name)) LIKE '%' || immutable_unaccent(lower(${text})) || '%' OR immutable_unaccent(lower(${text})) <% immutable_unaccent(lower(c.name)))`
    : sql`true`;
  const order = text
    ? sql`word_similarity(immutable_unaccent(lower(${text})), immutable_unaccent(lower(c.name))) DESC, members DESC`
    : sql`members DESC, c.name`;
  const rows = await queryRows<{
    id: string;
    name: string;
    kind: CollectionKind;
    publisher: string | null;
    members: number;
    total: number;
    covers: CardRow[] | null;
  }>(sql`
    SELECT c.id, c.name, c.kind, c.publisher, count(*) OVER () AS total,
      (SELECT count(*)::int FROM collection_members cm WHERE cm.collection_id = c.id) AS members,
      (SELECT json_agg(x) FROM (SELECT ${cardColumns} FROM collection_members cm JOIN editions e ON e.id = cm.edition_id
         WHERE cm.collection_id = c.id ORDER BY cm.position NULLS LAST, e.title LIMIT 3) x) AS covers
    FROM collections c WHERE ${where}
    ORDER BY ${order} LIMIT ${COLLECTIONS_PAGE_SIZE} OFFSET ${(Math.max(1, page) - 1) * COLLECTIONS_PAGE_SIZE}`);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      publisher: r.publisher,
      membersCount: Number(r.members),
      covers: (r.covers ?? []).map(toCard),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function getCollection(id: string): Promise<CollectionDetail | null> {
  const [collection] = await queryRows<Omit<CollectionDetail, 'members'>>(sql`SELECT id, name, kind, publisher, description FROM collections WHERE id = ${id}`);
  if (!collection) return null;
  const members = await queryRows<CardRow & { position: number | null }>(sql`
    SELECT ${cardColumns}, cm.position FROM collection_members cm JOIN editions e ON e.id = cm.edition_id
    WHERE cm.collection_id = ${id} ORDER BY cm.position NULLS LAST, e.title, e.id`);
  return { ...collection, members: members.map((m) => ({ ...toCard(m), position: m.position === null ? null : Number(m.position) })) };
}

/** The browse shelves of /catalogo. */
export async function listCatalogHighlights(limit = 12): Promise<{ recent: EditionCard[]; mostRead: EditionCard[] }> {
  const [recent, mostRead] = await Promise.all([
    queryRows<CardRow>(sql`SELECT ${cardColumns} FROM editions e ORDER BY e.created_at DESC, e.id LIMIT ${limit}`),
    queryRows<CardRow>(sql`SELECT ${cardColumns} FROM editions e ORDER BY e.readers_count DESC, e.id LIMIT ${limit}`),
  ]);
  return { recent: recent.map(toCard), mostRead: mostRead.map(toCard) };
}

export async function countEditionsByGenre(): Promise<Map<string, number>> {
  const rows = await queryRows<{ genre: string; count: number }>(
    sql`SELECT g AS genre, count(*)::int AS count FROM editions e JOIN works w ON w.id = e.work_id, unnest(w.genres) g GROUP BY g`,
  );
  return new Map(rows.map((r) => [r.genre, Number(r.count)]));
}

/**
 * The record behind what a person pasted or picked: an edition or a work by an edition's id, an author by
 * identificador; a merged id or identificador is followed to where it lives now. Null when there is none.
 */
export async function describeCatalogRecord(kind: 'edition' | 'work' | 'author', ref: string): Promise<CatalogRecordCard | null> {
  if (kind === 'author') {
    const slug =
      (await queryRows<{ slug: string }>(sql`SELECT slug FROM authors WHERE slug = ${ref}`))[0]?.slug ?? (await findCatalogRedirect('author_slug', ref));
    const [a] = slug
      ? await queryRows<{
          id: string;
          slug: string;
          name: string;
          otherNames: string[];
          nationality: string | null;
          birthYear: number | null;
          deathYear: number | null;
          works: number;
          translations: number;
        }>(sql`
          SELECT a.id, a.slug, a.name, a.other_names AS "otherNames", a.nationality, a.birth_year AS "birthYear", a.death_year AS "deathYear",
            (SELECT count(*)::int FROM work_authors wa WHERE wa.author_id = a.id) AS works,
            (SELECT count(*)::int FROM edition_contributors ec WHERE ec.author_id = a.id) AS translations
          FROM authors a WHERE a.slug = ${slug}`)
      : [];
    if (!a) return null;
    const facts = [
      { label: 'Outros nomes', value: a.otherNames.join(', ') },
      { label: 'Nacionalidade', value: a.nationality ?? '' },
      { label: 'Anos', value: a.birthYear || a.deathYear ? `${a.birthYear ?? '?'}–${a.deathYear ?? ''}` : '' },
      { label: 'Obras', value: String(a.works) },
      { label: 'Traduções e ilustrações', value: String(a.translations) },
    ];
    return { kind, id: a.id, label: a.name, path: `/autor/${a.slug}`, facts: facts.map((f) => ({ ...f, value: f.value || '(vazio)' })) };
  }
  const editionId = (await queryRows<{ id: string }>(sql`SELECT id FROM editions WHERE id = ${ref}`))[0]?.id ?? (await findCatalogRedirect('edition', ref));
  const edition = editionId ? await getEdition(editionId) : null;
  if (!edition) return null;
  const authors = edition.authors.map((a) => a.name).join(', ');
  if (kind === 'work') {
    return {
      kind,
      id: edition.workId,
      label: edition.title,
      path: `/ed/${edition.id}`,
      facts: [
        { label: 'Autores', value: authors || '(vazio)' },
        { label: 'Título original', value: edition.originalTitle ?? '(vazio)' },
        { label: 'Primeira publicação', value: edition.firstPublishedYear ? String(edition.firstPublishedYear) : '(vazio)' },
        { label: 'Edições', value: String(edition.otherEditionsCount + 1) },
      ],
    };
  }
  const facts = [
    { label: 'Autores', value: authors },
    { label: 'Subtítulo', value: edition.subtitle ?? '' },
    { label: 'Editora', value: edition.publisher ?? '' },
    { label: 'Publicação', value: edition.publicationDate ?? '' },
    { label: 'ISBN', value: edition.isbn13 ?? edition.isbn10 ?? '' },
    { label: 'Páginas', value: edition.pages ? String(edition.pages) : '' },
    { label: 'Formato', value: displayValue('format', edition.format) },
    { label: 'Leitores', value: String(edition.readersCount) },
  ];
  return { kind, id: edition.id, label: edition.title, path: `/ed/${edition.id}`, facts: facts.map((f) => ({ ...f, value: f.value || '(vazio)' })) };
}

/** Authors by name (accent-insensitive, typo-tolerant), for picking one in a form. */
export async function findAuthorsByName(query: string, limit = 10): Promise<AuthorRef[]> {
  const text = query.trim().slice(0, 100);
  if (text.length < 2) return [];
  const folded = sql`immutable_unaccent(lower(${text}))`;
  return queryRows<AuthorRef>(sql`
    SELECT id, slug, name FROM authors
    WHERE immutable_unaccent(lower(name)) LIKE '%' || ${folded} || '%' OR ${folded} <% immutable_unaccent(lower(name))
    ORDER BY word_similarity(${folded}, immutable_unaccent(lower(name))) DESC, name LIMIT ${limit}`);
}

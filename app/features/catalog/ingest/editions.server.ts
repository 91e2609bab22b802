import { sql } from 'drizzle-orm';
import { type Tx, jsonRecords, jsonTexts, queryRows } from '~/db/client.server';
import { editions } from '~/db/schema';
import { newId } from '~/lib/ids';
import { type ParsedIsbn, parseIsbn } from '~/lib/isbn';
import { queueNewEditionAlerts } from '~/features/social/catalog-follows.server';
import { normalizeName, normalizeTitle } from '../normalize';
import type { EditionSource } from '../vocabulary';
import { type AuthorFacts, authorSlugOf, findOrCreateAuthors } from './authors.server';
import { addToCollections } from './collections.server';
import { addContributors } from './contributors.server';
import { findOrCreateWorks } from './works.server';

/** `workId` lets callers refresh the search text of every edition of a work another source enriched. */
export type IngestResult = { editionId: string; created: boolean; workId: string };

export async function ingestEdition(tx: Tx, source: EditionSource, facts: ReadonlyMap<string, AuthorFacts> = new Map()): Promise<IngestResult> {
  const [result] = await ingestEditions(tx, [source], facts);
  return result!;
}

/** A source cleaned: `index` is its place in the list given to ingestEditions. */
type Cleaned = {
  index: number;
  source: EditionSource;
  title: string;
  isbn: ParsedIsbn | null;
  authorNames: string[];
  adapterNames: string[];
  publisher: string | null;
};

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
    adapterNames: (source.adapters ?? []).map(normalizeName).filter(Boolean),
    publisher: source.publisher ? normalizeName(source.publisher) : null,
  }));

  // An ISBN the catalogue has is that edition, and nothing else of the source is looked at.
  const isbns = [...new Set(cleaned.flatMap((c) => (c.isbn ? [c.isbn.isbn13] : [])))];
  const known = new Map<string, IngestResult>();
  if (isbns.length) {
    const rows = await queryRows<{ id: string; work_id: string; isbn13: string }>(
      sql`SELECT id, work_id, isbn13 FROM editions WHERE isbn13 IN ${jsonTexts(isbns)}`,
      tx,
    );
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

  const authorIds = await findOrCreateAuthors(
    tx,
    fresh.flatMap((c) => [...c.authorNames, ...c.adapterNames].map((name) => ({ name, facts: facts.get(name) }))),
  );
  const idsOf = (names: string[]) => names.map((name) => authorIds.get(authorSlugOf(name))!);
  const workIds = await findOrCreateWorks(
    tx,
    fresh.map((c) => ({ source: c.source, title: c.title, authorIds: idsOf(c.authorNames), adapterIds: idsOf(c.adapterNames) })),
  );

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
    const added = created.map(({ cleaned: { source, publisher }, editionId }) => ({ editionId, source, publisher }));
    await addContributors(tx, added, facts);
    await addToCollections(tx, added);
    // Followers of their authors and collections hear about them once this transaction commits (decision 0024).
    await queueNewEditionAlerts(
      tx,
      created.map((c) => c.editionId),
    );
  }
  return results.map((r) => r!);
}

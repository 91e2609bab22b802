import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getDb, queryRows } from '~/db/client.server';
import { parseCsvRecords } from '~/lib/csv';
import { mapGenre, normalizeName, splitAuthors } from './normalize';
import type { AuthorFacts } from './ingest/authors.server';
import { ingestEditions } from './ingest/editions.server';
import { refreshWorkSearch } from './ingest/search.server';
import type { EditionSource } from './vocabulary';

/** content/catalog/authors.json: facts about authors, and the misspellings of their names seen in sources. */
export type AuthorFactsFile = { aliases: Record<string, string>; authors: Record<string, AuthorFacts> };

const BATCH = 100;

/**
 * The demo catalogue: a real reader's collection (content/catalog/catalog-seed.csv) through the same
 * normalisation importers use, plus hand-checked editions of the classics readers search first.
 * Idempotent: editions already present are recognised and skipped.
 */
export async function seedCatalog(csv: string, extra: EditionSource[], factsFile: AuthorFactsFile): Promise<{ created: number; skipped: number }> {
  const facts = new Map(Object.entries(factsFile.authors));
  const canonical = (name: string) => factsFile.aliases[name] ?? name;
  const sources = [...csvEditions(csv, canonical), ...extra.map((source) => ({ ...source, authors: source.authors.map(canonical) }))];
  let created = 0;
  for (let start = 0; start < sources.length; start += BATCH) {
    // One short transaction per batch: PGlite serves the whole site on one connection.
    created += await getDb().transaction(async (tx) => {
      const results = await ingestEditions(tx, sources.slice(start, start + BATCH), facts);
      // A later source may have enriched a work seen earlier (its original title, say): refresh all its editions.
      await refreshWorkSearch(tx, [...new Set(results.map((r) => r.workId))]);
      return results.filter((r) => r.created).length;
    });
  }
  return { created, skipped: sources.length - created };
}

/** The demo catalogue shipped in content/catalog (servers and scripts run from the repository root). */
export async function seedDemoCatalog(): Promise<{ created: number; skipped: number }> {
  const read = (file: string) => readFileSync(path.resolve('content/catalog', file), 'utf8');
  return seedCatalog(read('catalog-seed.csv'), JSON.parse(read('extra-editions.json')) as EditionSource[], JSON.parse(read('authors.json')) as AuthorFactsFile);
}

function csvEditions(csv: string, canonical: (name: string) => string): EditionSource[] {
  const records = parseCsvRecords(csv);
  const authorsByCollection = new Map<string, Set<string>>();
  for (const record of records) {
    const collection = normalizeName(record.collection ?? '');
    if (!collection) continue;
    const set = authorsByCollection.get(collection) ?? new Set();
    for (const name of splitAuthors(record.authors ?? '')) set.add(canonical(name));
    authorsByCollection.set(collection, set);
  }
  return records
    .filter((record) => normalizeName(record.title ?? ''))
    .map((record) => {
      const year = positiveInt(record.year);
      const collection = normalizeName(record.collection ?? '');
      const genre = mapGenre(record.genre ?? '');
      return {
        title: record.title ?? '',
        authors: splitAuthors(record.authors ?? '').map(canonical),
        isbn: record.isbn13 || null,
        publisher: record.publisher || null,
        publicationDate: year ? String(year) : null,
        pages: positiveInt(record.pages),
        genres: genre ? [genre] : [],
        collection: collection
          ? {
              name: collection,
              position: positiveNumber(record.volume),
              // Several authors under one name is a publisher's collection ("Os Pensadores"), not a series.
              kind: (authorsByCollection.get(collection)?.size ?? 0) > 1 ? 'publisher_collection' : 'series',
            }
          : null,
      } satisfies EditionSource;
    });
}

/** The source writes 0 for "unknown". */
function positiveInt(value: string | undefined): number | null {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : null;
}

function positiveNumber(value: string | undefined): number | null {
  const n = Number((value ?? '').replace(',', '.'));
  return value?.trim() && Number.isFinite(n) && n > 0 ? n : null;
}

export async function countCatalog(): Promise<{ editions: number; authors: number; collections: number }> {
  const [row] = await queryRows<{ editions: number; authors: number; collections: number }>(
    sql`SELECT (SELECT count(*) FROM editions)::int AS editions, (SELECT count(*) FROM authors)::int AS authors, (SELECT count(*) FROM collections)::int AS collections`,
  );
  return row ?? { editions: 0, authors: 0, collections: 0 };
}

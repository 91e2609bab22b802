/**
 * The search half of `npm run bench:catalog`, run in its own process on the filled database (before the
 * server starts: the embedded database allows one process). Builds 200 realistic queries from the
 * catalogue, times the search page's server work for each in-process (loadSearchPage: the search and,
 * when nothing matches, the closest titles), and prints one JSON line for bench/catalog.ts.
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, getDatabase, queryRows } from '~/db/client.server';
import relevance from '~/features/catalog/search-relevance.json';
import { loadSearchPage } from '~/features/catalog/search-page.server';
import { foldForMatch } from '~/features/catalog/normalize';
import { GENERATED_PREFIX } from './harness';

export type SearchQuery = { query: string; kind: string };
export type SearchSample = SearchQuery & { ms: number; total: number };
export type SearchReport = { backend: string; samples: SearchSample[]; typeahead: string[]; popularEditionId: string };

const QUERIES = 200;

type Row = { id: string; title: string; isbn13: string | null; isbn10: string | null; author: string | null };

/** "978-65-50000-04" style hyphens: search must ignore them wherever they fall. */
const hyphenate13 = (isbn: string) => `${isbn.slice(0, 3)}-${isbn.slice(3, 5)}-${isbn.slice(5, 10)}-${isbn.slice(10, 12)}-${isbn.slice(12)}`;
const hyphenate10 = (isbn: string) => `${isbn.slice(0, 2)}-${isbn.slice(2, 7)}-${isbn.slice(7, 9)}-${isbn.slice(9)}`;

/** One typo a reader makes: a letter dropped, doubled or swapped with its neighbour, in the longest word. */
function typo(text: string, n: number): string {
  const words = text.split(' ');
  const longest = words.reduce((best, word, i) => (word.length > words[best]!.length ? i : best), 0);
  const word = words[longest]!;
  const at = 1 + (n % Math.max(1, word.length - 2));
  const changed = [
    word.slice(0, at) + word.slice(at + 1),
    word.slice(0, at) + word[at] + word.slice(at),
    word.slice(0, at) + (word[at + 1] ?? '') + word[at] + word.slice(at + 2),
  ][n % 3]!;
  words[longest] = changed;
  return words.join(' ');
}

async function buildQueries(): Promise<SearchQuery[]> {
  // Spread over the whole generated catalogue, the same picks every run.
  const rows = await queryRows<Row>(sql`
    SELECT e.id, e.title, e.isbn13, e.isbn10,
      (SELECT a.name FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id ORDER BY wa.position LIMIT 1) AS author
    FROM editions e WHERE e.id LIKE ${`${GENERATED_PREFIX}e%`} AND e.isbn13 IS NOT NULL AND (hashtext(e.id) % 97) = 0
    ORDER BY e.id LIMIT 155`);
  if (rows.length < 155) throw new Error(`only ${rows.length} editions to build queries from`);
  const take = (from: number, count: number) => rows.slice(from, from + count);
  const generated: SearchQuery[][] = [
    take(0, 30).map((r) => ({ query: r.title, kind: 'title' })),
    take(30, 25).map((r) => ({ query: foldForMatch(r.title), kind: 'unaccented title' })),
    take(55, 25).map((r, i) => ({ query: typo(foldForMatch(r.title), i), kind: 'title with a typo' })),
    take(80, 25).map((r, i) => {
      const parts = (r.author ?? '').split(' ');
      return { query: i % 2 ? (r.author ?? '') : `${parts[0]} ${parts.at(-1)}`, kind: 'author' };
    }),
    take(105, 20).map((r) => ({ query: hyphenate13(r.isbn13!), kind: 'hyphenated ISBN-13' })),
    take(125, 15).map((r, i) => ({ query: i % 3 ? hyphenate10(r.isbn10!) : r.isbn10!, kind: 'ISBN-10' })),
    take(140, 15).map((r) => {
      const words = r.title.split(' ');
      const last = words.findIndex((w, i) => i > 0 && w.length > 3);
      return { query: `${words.slice(0, Math.max(1, last)).join(' ')} ${(words[last] ?? '').slice(0, 3)}`.trim(), kind: 'prefix' };
    }),
  ];
  // The committed relevance table (real books, real queries), then one of each kind in turn up to 200.
  const queries: SearchQuery[] = relevance.map(({ query, kind }) => ({ query, kind: `relevance table: ${kind}` }));
  for (let i = 0; queries.length < QUERIES; i++) {
    for (const list of generated) if (list[i] && queries.length < QUERIES) queries.push(list[i]!);
  }
  return queries;
}

async function main() {
  const database = getDatabase();
  const queries = await buildQueries();
  const search = (query: string) => loadSearchPage(new URL(`http://bench/ed?${new URLSearchParams({ q: query })}`));
  for (const { query } of queries) await search(query); // warm caches and plans
  const samples: SearchSample[] = [];
  for (const q of queries) {
    const started = performance.now();
    const page = await search(q.query);
    samples.push({ ...q, ms: performance.now() - started, total: page.results?.total ?? 0 });
  }
  // What a reader has typed when the typeahead asks: the first letters of each query, at least three.
  const typeahead = queries.map(({ query }, i) => query.slice(0, Math.max(3, Math.min(query.length, 4 + (i % 9)))));
  const [popular] = await queryRows<{ id: string }>(sql`SELECT id FROM editions ORDER BY readers_count DESC, id LIMIT 1`);
  const report: SearchReport = { backend: database.kind, samples, typeahead, popularEditionId: popular?.id ?? '' };
  console.log(JSON.stringify(report));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());

import { sql } from 'drizzle-orm';
import { type Tx, jsonRecords, queryRows } from '~/db/client.server';
import { workAuthors, workTitleKey, works } from '~/db/schema';
import { newId } from '~/lib/ids';
import { MAX_GENRES_PER_WORK } from '../genres';
import { normalizeName } from '../normalize';
import type { EditionSource } from '../vocabulary';

/** What a work takes from a source: the first source gives it, later ones only fill what is empty (genres: a longer list). */
type WorkFacts = {
  originalTitle: string | null;
  originalLanguage: string | null;
  firstPublishedYear: number | null;
  synopsis: string | null;
  genres: string[];
};

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
 * The work of each edition: the one its source names (`workId`, while it exists), else one with the same title (ignoring case, accents and punctuation) and first
 * author — a work credited to nobody (magazines, anthologies of "Vários") matches only another such work —
 * enriched by the source, or a new one. Both sides of the title are folded by the same SQL (works_title_key_idx).
 */
export async function findOrCreateWorks(
  tx: Tx,
  wanted: readonly { source: EditionSource; title: string; authorIds: string[]; adapterIds?: string[] }[],
): Promise<string[]> {
  if (!wanted.length) return [];
  const found = await queryRows<{ i: number; key: string; id: string | null }>(
    sql`SELECT p.i, ${workTitleKey(sql`p.title`)} AS key,
        CASE WHEN p.work_id IS NOT NULL AND EXISTS (SELECT 1 FROM works w WHERE w.id = p.work_id) THEN p.work_id
          WHEN p.author_id IS NOT NULL
          THEN (SELECT w.id FROM works w JOIN work_authors wa ON wa.work_id = w.id AND wa.author_id = p.author_id WHERE ${workTitleKey(sql`w.title`)} = ${workTitleKey(sql`p.title`)} LIMIT 1)
          ELSE (SELECT w.id FROM works w WHERE ${workTitleKey(sql`w.title`)} = ${workTitleKey(sql`p.title`)} AND NOT EXISTS (SELECT 1 FROM work_authors wa WHERE wa.work_id = w.id) LIMIT 1)
        END AS id
      FROM ${jsonRecords(
        wanted.map((w, i) => ({ i, title: w.title, author_id: w.authorIds[0] ?? null, work_id: w.source.workId ?? null })),
        'i int, title text, author_id text, work_id text',
      )}`,
    tx,
  );
  const workIds: string[] = new Array(wanted.length);
  const byKey = new Map<string, string>();
  const fresh = new Map<string, { title: string; authorIds: string[]; adapterIds: string[]; facts: WorkFacts }>();
  const enrich = new Map<string, WorkFacts>();
  for (const { i, key, id } of found.sort((a, b) => a.i - b.i)) {
    const { source, title, authorIds, adapterIds = [] } = wanted[i]!;
    const sameKey = JSON.stringify([key, authorIds[0] ?? null]);
    const workId = id ?? byKey.get(sameKey) ?? newId();
    // A work the source chose is not the work of the next source with its title.
    if (!source.workId) byKey.set(sameKey, workId);
    workIds[i] = workId;
    const facts = workFactsOf(source);
    const created = fresh.get(workId);
    if (created) created.facts = enriched(created.facts, facts);
    else if (id) enrich.set(workId, enrich.has(workId) ? enriched(enrich.get(workId)!, facts) : facts);
    else fresh.set(workId, { title, authorIds, adapterIds, facts });
  }
  if (fresh.size) {
    await tx.insert(works).values([...fresh].map(([id, { title, facts }]) => ({ id, title, ...facts })));
    // Adapters come after the authors (decision 0055), so a card lists the author first.
    const credits = [...fresh].flatMap(([workId, { authorIds, adapterIds }]) => [
      ...authorIds.map((authorId, position) => ({ workId, authorId, position, role: 'author' as const })),
      ...adapterIds.map((authorId, i) => ({ workId, authorId, position: authorIds.length + i, role: 'adapter' as const })),
    ]);
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
        [...enrich].map(([id, f]) => ({
          id,
          original_title: f.originalTitle,
          original_language: f.originalLanguage,
          first_published_year: f.firstPublishedYear,
          synopsis: f.synopsis,
          genres: f.genres,
        })),
        'id text, original_title text, original_language text, first_published_year int, synopsis text, genres text[]',
      )}
      WHERE w.id = p.id`);
  }
  return workIds;
}

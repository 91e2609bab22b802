import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { genreName } from '~/features/catalog/genres';
import { type Audience, audienceOf, maySeeProfile } from '~/features/social/audience.server';
import type { Viewer } from '~/server/viewer.server';
import { MOODS, type Mood, PACINGS } from '../vocabulary';
import { RATING_BUCKETS, type EditionStats, type ReaderStats } from './stats';

/** How many genres and countries a reader's statistics list (the rest are few books each). */
const TOP = 10;
/** How many content warnings an edition's statistics list. */
const TOP_WARNINGS = 12;

/** Read-throughs of `userId` finished in `year`, with their entry and edition: `rt`, `s`, `e`. */
const finishedIn = (userId: string, year: number): SQL => sql`
  FROM read_throughs rt
  JOIN shelf_entries s ON s.id = rt.shelf_entry_id
  JOIN editions e ON e.id = s.edition_id
  WHERE rt.user_id = ${userId} AND rt.finished_on >= make_date(${year}::int, 1, 1) AND rt.finished_on < make_date(${year}::int + 1, 1, 1)`;

/** Quarters (1–20) into the histogram's five buckets: up to 1.75, 2–2.75, 3–3.75, 4–4.75, 5. */
const bucketOf = (quarters: SQL) => sql`greatest(1, ${quarters} / 4)`;

function ratingHistogram(rows: { bucket: number; n: number }[]): number[] {
  const counts = RATING_BUCKETS.map(() => 0);
  for (const row of rows) counts[Number(row.bucket) - 1] = Number(row.n);
  return counts;
}

/**
 * A reader's statistics for a year (the profile's `estatisticas` tab): books and pages per month, genres,
 * authors' countries and the ratings histogram of the books finished that year. Null when the reader does
 * not exist or the viewer may not see the profile's contents, exactly like missing. `known` is the audience the
 * caller already looked up for this same viewer and reader (the profile tab), which saves a query.
 */
export async function readerStats(viewer: Viewer | null, userId: string, year: number, known?: Audience): Promise<ReaderStats | null> {
  const audience = known ?? (await audienceOf(viewer?.id ?? null, userId));
  if (!audience || !maySeeProfile(audience)) return null;
  const [months, genres, countries, ratings] = await Promise.all([
    queryRows<{ month: number; books: number; pages: number }>(sql`
      SELECT extract(month FROM rt.finished_on)::int AS month, count(*)::int AS books, coalesce(sum(e.pages), 0)::int AS pages
      ${finishedIn(userId, year)} GROUP BY 1`),
    queryRows<{ genre: string; n: number }>(sql`
      SELECT g.genre, count(*)::int AS n
      FROM (SELECT e.work_id ${finishedIn(userId, year)}) f
      JOIN works w ON w.id = f.work_id CROSS JOIN LATERAL unnest(w.genres) AS g(genre)
      GROUP BY g.genre ORDER BY n DESC, g.genre LIMIT ${TOP}`),
    queryRows<{ country: string | null; n: number }>(sql`
      SELECT nullif(btrim(a.nationality), '') AS country, count(DISTINCT a.id)::int AS n
      FROM (SELECT DISTINCT e.work_id ${finishedIn(userId, year)}) f
      JOIN work_authors wa ON wa.work_id = f.work_id AND wa.role = 'author'
      JOIN authors a ON a.id = wa.author_id
      GROUP BY 1 ORDER BY n DESC, 1 NULLS LAST LIMIT ${TOP}`),
    queryRows<{ bucket: number; n: number }>(sql`
      SELECT ${bucketOf(sql`s.rating_quarters`)} AS bucket, count(*)::int AS n
      FROM shelf_entries s
      WHERE s.user_id = ${userId} AND s.rating_quarters IS NOT NULL
        AND EXISTS (SELECT 1 FROM read_throughs rt WHERE rt.shelf_entry_id = s.id
          AND rt.finished_on >= make_date(${year}::int, 1, 1) AND rt.finished_on < make_date(${year}::int + 1, 1, 1))
      GROUP BY 1`),
  ]);
  const perMonth = Array.from({ length: 12 }, (_, i) => {
    const row = months.find((m) => Number(m.month) === i + 1);
    return { month: i + 1, books: Number(row?.books ?? 0), pages: Number(row?.pages ?? 0) };
  });
  return {
    year,
    books: perMonth.reduce((sum, m) => sum + m.books, 0),
    pages: perMonth.reduce((sum, m) => sum + m.pages, 0),
    months: perMonth,
    genres: genres.map((g) => ({ label: genreName(g.genre) ?? g.genre, value: Number(g.n) })),
    countries: countries.map((c) => ({ label: c.country ?? 'Não informado', value: Number(c.n) })),
    ratings: ratingHistogram(ratings),
  };
}

/**
 * An edition's statistics (`/ed/{id}/estatisticas`): its ratings histogram and average, and the average
 * reading time of finished read-throughs with both dates. Aggregates of every reader not suspended: a count
 * reveals no one, so profile visibility does not filter them (docs/decisions/0023).
 */
export async function editionStats(editionId: string): Promise<EditionStats> {
  const [ratings, time, traits] = await Promise.all([
    queryRows<{ bucket: number; n: number; quarters: number }>(sql`
      SELECT ${bucketOf(sql`s.rating_quarters`)} AS bucket, count(*)::int AS n, sum(s.rating_quarters)::int AS quarters
      FROM shelf_entries s JOIN users u ON u.id = s.user_id
      WHERE s.edition_id = ${editionId} AND s.rating_quarters IS NOT NULL AND u.suspended_at IS NULL
      GROUP BY 1`),
    queryRows<{ n: number; days: number | null }>(sql`
      SELECT count(*)::int AS n, avg(rt.finished_on - rt.started_on + 1)::float8 AS days
      FROM read_throughs rt
      JOIN shelf_entries s ON s.id = rt.shelf_entry_id
      JOIN users u ON u.id = s.user_id
      WHERE s.edition_id = ${editionId} AND u.suspended_at IS NULL AND rt.started_on IS NOT NULL AND rt.finished_on >= rt.started_on`),
    // Moods, pacing and warnings in one statement: one row per (kind, key), plus how many readers said anything.
    queryRows<{ kind: 'mood' | 'pacing' | 'warning' | 'readers'; key: string; n: number }>(sql`
      WITH t AS (
        SELECT s.moods, s.pacing, s.content_warnings FROM shelf_entries s JOIN users u ON u.id = s.user_id
        WHERE s.edition_id = ${editionId} AND u.suspended_at IS NULL AND (cardinality(s.moods) > 0 OR s.pacing IS NOT NULL OR cardinality(s.content_warnings) > 0))
      SELECT 'mood' AS kind, m AS key, count(*)::int AS n FROM t, unnest(t.moods) m GROUP BY m
      UNION ALL SELECT 'pacing', t.pacing, count(*)::int FROM t WHERE t.pacing IS NOT NULL GROUP BY t.pacing
      UNION ALL SELECT 'warning', w, count(*)::int FROM t, unnest(t.content_warnings) w GROUP BY w
      UNION ALL SELECT 'readers', '', count(*)::int FROM t`),
  ]);
  const ratingsCount = ratings.reduce((sum, r) => sum + Number(r.n), 0);
  const quarters = ratings.reduce((sum, r) => sum + Number(r.quarters), 0);
  const timed = Number(time[0]?.n ?? 0);
  return {
    ratings: ratingHistogram(ratings),
    ratingsCount,
    averageRating: ratingsCount > 0 ? Math.round((quarters / 4 / ratingsCount) * 100) / 100 : null,
    readingTime: timed > 0 ? { averageDays: Math.round(Number(time[0]?.days) * 10) / 10, count: timed } : null,
    ...readingTraits(traits),
  };
}

/** Most first, ties in alphabetical order so the page does not reshuffle between requests. */
const byCountThenLabel = (a: { n: number; key: string }, b: { n: number; key: string }) => b.n - a.n || a.key.localeCompare(b.key, 'pt-BR');

function readingTraits(rows: { kind: string; key: string; n: number }[]): Pick<EditionStats, 'moods' | 'pacing' | 'contentWarnings' | 'traitReaders'> {
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => ({ key: r.key, n: Number(r.n) }));
  const pacing = new Map(of('pacing').map((r) => [r.key, r.n]));
  return {
    moods: of('mood')
      .filter((r): r is { key: Mood; n: number } => (MOODS as readonly string[]).includes(r.key))
      .sort(byCountThenLabel)
      .map((r) => ({ mood: r.key, readers: r.n })),
    pacing: PACINGS.map((p) => ({ pacing: p, readers: pacing.get(p) ?? 0 })),
    contentWarnings: of('warning')
      .sort(byCountThenLabel)
      .slice(0, TOP_WARNINGS)
      .map((r) => ({ label: r.key, value: r.n })),
    traitReaders: of('readers')[0]?.n ?? 0,
  };
}

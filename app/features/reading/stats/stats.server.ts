import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { genreName } from '~/features/catalog/genres';
import { type Audience, audienceOf, maySeeProfile } from '~/features/social/audience.server';
import type { Viewer } from '~/server/viewer.server';
import { finishedReadings } from '../finished.server';
import { MOODS, type Mood, PACINGS } from '../vocabulary';
import { RATING_BUCKETS, type EditionStats, type ReaderStats } from './stats';

type TimelineBar = ReaderStats['timeline'][number];

/** How many genres and countries a reader's statistics list (the rest are few books each). */
const TOP = 10;
/** How many content warnings an edition's statistics list. */
const TOP_WARNINGS = 12;

/** The readings of `userId` finished in `year` (all time when null), with their entry and edition: `f`, `s`, `e`. */
const finishedIn = (userId: string, year: number | null): SQL => sql`
  FROM (${finishedReadings(userId, year)}) f
  JOIN shelf_entries s ON s.id = f.entry_id
  JOIN editions e ON e.id = s.edition_id`;

/** Quarters (1–20) into the histogram's five buckets: up to 1.75, 2–2.75, 3–3.75, 4–4.75, 5. */
const bucketOf = (quarters: SQL) => sql`greatest(1, ${quarters} / 4)`;

function ratingHistogram(rows: { bucket: number; n: number }[]): number[] {
  const counts = RATING_BUCKETS.map(() => 0);
  for (const row of rows) counts[Number(row.bucket) - 1] = Number(row.n);
  return counts;
}

/**
 * A reader's statistics for a year, or for all time when `year` is null (the profile's `estatisticas` tab):
 * books and pages per month of the year (per year of all time, the books read "sem data" last), genres,
 * authors' countries and the ratings histogram of the books finished then. Null when the reader does not
 * exist or the viewer may not see the profile's contents, exactly like missing. `known` is the audience the
 * caller already looked up for this same viewer and reader (the profile tab), which saves a query.
 */
export async function readerStats(viewer: Viewer | null, userId: string, year: number | null, known?: Audience): Promise<ReaderStats | null> {
  const audience = known ?? (await audienceOf(viewer?.id ?? null, userId));
  if (!audience || !maySeeProfile(audience)) return null;
  const part = year == null ? sql`year` : sql`month`;
  const [periods, genres, countries, ratings] = await Promise.all([
    queryRows<{ at: number | null; books: number; pages: number }>(sql`
      SELECT extract(${part} FROM f.finished_on)::int AS at, count(*)::int AS books, coalesce(sum(e.pages), 0)::int AS pages
      ${finishedIn(userId, year)} GROUP BY 1`),
    queryRows<{ genre: string; n: number }>(sql`
      SELECT g.genre, count(*)::int AS n
      FROM (SELECT e.work_id ${finishedIn(userId, year)}) w0
      JOIN works w ON w.id = w0.work_id CROSS JOIN LATERAL unnest(w.genres) AS g(genre)
      GROUP BY g.genre ORDER BY n DESC, g.genre LIMIT ${TOP}`),
    queryRows<{ country: string | null; n: number }>(sql`
      SELECT nullif(btrim(a.nationality), '') AS country, count(DISTINCT a.id)::int AS n
      FROM (SELECT DISTINCT e.work_id ${finishedIn(userId, year)}) w0
      JOIN work_authors wa ON wa.work_id = w0.work_id AND wa.role = 'author'
      JOIN authors a ON a.id = wa.author_id
      GROUP BY 1 ORDER BY n DESC, 1 NULLS LAST LIMIT ${TOP}`),
    queryRows<{ bucket: number; n: number }>(sql`
      SELECT ${bucketOf(sql`s.rating_quarters`)} AS bucket, count(*)::int AS n
      FROM shelf_entries s
      WHERE s.user_id = ${userId} AND s.rating_quarters IS NOT NULL AND s.id IN (SELECT f.entry_id FROM (${finishedReadings(userId, year)}) f)
      GROUP BY 1`),
  ]);
  const bar = (at: number | null): TimelineBar => {
    const found = periods.find((p) => (p.at == null ? null : Number(p.at)) === at);
    return { at, books: Number(found?.books ?? 0), pages: Number(found?.pages ?? 0) };
  };
  const dated = periods.filter((p) => p.at != null).map((p) => Number(p.at));
  const timeline = year != null ? Array.from({ length: 12 }, (_, i) => bar(i + 1)) : allTimeBars(dated, bar);
  return {
    year,
    books: timeline.reduce((sum, p) => sum + p.books, 0),
    pages: timeline.reduce((sum, p) => sum + p.pages, 0),
    timeline,
    genres: genres.map((g) => ({ label: genreName(g.genre) ?? g.genre, value: Number(g.n) })),
    countries: countries.map((c) => ({ label: c.country ?? 'Não informado', value: Number(c.n) })),
    ratings: ratingHistogram(ratings),
  };
}

/** All time's bars: every year from the first to the last with a finished reading (none left out), then "sem data" if any. */
function allTimeBars(years: number[], bar: (at: number | null) => TimelineBar): TimelineBar[] {
  const bars: TimelineBar[] = [];
  if (years.length > 0) for (let y = Math.min(...years); y <= Math.max(...years); y += 1) bars.push(bar(y));
  const undated = bar(null);
  return undated.books > 0 ? [...bars, undated] : bars;
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

import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { readingGoals } from '~/db/schema';
import { type Audience, audienceOf, maySeeProfile } from '~/features/social/audience.server';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { GOAL_BOOKS_MAX, GOAL_PAGES_MAX, type ReadingGoal, type ReadingGoalInput } from './goals';

type GoalRow = { books_target: number | null; pages_target: number | null; books_read: number; pages_read: number };

/**
 * The year's goal and its progress in one statement. Progress counts read-throughs finished in that calendar
 * year (a reread counts again, as it is another book read that year) and the pages of their editions; it is
 * read from the year's totals (migration 0028 keeps them; no row: nothing finished that year). A row that a
 * change emptied is counted afresh here and saved only if its version is still the one this statement read:
 * a change committed meanwhile has bumped it (the UPDATE waits for a change still under way), and the next
 * read counts again instead of keeping figures older than that change.
 */
async function goalProgress(userId: string, year: number): Promise<ReadingGoal> {
  const [row] = await queryRows<GoalRow>(sql`
    WITH kept AS (SELECT books, pages, version FROM reading_year_totals WHERE user_id = ${userId} AND year = ${year}),
    fresh AS (
      SELECT count(*)::int AS books, coalesce(sum(e.pages), 0)::int AS pages
      FROM read_throughs rt
      JOIN shelf_entries s ON s.id = rt.shelf_entry_id
      JOIN editions e ON e.id = s.edition_id
      WHERE EXISTS (SELECT 1 FROM kept WHERE kept.books IS NULL)
        AND rt.user_id = ${userId} AND rt.finished_on >= make_date(${year}::int, 1, 1) AND rt.finished_on < make_date(${year}::int + 1, 1, 1)),
    saved AS (
      UPDATE reading_year_totals t SET books = fresh.books, pages = fresh.pages FROM kept, fresh
      WHERE kept.books IS NULL AND t.user_id = ${userId} AND t.year = ${year} AND t.version = kept.version)
    SELECT g.books_target, g.pages_target, coalesce(kept.books, fresh.books, 0) AS books_read, coalesce(kept.pages, fresh.pages, 0) AS pages_read
    FROM fresh
    LEFT JOIN kept ON true
    LEFT JOIN reading_goals g ON g.user_id = ${userId} AND g.year = ${year}`);
  return {
    year,
    booksTarget: row?.books_target ?? null,
    pagesTarget: row?.pages_target ?? null,
    booksRead: Number(row?.books_read ?? 0),
    pagesRead: Number(row?.pages_read ?? 0),
  };
}

/**
 * A reader's goal for a year as the viewer may see it (the profile shows it): null when the reader does not
 * exist or their profile is hidden from the viewer (restricted, blocked, suspended), exactly like missing.
 * A reader without a goal still has the year's progress, with both targets null. `known` is the audience the
 * caller already looked up for this same viewer and reader (the profile page), which saves a query.
 */
export async function readingGoalOf(viewer: Viewer | null, userId: string, year: number, known?: Audience): Promise<ReadingGoal | null> {
  const audience = known ?? (await audienceOf(viewer?.id ?? null, userId));
  if (!audience || !maySeeProfile(audience)) return null;
  return goalProgress(userId, year);
}

/** The viewer's own goal for a year (/home): always theirs to see, so no audience is asked. */
export function myReadingGoal(viewer: Viewer, year: number): Promise<ReadingGoal> {
  return goalProgress(viewer.id, year);
}

/** Sets (or changes) the viewer's own goal for a year; nobody sets another reader's goal. */
export async function setReadingGoal(viewer: Viewer, year: number, input: ReadingGoalInput): Promise<void> {
  if (input.books == null && input.pages == null) throw new AppError('invalid_input', 'Informe uma meta de livros, de páginas ou das duas.', 'books');
  if (input.books != null && (!Number.isInteger(input.books) || input.books < 1 || input.books > GOAL_BOOKS_MAX))
    throw new AppError('invalid_input', undefined, 'books');
  if (input.pages != null && (!Number.isInteger(input.pages) || input.pages < 1 || input.pages > GOAL_PAGES_MAX))
    throw new AppError('invalid_input', undefined, 'pages');
  await getDb()
    .insert(readingGoals)
    .values({ userId: viewer.id, year, booksTarget: input.books, pagesTarget: input.pages })
    .onConflictDoUpdate({
      target: [readingGoals.userId, readingGoals.year],
      set: { booksTarget: input.books, pagesTarget: input.pages, updatedAt: sql`now()` },
    });
}

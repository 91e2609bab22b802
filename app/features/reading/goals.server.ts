import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { readingGoals } from '~/db/schema';
import { type Audience, audienceOf, maySeeProfile } from '~/features/social/audience.server';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { GOAL_BOOKS_MAX, GOAL_PAGES_MAX, type ReadingGoal, type ReadingGoalInput } from './goals';

type GoalRow = { books_target: number | null; pages_target: number | null; books_read: number; pages_read: number };

/**
 * The year's goal and its progress in one query. Progress counts read-throughs finished in that calendar
 * year (a reread counts again, as it is another book read that year) and the pages of their editions.
 */
async function goalProgress(userId: string, year: number): Promise<ReadingGoal> {
  const [row] = await queryRows<GoalRow>(sql`
    SELECT g.books_target, g.pages_target, p.books_read, p.pages_read
    FROM (SELECT count(*)::int AS books_read, coalesce(sum(e.pages), 0)::int AS pages_read
          FROM read_throughs rt
          JOIN shelf_entries s ON s.id = rt.shelf_entry_id
          JOIN editions e ON e.id = s.edition_id
          WHERE rt.user_id = ${userId} AND rt.finished_on >= make_date(${year}::int, 1, 1) AND rt.finished_on < make_date(${year}::int + 1, 1, 1)) p
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

/** Sets (or changes) the viewer's own goal for a year; nobody sets another reader's goal. */
export async function setReadingGoal(viewer: Viewer, year: number, input: ReadingGoalInput): Promise<void> {
  if (input.books == null && input.pages == null) throw new AppError('invalid_input', 'Informe uma meta de livros, de páginas ou das duas.', 'books');
  if (input.books != null && (!Number.isInteger(input.books) || input.books < 1 || input.books > GOAL_BOOKS_MAX)) throw new AppError('invalid_input', undefined, 'books');
  if (input.pages != null && (!Number.isInteger(input.pages) || input.pages < 1 || input.pages > GOAL_PAGES_MAX)) throw new AppError('invalid_input', undefined, 'pages');
  await getDb()
    .insert(readingGoals)
    .values({ userId: viewer.id, year, booksTarget: input.books, pagesTarget: input.pages })
    .onConflictDoUpdate({ target: [readingGoals.userId, readingGoals.year], set: { booksTarget: input.books, pagesTarget: input.pages, updatedAt: sql`now()` } });
}

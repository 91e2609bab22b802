import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';

/**
 * A reader's finished books, one definition for every page that counts or lists them (decision 0054). "Lidos"
 * are the books whose status is `lido` (the profile's count, /estante's tab). Each is finished in the years of
 * its dated readings; one with no dated reading — read on unknown dates (an import's undated readings, decision
 * 0032), or marked read with no reading at all — is a read "sem data": in no year, goal or monthly chart, but
 * listed and counted under "Sem data" and in all time.
 */

/** The entry `s` of `userId` is read with no finish date at all. */
export const isUndatedRead = (userId: string): SQL =>
  sql`s.user_id = ${userId} AND s.status = 'read' AND NOT EXISTS (SELECT 1 FROM read_throughs d WHERE d.shelf_entry_id = s.id AND d.finished_on IS NOT NULL)`;

/**
 * The reader's finished readings as rows `(finished_on, entry_id)`, to be read `FROM (…) f`: those finished in
 * `year`, or, for all time (`year` null), every dated one and the undated reads with a null `finished_on`.
 */
export function finishedReadings(userId: string, year: number | null): SQL {
  if (year != null) {
    return sql`SELECT rt.finished_on, rt.shelf_entry_id AS entry_id FROM read_throughs rt
      WHERE rt.user_id = ${userId} AND rt.finished_on >= make_date(${year}::int, 1, 1) AND rt.finished_on < make_date(${year}::int + 1, 1, 1)`;
  }
  return sql`SELECT rt.finished_on, rt.shelf_entry_id AS entry_id FROM read_throughs rt WHERE rt.user_id = ${userId} AND rt.finished_on IS NOT NULL
    UNION ALL SELECT NULL::date, s.id FROM shelf_entries s WHERE ${isUndatedRead(userId)}`;
}

export type FinishedYears = {
  /** The years with a finished reading, latest first, with how many readings (a reread counts again). */
  years: { year: number; count: number }[];
  /** How many books are read "sem data". */
  undated: number;
};

/** The years in which the reader finished a reading, and how many books they read on unknown dates: one statement. */
export async function finishedYears(userId: string): Promise<FinishedYears> {
  const rows = await queryRows<{ year: number | null; n: number }>(sql`
    SELECT extract(year FROM rt.finished_on)::int AS year, count(*)::int AS n
    FROM read_throughs rt WHERE rt.user_id = ${userId} AND rt.finished_on IS NOT NULL GROUP BY 1
    UNION ALL SELECT NULL, count(*)::int FROM shelf_entries s WHERE ${isUndatedRead(userId)}`);
  return {
    years: rows
      .filter((row) => row.year != null)
      .map((row) => ({ year: Number(row.year), count: Number(row.n) }))
      .sort((a, b) => b.year - a.year),
    undated: Number(rows.find((row) => row.year == null)?.n ?? 0),
  };
}

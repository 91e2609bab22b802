/**
 * Fills the configured database — after bench/catalog-fill.ts, bench/reading-fill.ts and bench/foca-fill.ts — for
 * `npm run bench:foca-ranking`: a year of closed focus sessions for FOCA_RANKING_READERS generated readers (one to
 * three a day each, 25–60 minutes, some given up: about 1,000,000 sessions for 1,500 readers), then the ranking's
 * totals (focus_totals) counted again from every closed session. INSERT … SELECT inside the
 * database; skipped when done.
 */
import { sql } from 'drizzle-orm';
import { recountFocusTotals } from '~/features/focus/totals.server';
import { GENERATED_PREFIX, runFill } from './harness';

const READERS = Number(process.env.FOCA_RANKING_READERS ?? 1_500);
const DAYS = 365;

runFill(
  'Focus ranking sessions already generated',
  sql`SELECT count(*)::int AS n FROM focus_sessions WHERE id LIKE ${`${GENERATED_PREFIX}rank-%`}`,
  async ({ db, step }) => {
    await db.execute(sql`
      WITH readers AS (SELECT id, row_number() OVER (ORDER BY id) AS r FROM users WHERE id LIKE ${`${GENERATED_PREFIX}u-%`} ORDER BY id LIMIT ${READERS}),
      books AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM editions ORDER BY id LIMIT 500),
      sessions AS (
        SELECT rd.id AS user_id, rd.r, d, k,
          now() - make_interval(days => d, mins => 60 + k * 300 + (rd.r % 240)::int) AS ends_at,
          (ARRAY[25, 40, 60])[1 + ((rd.r * 7 + d + k) % 3)::int] AS planned, (rd.r + d + k) % 9 = 0 AS given_up
        FROM readers rd CROSS JOIN generate_series(0, ${DAYS - 1}) AS d CROSS JOIN generate_series(0, 2) AS k
        WHERE k <= (rd.r + d) % 3)
      INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, status, started_at, ends_at, finished_at, credited_minutes, credited_on)
      SELECT ${GENERATED_PREFIX} || 'rank-' || s.r || '-' || s.d || '-' || s.k, s.user_id, b.id, s.planned,
        CASE WHEN s.given_up THEN 'given_up' ELSE 'finished' END, s.ends_at - make_interval(mins => s.planned), s.ends_at, s.ends_at,
        CASE WHEN s.given_up THEN s.planned / 4 ELSE s.planned END, (s.ends_at AT TIME ZONE 'America/Sao_Paulo')::date
      FROM sessions s JOIN books b ON b.n = 1 + (s.r + s.d) % 500`);
    step(`a year of sessions for ${READERS} readers`);
    await recountFocusTotals(null);
    step('the ranking totals');
  },
);

/**
 * Fills the configured database — after bench/catalog-fill.ts and bench/reading-fill.ts — for `npm run bench:foca`:
 * a year of closed focus sessions for bench_leitora (three a day with books on her bookshelf, some given up), the
 * last ones today, and one running now, so /foca reads a long history, today's minutes and a live session; and her
 * pets and eggs.
 * INSERT … SELECT inside the database; skipped when done.
 */
import { sql } from 'drizzle-orm';
import { GENERATED_PREFIX, runFill } from './harness';

const DAYS = 365;
const PER_DAY = 3;

runFill(
  'Focus sessions already generated',
  sql`SELECT count(*)::int AS n FROM focus_sessions WHERE id LIKE ${`${GENERATED_PREFIX}focus-%`}`,
  async ({ db, benchId, step }) => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
      WITH books AS (SELECT edition_id, row_number() OVER (ORDER BY id) AS n FROM shelf_entries WHERE user_id = ${benchId} LIMIT 50),
      sessions AS (
        SELECT i, now() - make_interval(mins => 90 + i * (1440 / ${PER_DAY})) AS ends_at, (ARRAY[25, 40, 60])[1 + i % 3] AS planned, i % 7 = 0 AS given_up
        FROM generate_series(0, ${DAYS * PER_DAY - 1}) AS i)
      INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, status, started_at, ends_at, finished_at, credited_minutes, credited_on)
      SELECT ${GENERATED_PREFIX} || 'focus-' || s.i, ${benchId}, b.edition_id, s.planned, CASE WHEN s.given_up THEN 'given_up' ELSE 'finished' END,
        s.ends_at - make_interval(mins => s.planned), s.ends_at, s.ends_at, CASE WHEN s.given_up THEN s.planned / 4 ELSE s.planned END,
        (s.ends_at AT TIME ZONE 'America/Sao_Paulo')::date
      FROM sessions s JOIN books b ON b.n = 1 + s.i % (SELECT count(*) FROM books)`);
      step('closed sessions');
      await tx.execute(
        sql`UPDATE shelf_entries SET status = 'reading' WHERE user_id = ${benchId} AND id = (SELECT id FROM shelf_entries WHERE user_id = ${benchId} ORDER BY id LIMIT 1)`,
      );
      await tx.execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, started_at, ends_at)
      SELECT ${`${GENERATED_PREFIX}focus-running`}, ${benchId}, edition_id, 180, now(), now() + interval '180 minutes'
      FROM shelf_entries WHERE user_id = ${benchId} ORDER BY id LIMIT 1`);
      step('a running session');
      // The game (decision 0082): ten pets hatched (one the companion) and five eggs waiting, three of them incubating.
      await tx.execute(sql`INSERT INTO focus_eggs (id, user_id, rarity, source, source_key, minutes, received_at, hatched_at)
        SELECT ${GENERATED_PREFIX} || 'egg-' || i, ${benchId}, (ARRAY['comum', 'rara', 'lendaria'])[1 + i % 3], 'challenge', 'challenge:bench-' || i,
          CASE WHEN i < 10 THEN (ARRAY[60, 180, 600])[1 + i % 3] ELSE 10 END, now() - make_interval(days => 60 - i),
          CASE WHEN i < 10 THEN now() - make_interval(days => 50 - i) END
        FROM generate_series(0, 14) AS i`);
      await tx.execute(sql`INSERT INTO focus_pets (id, user_id, egg_id, species, xp, companion, hatched_at)
        SELECT ${GENERATED_PREFIX} || 'pet-' || i, ${benchId}, ${GENERATED_PREFIX} || 'egg-' || i,
          (ARRAY['foca-comum', 'foca-harpa', 'elefante-marinho'])[1 + i % 3], 500 * i, i = 0, now() - make_interval(days => 50 - i)
        FROM generate_series(0, 9) AS i`);
      step('pets and eggs');
    });
  },
);

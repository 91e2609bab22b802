/**
 * Fills the configured database — after bench/catalog-fill.ts — with generated reading life for
 * `npm run bench:reading`: 10,000 readers (BENCH_READERS), 1,000,000 shelf entries (BENCH_ENTRIES) with
 * their read-throughs, about 300,000 atts, follows between readers, and one reader who signs in, `bench_leitora`, with 2,000
 * entries. Everything is made by INSERT … SELECT inside the database, so it takes minutes, not hours.
 * Deterministic, and skipped when the readers are already there (a reused PostgreSQL database).
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, getDb, migrateDatabase, queryRows } from '~/db/client.server';
import { getAuth } from '~/features/accounts/auth.server';
import { BENCH_READER, GENERATED_PREFIX } from './harness';

const READERS = Number(process.env.BENCH_READERS ?? 10_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const FOLLOWS_PER_READER = 30;

async function main() {
  await migrateDatabase();
  const db = getDb();
  const [done] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE id LIKE ${`${GENERATED_PREFIX}u-%`}`);
  if (Number(done?.n) >= READERS) {
    const [atts] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM atts WHERE id LIKE ${`${GENERATED_PREFIX}u-%`}`);
    if (Number(atts?.n) === 0) {
      await fillAtts();
      await db.execute(sql`VACUUM ANALYZE atts`);
    }
    console.log(`reading life already generated (${done?.n} readers)`);
    return;
  }
  const started = performance.now();
  const step = (label: string) => console.log(`  ${label} (${((performance.now() - started) / 1000).toFixed(0)} s)`);

  // The editions, numbered, so every reader can take a spread of them without repeating one.
  await db.execute(sql`CREATE TEMP TABLE bench_editions AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id, coalesce(pages, 300) AS pages FROM editions`);
  await db.execute(sql`CREATE INDEX ON bench_editions (n)`);
  const [{ total: editionCount } = { total: 0 }] = await queryRows<{ total: number }>(sql`SELECT count(*)::int AS total FROM bench_editions`);

  await db.execute(sql`
    INSERT INTO users (id, name, email, email_verified, username, display_username, birth_date, profile_visibility, created_at)
    SELECT ${GENERATED_PREFIX} || 'u-' || i, 'Leitor ' || i, 'leitor' || i || '@bench.maratona.app', true, 'leitor_' || i, 'leitor_' || i,
      DATE '1990-01-01' + (i % 7000), CASE WHEN i % 10 = 0 THEN 'restrito' ELSE 'publico' END, now() - (i % 900) * interval '1 day'
    FROM generate_series(1, ${READERS}) AS i`);
  step(`${READERS} readers`);

  const auth = getAuth();
  await auth.api.signUpEmail({
    body: { email: BENCH_READER.email, password: BENCH_READER.password, name: 'Leitora de Bancada', username: BENCH_READER.username, birthDate: '1990-05-05' },
  });
  await db.execute(sql`UPDATE users SET email_verified = true WHERE username = ${BENCH_READER.username}`);
  const [{ id: benchId } = { id: '' }] = await queryRows<{ id: string }>(sql`SELECT id FROM users WHERE username = ${BENCH_READER.username}`);

  // Shelf entries: reader i takes editions (i·7919 + k·104729) mod N, distinct for each k while N is not a
  // multiple of 104729. Statuses: 60 % read, 10 % reading, 25 % want to read, 5 % abandoned.
  const perReader = Math.max(1, Math.floor((ENTRIES - BENCH_READER.entries) / READERS));
  await db.execute(sql`
    INSERT INTO shelf_entries (id, user_id, edition_id, status, rating_quarters, favorite, owned, created_at, updated_at)
    SELECT r.id || '-e-' || k, r.id, e.id,
      (CASE WHEN h < 60 THEN 'read' WHEN h < 70 THEN 'reading' WHEN h < 95 THEN 'want_to_read' ELSE 'abandoned' END),
      CASE WHEN h < 60 AND h % 3 <> 0 THEN 4 + (h * 7 + k) % 17 END, h % 23 = 0, h % 4 = 0,
      now() - ((h * 13 + k) % 1500) * interval '1 day', now() - ((h * 11 + k) % 700) * interval '1 day'
    FROM (
      SELECT id, substring(id FROM ${`${GENERATED_PREFIX}u-`.length + 1}::int)::int AS i, ${perReader}::int AS entries FROM users WHERE id LIKE ${`${GENERATED_PREFIX}u-%`}
      UNION ALL SELECT ${benchId}, ${READERS + 1}, ${BENCH_READER.entries}
    ) AS r
    CROSS JOIN LATERAL generate_series(1, r.entries) AS k
    CROSS JOIN LATERAL (SELECT ((r.i * 31 + k * 17) % 100) AS h) AS hh
    JOIN bench_editions e ON e.n = ((r.i::bigint * 7919 + k::bigint * 104729) % ${editionCount})`);
  step(`${perReader * READERS + BENCH_READER.entries} shelf entries`);

  // One read-through per entry that was started: finished ones with both dates, open ones with progress.
  await db.execute(sql`
    INSERT INTO read_throughs (id, user_id, shelf_entry_id, started_on, finished_on, abandoned_on, progress_fraction, progress_value, progress_unit, progress_updated_at, created_at)
    SELECT s.id || '-r', s.user_id, s.id, (s.updated_at - interval '12 days')::date,
      CASE WHEN s.status = 'read' THEN s.updated_at::date END,
      CASE WHEN s.status = 'abandoned' THEN s.updated_at::date END,
      CASE s.status WHEN 'read' THEN 1 WHEN 'reading' THEN 0.1 + (length(s.id) % 8) / 10.0 ELSE 0.2 END,
      CASE s.status WHEN 'read' THEN e.pages WHEN 'reading' THEN (e.pages * (0.1 + (length(s.id) % 8) / 10.0))::int ELSE (e.pages * 0.2)::int END,
      'page', s.updated_at, s.created_at
    FROM shelf_entries s JOIN bench_editions e ON e.id = s.edition_id
    WHERE s.status IN ('read', 'reading', 'abandoned') AND s.id LIKE '%-e-%'`);
  step('read-throughs');

  // Follows: each reader follows the next FOLLOWS_PER_READER readers around the circle (restricted ones
  // approve them all); the bench reader follows 200 readers.
  await db.execute(sql`
    INSERT INTO follows (follower_id, followee_id, status, created_at)
    SELECT ${GENERATED_PREFIX} || 'u-' || i, ${GENERATED_PREFIX} || 'u-' || (((i + j * 37) % ${READERS}) + 1), 'accepted', now() - (j * interval '1 day')
    FROM generate_series(1, ${READERS}) AS i CROSS JOIN generate_series(1, ${FOLLOWS_PER_READER}) AS j
    WHERE ((i + j * 37) % ${READERS}) + 1 <> i
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO follows (follower_id, followee_id, status)
    SELECT ${benchId}, ${GENERATED_PREFIX} || 'u-' || (j * 41 % ${READERS} + 1), 'accepted' FROM generate_series(1, ${BENCH_READER.follows}) AS j
    ON CONFLICT DO NOTHING`);
  step('follows');

  await fillAtts();
  step('atts');
  // As bench/catalog-fill.ts: what autovacuum does after a bulk load. ANALYZE alone left the visibility map
  // unset, so index-only scans read the heap and PostgreSQL took ~2x the CPU per page until autovacuum came.
  await db.execute(sql`VACUUM ANALYZE`);
  step('vacuum');
}

/**
 * Atts: 40 % of generated read-throughs (about 300,000 of 1,000,000 entries) posted one — "terminei" for
 * finished ones, progress otherwise; 4 % of them for followers only and 4 % private. Also run on a database
 * generated before atts existed.
 */
async function fillAtts() {
  const db = getDb();
  await db.execute(sql`
    INSERT INTO atts (id, author_id, edition_id, read_through_id, kind, text, spoiler, visibility, created_at)
    SELECT rt.id || '-a', s.user_id, s.edition_id, rt.id,
      CASE WHEN rt.finished_on IS NOT NULL THEN 'finished' ELSE 'progress' END,
      'Att gerada ' || rt.id, h % 17 = 0,
      CASE WHEN h % 25 = 0 THEN 'privado' WHEN h % 25 = 1 THEN 'seguidores' ELSE 'publico' END,
      rt.progress_updated_at
    FROM read_throughs rt JOIN shelf_entries s ON s.id = rt.shelf_entry_id
    CROSS JOIN LATERAL (SELECT abs(hashtext(rt.id)) AS h) AS hh
    WHERE rt.id LIKE '%-e-%' AND h % 5 < 2`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());

/**
 * Fills the configured database — after bench/catalog-fill.ts and bench/reading-fill.ts — for `npm run
 * bench:foca-rooms`: BENCH_ROOMS.rooms public rooms of BENCH_ROOMS.perRoom generated readers each (the first of
 * each room its host), every member bringing a book they are reading, and a session row per reader, whose token the
 * bench signs with the server's secret. Made once (skipped when the rooms are there); then, at every run, the rooms
 * are put back as a fresh run needs them: no sprint, no session of theirs running, every member back in their room,
 * nobody present, the sessions fresh (not due for renewal).
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, getDb, migrateDatabase, queryRows } from '~/db/client.server';
import { BENCH_ROOMS, GENERATED_PREFIX } from './harness';

const READERS = BENCH_ROOMS.rooms * BENCH_ROOMS.perRoom;

async function main() {
  await migrateDatabase();
  const db = getDb();
  const [readers] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE id LIKE ${`${GENERATED_PREFIX}u-%`}`);
  if (Number(readers?.n) < READERS) throw new Error(`run bench/reading-fill.ts first (${READERS} generated readers needed)`);
  const [made] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM focus_rooms WHERE id LIKE ${`${GENERATED_PREFIX}room-%`}`);
  const fresh = Number(made?.n) === 0;
  await db.transaction(async (tx) => {
    if (fresh) {
      // Reader i (1-based) is in room (i − 1) / perRoom; the first of each room hosts it.
      await tx.execute(sql`INSERT INTO focus_rooms (id, host_id, name, visibility, code)
        SELECT ${GENERATED_PREFIX} || 'room-' || r, ${GENERATED_PREFIX} || 'u-' || (r * ${BENCH_ROOMS.perRoom} + 1), 'Sala de bancada ' || r, 'public',
          upper(substr(md5('bench-room-' || r), 1, 8))
        FROM generate_series(0, ${BENCH_ROOMS.rooms - 1}) AS r`);
      await tx.execute(sql`INSERT INTO sessions (id, token, user_id, expires_at)
        SELECT ${GENERATED_PREFIX} || 'room-session-' || i, ${GENERATED_PREFIX} || 'room-session-' || i, ${GENERATED_PREFIX} || 'u-' || i, now() + interval '1 year'
        FROM generate_series(1, ${READERS}) AS i`);
    }
    // Every run: the rooms as at the start (a former run's sprints, sessions, departures and presence undone).
    await tx.execute(
      sql`DELETE FROM focus_sessions WHERE room_sprint_id IN (SELECT s.id FROM focus_room_sprints s WHERE s.room_id LIKE ${`${GENERATED_PREFIX}room-%`})`,
    );
    await tx.execute(sql`DELETE FROM focus_room_sprints WHERE room_id LIKE ${`${GENERATED_PREFIX}room-%`}`);
    await tx.execute(sql`DELETE FROM focus_room_members WHERE room_id LIKE ${`${GENERATED_PREFIX}room-%`}`);
    await tx.execute(sql`INSERT INTO focus_room_members (room_id, user_id, edition_id, joined_at)
      SELECT ${GENERATED_PREFIX} || 'room-' || ((i - 1) / ${BENCH_ROOMS.perRoom}), ${GENERATED_PREFIX} || 'u-' || i,
        (SELECT se.edition_id FROM shelf_entries se WHERE se.user_id = ${GENERATED_PREFIX} || 'u-' || i AND se.status = 'reading' ORDER BY se.id LIMIT 1),
        now() - make_interval(mins => i)
      FROM generate_series(1, ${READERS}) AS i`);
    await tx.execute(sql`UPDATE sessions SET updated_at = now(), expires_at = now() + interval '1 year' WHERE id LIKE ${`${GENERATED_PREFIX}room-session-%`}`);
  });
  const [books] = await queryRows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM focus_room_members WHERE room_id LIKE ${`${GENERATED_PREFIX}room-%`} AND edition_id IS NOT NULL`,
  );
  console.log(`  ${BENCH_ROOMS.rooms} rooms of ${BENCH_ROOMS.perRoom} (${fresh ? 'made' : 'reset'}), ${books?.n} members with a book`);
  if (fresh) await db.execute(sql`VACUUM ANALYZE focus_rooms, focus_room_members, sessions`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());

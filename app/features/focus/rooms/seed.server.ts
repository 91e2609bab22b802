import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { newId } from '~/lib/ids';
import { recountFocusTotals } from '../totals.server';
import { FOCUS_TIME_ZONE } from '../vocabulary';
import { newRoomCode } from './mutations.server';

export const DEMO_ROOM = { name: 'Sprint das 20h', host: 'joana_moura', members: ['joana_moura', 'marcos_tavares', 'rafaela_lima'] } as const;

/**
 * An open public room (decision 0083) hosted by a demo reader, with two others in it, each with the book they are
 * reading, and yesterday's sprint with its results (sessions written as history, closed, not credited to marathons
 * again). Nobody is present: presence is a live page. Skips when the room exists; answers whether it wrote it.
 */
export async function seedDemoFocusRoom(): Promise<boolean> {
  const readers = await queryRows<{ id: string; username: string; edition_id: string | null }>(sql`
    SELECT u.id, u.username, (SELECT s.edition_id FROM shelf_entries s WHERE s.user_id = u.id AND s.status = 'reading' ORDER BY s.updated_at DESC, s.id LIMIT 1) AS edition_id
    FROM users u WHERE u.username IN (${sql.join(
      DEMO_ROOM.members.map((username) => sql`${username}`),
      sql`, `,
    )}) ORDER BY u.username`);
  const host = readers.find((reader) => reader.username === DEMO_ROOM.host);
  if (!host || (await queryRows(sql`SELECT 1 FROM focus_rooms WHERE host_id = ${host.id} AND name = ${DEMO_ROOM.name}`)).length) return false;
  const roomId = newId();
  const sprintId = newId();
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO focus_rooms (id, host_id, name, visibility, code, created_at)
      VALUES (${roomId}, ${host.id}, ${DEMO_ROOM.name}, 'public', ${newRoomCode()}, now() - interval '2 days')`);
    await tx.execute(sql`INSERT INTO focus_room_sprints (id, room_id, planned_minutes, started_at, ends_at)
      VALUES (${sprintId}, ${roomId}, 25, now() - interval '1 day' - interval '25 minutes', now() - interval '1 day')`);
    for (const [i, reader] of readers.entries()) {
      await tx.execute(sql`INSERT INTO focus_room_members (room_id, user_id, edition_id, joined_at)
        VALUES (${roomId}, ${reader.id}, ${reader.edition_id}, now() - interval '2 days' + make_interval(mins => ${i}))`);
      if (!reader.edition_id) continue;
      // Yesterday's sprint: the first two read it through, the third gave up at minute 12.
      const gaveUp = i === 2;
      await tx.execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, status, started_at, ends_at, finished_at, credited_minutes, credited_on, room_sprint_id)
        SELECT ${newId()}, ${reader.id}, ${reader.edition_id}, 25, ${gaveUp ? 'given_up' : 'finished'}, s.started_at, s.ends_at,
          ${gaveUp ? sql`s.started_at + interval '12 minutes'` : sql`s.ends_at`}, ${gaveUp ? 6 : 25}, (s.ends_at AT TIME ZONE ${FOCUS_TIME_ZONE})::date, s.id
        FROM focus_room_sprints s WHERE s.id = ${sprintId}`);
    }
  });
  // Written as history, not closed: the ranking's totals are counted again from the sessions.
  await recountFocusTotals(readers.map((reader) => reader.id));
  return true;
}

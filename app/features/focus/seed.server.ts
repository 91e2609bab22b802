import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { newId } from '~/lib/ids';
import { recountFocusTotals } from './totals.server';
import { FOCUS_TIME_ZONE } from './vocabulary';

/** A demo session: [minutes ago it ended, planned minutes, status, credited minutes]. */
type Session = readonly [endedAgo: number, planned: number, status: 'finished' | 'given_up', credited: number];

const DAY = 1440;

/**
 * lia's demo sessions, two months of them: the history her game (seedDemoFocusGame) grew from — the first egg at the
 * first, each egg's minutes and the companion's XP from the finished ones after it — and today's 12 minutes, as her
 * "Leia 20 minutos" task (tasks/seed.server) says.
 */
const DEMO_SESSIONS: readonly Session[] = [
  [60 * DAY + 600, 60, 'finished', 60],
  [58 * DAY + 600, 60, 'finished', 60],
  [45 * DAY + 600, 120, 'finished', 120],
  [40 * DAY + 600, 120, 'finished', 120],
  [35 * DAY + 600, 120, 'finished', 120],
  [30 * DAY + 600, 120, 'finished', 120],
  [25 * DAY + 600, 90, 'finished', 90],
  [20 * DAY + 600, 30, 'finished', 30],
  [15 * DAY + 600, 60, 'finished', 60],
  [5 * DAY + 300, 40, 'finished', 40],
  [3 * DAY + 120, 25, 'finished', 25],
  [2 * DAY + 300, 25, 'given_up', 6],
  [60, 12, 'finished', 12],
];

/**
 * A reader's finished focus sessions with a book they are reading (issue 31): one about an hour ago, others days
 * ago, one given up — never a running one, which the end-to-end journeys that sign in as lia would trip over.
 * Written as history (the sessions closed in the past), so they are not counted again in marathons. Skips a reader
 * who has sessions; answers how many it wrote.
 */
export async function seedDemoFocusSessions(username: string): Promise<number> {
  return writeSessions(username, DEMO_SESSIONS, sql`AND s.status = 'reading'`);
}

/** The other demo readers' closed sessions, so the ranking (/foca/ranking, /f) has a week, a month and all time. */
const DEMO_RANKING: Record<string, readonly Session[]> = {
  joana_moura: [
    [180, 60, 'finished', 60],
    [1440 + 200, 60, 'finished', 60],
    [40 * 1440, 60, 'finished', 60],
  ],
  marcos_tavares: [
    [300, 40, 'finished', 40],
    [2 * 1440, 25, 'finished', 25],
  ],
  rafaela_lima: [
    [90 * 1440, 180, 'finished', 180],
    [91 * 1440, 120, 'finished', 120],
  ],
  tiago_nunes: [[500, 25, 'given_up', 10]],
  helena_sato: [
    [120, 60, 'finished', 60],
    [20 * 1440, 40, 'finished', 40],
  ],
};

/** Writes the demo readers' sessions (with a book on their bookshelf) and their ranking totals; answers how many readers got them. */
export async function seedDemoFocusRanking(): Promise<number> {
  let seeded = 0;
  for (const [username, sessions] of Object.entries(DEMO_RANKING)) if (await writeSessions(username, sessions, sql``)) seeded += 1;
  return seeded;
}

async function writeSessions(username: string, sessions: readonly Session[], onShelf: ReturnType<typeof sql>): Promise<number> {
  const [reader] = await queryRows<{ user_id: string; edition_id: string; has_sessions: boolean }>(sql`
    SELECT s.user_id, s.edition_id, EXISTS (SELECT 1 FROM focus_sessions f WHERE f.user_id = s.user_id) AS has_sessions
    FROM shelf_entries s JOIN users u ON u.id = s.user_id
    WHERE u.username = ${username} ${onShelf} ORDER BY s.updated_at DESC, s.id LIMIT 1`);
  if (!reader || reader.has_sessions) return 0;
  for (const [endedAgo, planned, status, credited] of sessions) {
    const endsAt = sql`(now() - make_interval(mins => ${endedAgo}::int))`;
    // A given-up session ended when the reader gave up: twice its credited minutes after it started.
    const started =
      status === 'given_up' ? sql`(${endsAt} - make_interval(mins => ${credited * 2}::int))` : sql`(${endsAt} - make_interval(mins => ${planned}::int))`;
    const plannedEnd = sql`(${started} + make_interval(mins => ${planned}::int))`;
    await getDb()
      .execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, status, started_at, ends_at, finished_at, credited_minutes, credited_on)
      VALUES (${newId()}, ${reader.user_id}, ${reader.edition_id}, ${planned}, ${status}, ${started}, ${plannedEnd}, ${endsAt}, ${credited},
        (${endsAt} AT TIME ZONE ${FOCUS_TIME_ZONE})::date)`);
  }
  // Written as history, not closed: the ranking's totals are counted from them.
  await recountFocusTotals([reader.user_id]);
  return sessions.length;
}

/**
 * lia's game, mid-way (decision 0082), as her demo sessions grew it: her first session's egg hatched Pipoca, her
 * companion since (level 5: every finished minute after, and today's att task's 15 XP); a lendária egg from a
 * marathon challenge and the 10-hour milestone's rara hatched three weeks ago and two; three eggs incubating with
 * the minutes of the sessions since each came, a fourth waiting for a slot; and the events that got her there.
 * Written as history, as the sessions are. Skips a reader who has eggs; answers how many eggs it wrote.
 */
export async function seedDemoFocusGame(username: string): Promise<number> {
  const [reader] = await queryRows<{ id: string; has_eggs: boolean }>(
    sql`SELECT u.id, EXISTS (SELECT 1 FROM focus_eggs g WHERE g.user_id = u.id) AS has_eggs FROM users u WHERE u.username = ${username}`,
  );
  if (!reader || reader.has_eggs) return 0;
  // [source key, rarity, days ago received, minutes, hatched: [species, name, xp, companion, days ago, [level, days ago][]] | null]
  const eggs = [
    [
      'milestone:primeira-sessao',
      'comum',
      60,
      60,
      [
        'foca-comum',
        'Pipoca',
        752,
        true,
        58,
        [
          [2, 45],
          [3, 40],
          [4, 35],
          [5, 20],
        ],
      ],
    ],
    ['challenge:demo-lendaria', 'lendaria', 50, 600, ['foca-monge-do-havai', 'Kai', 0, false, 20, []]],
    ['milestone:10h', 'rara', 30, 180, ['foca-harpa', null, 0, false, 15, []]],
    ['challenge:demo-1', 'rara', 6, 77, null],
    ['challenge:demo-2', 'comum', 4, 37, null],
    ['challenge:demo-3', 'lendaria', 2, 12, null],
    ['challenge:demo-4', 'comum', 1, 0, null],
  ] as const;
  const ago = (days: number) => sql`now() - make_interval(days => ${days}::int)`;
  const event = (kind: string, ref: { egg?: string; pet?: string; level?: number }, days: number) =>
    getDb().execute(sql`INSERT INTO focus_events (id, user_id, kind, egg_id, pet_id, level, created_at)
      VALUES (${newId()}, ${reader.id}, ${kind}, ${ref.egg ?? null}, ${ref.pet ?? null}, ${ref.level ?? null}, ${ago(days)})`);
  for (const [key, rarity, received, minutes, pet] of eggs) {
    const eggId = newId();
    await getDb().execute(sql`INSERT INTO focus_eggs (id, user_id, rarity, source, source_key, minutes, received_at, hatched_at)
      VALUES (${eggId}, ${reader.id}, ${rarity}, ${key.split(':')[0]!}, ${key}, ${minutes}, ${ago(received)}, ${pet ? ago(pet[4]) : null})`);
    await event('egg_received', { egg: eggId }, received);
    if (!pet) continue;
    const [species, name, xp, companion, hatched, levels] = pet;
    const petId = newId();
    await getDb().execute(sql`INSERT INTO focus_pets (id, user_id, egg_id, species, name, xp, mood, mood_at, companion, hatched_at)
      VALUES (${petId}, ${reader.id}, ${eggId}, ${species}, ${name}, ${xp}, 85, now() - interval '1 hour', ${companion}, ${ago(hatched)})`);
    await event('egg_hatched', { egg: eggId, pet: petId }, hatched);
    for (const [level, days] of levels) await event('level_up', { pet: petId, level }, days);
  }
  return eggs.length;
}

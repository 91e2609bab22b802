import { sql } from 'drizzle-orm';
import { queryRows, rowCount } from '~/db/client.server';
import { type Audience, audienceOf, maySeeProfile } from '~/features/social/audience.server';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { closeExpiredSessionOf } from './closing.server';
import { type PetView, petColumns } from './game-queries.server';
import { FOCUS_RECENT_DAYS } from './policy';
import { allTimePlaceSql, periodStart, saoPauloToday } from './ranking.server';
import type { FocusPeriod, SpeciesSlug } from './vocabulary';

/**
 * A reader's foca (`/f/{username}`, the profile's foca tab; decision 0086): their pets (the companion first, then by
 * XP), the album (how many of each species), their focus minutes this week, month and all time (`focus_totals`),
 * their all-time place as the viewer's global ranking would show it, and the count and minutes of their finished
 * sessions of the last FOCUS_RECENT_DAYS days — never a book: which book a session was with is the reader's own.
 */
export type ReaderFoca = {
  pets: PetView[];
  petCount: number;
  album: Partial<Record<SpeciesSlug, number>>;
  totals: Record<FocusPeriod, number>;
  /** The all-time place among the readers the viewer may see in the global ranking; null when it does not list them. */
  place: number | null;
  recent: { sessions: number; minutes: number };
};

/**
 * Reads a reader's foca in one statement, for a viewer who may see their profile (as a pet's page: public to
 * everyone, restricted to followers; a block either way or a suspended owner is not found — an admin is a stranger).
 * `audience` when the caller already has it (the profile's), else it is read here.
 */
export async function getReaderFoca(viewer: Viewer | null, ownerId: string, petsShown: number, audience?: Audience): Promise<ReaderFoca> {
  const seen = audience ?? (await audienceOf(viewer?.id ?? null, ownerId));
  if (!seen || !maySeeProfile(seen)) throw new AppError('not_found');
  // Their session left open past its end closes first (as on /foca): its minutes are in the totals and the pets.
  await closeExpiredSessionOf(ownerId);
  const period = (name: FocusPeriod) => sql`(t.period = ${name} AND t.starts_on = ${periodStart(name, saoPauloToday)})`;
  const [row] = await queryRows<{
    pets: PetView[];
    album: Partial<Record<SpeciesSlug, number>>;
    totals: Partial<Record<FocusPeriod, number>>;
    place: number | null;
    recent: { sessions: number; minutes: number };
  }>(sql`
    SELECT
      coalesce((SELECT json_agg(x) FROM (SELECT ${petColumns} FROM focus_pets p WHERE p.user_id = ${ownerId}
        ORDER BY p.companion DESC, p.xp DESC, p.hatched_at, p.id LIMIT ${rowCount(petsShown)}) x), '[]') AS pets,
      coalesce((SELECT json_object_agg(a.species, a.n) FROM (SELECT species, count(*)::int AS n FROM focus_pets WHERE user_id = ${ownerId} GROUP BY species) a), '{}') AS album,
      coalesce((SELECT json_object_agg(t.period, t.minutes) FROM focus_totals t
        WHERE t.user_id = ${ownerId} AND (${period('week')} OR ${period('month')} OR ${period('all')})), '{}') AS totals,
      ${allTimePlaceSql(ownerId, viewer?.id ?? null)} AS place,
      (SELECT json_build_object('sessions', count(*)::int, 'minutes', coalesce(sum(credited_minutes), 0)::int) FROM focus_sessions
        WHERE user_id = ${ownerId} AND credited_on > ${saoPauloToday} - ${FOCUS_RECENT_DAYS}::int AND status IN ('finished', 'expired')) AS recent`);
  const album = row?.album ?? {};
  return {
    pets: row?.pets ?? [],
    petCount: Object.values(album).reduce((sum, n) => sum + n, 0),
    album,
    totals: { week: row?.totals.week ?? 0, month: row?.totals.month ?? 0, all: row?.totals.all ?? 0 },
    place: row?.place ?? null,
    recent: row?.recent ?? { sessions: 0, minutes: 0 },
  };
}

import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { clubMembers, marathonParticipants, marathons } from '~/db/schema';
import type { Viewer } from '~/server/viewer.server';
import { seeSql, standingJoins } from './access.server';
import { HOME_MARATHONS_MAX, phaseOf } from './policy';
import { positionSql } from './ranking.server';
import type { MarathonPhase } from './vocabulary';

export type HomeMarathon = {
  slug: string;
  name: string;
  phase: MarathonPhase;
  startsOn: string;
  endsOn: string;
  points: number;
  position: number;
  participantCount: number;
  /** The challenges whose reveal day is today in the marathon's time zone. */
  revealedToday: { id: string; description: string; points: number }[];
};

/**
 * /home's "Maratonas": the marathons the viewer takes part in that have not ended (in each one's time zone) and
 * that they may still open (as /m), the one ending first first, with their points, their position (the ranking's
 * indexed count, positionSql) and the challenges revealed today there for their level (and those below, as the
 * board). One query, whatever the marathons.
 */
export async function listHomeMarathons(viewer: Viewer, now: Date = new Date()): Promise<{ marathons: HomeMarathon[]; total: number }> {
  const joins = standingJoins(viewer);
  const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${marathons.timeZone})::date`;
  const rows = await getDb()
    .select({
      slug: marathons.slug,
      name: marathons.name,
      timeZone: marathons.timeZone,
      startsOn: marathons.startsOn,
      endsOn: marathons.endsOn,
      participantCount: marathons.participantCount,
      points: marathonParticipants.points,
      position: positionSql(sql`marathon_participants`),
      revealedToday: sql<HomeMarathon['revealedToday']>`(SELECT coalesce(json_agg(json_build_object('id', c.id, 'description', c.description,
          'points', c.points) ORDER BY k.position, c.position), '[]')
        FROM marathon_challenges c JOIN marathon_categories k ON k.id = c.category_id LEFT JOIN marathon_levels cl ON cl.id = c.level_id
        WHERE c.marathon_id = ${marathons.id} AND c.reveals_on = ${today}
          AND (cl.id IS NULL OR cl.position <= coalesce((SELECT pl.position FROM marathon_levels pl WHERE pl.id = ${marathonParticipants.levelId}), 32767)))`,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(marathons)
    .innerJoin(marathonParticipants, joins.participant)
    .leftJoin(clubMembers, joins.club)
    .where(and(eq(marathonParticipants.status, 'active'), sql`${marathons.endsOn} >= ${today}`, seeSql(viewer)))
    .orderBy(asc(marathons.endsOn), asc(marathons.id))
    .limit(HOME_MARATHONS_MAX);
  return {
    total: rows[0]?.total ?? 0,
    marathons: rows.map(({ timeZone, total: _, ...row }) => ({ ...row, phase: phaseOf({ ...row, timeZone }, now) })),
  };
}

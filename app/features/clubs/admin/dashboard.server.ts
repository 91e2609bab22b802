import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { clubMembers, clubPlans, clubPostComments, clubPostReactions, clubPosts } from '~/db/schema';
import type { Viewer } from '~/server/viewer.server';
import { requireClubAccess } from '../standing.server';
import { DASHBOARD_WEEKS, ENGAGEMENT_DAYS } from './limits';
import type { ClubDashboard } from './types';

const ZONE = 'America/Sao_Paulo';

/**
 * /admin's figures, for those who run the club: members over the last 12 weeks (weeks from Monday, São Paulo
 * time), requests waiting, what the club wrote in the last 30 days, and who holds each plan. Members who left
 * leave no row, so the curve counts today's members by the day they joined.
 */
export async function getClubDashboard(viewer: Viewer, clubId: string): Promise<ClubDashboard> {
  const db = getDb();
  await requireClubAccess(db, viewer, clubId, 'run_club');
  const since = sql`now() - make_interval(days => ${ENGAGEMENT_DAYS})`;
  const activeHere = and(eq(clubMembers.clubId, clubId), eq(clubMembers.status, 'active'));
  const [weeks, [before], [pending], [posts], [comments], [reactions], plans] = await Promise.all([
    queryRows<{ week_start: string; joined: number }>(sql`
      WITH first AS (SELECT date_trunc('week', now() AT TIME ZONE ${ZONE}) - make_interval(weeks => ${DASHBOARD_WEEKS - 1}) AS week)
      SELECT to_char(w.week, 'YYYY-MM-DD') AS week_start, count(m.user_id)::int AS joined
      FROM first, generate_series(first.week, first.week + make_interval(weeks => ${DASHBOARD_WEEKS - 1}), interval '1 week') AS w(week)
      LEFT JOIN club_members m
        ON m.club_id = ${clubId} AND m.status = 'active'
        AND m.joined_at >= (w.week AT TIME ZONE ${ZONE}) AND m.joined_at < ((w.week + interval '1 week') AT TIME ZONE ${ZONE})
      GROUP BY w.week
      ORDER BY w.week`),
    db
      .select({ n: count() })
      .from(clubMembers)
      .where(
        and(
          activeHere,
          sql`(${clubMembers.joinedAt} IS NULL OR ${clubMembers.joinedAt} < (date_trunc('week', now() AT TIME ZONE ${ZONE}) - make_interval(weeks => ${DASHBOARD_WEEKS - 1})) AT TIME ZONE ${ZONE})`,
        ),
      ),
    db
      .select({ n: count() })
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.status, 'pending'))),
    db
      .select({
        posts: sql<number>`count(*) FILTER (WHERE ${clubPosts.kind} = 'post')::int`,
        threads: sql<number>`count(*) FILTER (WHERE ${clubPosts.kind} = 'thread')::int`,
      })
      .from(clubPosts)
      .where(and(eq(clubPosts.clubId, clubId), gte(clubPosts.createdAt, since))),
    db
      .select({ n: count() })
      .from(clubPostComments)
      .innerJoin(clubPosts, eq(clubPosts.id, clubPostComments.postId))
      .where(and(eq(clubPosts.clubId, clubId), isNull(clubPostComments.deletedAt), gte(clubPostComments.createdAt, since))),
    db
      .select({ n: count() })
      .from(clubPostReactions)
      .innerJoin(clubPosts, eq(clubPosts.id, clubPostReactions.postId))
      .where(and(eq(clubPosts.clubId, clubId), gte(clubPostReactions.createdAt, since))),
    db
      .select({
        planId: clubPlans.id,
        name: clubPlans.name,
        priceCents: clubPlans.priceCents,
        archived: sql<boolean>`${clubPlans.archivedAt} IS NOT NULL`,
        holders: sql<number>`(SELECT count(*)::int FROM club_members m WHERE m.plan_id = ${clubPlans.id} AND m.status = 'active' AND (m.plan_ends_at IS NULL OR m.plan_ends_at > now()))`,
      })
      .from(clubPlans)
      .where(eq(clubPlans.clubId, clubId))
      .orderBy(clubPlans.position, clubPlans.createdAt),
  ]);
  let total = before?.n ?? 0;
  const series = weeks.map((week) => {
    total += week.joined;
    return { weekStart: week.week_start, joined: week.joined, total };
  });
  return {
    weeks: series,
    pendingRequests: pending?.n ?? 0,
    engagement: { posts: posts?.posts ?? 0, threads: posts?.threads ?? 0, comments: comments?.n ?? 0, reactions: reactions?.n ?? 0 },
    planHolders: plans,
    activeMembers: total,
  };
}

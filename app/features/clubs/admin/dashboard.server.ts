import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { clubMembers, clubPlans, clubPostComments, clubPostReactions, clubPosts } from '~/db/schema';
import type { Viewer } from '~/server/viewer.server';
import { requireClubAccess } from '../standing.server';
import { DASHBOARD_WEEKS, ENGAGEMENT_DAYS } from './limits';
import type { ClubDashboard, MemberWeek } from './types';

const ZONE = 'America/Sao_Paulo';

/**
 * /admin's figures, for those who run the club: members over the last 12 weeks (weeks from Monday, São Paulo
 * time), requests waiting, what the club wrote in the last 30 days, and who holds each plan. Each week's total
 * is the members active at its end: today's members who had joined by then, and the memberships that had begun
 * by then and ended after it (club_departures: left, banned, removed; decision 0062).
 */
export async function getClubDashboard(viewer: Viewer, clubId: string): Promise<ClubDashboard> {
  const db = getDb();
  await requireClubAccess(db, viewer, clubId, 'run_club');
  const since = sql`now() - make_interval(days => ${ENGAGEMENT_DAYS})`;
  const [weeks, [pending], [posts], [comments], [reactions], plans] = await Promise.all([
    queryRows<MemberWeek>(sql`
      WITH first AS (SELECT date_trunc('week', now() AT TIME ZONE ${ZONE}) - make_interval(weeks => ${DASHBOARD_WEEKS - 1}) AS week),
      weeks AS (
        SELECT w.week, w.week AT TIME ZONE ${ZONE} AS starts, (w.week + interval '1 week') AT TIME ZONE ${ZONE} AS ends
        FROM first, generate_series(first.week, first.week + make_interval(weeks => ${DASHBOARD_WEEKS - 1}), interval '1 week') AS w(week)
      ),
      spans AS (
        SELECT joined_at, NULL::timestamptz AS left_at FROM club_members WHERE club_id = ${clubId} AND status = 'active'
        UNION ALL
        SELECT joined_at, left_at FROM club_departures WHERE club_id = ${clubId}
      )
      SELECT to_char(w.week, 'YYYY-MM-DD') AS "weekStart",
        count(*) FILTER (WHERE s.joined_at >= w.starts AND s.joined_at < w.ends)::int AS joined,
        count(*) FILTER (WHERE (s.joined_at IS NULL OR s.joined_at < w.ends) AND (s.left_at IS NULL OR s.left_at >= w.ends))::int AS total
      FROM weeks w CROSS JOIN spans s
      GROUP BY w.week
      ORDER BY w.week`),
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
  return {
    weeks,
    pendingRequests: pending?.n ?? 0,
    engagement: { posts: posts?.posts ?? 0, threads: posts?.threads ?? 0, comments: comments?.n ?? 0, reactions: reactions?.n ?? 0 },
    planHolders: plans,
    activeMembers: weeks.at(-1)?.total ?? 0,
  };
}

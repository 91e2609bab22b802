import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import type { Viewer } from '~/server/viewer.server';
import type { ActivityKind } from './vocabulary';
import { storedFileUrl } from '~/integrations/storage/storage.server';

/** Clubs on /home's "Meus clubes" card, the most active first. */
export const HOME_CLUBS_MAX = 4;
/** "Novos posts" are those of the last week. */
export const NEW_POSTS_DAYS = 7;

export type HomeClub = {
  slug: string;
  name: string;
  avatarUrl: string | null;
  primaryColor: string;
  newPosts: number;
  nextActivity: { kind: ActivityKind; title: string; startsAt: string; endsAt: string | null } | null;
};

/**
 * /home's "Meus clubes": the viewer's clubs with how many posts they may read appeared this week (a plan's posts
 * only for its holders and the staff, as canReadPost) and each club's next activity. One query, whatever the clubs.
 */
export async function listHomeClubs(viewer: Viewer): Promise<{ clubs: HomeClub[]; total: number }> {
  const rows = await queryRows<{
    slug: string;
    name: string;
    avatar_key: string | null;
    primary_color: string;
    new_posts: number;
    next_activity: { kind: ActivityKind; title: string; startsAt: string; endsAt: string | null } | null;
    total: number;
  }>(sql`
    SELECT c.slug, c.name, c.avatar_key, c.primary_color, count(*) OVER ()::int AS total,
      (SELECT count(*)::int FROM club_posts p
        WHERE p.club_id = c.id AND p.kind = 'post' AND p.hidden_at IS NULL AND p.created_at > now() - make_interval(days => ${NEW_POSTS_DAYS})
          AND (p.visibility <> 'plano' OR m.role <> 'member' OR p.author_id = ${viewer.id}
            OR EXISTS (SELECT 1 FROM club_plans mp JOIN club_plans hp ON hp.id = m.plan_id
              WHERE mp.id = p.min_plan_id AND hp.position >= mp.position AND (m.plan_ends_at IS NULL OR m.plan_ends_at > now())))) AS new_posts,
      (SELECT json_build_object('kind', a.kind, 'title', a.title, 'startsAt', a.starts_at, 'endsAt', a.ends_at) FROM club_activities a
        WHERE a.club_id = c.id AND coalesce(a.ends_at, a.starts_at) >= now() ORDER BY a.starts_at, a.id LIMIT 1) AS next_activity
    FROM club_members m JOIN clubs c ON c.id = m.club_id
    WHERE m.user_id = ${viewer.id} AND m.status = 'active'
    ORDER BY c.last_activity_at DESC, c.id
    LIMIT ${HOME_CLUBS_MAX}`);
  return {
    total: rows[0]?.total ?? 0,
    clubs: rows.map((row) => ({
      slug: row.slug,
      name: row.name,
      avatarUrl: storedFileUrl(row.avatar_key),
      primaryColor: row.primary_color,
      newPosts: row.new_posts,
      nextActivity: row.next_activity
        ? {
            ...row.next_activity,
            startsAt: new Date(row.next_activity.startsAt).toISOString(),
            endsAt: row.next_activity.endsAt ? new Date(row.next_activity.endsAt).toISOString() : null,
          }
        : null,
    })),
  };
}

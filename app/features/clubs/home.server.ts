import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { readingShownTo, visibleTo } from '~/features/social/audience.server';
import { renderMarkdownExcerpt } from '~/lib/markdown';
import type { Viewer } from '~/server/viewer.server';
import { canReadPost } from './policy';
import { EXCERPT_LENGTH } from './posts/queries.server';
import type { ClubDetail } from './types';
import type { ActivityKind, PostVisibility } from './vocabulary';

export const READING_NOW_MAX = 12;
export const NEXT_ACTIVITIES_MAX = 3;
export const PINNED_POSTS_MAX = 3;

export type ClubActivityItem = {
  id: string;
  kind: ActivityKind;
  title: string;
  startsAt: string;
  endsAt: string | null;
  link: string | null;
  edition: { id: string; title: string } | null;
};
export type PinnedPost = { id: string; title: string; excerptHtml: string; createdAt: string; author: { username: string; name: string } | null };
export type MemberReading = {
  reader: { username: string; name: string; image: string | null };
  edition: { id: string; title: string; coverUrl: string | null };
};

type ActivityRow = {
  id: string;
  kind: ActivityKind;
  title: string;
  starts_at: string;
  ends_at: string | null;
  link: string | null;
  edition_id: string | null;
  edition_title: string | null;
};
type PinnedRow = {
  id: string;
  title: string;
  body: string;
  visibility: PostVisibility;
  min_plan_position: number | null;
  author_id: string | null;
  created_at: string;
  username: string | null;
  name: string | null;
};
type ReadingRow = { username: string; name: string; image: string | null; edition_id: string; title: string; cover_url: string | null };

/**
 * The club's home (/clube/{identificador}): next activities, pinned posts the viewer may read, what members are
 * reading — three lists in one statement (one round trip; each list a JSON array).
 */
export async function getClubHome(viewer: Viewer | null, club: ClubDetail) {
  const [row] = await queryRows<{ activities: ActivityRow[] | null; pinned: PinnedRow[] | null; reading: ReadingRow[] | null }>(sql`
    SELECT
      (SELECT json_agg(a ORDER BY a.starts_at, a.id) FROM (
        SELECT a.id, a.kind, a.title, a.starts_at, a.ends_at, a.link, e.id AS edition_id, e.title AS edition_title
        FROM club_activities a LEFT JOIN editions e ON e.id = a.edition_id
        WHERE a.club_id = ${club.id} AND coalesce(a.ends_at, a.starts_at) >= now()
        ORDER BY a.starts_at, a.id LIMIT ${NEXT_ACTIVITIES_MAX}) a) AS activities,
      (SELECT json_agg(p ORDER BY p.pinned_at DESC) FROM (
        SELECT p.id, p.title, left(p.body, ${EXCERPT_LENGTH + 1}) AS body, p.visibility, mp.position AS min_plan_position,
          p.author_id, p.created_at, p.pinned_at, u.username, u.name
        FROM club_posts p LEFT JOIN club_plans mp ON mp.id = p.min_plan_id LEFT JOIN users u ON u.id = p.author_id
        WHERE p.club_id = ${club.id} AND p.kind = 'post' AND p.pinned_at IS NOT NULL AND p.hidden_at IS NULL
        ORDER BY p.pinned_at DESC LIMIT 10) p) AS pinned,
      -- Members' books in progress, as each reader lets the viewer see them (profile audience, "lendo agora" hidden).
      (SELECT json_agg(r ORDER BY r.updated_at DESC, r.id) FROM (
        SELECT s.id, s.updated_at, u.username, u.name, u.image, e.id AS edition_id, e.title, e.cover_url
        FROM club_members m JOIN users u ON u.id = m.user_id AND u.suspended_at IS NULL
          JOIN shelf_entries s ON s.user_id = m.user_id AND s.status = 'reading'
          JOIN editions e ON e.id = s.edition_id
        WHERE m.club_id = ${club.id} AND m.status = 'active'
          AND ${visibleTo(viewer?.id ?? null, sql`s.user_id`, sql`'publico'`)} AND ${readingShownTo(viewer?.id ?? null, sql`s.user_id`, sql`s.status`)}
        ORDER BY s.updated_at DESC, s.id LIMIT ${READING_NOW_MAX}) r) AS reading`);
  const activities = row?.activities ?? [];
  const pinned = row?.pinned ?? [];
  const reading = row?.reading ?? [];
  return {
    activities: activities.map((a): ClubActivityItem => ({
      id: a.id,
      kind: a.kind,
      title: a.title,
      startsAt: new Date(a.starts_at).toISOString(),
      endsAt: a.ends_at ? new Date(a.ends_at).toISOString() : null,
      link: a.link,
      edition: a.edition_id ? { id: a.edition_id, title: a.edition_title ?? '' } : null,
    })),
    pinned: pinned
      .filter((p) => canReadPost({ visibility: p.visibility, minPlanPosition: p.min_plan_position, authorId: p.author_id }, club.standing, viewer?.id ?? null))
      .slice(0, PINNED_POSTS_MAX)
      .map((p): PinnedPost => ({
        id: p.id,
        title: p.title,
        excerptHtml: renderMarkdownExcerpt(p.body, EXCERPT_LENGTH).html,
        createdAt: new Date(p.created_at).toISOString(),
        author: p.username ? { username: p.username, name: p.name ?? p.username } : null,
      })),
    reading: reading.map((r): MemberReading => ({
      reader: { username: r.username, name: r.name, image: r.image },
      edition: { id: r.edition_id, title: r.title, coverUrl: r.cover_url },
    })),
  };
}
export type ClubHome = Awaited<ReturnType<typeof getClubHome>>;

import { type SQL, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { REACTIONS, type Reaction } from '~/features/atts/vocabulary';
import { renderMarkdown, renderMarkdownExcerpt } from '~/lib/markdown';
import type { Viewer } from '~/server/viewer.server';
import { type MembershipStanding, can, mayPublishPosts } from '../policy';
import { requireClubAccess } from '../standing.server';
import type { PostKind, PostVisibility } from '../vocabulary';
import { PINNED_MAX } from './mutations.server';
import type { ClubPostCard, ClubPostDetail, ClubPostPage, PlanChoice } from './types';
import { type ListCursor, encodeListCursor } from './validation';

/** Posts (or threads) per page; "Carregar mais" follows with the cursor. */
export const POSTS_PAGE_SIZE = 20;
/** Characters of a post shown in a list or among the pinned posts of the club's home, before "Ler tudo". */
export const EXCERPT_LENGTH = 280;
/** Comments shown under a post, the oldest first. */
export const COMMENTS_MAX = 300;

/**
 * The posts a viewer may read, as a condition on `p` (club_posts) and `mp` (its minimum plan): the SQL twin of
 * canReadPost, so lists and counts never hold a post the viewer may not read. A suspended author's posts are
 * hidden like the rest of their content.
 */
export function readableBy(standing: MembershipStanding | null, viewerId: string | null): SQL {
  if (standing?.status === 'banned') return sql`false`;
  if (can(standing, 'moderate_posts')) return sql`true`;
  if (!can(standing, 'take_part')) return sql`p.visibility = 'publico'`;
  const position = standing!.planPosition;
  return sql`(p.visibility IN ('publico', 'membros') OR p.author_id = ${viewerId ?? ''}
    ${position === null ? sql`` : sql`OR (p.visibility = 'plano' AND mp.position <= ${position}::int)`})`;
}

type PostRow = {
  id: string;
  kind: PostKind;
  title: string;
  body: string;
  author_id: string | null;
  username: string | null;
  name: string | null;
  image: string | null;
  created_at: Date | string;
  cursor_at: string;
  visibility: PostVisibility;
  plan_id: string | null;
  plan_name: string | null;
  pinned_at: Date | string | null;
  edited_at: Date | string | null;
  comment_count: number;
  reaction_count: number;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function selectPosts(where: SQL, order: SQL, limit: number, bodyLength: number | null) {
  return sql`
    SELECT p.id, p.kind, p.title, ${bodyLength === null ? sql`p.body` : sql`left(p.body, ${sql.raw(String(bodyLength + 1))})`} AS body,
      p.author_id, u.username, u.name, u.image, p.created_at,
      to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
      p.visibility, mp.id AS plan_id, mp.name AS plan_name, p.pinned_at, p.edited_at,
      (SELECT count(*)::int FROM club_post_comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL) AS comment_count,
      (SELECT count(*)::int FROM club_post_reactions r WHERE r.post_id = p.id) AS reaction_count
    FROM club_posts p LEFT JOIN club_plans mp ON mp.id = p.min_plan_id LEFT JOIN users u ON u.id = p.author_id
    WHERE ${where} AND (p.author_id IS NULL OR u.suspended_at IS NULL)
    ORDER BY ${order} LIMIT ${sql.raw(String(limit))}`;
}

function toCard(row: PostRow, standing: MembershipStanding | null, viewerId: string | null): ClubPostCard {
  const seesEdits = can(standing, 'moderate_posts') || (viewerId !== null && row.author_id === viewerId);
  const excerpt = renderMarkdownExcerpt(row.body, EXCERPT_LENGTH);
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    excerptHtml: excerpt.html,
    truncated: excerpt.truncated,
    author: row.username ? { username: row.username, name: row.name ?? row.username, image: row.image } : null,
    createdAt: iso(row.created_at),
    visibility: row.visibility,
    minPlan: row.plan_id ? { id: row.plan_id, name: row.plan_name ?? '' } : null,
    pinned: row.pinned_at !== null,
    editedAt: seesEdits && row.edited_at ? iso(row.edited_at) : null,
    commentCount: Number(row.comment_count),
    reactionCount: Number(row.reaction_count),
  };
}

/**
 * A page of a club's posts (kind `post`, on /posts) or threads (kind `thread`, members only, on /comunidade):
 * the pinned ones above the first page, then the newest first. Only what the viewer may read, in the query.
 */
export async function listClubPosts(viewer: Viewer | null, clubId: string, kind: PostKind, cursor?: ListCursor): Promise<ClubPostPage> {
  const db = getDb();
  const { standing } = await requireClubAccess(db, viewer, clubId, kind === 'thread' ? 'take_part' : null);
  const readable = readableBy(standing, viewer?.id ?? null);
  const base = sql`p.club_id = ${clubId} AND p.kind = ${kind} AND ${readable}`;
  const after = cursor ? sql`AND (p.created_at, p.id) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``;
  const [pinned, rows] = await Promise.all([
    cursor
      ? Promise.resolve([])
      : queryRows<PostRow>(selectPosts(sql`${base} AND p.pinned_at IS NOT NULL`, sql`p.pinned_at DESC NULLS LAST, p.id`, PINNED_MAX, EXCERPT_LENGTH)),
    queryRows<PostRow>(
      selectPosts(sql`${base} AND p.pinned_at IS NULL ${after}`, sql`p.created_at DESC NULLS LAST, p.id DESC NULLS LAST`, POSTS_PAGE_SIZE + 1, EXCERPT_LENGTH),
    ),
  ]);
  const page = rows.slice(0, POSTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    pinned: pinned.map((row) => toCard(row, standing, viewer?.id ?? null)),
    items: page.map((row) => toCard(row, standing, viewer?.id ?? null)),
    nextCursor: rows.length > POSTS_PAGE_SIZE && last ? encodeListCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

/** One post or thread with its reactions, comments and (for staff and the author) its history; null when not readable. */
export async function getClubPost(viewer: Viewer | null, clubId: string, kind: PostKind, postId: string): Promise<ClubPostDetail | null> {
  const db = getDb();
  const { standing } = await requireClubAccess(db, viewer, clubId, kind === 'thread' ? 'take_part' : null);
  const viewerId = viewer?.id ?? null;
  const [row] = await queryRows<PostRow>(
    selectPosts(sql`p.id = ${postId} AND p.club_id = ${clubId} AND p.kind = ${kind} AND ${readableBy(standing, viewerId)}`, sql`p.id`, 1, null),
  );
  if (!row) return null;
  const moderator = can(standing, 'moderate_posts');
  const author = viewerId !== null && row.author_id === viewerId;
  const [comments, reactions, revisions] = await Promise.all([
    queryRows<{
      id: string;
      body: string;
      author_id: string | null;
      username: string | null;
      name: string | null;
      image: string | null;
      created_at: Date | string;
    }>(sql`
      SELECT c.id, c.body, c.author_id, u.username, u.name, u.image, c.created_at
      FROM club_post_comments c LEFT JOIN users u ON u.id = c.author_id
      WHERE c.post_id = ${postId} AND c.deleted_at IS NULL AND (c.author_id IS NULL OR u.suspended_at IS NULL)
      ORDER BY c.created_at, c.id LIMIT ${sql.raw(String(COMMENTS_MAX))}`),
    queryRows<{ kind: Reaction; n: number; mine: boolean }>(sql`
      SELECT kind, count(*)::int AS n, bool_or(user_id = ${viewerId ?? ''}) AS mine
      FROM club_post_reactions WHERE post_id = ${postId} GROUP BY kind`),
    moderator || author
      ? queryRows<{
          id: string;
          title: string;
          body: string;
          created_at: Date | string;
          username: string | null;
          name: string | null;
          image: string | null;
        }>(sql`
          SELECT r.id, r.title, r.body, r.created_at, u.username, u.name, u.image
          FROM club_post_revisions r LEFT JOIN users u ON u.id = r.editor_id
          WHERE r.post_id = ${postId} ORDER BY r.created_at DESC, r.id`)
      : Promise.resolve(null),
  ]);
  const card = toCard(row, standing, viewerId);
  const member = can(standing, 'take_part');
  const reader = (r: { username: string | null; name: string | null; image: string | null }) =>
    r.username ? { username: r.username, name: r.name ?? r.username, image: r.image } : null;
  return {
    ...card,
    body: row.body,
    bodyHtml: renderMarkdown(row.body),
    reactions: REACTIONS.map((kind) => {
      const given = reactions.find((r) => r.kind === kind);
      return { kind, count: Number(given?.n ?? 0), mine: Boolean(given?.mine) };
    }),
    comments: comments.map((c) => ({
      id: c.id,
      body: c.body,
      author: reader(c),
      createdAt: iso(c.created_at),
      mayDelete: moderator || (viewerId !== null && c.author_id === viewerId),
    })),
    revisions: revisions?.map((r) => ({ id: r.id, title: r.title, body: r.body, createdAt: iso(r.created_at), editor: reader(r) })) ?? null,
    may: { edit: moderator || (author && member), delete: moderator || author, pin: moderator, comment: member, react: member },
  };
}

/** The plans a post may be written for (not archived), lowest first — for those who may publish, else none. */
export async function listPostPlans(viewer: Viewer | null, clubId: string): Promise<PlanChoice[]> {
  const { club, standing } = await requireClubAccess(getDb(), viewer, clubId, null);
  if (!mayPublishPosts(club, standing)) return [];
  return queryRows<PlanChoice>(sql`SELECT id, name FROM club_plans WHERE club_id = ${clubId} AND archived_at IS NULL ORDER BY position, id`);
}

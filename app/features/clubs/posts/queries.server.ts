import { type SQL, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { REACTIONS, type Reaction } from '~/features/atts/vocabulary';
import { renderMarkdown, renderMarkdownExcerpt } from '~/lib/markdown';
import { isAppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { type MembershipStanding, can, mayPublishPosts } from '../policy';
import { requireClubAccess } from '../standing.server';
import type { PostKind, PostVisibility } from '../vocabulary';
import { clubPostPath } from './links';
import { PINNED_MAX } from './mutations.server';
import type { ClubPostCard, ClubPostDetail, ClubPostPage, PinnedClubPost, PlanChoice } from './types';
import { type ListCursor, encodeListCursor } from './validation';

/** Posts (or threads) per page; "Carregar mais" follows with the cursor. */
export const POSTS_PAGE_SIZE = 20;
/** Characters of a post shown in a list or among the pinned posts of the club's home, before "Ler tudo". */
export const EXCERPT_LENGTH = 280;
/** Comments per page under a post: the newest, oldest first; "Ver comentários anteriores" follows with the cursor. */
export const COMMENTS_PAGE_SIZE = 100;

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

/**
 * What the viewer is shown of `p` (club_posts) besides what they may read: not taken down by the moderation
 * (except to its author, who sees the notice), not by a suspended reader.
 */
function shownPost(viewerId: string | null): SQL {
  return sql`(p.hidden_at IS NULL OR p.author_id = ${viewerId ?? ''}) AND (p.author_id IS NULL OR u.suspended_at IS NULL)`;
}

/** The same for the comments `c` under a post: also not deleted. */
function shownComments(viewerId: string | null): SQL {
  return sql`c.deleted_at IS NULL AND (c.hidden_at IS NULL OR c.author_id = ${viewerId ?? ''})
    AND NOT EXISTS (SELECT 1 FROM users cu WHERE cu.id = c.author_id AND cu.suspended_at IS NOT NULL)`;
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
  hidden: boolean;
  comment_count: number;
  reaction_count: number;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** How much of a post's text a query brings: none (a list), an excerpt (the pinned posts) or all of it (one post). */
type BodyPart = 'none' | 'excerpt' | 'full';

function selectPosts(viewerId: string | null, where: SQL, order: SQL, limit: number, bodyPart: BodyPart) {
  const body = bodyPart === 'full' ? sql`p.body` : bodyPart === 'excerpt' ? sql`left(p.body, ${sql.raw(String(EXCERPT_LENGTH + 1))})` : sql`''`;
  return sql`
    SELECT p.id, p.kind, p.title, ${body} AS body,
      p.author_id, u.username, u.name, u.image, p.created_at,
      to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
      p.visibility, mp.id AS plan_id, mp.name AS plan_name, p.pinned_at, p.edited_at, p.hidden_at IS NOT NULL AS hidden,
      (SELECT count(*)::int FROM club_post_comments c WHERE c.post_id = p.id AND ${shownComments(viewerId)}) AS comment_count,
      (SELECT count(*)::int FROM club_post_reactions r WHERE r.post_id = p.id) AS reaction_count
    FROM club_posts p LEFT JOIN club_plans mp ON mp.id = p.min_plan_id LEFT JOIN users u ON u.id = p.author_id
    WHERE ${where} AND ${shownPost(viewerId)}
    ORDER BY ${order} LIMIT ${sql.raw(String(limit))}`;
}

function toCard(row: PostRow, standing: MembershipStanding | null, viewerId: string | null): ClubPostCard {
  const seesEdits = can(standing, 'moderate_posts') || (viewerId !== null && row.author_id === viewerId);
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    author: row.username ? { username: row.username, name: row.name ?? row.username, image: row.image } : null,
    createdAt: iso(row.created_at),
    visibility: row.visibility,
    minPlan: row.plan_id ? { id: row.plan_id, name: row.plan_name ?? '' } : null,
    pinned: row.pinned_at !== null,
    editedAt: seesEdits && row.edited_at ? iso(row.edited_at) : null,
    hidden: row.hidden,
    commentCount: Number(row.comment_count),
    reactionCount: Number(row.reaction_count),
  };
}

function toPinned(row: PostRow, standing: MembershipStanding | null, viewerId: string | null): PinnedClubPost {
  const excerpt = renderMarkdownExcerpt(row.body, EXCERPT_LENGTH);
  return { ...toCard(row, standing, viewerId), excerptHtml: excerpt.html, truncated: excerpt.truncated };
}

/** The plans a club post may be written for (not archived), lowest first. */
function planChoices(clubId: string): Promise<PlanChoice[]> {
  return queryRows<PlanChoice>(sql`SELECT id, name FROM club_plans WHERE club_id = ${clubId} AND archived_at IS NULL ORDER BY position, id`);
}

/**
 * A page of a club's posts (kind `post`, on /posts) or threads (kind `thread`, members only, on /comunidade):
 * the pinned ones above the first page, then the newest first. Only what the viewer may read, in the query.
 */
export async function listClubPosts(viewer: Viewer | null, clubId: string, kind: PostKind, cursor?: ListCursor): Promise<ClubPostPage> {
  const db = getDb();
  const { club, standing } = await requireClubAccess(db, viewer, clubId, kind === 'thread' ? 'take_part' : null);
  const viewerId = viewer?.id ?? null;
  const readable = readableBy(standing, viewerId);
  const base = sql`p.club_id = ${clubId} AND p.kind = ${kind} AND ${readable}`;
  const after = cursor ? sql`AND (p.created_at, p.id) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``;
  const listed = selectPosts(
    viewerId,
    sql`${base} AND p.pinned_at IS NULL ${after}`,
    sql`p.created_at DESC NULLS LAST, p.id DESC NULLS LAST`,
    POSTS_PAGE_SIZE + 1,
    'none',
  );
  const pinnedFirst = sql`p.pinned_at DESC NULLS LAST, p.id`;
  // The pinned posts (first page only) and the page in one statement; each part is put back in its order here.
  const [rows, plans] = await Promise.all([
    queryRows<PostRow>(
      cursor ? listed : sql`(${selectPosts(viewerId, sql`${base} AND p.pinned_at IS NOT NULL`, pinnedFirst, PINNED_MAX, 'excerpt')}) UNION ALL (${listed})`,
    ),
    kind === 'post' && mayPublishPosts(club, standing) ? planChoices(clubId) : [],
  ]);
  const pinned = rows.filter((row) => row.pinned_at !== null).sort((a, b) => +new Date(b.pinned_at!) - +new Date(a.pinned_at!) || a.id.localeCompare(b.id));
  const others = rows.filter((row) => row.pinned_at === null).sort((a, b) => b.cursor_at.localeCompare(a.cursor_at) || b.id.localeCompare(a.id));
  const page = others.slice(0, POSTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    pinned: pinned.map((row) => toPinned(row, standing, viewerId)),
    items: page.map((row) => toCard(row, standing, viewerId)),
    nextCursor: others.length > POSTS_PAGE_SIZE && last ? encodeListCursor({ at: last.cursor_at, id: last.id }) : null,
    plans,
  };
}

/**
 * One post or thread with its reactions, a page of its comments (the newest, or those before `commentsCursor`)
 * and (for staff and the author) its history; null when not readable.
 */
export async function getClubPost(
  viewer: Viewer | null,
  clubId: string,
  kind: PostKind,
  postId: string,
  commentsCursor?: ListCursor,
): Promise<ClubPostDetail | null> {
  const db = getDb();
  const { standing } = await requireClubAccess(db, viewer, clubId, kind === 'thread' ? 'take_part' : null);
  const viewerId = viewer?.id ?? null;
  const [row] = await queryRows<PostRow>(
    selectPosts(viewerId, sql`p.id = ${postId} AND p.club_id = ${clubId} AND p.kind = ${kind} AND ${readableBy(standing, viewerId)}`, sql`p.id`, 1, 'full'),
  );
  if (!row) return null;
  const moderator = can(standing, 'moderate_posts');
  const author = viewerId !== null && row.author_id === viewerId;
  const before = commentsCursor ? sql`AND (c.created_at, c.id) < (${commentsCursor.at}::timestamptz, ${commentsCursor.id})` : sql``;
  const mayEdit = moderator || (author && can(standing, 'take_part'));
  const [comments, reactions, revisions, plans] = await Promise.all([
    queryRows<{
      id: string;
      body: string;
      author_id: string | null;
      username: string | null;
      name: string | null;
      image: string | null;
      created_at: Date | string;
      cursor_at: string;
      hidden: boolean;
    }>(sql`
      SELECT c.id, c.body, c.author_id, u.username, u.name, u.image, c.created_at, c.hidden_at IS NOT NULL AS hidden,
        to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
      FROM club_post_comments c LEFT JOIN users u ON u.id = c.author_id
      WHERE c.post_id = ${postId} AND ${shownComments(viewerId)} ${before}
      ORDER BY c.created_at DESC, c.id DESC LIMIT ${sql.raw(String(COMMENTS_PAGE_SIZE + 1))}`),
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
    kind === 'post' && mayEdit ? planChoices(clubId) : [],
  ]);
  const card = toCard(row, standing, viewerId);
  const member = can(standing, 'take_part');
  const reader = (r: { username: string | null; name: string | null; image: string | null }) =>
    r.username ? { username: r.username, name: r.name ?? r.username, image: r.image } : null;
  // Fetched newest first to find where the page starts; shown oldest first.
  const page = comments.slice(0, COMMENTS_PAGE_SIZE).reverse();
  const oldest = page[0];
  return {
    ...card,
    body: row.body,
    bodyHtml: renderMarkdown(row.body),
    mine: author,
    reactions: REACTIONS.map((kind) => {
      const given = reactions.find((r) => r.kind === kind);
      return { kind, count: Number(given?.n ?? 0), mine: Boolean(given?.mine) };
    }),
    comments: page.map((c) => ({
      id: c.id,
      text: c.body,
      author: reader(c),
      createdAt: iso(c.created_at),
      mine: viewerId !== null && c.author_id === viewerId,
      hidden: c.hidden,
      mayDelete: moderator || (viewerId !== null && c.author_id === viewerId),
    })),
    olderComments: comments.length > COMMENTS_PAGE_SIZE && oldest ? encodeListCursor({ at: oldest.cursor_at, id: oldest.id }) : null,
    latestComments: commentsCursor === undefined,
    revisions: revisions?.map((r) => ({ id: r.id, title: r.title, body: r.body, createdAt: iso(r.created_at), editor: reader(r) })) ?? null,
    may: { edit: mayEdit, delete: moderator || author, pin: moderator, comment: member, react: member },
    plans,
  };
}

/** What a report of a post, thread or comment needs of it, and where the report queue links to. */
export type ClubPostReportTarget = { authorId: string | null; text: string; link: string };

/**
 * A post or thread as a report needs it, with the condition the reader must meet to see it: null when it is
 * missing or not for the viewer (the club is private to them, they are banned, it is for members or a plan),
 * so reporting it answers 404 exactly like a missing one.
 */
async function postForReport(viewer: Viewer, postId: string): Promise<{ row: PostRow; slug: string } | null> {
  const [found] = await queryRows<{ club_id: string; slug: string; kind: PostKind }>(
    sql`SELECT p.club_id, c.slug, p.kind FROM club_posts p JOIN clubs c ON c.id = p.club_id WHERE p.id = ${postId}`,
  );
  if (!found) return null;
  let standing: MembershipStanding | null;
  try {
    ({ standing } = await requireClubAccess(getDb(), viewer, found.club_id, found.kind === 'thread' ? 'take_part' : null));
  } catch (error) {
    if (isAppError(error) && (error.code === 'not_found' || error.code === 'forbidden')) return null;
    throw error;
  }
  const [row] = await queryRows<PostRow>(selectPosts(viewer.id, sql`p.id = ${postId} AND ${readableBy(standing, viewer.id)}`, sql`p.id`, 1, 'excerpt'));
  return row ? { row, slug: found.slug } : null;
}

/** A post or thread as a report needs it; null when the viewer may not see it. */
export async function getClubPostForReport(viewer: Viewer, postId: string): Promise<ClubPostReportTarget | null> {
  const post = await postForReport(viewer, postId);
  if (!post) return null;
  return { authorId: post.row.author_id, text: `${post.row.title} — ${post.row.body}`, link: clubPostPath(post.slug, post.row) };
}

/** A comment as a report needs it: only one the viewer is shown, under a post they may see. */
export async function getClubPostCommentForReport(viewer: Viewer, commentId: string): Promise<ClubPostReportTarget | null> {
  const [comment] = await queryRows<{ post_id: string; author_id: string | null; body: string }>(
    sql`SELECT c.post_id, c.author_id, c.body FROM club_post_comments c WHERE c.id = ${commentId} AND ${shownComments(viewer.id)}`,
  );
  const post = comment ? await postForReport(viewer, comment.post_id) : null;
  if (!comment || !post) return null;
  return { authorId: comment.author_id, text: comment.body, link: `${clubPostPath(post.slug, post.row)}#comentario-${commentId}` };
}

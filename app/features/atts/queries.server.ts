import { type SQL, sql } from 'drizzle-orm';
import { queryRows, rowCount } from '~/db/client.server';
import type { AuthorRef } from '~/features/catalog/types';
import type { StoredFile } from '~/integrations/storage/storage.server';
import { audienceOf, blockedEitherWay, feedAuthorShown, feedCandidatesOf, maySee, shownInFeed, visibleTo } from '~/features/social/audience.server';
import type { Visibility } from '~/features/social/vocabulary';
import type { Viewer } from '~/server/viewer.server';
import { ATTS_PAGE_SIZE, attImagePath, canDeleteComment } from './policy';
import { readAttImage } from './storage.server';
import type { AttCard, AttDetail, AttImage, AttPage, AttScope, ShownComment } from './types';
import { type AttCursor, encodeCursor } from './validation';
import type { Emotion, ProgressUnit } from '~/features/reading/vocabulary';
import { REACTIONS, type AttKind, type Reaction } from './vocabulary';

type AttRow = {
  id: string;
  kind: AttKind;
  text: string;
  spoiler: boolean;
  visibility: Visibility;
  created_at: string;
  author_id: string;
  username: string;
  name: string;
  image: string | null;
  edition_id: string;
  title: string;
  cover_url: string | null;
  first_author: AuthorRef | null;
  progress_value: number | null;
  progress_unit: ProgressUnit | null;
  progress_emotion: Emotion | null;
  hidden: boolean;
  images: { position: number; width: number; height: number }[];
  reactions: { kind: Reaction; count: number; mine: boolean }[];
  comment_count: number;
};

/**
 * Comments the viewer is shown: not deleted, not taken down (except to their own author, who sees the
 * moderation's notice), and none from someone in a blocked pair with them.
 */
function shownComments(viewerId: string | null): SQL {
  const notBlocked = viewerId ? sql`AND NOT ${blockedEitherWay(sql`c.author_id`, sql`${viewerId}`)}` : sql``;
  return sql`c.deleted_at IS NULL AND (c.hidden_at IS NULL OR c.author_id = ${viewerId ?? ''}) AND NOT EXISTS (SELECT 1 FROM users cu WHERE cu.id = c.author_id AND cu.suspended_at IS NOT NULL) ${notBlocked}`;
}

/**
 * Atts with their photos, reaction counts and comment count as the viewer is shown them, in one statement
 * whatever the page's length (a feed on /home shares a budget of ten). created_at travels as its exact JSON
 * text (microseconds), so a cursor compares equal to the stored value.
 */
const selectAtts = (viewerId: string | null) => sql`
  SELECT a.id, a.kind, a.text, a.spoiler, a.visibility, to_json(a.created_at) #>> '{}' AS created_at, a.author_id,
    u.username, u.name, u.image, e.id AS edition_id, e.title, e.cover_url,
    (SELECT json_build_object('id', au.id, 'slug', au.slug, 'name', au.name) FROM work_authors wa JOIN authors au ON au.id = wa.author_id WHERE wa.work_id = e.work_id ORDER BY wa.position LIMIT 1) AS first_author,
    p.value AS progress_value, p.unit AS progress_unit, p.emotion AS progress_emotion, a.hidden_at IS NOT NULL AS hidden,
    (SELECT coalesce(json_agg(json_build_object('position', ai.position, 'width', ai.width, 'height', ai.height) ORDER BY ai.position), '[]') FROM att_images ai WHERE ai.att_id = a.id) AS images,
    (SELECT coalesce(json_agg(json_build_object('kind', r.kind, 'count', r.count, 'mine', r.mine)), '[]')
      FROM (SELECT ar.kind, count(*)::int AS count, bool_or(ar.user_id = ${viewerId ?? ''}) AS mine FROM att_reactions ar WHERE ar.att_id = a.id GROUP BY ar.kind) r) AS reactions,
    (SELECT count(*)::int FROM att_comments c WHERE c.att_id = a.id AND ${shownComments(viewerId)}) AS comment_count
  FROM atts a
  JOIN users u ON u.id = a.author_id
  JOIN editions e ON e.id = a.edition_id
  LEFT JOIN progress_entries p ON p.id = a.progress_entry_id`;

function toCard(viewerId: string | null, row: AttRow): AttCard {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    spoiler: row.spoiler,
    visibility: row.visibility,
    createdAt: new Date(row.created_at).toISOString(),
    mine: row.author_id === viewerId,
    hidden: row.hidden,
    author: { id: row.author_id, username: row.username, name: row.name, image: row.image },
    edition: { id: row.edition_id, title: row.title, coverUrl: row.cover_url, authors: row.first_author ? [row.first_author] : [] },
    progress: row.progress_value != null && row.progress_unit ? { value: row.progress_value, unit: row.progress_unit, emotion: row.progress_emotion } : null,
    images: row.images.map((i): AttImage => ({ position: i.position, width: i.width, height: i.height, url: attImagePath(row.id, i.position) })),
    reactions: REACTIONS.map((kind) => {
      const found = row.reactions.find((r) => r.kind === kind);
      return { kind, count: Number(found?.count ?? 0), mine: found?.mine ?? false };
    }),
    commentCount: Number(row.comment_count),
  };
}

/**
 * A page of atts, newest first, each one the viewer may see (the audience's rule inside the query, so a
 * page is never short of what it hides): the `seguindo` feed (the viewer's own and those of whom they
 * follow), `todos`, one edition's or one reader's. Keyset pagination on (created_at, id): no duplicates, no
 * gaps. `limit` shortens the page (a profile's "Últimas atts"); `recentWindow` is how many of the site's atts
 * the `seguindo` feed looks through first (FEED_RECENT_WINDOW; the tests move it).
 */
export async function listAtts(
  viewer: Viewer | null,
  scope: AttScope,
  options: { withPhotos?: boolean; cursor?: AttCursor | null; limit?: number; recentWindow?: number } = {},
): Promise<AttPage> {
  const { recentWindow = FEED_RECENT_WINDOW } = options;
  const viewerId = viewer?.id ?? null;
  // The seguindo feed asks the audience once per author (followingPage); every other list, once per att.
  const conditions: SQL[] = [sql`a.hidden_at IS NULL`];
  if (scope.kind !== 'following') conditions.push(visibleTo(viewerId, sql`a.author_id`, sql`a.visibility`));
  if (scope.kind === 'edition') conditions.push(sql`a.edition_id = ${scope.editionId}`);
  if (scope.kind === 'author') conditions.push(sql`a.author_id = ${scope.authorId}`);
  if (scope.kind === 'marathon') conditions.push(inMarathon(scope.marathonId));
  if (options.withPhotos) conditions.push(sql`EXISTS (SELECT 1 FROM att_images ai WHERE ai.att_id = a.id)`);
  if (options.cursor) conditions.push(sql`(a.created_at, a.id) < (${options.cursor.createdAt}::timestamptz, ${options.cursor.id})`);
  const size = Math.min(options.limit ?? ATTS_PAGE_SIZE, ATTS_PAGE_SIZE);
  const where = sql.join(conditions, sql` AND `);
  const select = (ids: SQL) => queryRows<AttRow>(sql`${selectAtts(viewerId)} WHERE ${ids} ORDER BY a.created_at DESC, a.id DESC LIMIT ${size + 1}`);
  let rows: AttRow[];
  if (scope.kind !== 'following') rows = await select(where);
  else if (!viewerId) rows = [];
  else {
    // A full page (and one more, for the cursor) among the site's newest atts is the page; else each author is asked.
    rows = await select(sql`a.id IN (${followingRecentPage(viewerId, where, options.cursor ?? null, size + 1, recentWindow)})`);
    if (rows.length <= size) rows = await select(sql`a.id IN (${followingPage(viewerId, where, size + 1)})`);
  }
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    items: page.map((row) => toCard(viewerId, row)),
    nextCursor: rows.length > size && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/**
 * A marathon's feed: atts posted from the first minute of its first day to the last of its last day, in its time
 * zone (bounds the planner reads once, so the walk of atts_created_idx stops at the start), by someone taking part
 * in it (a probe of the participants' primary key per att).
 */
function inMarathon(marathonId: string): SQL {
  const day = (column: SQL) => sql`(SELECT (${column})::timestamp AT TIME ZONE m.time_zone FROM marathons m WHERE m.id = ${marathonId})`;
  return sql`a.created_at >= ${day(sql`m.starts_on`)} AND a.created_at < ${day(sql`m.ends_on + 1`)}
    AND EXISTS (SELECT 1 FROM marathon_participants mp WHERE mp.marathon_id = ${marathonId} AND mp.user_id = a.author_id AND mp.status = 'active')`;
}

/**
 * How many of the site's newest atts the `seguindo` feed looks through first. A reader who follows many
 * readers (each probed on their own index otherwise) usually finds a full page among them.
 */
export const FEED_RECENT_WINDOW = 2_000;

/**
 * The ids of the `seguindo` feed's page among the site's first `window` atts after the cursor, in the feed's
 * order (newest first, then by id): one walk of the index on (created_at, id, author_id), whoever wrote them.
 * Every other att after the cursor comes after all of them in that order, so when `limit` of the viewer's feed
 * are in it, they are its page; with fewer, `followingPage` answers (a second statement).
 */
function followingRecentPage(viewerId: string, conditions: SQL, cursor: AttCursor | null, limit: number, window: number): SQL {
  const after = cursor ? sql`WHERE (w.created_at, w.id) < (${cursor.createdAt}::timestamptz, ${cursor.id})` : sql``;
  return sql`SELECT c.id FROM (
      SELECT a.id, a.created_at, a.author_id, authors.own FROM (
        SELECT w.id, w.author_id FROM atts w ${after} ORDER BY w.created_at DESC, w.id DESC LIMIT ${rowCount(window)}
      ) recent
      JOIN (${feedCandidatesOf(viewerId)}) authors ON authors.id = recent.author_id
      JOIN atts a ON a.id = recent.id
      WHERE ${conditions} AND ${shownInFeed(sql`authors.own`, sql`a.visibility`)}
      ORDER BY a.created_at DESC, a.id DESC OFFSET 0
    ) c
    WHERE ${feedAuthorShown(viewerId, sql`c.author_id`, sql`c.own`)}
    ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit}`;
}

/**
 * The ids of the `seguindo` feed's page: the viewer's own atts and those of everyone they follow whom they may
 * see. A page can only hold atts of the `limit` authors whose latest shown att is the newest, so one index
 * probe per author on (author_id, created_at) ranks them, the audience is asked of them in that order only
 * until `limit` are kept (`feedAuthorShown`; OFFSET 0 keeps PostgreSQL from asking it of every author before
 * sorting), and only those authors' latest atts are merged. Scanning every att and keeping the followed ones
 * read 300,000 rows per /home on bench:reading's data.
 */
function followingPage(viewerId: string, conditions: SQL, limit: number): SQL {
  const shown = sql`${conditions} AND ${shownInFeed(sql`authors.own`, sql`a.visibility`)}`;
  return sql`SELECT x.id FROM (
      SELECT ranked.id, ranked.own FROM (
        SELECT authors.id, authors.own, latest.created_at, latest.id AS att_id FROM (${feedCandidatesOf(viewerId)}) authors
        CROSS JOIN LATERAL (SELECT a.created_at, a.id FROM atts a WHERE a.author_id = authors.id AND ${shown} ORDER BY a.created_at DESC, a.id DESC LIMIT 1) latest
        ORDER BY latest.created_at DESC, latest.id DESC OFFSET 0
      ) ranked
      WHERE ${feedAuthorShown(viewerId, sql`ranked.id`, sql`ranked.own`)}
      ORDER BY ranked.created_at DESC, ranked.att_id DESC LIMIT ${limit}
    ) authors
    CROSS JOIN LATERAL (
      SELECT a.id, a.created_at FROM atts a WHERE a.author_id = authors.id AND ${shown} ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit}
    ) x
    ORDER BY x.created_at DESC, x.id DESC LIMIT ${limit}`;
}

/** The att row if the viewer may see it: the audience decides; a taken-down att only for its author. */
async function visibleRow(viewerId: string | null, id: string): Promise<AttRow | null> {
  const [row] = await queryRows<AttRow>(sql`${selectAtts(viewerId)} WHERE a.id = ${id}`);
  if (!row || (row.hidden && row.author_id !== viewerId)) return null;
  const audience = await audienceOf(viewerId, row.author_id);
  return audience && maySee(audience, row.visibility) ? row : null;
}

/** /att/{id}: the att with its photos, reactions and comments; null when missing *or* not for this viewer. */
export async function getAtt(viewer: Viewer | null, id: string): Promise<AttDetail | null> {
  const viewerId = viewer?.id ?? null;
  const row = await visibleRow(viewerId, id);
  if (!row) return null;
  const comments = await queryRows<{
    id: string;
    text: string;
    created_at: string;
    author_id: string | null;
    username: string | null;
    name: string | null;
    image: string | null;
    hidden: boolean;
  }>(sql`
      SELECT c.id, c.text, to_json(c.created_at) #>> '{}' AS created_at, c.author_id, u.username, u.name, u.image, c.hidden_at IS NOT NULL AS hidden
      FROM att_comments c LEFT JOIN users u ON u.id = c.author_id
      WHERE c.att_id = ${id} AND ${shownComments(viewerId)}
      ORDER BY c.created_at, c.id`);
  return {
    ...toCard(viewerId, row),
    comments: comments.map((c): ShownComment => ({
      id: c.id,
      text: c.text,
      createdAt: new Date(c.created_at).toISOString(),
      author: c.username && c.name ? { username: c.username, name: c.name, image: c.image } : null,
      mine: viewerId !== null && c.author_id === viewerId,
      hidden: c.hidden,
      mayDelete: viewerId !== null && canDeleteComment(viewerId, { authorId: c.author_id }, { authorId: row.author_id }),
    })),
  };
}

/** One of an att's photos, for those who may see the att only: anyone else gets null, answered as 404. */
export async function getAttImage(viewer: Viewer | null, id: string, position: number, ifNoneMatch?: string): Promise<StoredFile | null> {
  const row = await visibleRow(viewer?.id ?? null, id);
  if (!row) return null;
  const [image] = await queryRows<{ storage_key: string }>(sql`SELECT storage_key FROM att_images WHERE att_id = ${id} AND position = ${position}`);
  return image ? readAttImage(image.storage_key, ifNoneMatch) : null;
}

/** An att as a report needs it: null when missing or not for the viewer (reporting it then answers 404). */
export async function getAttForReport(viewer: Viewer, id: string): Promise<{ authorId: string; text: string; editionTitle: string } | null> {
  const row = await visibleRow(viewer.id, id);
  return row ? { authorId: row.author_id, text: row.text, editionTitle: row.title } : null;
}

/** A comment as a report needs it: only one the viewer is shown, on an att they may see. */
export async function getAttCommentForReport(viewer: Viewer, id: string): Promise<{ authorId: string | null; text: string; attId: string } | null> {
  const [comment] = await queryRows<{ att_id: string; author_id: string | null; text: string }>(
    sql`SELECT c.att_id, c.author_id, c.text FROM att_comments c WHERE c.id = ${id} AND ${shownComments(viewer.id)}`,
  );
  if (!comment || !(await visibleRow(viewer.id, comment.att_id))) return null;
  return { authorId: comment.author_id, text: comment.text, attId: comment.att_id };
}

/**
 * The discussion of an LC (discussao, PRODUCT.md §F, decision 0068): one thread per etapa. Spoilers never leak:
 * every read of a comment's body goes through `gateSql`, in the same statement, so no page, `.data` URL,
 * notification or cached page can carry a comment the viewer has not reached. A participant reads an etapa's
 * thread once they passed the etapa (progress.server.ts) or chose "mostrar mesmo assim"; the hosts and site
 * admins read every thread; everyone else who sees the LC gets the threads' counts, never a body.
 */
import { type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { groupReadComments, groupReadStageMarks, notifications } from '~/db/schema';
import { blockedEitherWay } from '~/features/social/audience.server';
import { notify } from '~/features/social/mutations.server';
import { newId } from '~/lib/ids';
import { AppError, RateLimitError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import { formatWait, hitRateLimit } from '~/server/rate-limit.server';
import type { Viewer } from '~/server/viewer.server';
import { groupReadCacheTag } from './cache';
import { GROUP_READ_COMMENT_MAX, type GroupReadStanding, can } from './policy';
import { stageNumberSql, stageOpenSql, stagePassedSql } from './progress.server';
import { hostShownToSql } from './queries.server';
import { type GroupReadAccess, requireGroupReadAccess } from './standing.server';
import type { DiscussionComment, DiscussionOverview, DiscussionThread, DiscussionThreadPage } from './types';
import type { StageUnit } from './vocabulary';

/** Comments (top-level, each with its replies) on one page of a thread. */
export const THREAD_PAGE_SIZE = 20;
/** Replies shown under one comment at most. */
const REPLIES_MAX = 200;
/** Comments a reader writes in all LCs together in an hour (as on club posts, decision 0063). */
export const GROUP_READ_COMMENTS_PER_HOUR = 60;
export const GROUP_READ_COMMENTS_RATE_LIMIT = { name: 'group-read-comments', limit: GROUP_READ_COMMENTS_PER_HOUR, windowSeconds: 3600 } as const;

type Db = ReturnType<typeof getDb> | Tx;

/**
 * SQL: may the viewer read the bodies of the etapa `stage` names. The hosts and site admins: every etapa; an
 * active participant: the etapas they passed or revealed; anyone else: none.
 */
export function gateSql(viewer: Viewer | null, lc: Pick<GroupReadAccess, 'visibility'>, standing: GroupReadStanding, stage = 's'): SQL {
  if (standing.host || standing.siteAdmin) return sql`TRUE`;
  if (viewer && standing.status === 'active' && can(lc, standing, 'take_part')) return stageOpenSql(viewer.id, stage);
  return sql`FALSE`;
}

/** Whether the viewer reads along (and so may reveal an etapa). */
const readsAlong = (lc: Pick<GroupReadAccess, 'visibility'>, standing: GroupReadStanding) => standing.status === 'active' && can(lc, standing, 'take_part');

type ThreadRow = {
  id: string;
  position: number;
  edition_title: string;
  unit: StageUnit;
  from_number: number;
  to_number: number;
  starts_on: string;
  ends_on: string;
  comments: number;
  open: boolean;
  passed: boolean;
  /** One thread's (`only`): its top-level comments the viewer is shown, for its pages. */
  top_level: number | null;
};

const toThread = (row: ThreadRow, number: number): DiscussionThread => ({
  stageId: row.id,
  number,
  editionTitle: row.edition_title,
  unit: row.unit,
  fromNumber: row.from_number,
  toNumber: row.to_number,
  startsOn: String(row.starts_on).slice(0, 10),
  endsOn: String(row.ends_on).slice(0, 10),
  commentCount: row.comments,
  open: row.open,
  passed: row.passed,
});

/**
 * The etapas' threads in order, with their counts, in one statement; `only` (1-based) reads that one alone (the
 * etapa is picked before anything is counted), with the count of its top-level comments the viewer is shown. Counts are of the comments the viewer is shown
 * (shownCommentSql): what the thread lists, never a hidden comment, one of a hidden author, nor a reply left without its comment.
 */
async function threadRows(db: Db, viewer: Viewer | null, lc: GroupReadAccess, standing: GroupReadStanding, only?: number) {
  const gate = gateSql(viewer, lc, standing);
  const stages =
    only === undefined
      ? sql`group_read_stages`
      : sql`(SELECT * FROM group_read_stages WHERE group_read_id = ${lc.id} ORDER BY position OFFSET ${only - 1} LIMIT 1)`;
  const topLevel =
    only === undefined
      ? sql`NULL`
      : sql`(SELECT count(*)::int FROM group_read_comments c
          WHERE c.stage_id = s.id AND c.parent_id IS NULL AND ${gate} AND ${shownCommentSql(viewer)})`;
  return queryRows<ThreadRow>(
    sql`SELECT s.id, s.position, e.title AS edition_title, s.unit, s.from_number, s.to_number, s.starts_on::text, s.ends_on::text,
      (SELECT count(*)::int FROM group_read_comments c WHERE c.stage_id = s.id AND ${shownCommentSql(viewer)}) AS comments,
      ${gate} AS open,
      ${viewer ? stagePassedSql(viewer.id) : sql`FALSE`} AS passed,
      ${topLevel} AS top_level
    FROM ${stages} s JOIN editions e ON e.id = s.edition_id
    WHERE s.group_read_id = ${lc.id} ORDER BY s.position`,
    db,
  );
}

/** `discussao`: every etapa's thread with its count and whether the viewer may open it. */
export async function getDiscussion(viewer: Viewer | null, groupReadId: string): Promise<DiscussionOverview> {
  const { lc, standing } = await requireGroupReadAccess(getDb(), viewer, groupReadId, null);
  const rows = await threadRows(getDb(), viewer, lc, standing);
  return {
    threads: rows.map((row, i) => toThread(row, i + 1)),
    may: { comment: can(lc, standing, 'take_part'), reveal: readsAlong(lc, standing), moderate: can(lc, standing, 'manage') },
  };
}

type CommentRow = {
  id: string;
  parent_id: string | null;
  body: string;
  created_at: Date | string;
  author_id: string | null;
  username: string | null;
  name: string | null;
  image: string | null;
  pinned: boolean;
  hidden: boolean;
};

/**
 * The comments `c` (or `alias`) the viewer is shown, each on its own: not deleted, not hidden by the moderation
 * (decision 0072), by an author the viewer is shown — not a suspended reader, nor one in a block with the viewer
 * (PRODUCT.md §1.3, as atts and club posts). The viewer's own always, hidden or not (they see the notice).
 */
function shownOneSql(viewer: Viewer | null, alias: string): SQL {
  const c = sql.identifier(alias);
  const notSuspended = sql`NOT EXISTS (SELECT 1 FROM users cu WHERE cu.id = ${c}.author_id AND cu.suspended_at IS NOT NULL)`;
  if (!viewer) return sql`${c}.deleted_at IS NULL AND ${c}.hidden_at IS NULL AND ${notSuspended}`;
  return sql`${c}.deleted_at IS NULL AND (${c}.author_id = ${viewer.id}
    OR (${c}.hidden_at IS NULL AND ${notSuspended} AND NOT ${blockedEitherWay(sql`${c}.author_id`, sql`${viewer.id}`)}))`;
}

/**
 * The comments `c` a thread shows the viewer (bodies still behind `gateSql`): shown on their own (shownOneSql) and,
 * for a reply, under a comment the viewer is shown too — a reply of a deleted or hidden comment, or of one by a
 * suspended or blocked author, leaves with it. Every count and list of comments goes through this one predicate,
 * so the counts are what the thread shows.
 */
export function shownCommentSql(viewer: Viewer | null): SQL {
  return sql`${shownOneSql(viewer, 'c')} AND (c.parent_id IS NULL
    OR EXISTS (SELECT 1 FROM group_read_comments pc WHERE pc.id = c.parent_id AND ${shownOneSql(viewer, 'pc')}))`;
}

/**
 * One etapa's thread (`number`, 1-based) for the viewer: its comments (pinned first, then oldest first, a page of
 * top-level comments with their replies) only when the gate lets them read it, in the same statement; null for a
 * number the schedule does not have.
 */
export async function getThread(viewer: Viewer | null, groupReadId: string, number: number, page: number): Promise<DiscussionThreadPage | null> {
  const { lc, standing } = await requireGroupReadAccess(getDb(), viewer, groupReadId, null);
  const [row] = await threadRows(getDb(), viewer, lc, standing, number);
  if (!row) return null;
  const moderate = can(lc, standing, 'manage');
  const may = { comment: can(lc, standing, 'take_part') && row.open, reveal: readsAlong(lc, standing) && !row.open, moderate };
  const thread = toThread(row, number);
  const base = { thread, page, pageSize: THREAD_PAGE_SIZE, may, topLevelCount: row.top_level ?? 0 };
  // Closed to the viewer: no body to read (the statement below would find none either, through the gate).
  if (!row.open) return { ...base, comments: [] };
  const gate = sql`${gateSql(viewer, lc, standing)} AND ${shownCommentSql(viewer)}`;
  // One statement: the page of top-level comments, then their replies; top-level first in their order (pinned,
  // then oldest), each reply after them oldest first.
  const rows = await queryRows<CommentRow>(sql`
    WITH top AS (
      SELECT c.id, c.parent_id, c.body, c.created_at, c.author_id, c.pinned_at IS NOT NULL AS pinned, c.hidden_at IS NOT NULL AS hidden
      FROM group_read_stages s JOIN group_read_comments c ON c.stage_id = s.id
      WHERE s.id = ${row.id} AND ${gate} AND c.parent_id IS NULL
      ORDER BY c.pinned_at IS NULL, c.created_at, c.id
      LIMIT ${THREAD_PAGE_SIZE} OFFSET ${(page - 1) * THREAD_PAGE_SIZE}
    ), shown AS (
      SELECT * FROM top
      UNION ALL
      (SELECT c.id, c.parent_id, c.body, c.created_at, c.author_id, FALSE, c.hidden_at IS NOT NULL
      FROM group_read_stages s JOIN group_read_comments c ON c.stage_id = s.id
      WHERE s.id = ${row.id} AND ${gate} AND c.parent_id IN (SELECT id FROM top)
      ORDER BY c.created_at, c.id LIMIT ${REPLIES_MAX * THREAD_PAGE_SIZE})
    )
    SELECT x.id, x.parent_id, x.body, x.created_at, x.author_id, u.username, u.name, u.image, x.pinned, x.hidden
    FROM shown x LEFT JOIN users u ON u.id = x.author_id
    ORDER BY x.parent_id IS NOT NULL, NOT x.pinned, x.created_at, x.id`);
  const toComment = (c: CommentRow): DiscussionComment => ({
    id: c.id,
    body: c.body,
    createdAt: new Date(c.created_at).toISOString(),
    author: c.username ? { username: c.username, name: c.name ?? c.username, image: c.image } : null,
    mine: !!viewer && c.author_id === viewer.id,
    pinned: c.pinned,
    hidden: c.hidden,
    mayDelete: moderate || (!!viewer && c.author_id === viewer.id),
    replies: [],
  });
  const byId = new Map<string, DiscussionComment>();
  for (const c of rows) {
    if (c.parent_id === null) byId.set(c.id, toComment(c));
    else {
      const parent = byId.get(c.parent_id);
      if (parent && parent.replies.length < REPLIES_MAX) parent.replies.push(toComment(c));
    }
  }
  return { ...base, comments: [...byId.values()] };
}

/** The etapa of this LC (its number and whether the viewer may read its thread), or not_found. */
async function stageForViewer(db: Db, viewer: Viewer, lc: GroupReadAccess, standing: GroupReadStanding, stageId: string) {
  const [stage] = await queryRows<{ id: string; position: number; open: boolean; number: number }>(
    sql`SELECT s.id, s.position, ${gateSql(viewer, lc, standing)} AS open,
      ${stageNumberSql()} AS number
    FROM group_read_stages s WHERE s.id = ${stageId} AND s.group_read_id = ${lc.id}`,
    db,
  );
  if (!stage) throw new AppError('not_found');
  return stage;
}

/** Whether the LC hosted by `hostUserId` (null: a club's) may be shown to `readerId` (hostShownTo). */
async function hostShownToReader(tx: Tx, hostUserId: string | null, readerId: string): Promise<boolean> {
  if (!hostUserId) return true;
  const [row] = await queryRows<{ shown: boolean }>(sql`SELECT ${hostShownToSql(sql`${hostUserId}::text`, sql`${readerId}::text`)} AS shown`, tx);
  return Boolean(row?.shown);
}

export const threadPath = (slug: string, number: number, commentId?: string) =>
  `/lc/${slug}/discussao?etapa=${number}${commentId ? `#comentario-${commentId}` : ''}`;

/**
 * A comment (or a reply to `parentId`) in an etapa's thread, by a verified participant or host who may read it: an
 * etapa not reached is refused, so nobody writes blind into a thread they cannot read. Counts towards the hourly
 * limit inside the transaction. The author of the comment replied to hears of it — with a link, never the text.
 */
export async function addGroupReadComment(
  viewer: Viewer,
  groupReadId: string,
  input: { stageId: string; body: string; parentId: string | null },
): Promise<{ id: string; number: number }> {
  const body = input.body.trim();
  if (!body) throw new AppError('invalid_input', 'Escreva o comentário.', 'comment');
  if (body.length > GROUP_READ_COMMENT_MAX)
    throw new AppError('invalid_input', `Use no máximo ${GROUP_READ_COMMENT_MAX.toLocaleString('pt-BR')} caracteres.`, 'comment');
  const id = newId();
  const done = await getDb().transaction(async (tx) => {
    const { lc, standing } = await requireGroupReadAccess(tx, viewer, groupReadId, 'take_part');
    const stage = await stageForViewer(tx, viewer, lc, standing, input.stageId);
    if (!stage.open) throw new AppError('forbidden', 'Chegue a esta etapa na sua leitura (ou escolha “mostrar mesmo assim”) para comentar.');
    if (!viewer.emailVerified) throw new AppError('email_not_verified', 'Confirme seu e-mail para comentar: procure o link que enviamos para você.');
    let parent: { id: string; authorId: string | null } | null = null;
    if (input.parentId) {
      // A comment the writer is not shown in the thread (hidden, its author in a block with them…) cannot be answered either.
      const [found] = await queryRows<{ id: string; parent_id: string | null; author_id: string | null }>(
        sql`SELECT c.id, c.parent_id, c.author_id FROM group_read_comments c
          WHERE c.id = ${input.parentId} AND c.stage_id = ${stage.id} AND ${shownCommentSql(viewer)}`,
        tx,
      );
      if (!found) throw new AppError('not_found');
      // One level of replies: answering a reply answers its comment, and notifies the reply's author.
      parent = { id: found.parent_id ?? found.id, authorId: found.author_id };
    }
    const limit = await hitRateLimit(GROUP_READ_COMMENTS_RATE_LIMIT, viewer.id, 1, tx);
    if (!limit.ok)
      throw new RateLimitError(
        limit.retryAfterSeconds,
        `Você chegou ao limite de ${GROUP_READ_COMMENTS_PER_HOUR} comentários por hora nas LCs. Poderá comentar de novo daqui a ${formatWait(limit.retryAfterSeconds)}.`,
        'comment',
      );
    await tx.insert(groupReadComments).values({ id, groupReadId, stageId: stage.id, authorId: viewer.id, parentId: parent?.id ?? null, body });
    // Nor is anyone pointed to an LC whose host is hidden from them (suspended, or in a block with them).
    if (parent?.authorId && parent.authorId !== viewer.id && (await hostShownToReader(tx, lc.hostUserId, parent.authorId))) {
      await notify(
        {
          userId: parent.authorId,
          actorId: viewer.id,
          kind: 'group_read_reply',
          text: `@${viewer.username} respondeu ao seu comentário na etapa ${stage.number} da LC “${lc.title}”.`,
          link: threadPath(lc.slug, stage.number, id),
          data: { groupReadId, stageId: stage.id, commentId: id },
        },
        tx,
      );
    }
    return { id, number: stage.number };
  });
  // Visitors' copy of discussao shows the counts.
  await invalidateTags([groupReadCacheTag(groupReadId)]);
  return done;
}

/** Its author, a host or a site admin removes a comment (kept, marked deleted; its replies leave with it). */
export async function deleteGroupReadComment(viewer: Viewer, groupReadId: string, commentId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { lc, standing } = await requireGroupReadAccess(tx, viewer, groupReadId, null);
    const [comment] = await queryRows<{ author_id: string | null; open: boolean }>(
      sql`SELECT c.author_id, ${gateSql(viewer, lc, standing)} AS open FROM group_read_comments c JOIN group_read_stages s ON s.id = c.stage_id
        WHERE c.id = ${commentId} AND c.group_read_id = ${groupReadId} AND c.deleted_at IS NULL`,
      tx,
    );
    if (!comment || !comment.open) throw new AppError('not_found');
    if (comment.author_id !== viewer.id && !can(lc, standing, 'manage')) throw new AppError('forbidden', 'Você só pode apagar os seus comentários.');
    await tx.update(groupReadComments).set({ deletedAt: new Date() }).where(eq(groupReadComments.id, commentId));
  });
  await invalidateTags([groupReadCacheTag(groupReadId)]);
}

/**
 * The moderation hides a reported comment (or restores it), as atts' and club posts' comments (decision 0072):
 * then only its author is shown it, and with it its replies; it leaves every count, /home's "who commented", and
 * the reply notice pointing at it is withdrawn. Null when the comment is gone (deleted), else the HTML-cache tags to
 * drop once the moderation's transaction commits.
 */
export async function setGroupReadCommentHidden(tx: Tx, commentId: string, hidden: boolean): Promise<string[] | null> {
  const [comment] = await tx
    .update(groupReadComments)
    .set({ hiddenAt: hidden ? sql`coalesce(${groupReadComments.hiddenAt}, now())` : null, ...(hidden ? { pinnedAt: null } : {}) })
    .where(and(eq(groupReadComments.id, commentId), isNull(groupReadComments.deletedAt)))
    .returning({ groupReadId: groupReadComments.groupReadId, authorId: groupReadComments.authorId });
  if (!comment) return null;
  // The notice's actor is the comment's author (its index finds them); a removed author's went with their account.
  if (hidden && comment.authorId)
    await tx
      .delete(notifications)
      .where(
        and(eq(notifications.actorId, comment.authorId), eq(notifications.kind, 'group_read_reply'), sql`${notifications.data}->>'commentId' = ${commentId}`),
      );
  return [groupReadCacheTag(comment.groupReadId)];
}

/** Host tool: pin a top-level comment on its etapa's thread (one at a time: it replaces the pinned one), or unpin it. */
export async function pinGroupReadComment(viewer: Viewer, groupReadId: string, commentId: string, pin: boolean): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireGroupReadAccess(tx, viewer, groupReadId, 'manage');
    const [comment] = await tx
      .select({ stageId: groupReadComments.stageId, parentId: groupReadComments.parentId })
      .from(groupReadComments)
      .where(
        and(
          eq(groupReadComments.id, commentId),
          eq(groupReadComments.groupReadId, groupReadId),
          isNull(groupReadComments.deletedAt),
          isNull(groupReadComments.hiddenAt),
        ),
      );
    if (!comment) throw new AppError('not_found');
    if (comment.parentId) throw new AppError('invalid_input', 'Só um comentário (não uma resposta) pode ser fixado.');
    await tx.update(groupReadComments).set({ pinnedAt: null }).where(eq(groupReadComments.stageId, comment.stageId));
    if (pin) await tx.update(groupReadComments).set({ pinnedAt: new Date() }).where(eq(groupReadComments.id, commentId));
  });
}

/** "Mostrar mesmo assim": a participant opens an etapa's thread before reaching it (their choice, kept). */
export async function revealStage(viewer: Viewer, groupReadId: string, stageId: string): Promise<void> {
  const { lc, standing } = await requireGroupReadAccess(getDb(), viewer, groupReadId, 'take_part');
  if (!readsAlong(lc, standing)) throw new AppError('forbidden', 'Entre na LC para ler a discussão.');
  await stageForViewer(getDb(), viewer, lc, standing, stageId);
  await getDb().insert(groupReadStageMarks).values({ stageId, userId: viewer.id, kind: 'revealed' }).onConflictDoNothing();
}

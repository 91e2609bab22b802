import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { clubPlans, clubPostComments, clubPostReactions, clubPostRevisions, clubPosts } from '~/db/schema';
import type { Reaction } from '~/features/atts/vocabulary';
import { newId } from '~/lib/ids';
import { AppError, RateLimitError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import { enqueueJob } from '~/server/jobs.server';
import { type RateLimitRule, formatWait, hitRateLimit } from '~/server/rate-limit.server';
import type { Viewer } from '~/server/viewer.server';
import { clubPageTags } from '../cache';
import { touchClub } from '../mutations.server';
import { CLUB_COMMENTS_PER_HOUR, CLUB_POSTS_PER_HOUR, type MembershipStanding, can, canReadPost, mayPublishPosts } from '../policy';
import { requireClubAccess } from '../standing.server';
import type { PostKind } from '../vocabulary';
import { CLUB_POST_NOTIFY_JOB } from './notify.server';
import type { PostContentInput } from './validation';

/** Pinned posts (and, apart, pinned threads) a club keeps at most: the top of the list stays short. */
export const PINNED_MAX = 5;

type ThreadContent = { title: string; body: string };
/** What a publishing form gives: a post with its audience, or a thread (always for members). */
export type ClubPostContent = { kind: 'post'; content: PostContentInput } | { kind: 'thread'; content: ThreadContent };

export const CLUB_POSTS_RATE_LIMIT = { name: 'club-posts', limit: CLUB_POSTS_PER_HOUR, windowSeconds: 3600 } as const;
export const CLUB_COMMENTS_RATE_LIMIT = { name: 'club-comments', limit: CLUB_COMMENTS_PER_HOUR, windowSeconds: 3600 } as const;

/**
 * Counts one more post (or comment) of the reader in the hour, inside the writing transaction: it counts only if
 * the post is written; past the limit, a 429 with Retry-After (PRODUCT.md §1.5).
 */
async function countTowardsLimit(tx: Tx, viewer: Viewer, rule: RateLimitRule, what: string) {
  const limit = await hitRateLimit(rule, viewer.id, 1, tx);
  if (!limit.ok)
    throw new RateLimitError(
      limit.retryAfterSeconds,
      `Você chegou ao limite de ${rule.limit} ${what} por hora nos clubes. Poderá publicar de novo daqui a ${formatWait(limit.retryAfterSeconds)}.`,
    );
}

function requireVerified(viewer: Viewer, what: string): void {
  if (!viewer.emailVerified) throw new AppError('email_not_verified', `Confirme seu e-mail para ${what}: procure o link que enviamos para você.`);
}

/**
 * A post of the club as the viewer may reach it: missing, in another club, not for them or taken down by the
 * moderation (for all but its author) reads as not_found.
 */
async function readablePost(tx: Tx, clubId: string, postId: string, standing: MembershipStanding | null, viewer: Viewer) {
  const [post] = await tx
    .select({
      id: clubPosts.id,
      kind: clubPosts.kind,
      authorId: clubPosts.authorId,
      title: clubPosts.title,
      body: clubPosts.body,
      visibility: clubPosts.visibility,
      pinnedAt: clubPosts.pinnedAt,
      hiddenAt: clubPosts.hiddenAt,
      minPlanPosition: clubPlans.position,
    })
    .from(clubPosts)
    .leftJoin(clubPlans, eq(clubPlans.id, clubPosts.minPlanId))
    .where(and(eq(clubPosts.id, postId), eq(clubPosts.clubId, clubId)));
  if (!post || !canReadPost({ ...post, minPlanPosition: post.minPlanPosition ?? null }, standing, viewer.id)) throw new AppError('not_found');
  if (post.hiddenAt && post.authorId !== viewer.id) throw new AppError('not_found');
  return post;
}

/** A plan of this club that takes new posts: not another club's, not archived. */
async function checkPlan(tx: Tx, clubId: string, planId: string | null): Promise<void> {
  if (planId === null) return;
  const [plan] = await tx
    .select({ id: clubPlans.id })
    .from(clubPlans)
    .where(and(eq(clubPlans.id, planId), eq(clubPlans.clubId, clubId), isNull(clubPlans.archivedAt)));
  if (!plan) throw new AppError('invalid_input', 'Escolha um dos planos do clube.', 'minPlanId');
}

/**
 * A post on /posts (staff; members too when the club lets them) or a thread on /comunidade (any active member,
 * always for members). A post notifies the members who may read it, through a job (notify.server.ts).
 */
export async function createClubPost(viewer: Viewer, clubId: string, input: ClubPostContent): Promise<string> {
  const id = newId();
  await getDb().transaction(async (tx) => {
    const { club, standing } = await requireClubAccess(tx, viewer, clubId, input.kind === 'thread' ? 'open_thread' : null);
    if (input.kind === 'post' && !mayPublishPosts(club, standing)) {
      if (standing?.status === 'banned') throw new AppError('forbidden', 'Você foi banido deste clube.');
      throw new AppError('forbidden', club.membersCanPost ? 'Só membros do clube publicam posts aqui.' : 'Só a equipe do clube publica posts aqui.');
    }
    requireVerified(viewer, 'publicar');
    const audience = input.kind === 'post' ? input.content : { visibility: 'membros' as const, minPlanId: null };
    await checkPlan(tx, clubId, audience.minPlanId);
    await countTowardsLimit(tx, viewer, CLUB_POSTS_RATE_LIMIT, 'posts e tópicos');
    await tx.insert(clubPosts).values({
      id,
      clubId,
      authorId: viewer.id,
      kind: input.kind,
      title: input.content.title,
      body: input.content.body,
      visibility: audience.visibility,
      minPlanId: audience.minPlanId,
    });
    await touchClub(tx, clubId);
    if (input.kind === 'post') await enqueueJob(CLUB_POST_NOTIFY_JOB, { postId: id, after: null }, { tx, uniqueKey: `${CLUB_POST_NOTIFY_JOB}:${id}:` });
  });
  await invalidateTags(clubPageTags(clubId));
  return id;
}

/** Its author (still a member) or the club's moderators change a post; the text before is kept as a revision. */
export async function editClubPost(viewer: Viewer, clubId: string, postId: string, content: PostContentInput | ThreadContent): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { standing } = await requireClubAccess(tx, viewer, clubId, null);
    const post = await readablePost(tx, clubId, postId, standing, viewer);
    const mayEdit = can(standing, 'moderate_posts') || (post.authorId === viewer.id && can(standing, 'take_part'));
    if (!mayEdit) throw new AppError('forbidden', 'Só quem escreveu o post (ou a moderação do clube) pode editá-lo.');
    const audience = post.kind === 'post' && 'visibility' in content ? { visibility: content.visibility, minPlanId: content.minPlanId } : {};
    if ('minPlanId' in audience) await checkPlan(tx, clubId, audience.minPlanId ?? null);
    await tx.insert(clubPostRevisions).values({ id: newId(), postId, editorId: viewer.id, title: post.title, body: post.body });
    await tx
      .update(clubPosts)
      .set({ title: content.title, body: content.body, ...audience, editedAt: new Date() })
      .where(eq(clubPosts.id, postId));
  });
  await invalidateTags(clubPageTags(clubId));
}

/** Its author or the club's moderators delete a post, with its comments, reactions and history. */
export async function deleteClubPost(viewer: Viewer, clubId: string, postId: string): Promise<PostKind> {
  const kind = await getDb().transaction(async (tx) => {
    const { standing } = await requireClubAccess(tx, viewer, clubId, null);
    const post = await readablePost(tx, clubId, postId, standing, viewer);
    if (!can(standing, 'moderate_posts') && post.authorId !== viewer.id)
      throw new AppError('forbidden', 'Só quem escreveu o post (ou a moderação do clube) pode apagá-lo.');
    await tx.delete(clubPosts).where(eq(clubPosts.id, postId));
    return post.kind;
  });
  await invalidateTags(clubPageTags(clubId));
  return kind;
}

/** Moderators pin a post (or thread) to the top of its list, at most PINNED_MAX of each kind. */
export async function setClubPostPinned(viewer: Viewer, clubId: string, postId: string, pinned: boolean): Promise<void> {
  await getDb().transaction(async (tx) => {
    // The club's row is locked so two moderators cannot both take the last pinned place.
    const { standing } = await requireClubAccess(tx, viewer, clubId, 'moderate_posts', { lock: true });
    const post = await readablePost(tx, clubId, postId, standing, viewer);
    if (pinned && post.pinnedAt === null) {
      const [held] = await tx
        .select({ n: count() })
        .from(clubPosts)
        .where(and(eq(clubPosts.clubId, clubId), eq(clubPosts.kind, post.kind), isNotNull(clubPosts.pinnedAt)));
      if ((held?.n ?? 0) >= PINNED_MAX) throw new AppError('invalid_input', `O clube já tem ${PINNED_MAX} fixados: desafixe um antes.`);
    }
    await tx
      .update(clubPosts)
      .set({ pinnedAt: pinned ? sql`coalesce(${clubPosts.pinnedAt}, now())` : null })
      .where(eq(clubPosts.id, postId));
  });
  await invalidateTags(clubPageTags(clubId));
}

/** Active members comment on what they may read (≤ 2,000 characters). */
export async function addClubPostComment(viewer: Viewer, clubId: string, postId: string, body: string): Promise<string> {
  const id = newId();
  await getDb().transaction(async (tx) => {
    const { standing } = await requireClubAccess(tx, viewer, clubId, 'take_part');
    await readablePost(tx, clubId, postId, standing, viewer);
    requireVerified(viewer, 'comentar');
    await countTowardsLimit(tx, viewer, CLUB_COMMENTS_RATE_LIMIT, 'comentários');
    await tx.insert(clubPostComments).values({ id, postId, authorId: viewer.id, body });
    await touchClub(tx, clubId);
  });
  await invalidateTags(clubPageTags(clubId));
  return id;
}

/** Its author or the club's moderators remove a comment (kept, marked deleted, shown to no one). */
export async function deleteClubPostComment(viewer: Viewer, clubId: string, commentId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { standing } = await requireClubAccess(tx, viewer, clubId, null);
    const [comment] = await tx
      .select({ postId: clubPostComments.postId, authorId: clubPostComments.authorId })
      .from(clubPostComments)
      .where(and(eq(clubPostComments.id, commentId), isNull(clubPostComments.deletedAt)));
    if (!comment) throw new AppError('not_found');
    await readablePost(tx, clubId, comment.postId, standing, viewer);
    if (!can(standing, 'moderate_posts') && comment.authorId !== viewer.id) throw new AppError('forbidden', 'Você só pode apagar os seus comentários.');
    await tx.update(clubPostComments).set({ deletedAt: new Date() }).where(eq(clubPostComments.id, commentId));
  });
  await invalidateTags(clubPageTags(clubId));
}

/** One of each reaction per member on a post they may read: the same reaction again takes it back. */
export async function toggleClubPostReaction(viewer: Viewer, clubId: string, postId: string, kind: Reaction): Promise<{ reacted: boolean }> {
  const reacted = await getDb().transaction(async (tx) => {
    const { standing } = await requireClubAccess(tx, viewer, clubId, 'take_part');
    await readablePost(tx, clubId, postId, standing, viewer);
    const inserted = await tx
      .insert(clubPostReactions)
      .values({ postId, userId: viewer.id, kind })
      .onConflictDoNothing()
      .returning({ kind: clubPostReactions.kind });
    if (inserted.length > 0) return true;
    await tx
      .delete(clubPostReactions)
      .where(and(eq(clubPostReactions.postId, postId), eq(clubPostReactions.userId, viewer.id), eq(clubPostReactions.kind, kind)));
    return false;
  });
  await invalidateTags(clubPageTags(clubId));
  return { reacted };
}

/**
 * The site's moderation takes a post or thread down, or restores it (docs/decisions/0024; the moderation domain
 * authorizes the admin). Null when it no longer exists; otherwise the cache tags to drop once the caller commits.
 */
export async function setClubPostHidden(tx: Tx, postId: string, hidden: boolean): Promise<string[] | null> {
  const [post] = await tx
    .update(clubPosts)
    .set({ hiddenAt: hidden ? sql`coalesce(${clubPosts.hiddenAt}, now())` : null })
    .where(eq(clubPosts.id, postId))
    .returning({ clubId: clubPosts.clubId });
  return post ? clubPageTags(post.clubId) : null;
}

/** The same for a comment (its post's count shows on the visitors' cached list). */
export async function setClubPostCommentHidden(tx: Tx, commentId: string, hidden: boolean): Promise<string[] | null> {
  const [comment] = await tx
    .update(clubPostComments)
    .set({ hiddenAt: hidden ? sql`coalesce(${clubPostComments.hiddenAt}, now())` : null })
    .where(and(eq(clubPostComments.id, commentId), isNull(clubPostComments.deletedAt)))
    .returning({ postId: clubPostComments.postId });
  if (!comment) return null;
  const [post] = await tx.select({ clubId: clubPosts.clubId }).from(clubPosts).where(eq(clubPosts.id, comment.postId));
  return post ? clubPageTags(post.clubId) : [];
}

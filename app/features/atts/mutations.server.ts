import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { recordTaskEvent } from '~/features/tasks/record.server';
import { attComments, attImages, attReactions, atts, editions, progressEntries, readThroughs, shelfEntries } from '~/db/schema';
import { audienceOf, maySee } from '~/features/social/audience.server';
import { notify } from '~/features/social/mutations.server';
import type { Visibility } from '~/features/social/vocabulary';
import { newId } from '~/lib/ids';
import { AppError, RateLimitError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import { type NormalisedImage, checkUploadSizes, normaliseUploads } from '~/server/images.server';
import { formatWait, hitRateLimit } from '~/server/rate-limit.server';
import type { Viewer } from '~/server/viewer.server';
import { ATTS_PER_HOUR, ATT_IMAGES_INPUT, ATT_IMAGES_MAX, ATT_TEXT_MAX, COMMENT_TEXT_MAX, REACTION_EMOJI, canDeleteComment } from './policy';
import { storeAttImage } from './storage.server';
import { removeFiles } from '~/integrations/storage/storage.server';
import type { AttKind, Reaction } from './vocabulary';

/** The HTML-cache tag of an edition's atts tab (visitors' copy of /ed/{id}/atts). */
export const editionAttsCacheTag = (editionId: string) => `edition-atts:${editionId}`;

export const ATTS_RATE_LIMIT = { name: 'atts', limit: ATTS_PER_HOUR, windowSeconds: 3600 } as const;

export type NewAtt = {
  editionId: string;
  kind: AttKind;
  text: string;
  spoiler: boolean;
  visibility: Visibility;
  /** Up to four photos, as uploaded: checked and re-encoded here. */
  images: readonly Blob[];
  /** For `progress`: the update it was posted from (the viewer's own, of this edition). */
  progressEntryId?: string | null;
};

/** An att that passed every check and whose photos are re-encoded, ready to publish. */
export type PreparedAtt = { readonly authorId: string; readonly input: NewAtt; readonly images: readonly NormalisedImage[] };
/** Only what prepareAtt made may be published: no way around its checks. */
const preparedAtts = new WeakSet<PreparedAtt>();

/**
 * Everything that may refuse an att before anything is written: a verified e-mail, the text and photo
 * limits, 60 atts an hour (PRODUCT.md §1.5), the reader's image uploads an hour, each photo's type, size and
 * megapixels. The progress form runs it before logging the update, so a refused photo never leaves a
 * half-done submission behind.
 */
export async function prepareAtt(viewer: Viewer, input: NewAtt): Promise<PreparedAtt> {
  if (!viewer.emailVerified)
    throw new AppError('email_not_verified', 'Confirme seu e-mail para publicar atts: procure o link que enviamos para você (ou peça outro em Configurações).');
  if (input.text.length > ATT_TEXT_MAX) throw new AppError('invalid_input', `Use no máximo ${ATT_TEXT_MAX.toLocaleString('pt-BR')} caracteres.`, 'attText');
  if (input.images.length > ATT_IMAGES_MAX) throw new AppError('invalid_input', `Envie no máximo ${ATT_IMAGES_MAX} fotos.`, ATT_IMAGES_INPUT);
  checkUploadSizes(input.images, 'foto', ATT_IMAGES_INPUT);
  const limit = await hitRateLimit(ATTS_RATE_LIMIT, viewer.id);
  if (!limit.ok) {
    throw new RateLimitError(
      limit.retryAfterSeconds,
      `Você chegou ao limite de ${ATTS_PER_HOUR} atts por hora. Poderá publicar outra daqui a ${formatWait(limit.retryAfterSeconds)}.`,
    );
  }
  const images = await normaliseUploads(viewer, input.images, 'foto', ATT_IMAGES_INPUT);
  const att: PreparedAtt = { authorId: viewer.id, input, images };
  preparedAtts.add(att);
  return att;
}

/** What the att links to: the progress update it came from, or the reading the reader just finished. */
async function linkOf(viewer: Viewer, input: NewAtt): Promise<{ readThroughId: string | null; progressEntryId: string | null }> {
  if (input.kind === 'progress') {
    if (!input.progressEntryId) throw new AppError('invalid_input', 'Uma att de progresso sai de uma atualização de progresso.');
    const [entry] = await getDb()
      .select({ readThroughId: readThroughs.id })
      .from(progressEntries)
      .innerJoin(readThroughs, eq(readThroughs.id, progressEntries.readThroughId))
      .innerJoin(shelfEntries, eq(shelfEntries.id, readThroughs.shelfEntryId))
      .where(and(eq(progressEntries.id, input.progressEntryId), eq(shelfEntries.userId, viewer.id), eq(shelfEntries.editionId, input.editionId)));
    if (!entry) throw new AppError('not_found');
    return { readThroughId: entry.readThroughId, progressEntryId: input.progressEntryId };
  }
  if (input.kind === 'finished') {
    const [read] = await getDb()
      .select({ id: readThroughs.id })
      .from(readThroughs)
      .innerJoin(shelfEntries, eq(shelfEntries.id, readThroughs.shelfEntryId))
      .where(
        and(
          eq(shelfEntries.userId, viewer.id),
          eq(shelfEntries.editionId, input.editionId),
          eq(shelfEntries.status, 'read'),
          isNotNull(readThroughs.finishedOn),
        ),
      )
      .orderBy(desc(readThroughs.finishedOn), desc(readThroughs.createdAt))
      .limit(1);
    if (!read) throw new AppError('invalid_input', 'Marque o livro como lido para publicar que terminou.');
    return { readThroughId: read.id, progressEntryId: null };
  }
  return { readThroughId: null, progressEntryId: null };
}

/** Takes a prepared att out of the set: each may be published once, by its author. */
function claim(viewer: Viewer, att: PreparedAtt) {
  if (!preparedAtts.has(att) || att.authorId !== viewer.id) throw new AppError('forbidden');
  preparedAtts.delete(att);
}

type AttLink = Awaited<ReturnType<typeof linkOf>>;
/** An att's row, and the reader's "Publique uma att" tasks counting it (decision 0085), in the same transaction. */
async function insertAtt(tx: Tx, id: string, viewer: Viewer, input: NewAtt, link: AttLink) {
  await tx.insert(atts).values({
    id,
    authorId: viewer.id,
    editionId: input.editionId,
    ...link,
    kind: input.kind,
    text: input.text.trim(),
    spoiler: input.spoiler,
    visibility: input.visibility,
  });
  await recordTaskEvent(tx, viewer.id, 'att_published', 1, id);
}

/** Publishes a prepared att; `progressEntryId` names the update the progress form just logged. */
export async function publishAtt(viewer: Viewer, att: PreparedAtt, progressEntryId?: string): Promise<string> {
  claim(viewer, att);
  const input = progressEntryId ? { ...att.input, progressEntryId } : att.input;
  const [edition] = await getDb().select({ id: editions.id }).from(editions).where(eq(editions.id, input.editionId));
  if (!edition) throw new AppError('not_found');
  const link = await linkOf(viewer, input);
  const id = newId();
  // Files first: a row never points at a photo that is not stored. A failed insert leaves only unreachable files.
  const stored: (typeof attImages.$inferInsert)[] = [];
  for (const [i, image] of att.images.entries()) {
    stored.push({ attId: id, position: i + 1, storageKey: await storeAttImage(id, image.body, image.contentType), width: image.width, height: image.height });
  }
  await getDb().transaction(async (tx) => {
    await insertAtt(tx, id, viewer, input, link);
    if (stored.length) await tx.insert(attImages).values(stored);
  });
  await invalidateTags([editionAttsCacheTag(input.editionId)]);
  return id;
}

/**
 * Publishes a prepared review att inside the review's own transaction, so the review and its att go out
 * together or not at all ("Publicar também como att"). No photos: storing files must never hold a
 * transaction open. The review's publication drops `edition:{id}` after its commit, which every
 * /ed/{id}/… page carries, the atts tab included.
 */
export async function publishReviewAtt(tx: Tx, viewer: Viewer, att: PreparedAtt): Promise<string> {
  if (att.input.kind !== 'review' || att.images.length > 0) throw new AppError('invalid_input', 'A att de uma resenha sai sem fotos.');
  claim(viewer, att);
  const id = newId();
  await insertAtt(tx, id, viewer, att.input, { readThroughId: null, progressEntryId: null });
  return id;
}

/**
 * Posts an att (PRODUCT.md §C): from a progress update, a finished book or — for the reviews area — a
 * published review. Only verified readers; 60 an hour. Answers the new att's id.
 */
export async function postAtt(viewer: Viewer, input: NewAtt): Promise<string> {
  return publishAtt(viewer, await prepareAtt(viewer, input));
}

/** The att if the viewer may see it (the audience's rule; a taken-down att only for its author), else not_found. */
async function visibleAtt(viewer: Viewer, attId: string) {
  const [att] = await getDb()
    .select({ id: atts.id, authorId: atts.authorId, editionId: atts.editionId, visibility: atts.visibility, hiddenAt: atts.hiddenAt, title: editions.title })
    .from(atts)
    .innerJoin(editions, eq(editions.id, atts.editionId))
    .where(eq(atts.id, attId));
  if (!att || (att.hiddenAt && att.authorId !== viewer.id)) throw new AppError('not_found');
  const audience = await audienceOf(viewer.id, att.authorId);
  if (!audience || !maySee(audience, att.visibility)) throw new AppError('not_found');
  return att;
}

/** Only the author deletes an att; its photos go with it, rows and files. */
export async function deleteAtt(viewer: Viewer, attId: string): Promise<void> {
  const att = await visibleAtt(viewer, attId);
  if (att.authorId !== viewer.id) throw new AppError('forbidden', 'Só quem publicou a att pode apagá-la.');
  const images = await getDb().select({ key: attImages.storageKey }).from(attImages).where(eq(attImages.attId, attId));
  await getDb().delete(atts).where(eq(atts.id, attId));
  await removeFiles(images.map((i) => i.key));
  await invalidateTags([editionAttsCacheTag(att.editionId)]);
}

/** Adds the reaction, or takes it back when the viewer already gave it. Blocked pairs never get this far (404). */
export async function toggleReaction(viewer: Viewer, attId: string, kind: Reaction): Promise<{ reacted: boolean }> {
  const att = await visibleAtt(viewer, attId);
  const inserted = await getDb().insert(attReactions).values({ attId, userId: viewer.id, kind }).onConflictDoNothing().returning({ kind: attReactions.kind });
  if (inserted.length === 0) {
    await getDb()
      .delete(attReactions)
      .where(and(eq(attReactions.attId, attId), eq(attReactions.userId, viewer.id), eq(attReactions.kind, kind)));
    await invalidateTags([editionAttsCacheTag(att.editionId)]);
    return { reacted: false };
  }
  await invalidateTags([editionAttsCacheTag(att.editionId)]);
  if (att.authorId !== viewer.id) {
    await notify({
      userId: att.authorId,
      actorId: viewer.id,
      kind: 'att_reaction',
      text: `@${viewer.username} reagiu com ${REACTION_EMOJI[kind]} à sua att sobre “${att.title}”.`,
      link: `/att/${attId}`,
      data: { attId, reaction: kind },
    });
  }
  return { reacted: true };
}

/** A comment (≤ 2,000 characters) by a verified reader who may see the att; its author hears about it. */
export async function addComment(viewer: Viewer, attId: string, text: string): Promise<string> {
  const att = await visibleAtt(viewer, attId);
  if (!viewer.emailVerified) throw new AppError('email_not_verified', 'Confirme seu e-mail para comentar: procure o link que enviamos para você.');
  const body = text.trim();
  if (!body) throw new AppError('invalid_input', 'Escreva o comentário.', 'comment');
  if (body.length > COMMENT_TEXT_MAX) throw new AppError('invalid_input', `Use no máximo ${COMMENT_TEXT_MAX.toLocaleString('pt-BR')} caracteres.`, 'comment');
  const id = newId();
  await getDb().insert(attComments).values({ id, attId, authorId: viewer.id, text: body });
  await invalidateTags([editionAttsCacheTag(att.editionId)]);
  if (att.authorId !== viewer.id) {
    await notify({
      userId: att.authorId,
      actorId: viewer.id,
      kind: 'att_comment',
      text: `@${viewer.username} comentou na sua att sobre “${att.title}”.`,
      link: `/att/${attId}#comentarios`,
      data: { attId, commentId: id },
    });
  }
  return id;
}

/** The comment's author deletes it, and so does the att's author (their att, their thread). */
export async function deleteComment(viewer: Viewer, commentId: string): Promise<void> {
  const [comment] = await getDb()
    .select({ attId: attComments.attId, authorId: attComments.authorId })
    .from(attComments)
    .where(and(eq(attComments.id, commentId), isNull(attComments.deletedAt)));
  if (!comment) throw new AppError('not_found');
  const att = await visibleAtt(viewer, comment.attId);
  if (!canDeleteComment(viewer.id, comment, att)) throw new AppError('forbidden', 'Você só pode apagar os seus comentários (ou os da sua att).');
  await getDb().update(attComments).set({ deletedAt: new Date() }).where(eq(attComments.id, commentId));
  await invalidateTags([editionAttsCacheTag(att.editionId)]);
}

/**
 * Moderation takes an att down or restores it (docs/decisions/0024; the moderation domain authorizes the
 * admin). Null when the att no longer exists; otherwise the cache tags to drop once the caller commits.
 */
export async function setAttHidden(tx: Tx, attId: string, hidden: boolean): Promise<string[] | null> {
  const [att] = await tx
    .update(atts)
    .set({ hiddenAt: hidden ? sql`coalesce(${atts.hiddenAt}, now())` : null })
    .where(eq(atts.id, attId))
    .returning({ editionId: atts.editionId });
  return att ? [editionAttsCacheTag(att.editionId)] : null;
}

/** The same for a comment (its count shows on the edition's cached atts tab). */
export async function setAttCommentHidden(tx: Tx, commentId: string, hidden: boolean): Promise<string[] | null> {
  const [comment] = await tx
    .update(attComments)
    .set({ hiddenAt: hidden ? sql`coalesce(${attComments.hiddenAt}, now())` : null })
    .where(and(eq(attComments.id, commentId), isNull(attComments.deletedAt)))
    .returning({ attId: attComments.attId });
  if (!comment) return null;
  const [att] = await tx.select({ editionId: atts.editionId }).from(atts).where(eq(atts.id, comment.attId));
  return att ? [editionAttsCacheTag(att.editionId)] : [];
}

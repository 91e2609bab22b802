import { and, eq, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { recordTaskEvent, workOf } from '~/features/tasks/record.server';
import { reviews, shelfEntries } from '~/db/schema';
import { editionCacheTag } from '~/features/catalog/cache';
import type { Visibility } from '~/features/social/vocabulary';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import type { ReviewTraits } from './validation';
import { CONTENT_WARNING_MAX, MAX_CONTENT_WARNINGS, REVIEW_BODY_MAX } from '../vocabulary';

/** What the editor sends: the text, the spoiler flag and who may see it (validated by the caller's schema). */
export type ReviewInput = { body: string; spoiler: boolean; visibility: Visibility };

const tooLong = () => new AppError('invalid_input', `A resenha pode ter até ${REVIEW_BODY_MAX.toLocaleString('pt-BR')} caracteres.`, 'body');

/** The viewer's own entry of the edition, locked; a review always belongs to the reader's own entry. */
async function lockOwnEntry(tx: Tx, viewer: Viewer, editionId: string) {
  const [entry] = await tx
    .select({ id: shelfEntries.id })
    .from(shelfEntries)
    .where(and(eq(shelfEntries.userId, viewer.id), eq(shelfEntries.editionId, editionId)))
    .for('update');
  if (!entry) throw new AppError('invalid_input', 'Coloque o livro na sua estante antes de escrever a resenha.');
  return entry;
}

async function currentReview(tx: Tx, entryId: string) {
  const [row] = await tx.select({ visibility: reviews.visibility, publishedAt: reviews.publishedAt }).from(reviews).where(eq(reviews.shelfEntryId, entryId));
  return row;
}

/** Visitors' cached /ed/{id}/… pages show public reviews: drop them when one appears, changes or goes. */
async function dropPublicPages(editionId: string, touchedPublic: boolean) {
  if (touchedPublic) await invalidateTags([editionCacheTag(editionId)]);
}

/**
 * Saves what the reader is writing (the autosave and "Salvar rascunho"). The published text, if any, stays
 * as it is until "Publicar". Returns when it was saved.
 */
export async function saveReviewDraft(viewer: Viewer, editionId: string, input: ReviewInput): Promise<Date> {
  if (input.body.length > REVIEW_BODY_MAX) throw tooLong();
  return getDb().transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, viewer, editionId);
    const draft = { draftBody: input.body, draftSpoiler: input.spoiler, draftVisibility: input.visibility, draftSavedAt: sql`now()` };
    const [saved] = await tx
      .insert(reviews)
      .values({ shelfEntryId: entry.id, userId: viewer.id, editionId, ...draft })
      .onConflictDoUpdate({ target: reviews.shelfEntryId, set: draft })
      .returning({ savedAt: reviews.draftSavedAt });
    return saved?.savedAt ?? new Date();
  });
}

/**
 * Publishes the text in the editor (or updates the published review) and clears the draft. `alsoWithin` runs
 * in the same transaction (the review's att): both commit, or neither does.
 */
export async function publishReview(viewer: Viewer, editionId: string, input: ReviewInput, alsoWithin?: (tx: Tx) => Promise<unknown>): Promise<void> {
  const body = input.body.trim();
  if (body === '') throw new AppError('invalid_input', 'Escreva a resenha antes de publicar.', 'body');
  if (input.body.length > REVIEW_BODY_MAX) throw tooLong();
  const touchedPublic = await getDb().transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, viewer, editionId);
    const before = await currentReview(tx, entry.id);
    const published = {
      body: input.body,
      spoiler: input.spoiler,
      visibility: input.visibility,
      publishedAt: sql`coalesce(${reviews.publishedAt}, now())`,
      draftBody: null,
      draftSavedAt: null,
      draftSpoiler: input.spoiler,
      draftVisibility: input.visibility,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(reviews)
      .values({ shelfEntryId: entry.id, userId: viewer.id, editionId, ...published, publishedAt: sql`now()` })
      .onConflictDoUpdate({ target: reviews.shelfEntryId, set: published });
    // A publication counts in "Escreva uma resenha" once ever per book (its work: recordTaskEvent's once-ever keys) —
    // editing a published one, taking it down and publishing it again, another edition's review count nothing.
    if (before?.publishedAt == null) await recordTaskEvent(tx, viewer.id, 'review_written', 1, workOf(editionId));
    if (alsoWithin) await alsoWithin(tx);
    return input.visibility === 'publico' || (before?.publishedAt != null && before.visibility === 'publico');
  });
  await dropPublicPages(editionId, touchedPublic);
}

/** Takes the review down; its text goes back to the draft (unless a newer draft is there), so nothing is lost. */
export async function unpublishReview(viewer: Viewer, editionId: string): Promise<void> {
  const touchedPublic = await getDb().transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, viewer, editionId);
    const before = await currentReview(tx, entry.id);
    if (!before?.publishedAt) throw new AppError('invalid_input', 'Esta resenha não está publicada.');
    await tx
      .update(reviews)
      .set({
        draftBody: sql`coalesce(${reviews.draftBody}, ${reviews.body})`,
        draftSavedAt: sql`coalesce(${reviews.draftSavedAt}, now())`,
        body: null,
        publishedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(reviews.shelfEntryId, entry.id));
    return before.visibility === 'publico';
  });
  await dropPublicPages(editionId, touchedPublic);
}

/** Deletes the review, published text and draft alike (the page asks for confirmation first). */
export async function deleteReview(viewer: Viewer, editionId: string): Promise<void> {
  const touchedPublic = await getDb().transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, viewer, editionId);
    const [deleted] = await tx
      .delete(reviews)
      .where(eq(reviews.shelfEntryId, entry.id))
      .returning({ visibility: reviews.visibility, publishedAt: reviews.publishedAt });
    if (!deleted) throw new AppError('invalid_input', 'Não há resenha para excluir.');
    return deleted.publishedAt != null && deleted.visibility === 'publico';
  });
  await dropPublicPages(editionId, touchedPublic);
}

/** Moods, pacing and content warnings of the reader's entry (validated and normalised by the caller's schema). */
export async function setReadingTraits(viewer: Viewer, editionId: string, traits: ReviewTraits): Promise<void> {
  if (traits.contentWarnings.length > MAX_CONTENT_WARNINGS)
    throw new AppError('invalid_input', `Use no máximo ${MAX_CONTENT_WARNINGS} avisos de conteúdo.`, 'contentWarnings');
  if (traits.contentWarnings.some((tag) => tag.length > CONTENT_WARNING_MAX || tag.trim() === ''))
    throw new AppError('invalid_input', `Cada aviso pode ter até ${CONTENT_WARNING_MAX} caracteres.`, 'contentWarnings');
  const updated = await getDb()
    .update(shelfEntries)
    .set({ moods: traits.moods, pacing: traits.pacing, contentWarnings: traits.contentWarnings, updatedAt: sql`now()` })
    .where(and(eq(shelfEntries.userId, viewer.id), eq(shelfEntries.editionId, editionId)))
    .returning({ id: shelfEntries.id });
  if (updated.length === 0) throw new AppError('invalid_input', 'Coloque o livro na sua estante antes de escrever a resenha.');
  // The edition's public reviews show these next to the text.
  await invalidateTags([editionCacheTag(editionId)]);
}

/**
 * Moderation hides or restores a published review (docs/decisions/0024; the moderation domain authorizes the
 * admin). Null when there is no such review; otherwise the cache tags to drop once the caller commits.
 */
export async function setReviewHidden(tx: Tx, shelfEntryId: string, hidden: boolean): Promise<string[] | null> {
  const [review] = await tx
    .update(reviews)
    .set({ hiddenAt: hidden ? sql`coalesce(${reviews.hiddenAt}, now())` : null })
    .where(eq(reviews.shelfEntryId, shelfEntryId))
    .returning({ editionId: reviews.editionId });
  return review ? [editionCacheTag(review.editionId)] : null;
}

import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { changeRequests } from '~/db/schema';
import { COVER_FIELD } from '~/features/catalog/editable-fields';
import { readEditionFields } from '~/features/catalog/edits.server';
import { type StoredFile, isStorageKey } from '~/integrations/storage/storage.server';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { IMAGE_MAX_BYTES, countImageUploads, normaliseImage } from '~/server/images.server';
import type { Viewer } from '~/server/viewer.server';
import { proposedCoverPath, readProposedCover, storeProposedCover } from './cover-storage.server';
import { type CreatedChangeRequest, countChangeRequest, insertChangeRequest } from './mutations.server';
import { canCurate } from './policy';
import { COVER_INPUT } from './validation';

export type NewCoverRequest = { editionId: string; seen: string | null; file: File; note: string };

/**
 * A reader proposes a cover: the image follows the foundation's rules (type by content, ≤ 5 MB, re-encoded
 * WebP) and is stored privately until a curator approves it. A cover always waits for a curator, whatever
 * the reader's record (ADR 0015).
 */
/**
 * The cover the reader saw comes from their form, and a curator's page shows it as an image: only one of
 * our own uploads is kept, anything else counts as "no cover" (never someone else's URL in a curator's page).
 */
function seenCover(value: string | null): string | null {
  return value?.startsWith('/arquivos/') && isStorageKey(value.slice('/arquivos/'.length)) ? value : null;
}

export async function createCoverRequest(viewer: Viewer, input: NewCoverRequest): Promise<CreatedChangeRequest> {
  if (input.file.size > IMAGE_MAX_BYTES) throw new AppError('image_too_large', undefined, COVER_INPUT);
  await countChangeRequest(viewer);
  await countImageUploads(viewer, 1, COVER_INPUT);
  let image: Awaited<ReturnType<typeof normaliseImage>>;
  try {
    image = await normaliseImage(Buffer.from(await input.file.arrayBuffer()));
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, error.message, COVER_INPUT);
    throw error;
  }
  const id = newId();
  await storeProposedCover(id, image.body, image.contentType);
  const code = await getDb().transaction(async (tx) => {
    const live = await readEditionFields(tx, input.editionId, false);
    if (!live) throw new AppError('not_found', 'Essa edição não existe mais no catálogo.');
    const { code } = await insertChangeRequest(tx, viewer, {
      id,
      kind: 'edition_cover',
      editionId: input.editionId,
      targetLabel: live.title ?? '',
      changes: (code) => [{ field: COVER_FIELD, before: seenCover(input.seen), after: proposedCoverPath(code) }],
      note: input.note,
    });
    return code;
  });
  return { code, status: 'pending' };
}

/**
 * A request's proposed image, for its requester and for curators only: anyone else, and any request that
 * is not a cover, gets null (answered as 404, like a missing file).
 */
export async function getProposedCover(viewer: Viewer | null, code: string, ifNoneMatch?: string): Promise<StoredFile | null> {
  if (!viewer) return null;
  const [request] = await getDb()
    .select({ id: changeRequests.id, kind: changeRequests.kind, requesterId: changeRequests.requesterId })
    .from(changeRequests)
    .where(eq(changeRequests.code, code));
  if (request?.kind !== 'edition_cover' || (request.requesterId !== viewer.id && !canCurate(viewer))) return null;
  return readProposedCover(request.id, ifNoneMatch);
}

import { type Tx, getDb } from '~/db/client.server';
import { catalogChanges } from '~/db/schema';
import { readAuthorFields, readEditionFields } from '~/features/catalog/edits.server';
import { type MergeKind, lockMergePair, mergeCatalogRecords } from '~/features/catalog/merge.server';
import { newId } from '~/lib/ids';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { MERGED_INTO_FIELD, assertCurator } from './policy';

/** Merges `loserId` into `survivorId` in one transaction (curators and admins only), then drops the cached pages of both. */
export async function mergeRecords(viewer: Viewer, kind: MergeKind, loserId: string, survivorId: string): Promise<void> {
  assertCurator(viewer);
  const tags = await getDb().transaction((tx) => mergeWithHistory(tx, viewer, kind, loserId, survivorId, null));
  await invalidateTags(tags);
}

export const mergeEditions = (viewer: Viewer, loserId: string, survivorId: string) => mergeRecords(viewer, 'edition', loserId, survivorId);
export const mergeWorks = (viewer: Viewer, loserId: string, survivorId: string) => mergeRecords(viewer, 'work', loserId, survivorId);
export const mergeAuthors = (viewer: Viewer, loserId: string, survivorId: string) => mergeRecords(viewer, 'author', loserId, survivorId);

const readFieldsOf = (kind: MergeKind) => (kind === 'edition' ? readEditionFields : kind === 'author' ? readAuthorFields : null);

/**
 * The merge inside the caller's transaction (a direct merge, or an approved duplicate report), with its
 * history: one `merged_into` row for the merged record and one row per field of the survivor the merge
 * filled. Returns the HTML-cache tags to drop after the commit.
 */
export async function mergeWithHistory(
  tx: Tx,
  actor: Viewer,
  kind: MergeKind,
  loserId: string,
  survivorId: string,
  changeRequestId: string | null,
): Promise<string[]> {
  // Locked before reading, so the "before" of each filled field is the value the merge replaced.
  await lockMergePair(tx, kind, loserId, survivorId);
  const readFields = readFieldsOf(kind);
  const before: Record<string, string | null> | null = readFields ? await readFields(tx, survivorId, false) : null;
  const { loserLabel, tags } = await mergeCatalogRecords(tx, kind, loserId, survivorId);
  const row = { actorId: actor.id, changeRequestId };
  await tx
    .insert(catalogChanges)
    .values({ id: newId(), entityType: kind, entityId: loserId, field: MERGED_INTO_FIELD, before: loserLabel, after: survivorId, ...row });
  const after: Record<string, string | null> | null = readFields ? await readFields(tx, survivorId, false) : null;
  if (before && after && kind !== 'work') {
    for (const [field, value] of Object.entries(after)) {
      if (field === 'workId' || (before[field] ?? null) === value) continue;
      await tx
        .insert(catalogChanges)
        .values({ id: newId(), entityType: kind, entityId: survivorId, field, before: before[field] ?? null, after: value, ...row });
    }
  }
  return tags;
}

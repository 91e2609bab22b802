import { and, eq, or } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { blocks, follows, users } from '~/db/schema';
import { admitReturningReaders } from '~/features/lcs/participants.server';
import { recountPairInboxes } from '~/features/whispers/inbox.server';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';

/**
 * Blocks a reader (PRODUCT.md §1.3): follows and requests both ways end, and from then on each is hidden from
 * the other (audience.server.ts reads the row either way). The blocked reader is not told.
 */
export async function blockReader(viewer: Viewer, blockedId: string): Promise<void> {
  if (blockedId === viewer.id) throw new AppError('invalid_input', 'Você não pode bloquear a si mesmo.');
  const [target] = await getDb().select({ id: users.id }).from(users).where(eq(users.id, blockedId));
  if (!target) throw new AppError('not_found', 'Não encontramos esse leitor.');
  await getDb().transaction(async (tx) => {
    await tx.insert(blocks).values({ blockerId: viewer.id, blockedId }).onConflictDoNothing();
    await tx
      .delete(follows)
      .where(
        or(
          and(eq(follows.followerId, viewer.id), eq(follows.followeeId, blockedId)),
          and(eq(follows.followerId, blockedId), eq(follows.followeeId, viewer.id)),
        ),
      );
    // Their conversation is hidden from both now: both headers' whisper counts change.
    await recountPairInboxes([viewer.id, blockedId], tx);
  });
}

/** Lifts the viewer's own block; a block the other reader made stays (and so does its effect). */
export async function unblockReader(viewer: Viewer, blockedId: string): Promise<void> {
  const deleted = await getDb()
    .delete(blocks)
    .where(and(eq(blocks.blockerId, viewer.id), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId });
  if (deleted.length === 0) throw new AppError('not_found', 'Você não bloqueou esse leitor.');
  // Their conversation comes back to both (unless the other's own block stands): both headers recount.
  await recountPairInboxes([viewer.id, blockedId]);
  // Either may be waiting for an LC of the other's that passed them over while the block stood.
  await admitReturningReaders([viewer.id, blockedId]);
}

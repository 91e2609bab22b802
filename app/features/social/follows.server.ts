import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { follows, users } from '~/db/schema';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { isBlockedPair } from './audience.server';
import { notify } from './mutations.server';
import { forgetSuggestions } from './suggestions.server';

export type FollowStatus = 'accepted' | 'pending';

/** A reader another may follow: exists, has a username and is not suspended; anything else is "not found". */
async function followableReader(id: string) {
  const [row] = await getDb()
    .select({ id: users.id, username: users.username, profileVisibility: users.profileVisibility })
    .from(users)
    .where(and(eq(users.id, id), sql`${users.suspendedAt} IS NULL`, sql`${users.username} IS NOT NULL`));
  if (!row?.username) throw new AppError('not_found', 'Não encontramos esse leitor.');
  return { ...row, username: row.username };
}

/**
 * Follows a reader: at once for a `publico` profile, as a request for a `restrito` one (PRODUCT.md §1.3).
 * Following again changes nothing. A blocked pair is answered like a missing reader.
 */
export async function followReader(viewer: Viewer, followeeId: string): Promise<FollowStatus> {
  if (followeeId === viewer.id) throw new AppError('invalid_input', 'Você não pode seguir a si mesmo.');
  if (!viewer.username) throw new AppError('invalid_input', 'Complete seu cadastro (escolha um nome de usuário) antes de seguir alguém.');
  const followee = await followableReader(followeeId);
  if (await isBlockedPair(viewer.id, followeeId)) throw new AppError('not_found', 'Não encontramos esse leitor.');
  const status: FollowStatus = followee.profileVisibility === 'restrito' ? 'pending' : 'accepted';
  forgetSuggestions(viewer.id);
  return getDb().transaction(async (tx) => {
    const inserted = await tx.insert(follows).values({ followerId: viewer.id, followeeId, status }).onConflictDoNothing().returning({ status: follows.status });
    if (inserted.length === 0) {
      const [existing] = await tx
        .select({ status: follows.status })
        .from(follows)
        .where(and(eq(follows.followerId, viewer.id), eq(follows.followeeId, followeeId)));
      return existing?.status ?? status;
    }
    await notify(
      status === 'pending'
        ? {
            userId: followeeId,
            actorId: viewer.id,
            kind: 'follow_request',
            text: `@${viewer.username} pediu para seguir você.`,
            link: `/u/${followee.username}/seguidores`,
            data: { followerId: viewer.id },
          }
        : {
            userId: followeeId,
            actorId: viewer.id,
            kind: 'follow',
            text: `@${viewer.username} começou a seguir você.`,
            link: `/u/${viewer.username}`,
            data: { followerId: viewer.id },
          },
      tx,
    );
    return status;
  });
}

async function deleteFollow(followerId: string, followeeId: string, status: FollowStatus, missing: string): Promise<void> {
  const deleted = await getDb()
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId), eq(follows.status, status)))
    .returning({ followerId: follows.followerId });
  if (deleted.length === 0) throw new AppError('not_found', missing);
  forgetSuggestions(followerId);
}

export async function unfollowReader(viewer: Viewer, followeeId: string): Promise<void> {
  await deleteFollow(viewer.id, followeeId, 'accepted', 'Você não segue esse leitor.');
}

export async function cancelFollowRequest(viewer: Viewer, followeeId: string): Promise<void> {
  await deleteFollow(viewer.id, followeeId, 'pending', 'Não há pedido para cancelar.');
}

/** The owner of a profile approves a pending request to follow them; the requester is told. */
export async function approveFollower(viewer: Viewer, followerId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const approved = await tx
      .update(follows)
      .set({ status: 'accepted' })
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, viewer.id), eq(follows.status, 'pending')))
      .returning({ followerId: follows.followerId });
    if (approved.length === 0) throw new AppError('not_found', 'Esse pedido não existe mais.');
    forgetSuggestions(followerId);
    await notify(
      {
        userId: followerId,
        actorId: viewer.id,
        kind: 'follow_approved',
        text: `@${viewer.username} aprovou seu pedido para seguir.`,
        link: `/u/${viewer.username}`,
        data: { followeeId: viewer.id },
      },
      tx,
    );
  });
}

/** Declines a pending request quietly: the requester is not told, and may ask again. */
export async function rejectFollower(viewer: Viewer, followerId: string): Promise<void> {
  await deleteFollow(followerId, viewer.id, 'pending', 'Esse pedido não existe mais.');
}

/** Takes an accepted follower off the viewer's followers, without blocking them. */
export async function removeFollower(viewer: Viewer, followerId: string): Promise<void> {
  await deleteFollow(followerId, viewer.id, 'accepted', 'Esse leitor não segue você.');
}

import { and, asc, eq, sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { groupReadEditions, groupReadParticipants, groupReads, users } from '~/db/schema';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { isBlockedPair } from '~/features/social/audience.server';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { groupReadPageTags } from './cache';
import { notifyInvitation } from './notices.server';
import { can, phaseOf } from './policy';
import { type GroupReadAccess, requireGroupReadAccess } from './standing.server';

/**
 * Places in an LC (PRODUCT.md §F): joining up to the cap, the waiting list past it (admitted in order as places
 * open), invitations, leaving, removing and banning. Every function runs under the LC's row lock, so concurrent
 * joins never take more places than the cap (and the table's check refuses it besides).
 */

const hasRoom = (lc: { participantCap: number | null; participantCount: number }) => lc.participantCap === null || lc.participantCount < lc.participantCap;

type PlaceValues = Pick<typeof groupReadParticipants.$inferInsert, 'status' | 'waitingPosition' | 'statusAt' | 'joinedAt'>;

/** Gives a reader their new place: the invitation's row when there is one (`exists`), else a new row. */
async function setPlace(tx: Tx, groupReadId: string, userId: string, values: PlaceValues, exists: boolean): Promise<void> {
  if (!exists) {
    await tx.insert(groupReadParticipants).values({ groupReadId, userId, ...values });
    return;
  }
  await tx
    .update(groupReadParticipants)
    .set(values)
    .where(and(eq(groupReadParticipants.groupReadId, groupReadId), eq(groupReadParticipants.userId, userId)));
}

async function activate(tx: Tx, lc: GroupReadAccess, userId: string, exists: boolean): Promise<void> {
  await setPlace(tx, lc.id, userId, { status: 'active', waitingPosition: null, statusAt: new Date(), joinedAt: new Date() }, exists);
  await tx
    .update(groupReads)
    .set({ participantCount: sql`${groupReads.participantCount} + 1` })
    .where(eq(groupReads.id, lc.id));
  lc.participantCount++;
}

async function putOnWaitingList(tx: Tx, lc: GroupReadAccess, userId: string, exists: boolean): Promise<void> {
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${groupReadParticipants.waitingPosition}), 0)::int` })
    .from(groupReadParticipants)
    .where(and(eq(groupReadParticipants.groupReadId, lc.id), eq(groupReadParticipants.status, 'waiting')));
  await setPlace(tx, lc.id, userId, { status: 'waiting', waitingPosition: (last?.n ?? 0) + 1, statusAt: new Date() }, exists);
}

/** Lets the waiting list in, first come first served, while the LC has room (its row locked by the caller). */
export async function admitWaiting(tx: Tx, groupReadId: string): Promise<string[]> {
  const [lc] = await tx
    .select({ participantCap: groupReads.participantCap, participantCount: groupReads.participantCount })
    .from(groupReads)
    .where(eq(groupReads.id, groupReadId));
  if (!lc) return [];
  const room = lc.participantCap === null ? Number.MAX_SAFE_INTEGER : lc.participantCap - lc.participantCount;
  if (room <= 0) return [];
  const next = await tx
    .select({ userId: groupReadParticipants.userId })
    .from(groupReadParticipants)
    .where(and(eq(groupReadParticipants.groupReadId, groupReadId), eq(groupReadParticipants.status, 'waiting')))
    .orderBy(asc(groupReadParticipants.waitingPosition))
    .limit(Math.min(room, 1000));
  for (const { userId } of next) {
    await tx
      .update(groupReadParticipants)
      .set({ status: 'active', waitingPosition: null, statusAt: new Date(), joinedAt: new Date() })
      .where(and(eq(groupReadParticipants.groupReadId, groupReadId), eq(groupReadParticipants.userId, userId)));
  }
  if (next.length > 0)
    await tx
      .update(groupReads)
      .set({ participantCount: sql`${groupReads.participantCount} + ${next.length}` })
      .where(eq(groupReads.id, groupReadId));
  return next.map((row) => row.userId);
}

async function hostUserIds(tx: Tx, lc: GroupReadAccess): Promise<string[]> {
  if (lc.hostUserId) return [lc.hostUserId];
  const rows = await queryRows<{ userId: string }>(
    sql`SELECT user_id AS "userId" FROM club_members WHERE club_id = ${lc.hostClubId} AND status = 'active' AND role IN ('owner', 'admin')`,
    tx,
  );
  return rows.map((row) => row.userId);
}

export type JoinOutcome = 'joined' | 'waiting';

/**
 * "Participar": a place while the LC has room, else the end of the waiting list; an invited reader accepts the
 * same way. An LC already over takes no one; a reader blocked by the host is refused. The LC's books go on the
 * reader's "quero ler" unless they already have them on their bookshelf.
 */
export async function joinGroupRead(viewer: Viewer, groupReadId: string): Promise<JoinOutcome> {
  const outcome = await getDb().transaction(async (tx) => {
    const { lc, standing } = await requireGroupReadAccess(tx, viewer, groupReadId, null, { lock: true });
    if (standing.status === 'active') throw new AppError('invalid_input', 'Você já participa desta LC.');
    if (standing.status === 'waiting') throw new AppError('invalid_input', 'Você já está na lista de espera desta LC.');
    if (standing.status === 'banned') throw new AppError('forbidden', 'Você foi removido desta LC.');
    if (!can(lc, standing, 'join')) {
      throw new AppError('forbidden', lc.visibility === 'clube' ? 'Só membros do clube podem participar desta LC.' : 'Você não pode participar desta LC.');
    }
    if (phaseOf(lc) === 'encerrada') throw new AppError('invalid_input', 'Esta LC já terminou.');
    for (const hostId of await hostUserIds(tx, lc)) {
      if (hostId !== viewer.id && (await isBlockedPair(hostId, viewer.id, tx))) throw new AppError('forbidden', 'Você não pode participar desta LC.');
    }
    const exists = standing.status === 'invited';
    if (hasRoom(lc)) {
      await activate(tx, lc, viewer.id, exists);
      return 'joined' as const;
    }
    await putOnWaitingList(tx, lc, viewer.id, exists);
    return 'waiting' as const;
  });
  const books = await getDb()
    .select({ editionId: groupReadEditions.editionId })
    .from(groupReadEditions)
    .where(eq(groupReadEditions.groupReadId, groupReadId))
    .orderBy(asc(groupReadEditions.position));
  for (const { editionId } of books) await setShelfStatus(viewer, editionId, 'want_to_read', { onlyIfAbsent: true });
  await invalidateTags(groupReadPageTags(groupReadId));
  return outcome;
}

/** Leaves the LC, gives up a place on the waiting list, or declines an invitation; a freed place goes to the waiting list. */
export async function leaveGroupRead(viewer: Viewer, groupReadId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { lc } = await requireGroupReadAccess(tx, viewer, groupReadId, 'leave', { lock: true });
    await dropParticipant(tx, lc.id, viewer.id);
  });
  await invalidateTags(groupReadPageTags(groupReadId));
}

/**
 * Takes a reader's row out of an LC whose row the caller has locked; only a place that was really taken frees
 * one for the waiting list.
 */
export async function dropParticipant(tx: Tx, groupReadId: string, userId: string): Promise<void> {
  const [dropped] = await tx
    .delete(groupReadParticipants)
    .where(and(eq(groupReadParticipants.groupReadId, groupReadId), eq(groupReadParticipants.userId, userId)))
    .returning({ status: groupReadParticipants.status });
  if (dropped?.status !== 'active') return;
  await tx
    .update(groupReads)
    .set({ participantCount: sql`${groupReads.participantCount} - 1` })
    .where(eq(groupReads.id, groupReadId));
  await admitWaiting(tx, groupReadId);
}

/** Host tools: takes a reader out of the LC (a place, the waiting list or an invitation); `ban` keeps them out. */
export async function removeParticipant(viewer: Viewer, groupReadId: string, userId: string, ban: boolean): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { lc } = await requireGroupReadAccess(tx, viewer, groupReadId, 'manage', { lock: true });
    const [row] = await tx
      .select({ status: groupReadParticipants.status })
      .from(groupReadParticipants)
      .where(and(eq(groupReadParticipants.groupReadId, groupReadId), eq(groupReadParticipants.userId, userId)));
    if (!row || (row.status === 'banned' && ban)) throw new AppError('invalid_input', 'Esse leitor não está na LC.');
    if (row.status === 'banned') {
      await tx.delete(groupReadParticipants).where(and(eq(groupReadParticipants.groupReadId, groupReadId), eq(groupReadParticipants.userId, userId)));
      return;
    }
    await dropParticipant(tx, lc.id, userId);
    if (ban) await tx.insert(groupReadParticipants).values({ groupReadId, userId, status: 'banned', statusAt: new Date() });
  });
  await invalidateTags(groupReadPageTags(groupReadId));
}

/** Host tools: invites a reader by username; the invitation waits on their /lc page (and opens a private LC to them). */
export async function inviteToGroupRead(viewer: Viewer, groupReadId: string, username: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { lc } = await requireGroupReadAccess(tx, viewer, groupReadId, 'manage', { lock: true });
    if (phaseOf(lc) === 'encerrada') throw new AppError('invalid_input', 'Esta LC já terminou.');
    const [reader] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!reader || (await isBlockedPair(viewer.id, reader.id, tx))) throw new AppError('invalid_input', 'Não encontramos esse leitor.', 'username');
    const [row] = await tx
      .select({ status: groupReadParticipants.status })
      .from(groupReadParticipants)
      .where(and(eq(groupReadParticipants.groupReadId, groupReadId), eq(groupReadParticipants.userId, reader.id)));
    if (row?.status === 'banned') throw new AppError('invalid_input', 'Esse leitor foi removido da LC. Desfaça a remoção antes de convidar.', 'username');
    if (row) throw new AppError('invalid_input', 'Esse leitor já está na LC (ou já foi convidado).', 'username');
    await tx.insert(groupReadParticipants).values({ groupReadId, userId: reader.id, status: 'invited', invitedById: viewer.id, statusAt: new Date() });
    await notifyInvitation(tx, viewer, lc, reader.id);
  });
  await invalidateTags(groupReadPageTags(groupReadId));
}

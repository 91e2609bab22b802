import { type SQL, and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { groupReadEditions, groupReadParticipants, groupReads, users } from '~/db/schema';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { blockedEitherWay, isBlockedPair } from '~/features/social/audience.server';
import { resolveUsername } from '~/features/accounts/queries.server';
import { AppError, RateLimitError } from '~/server/errors';
import { formatWait, hitRateLimit } from '~/server/rate-limit.server';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { groupReadPageTags } from './cache';
import { notifyInvitation, notifyPlaceLost } from './notices.server';
import { BANNED_MESSAGE, GROUP_READ_INVITATIONS_PER_HOUR, can, phaseOf } from './policy';
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

/**
 * Lets the waiting list in while the LC has room (its row locked by the caller): one statement takes the lowest
 * waiting_position first, as many as there are places, so a raised cap or many places freed at once admit
 * strictly in order. A reader who could not join now is passed over and keeps their position: a suspended one,
 * or one in a block with the host (for a club's LC, with one of the club's owner and admins, as joinGroupRead
 * refuses). A finished LC takes no one. Returns who got in, first first.
 */
export async function admitWaiting(tx: Tx, groupReadId: string): Promise<string[]> {
  const [lc] = await tx
    .select({
      participantCap: groupReads.participantCap,
      participantCount: groupReads.participantCount,
      startsOn: groupReads.startsOn,
      endsOn: groupReads.endsOn,
      closedEarlyAt: groupReads.closedEarlyAt,
    })
    .from(groupReads)
    .where(eq(groupReads.id, groupReadId));
  if (!lc || phaseOf(lc) === 'encerrada' || !hasRoom(lc)) return [];
  // LIMIT NULL is no limit: an LC without a cap takes everyone waiting.
  const room = lc.participantCap === null ? null : lc.participantCap - lc.participantCount;
  const admitted = await queryRows<{ userId: string; position: number }>(
    sql`WITH next AS (
        SELECT w.user_id, w.waiting_position FROM group_read_participants w
          JOIN users u ON u.id = w.user_id AND u.suspended_at IS NULL
          JOIN group_reads g ON g.id = w.group_read_id
        WHERE w.group_read_id = ${groupReadId} AND w.status = 'waiting'
          AND (g.host_user_id IS NULL OR g.host_user_id = w.user_id OR NOT ${blockedEitherWay(sql`g.host_user_id`, sql`w.user_id`)})
          AND NOT EXISTS (SELECT 1 FROM club_members hm WHERE hm.club_id = g.host_club_id AND hm.status = 'active'
            AND hm.role IN ('owner', 'admin') AND hm.user_id <> w.user_id AND ${blockedEitherWay(sql`hm.user_id`, sql`w.user_id`)})
        ORDER BY w.waiting_position LIMIT ${room} FOR UPDATE OF w)
      UPDATE group_read_participants p SET status = 'active', waiting_position = NULL, status_at = now(), joined_at = now()
      FROM next WHERE p.group_read_id = ${groupReadId} AND p.user_id = next.user_id
      RETURNING p.user_id AS "userId", next.waiting_position AS position`,
    tx,
  );
  if (admitted.length > 0)
    await tx
      .update(groupReads)
      .set({ participantCount: sql`${groupReads.participantCount} + ${admitted.length}` })
      .where(eq(groupReads.id, groupReadId));
  return admitted.sort((a, b) => a.position - b.position).map((row) => row.userId);
}

/**
 * Readers back in sight — restored after a suspension, a block lifted between them — may be on waiting lists that
 * admitWaiting passed them over on while places were free: their LCs let their waiting lists in (admitWaitingIn).
 */
export async function admitReturningReaders(userIds: readonly string[]): Promise<void> {
  await admitWaitingIn(
    sql`user_id IN (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/**
 * A club's owner or admin stepped down, left or was banned: a reader they blocked, passed over on the waiting list
 * of one of the club's LCs, may now come in. The club's LCs let their waiting lists in (admitWaitingIn).
 */
export async function admitClubWaitingLists(clubId: string): Promise<void> {
  await admitWaitingIn(sql`group_read_id IN (SELECT g.id FROM group_reads g WHERE g.host_club_id = ${clubId})`);
}

/**
 * Each LC with someone waiting whom `waiting` (SQL over group_read_participants) picks is locked in turn (in id
 * order, so two callers never wait on each other, FOR UPDATE as joinGroupRead) and lets its waiting list in, in
 * order, up to the cap. Drops the cached pages of the LCs someone got into once committed.
 */
async function admitWaitingIn(waiting: SQL): Promise<void> {
  const tags = await getDb().transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      sql`SELECT DISTINCT group_read_id AS id FROM group_read_participants WHERE status = 'waiting' AND ${waiting} ORDER BY id`,
      tx,
    );
    const stale: string[] = [];
    for (const { id } of rows) {
      await tx.select({ id: groupReads.id }).from(groupReads).where(eq(groupReads.id, id)).for('update');
      if ((await admitWaiting(tx, id)).length > 0) stale.push(...groupReadPageTags(id));
    }
    return stale;
  });
  if (tags.length) await invalidateTags([...new Set(tags)]);
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
    if (standing.status === 'banned') throw new AppError('forbidden', BANNED_MESSAGE);
    if (!can(lc, standing, 'join')) {
      throw new AppError('forbidden', lc.visibility === 'clube' ? 'Só membros do clube podem participar desta LC.' : 'Você não pode participar desta LC.');
    }
    if (phaseOf(lc) === 'encerrada') throw new AppError('invalid_input', 'Esta LC já terminou.');
    for (const hostId of await hostUserIds(tx, lc)) {
      if (hostId !== viewer.id && (await isBlockedPair(hostId, viewer.id, tx))) throw new AppError('forbidden', 'Você não pode participar desta LC.');
    }
    const exists = standing.status === 'invited';
    // Whoever waits goes first: a place open while readers wait (a cap raised by hand, a race) is theirs, so a
    // newcomer takes a place only when the waiting list is empty after them.
    lc.participantCount += (await admitWaiting(tx, lc.id)).length;
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

/**
 * Takes a reader out of each of these LCs (locking each row in turn, in id order so two callers never wait on each
 * other): their place frees one for the waiting list. Returns the cached pages to drop once committed.
 */
export async function dropPlaces(tx: Tx, userId: string, groupReadIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(groupReadIds)].sort();
  for (const id of ids) {
    await tx.select({ id: groupReads.id }).from(groupReads).where(eq(groupReads.id, id)).for('update');
    await dropParticipant(tx, id, userId);
  }
  return [...new Set(ids.flatMap(groupReadPageTags))];
}

/**
 * A reader's membership of a club ended (they left, or were banned; the club's row is locked by the caller): the
 * places they held, waited for or were invited to in the club's members-only LCs go with it, so no one keeps a
 * place they can no longer see, and the next on the waiting list gets it. Their LC bans stay.
 */
export async function dropClubPlaces(tx: Tx, clubId: string, userId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    sql`SELECT p.group_read_id AS id FROM group_read_participants p JOIN group_reads g ON g.id = p.group_read_id
      WHERE g.host_club_id = ${clubId} AND g.visibility = 'clube' AND p.user_id = ${userId} AND p.status <> 'banned'`,
    tx,
  );
  return dropPlaces(
    tx,
    userId,
    rows.map((row) => row.id),
  );
}

/**
 * A club's LC made members-only (its row locked by the caller) keeps no place for who is not in the club: their
 * places and waiting go, each is told (notifyPlaceLost), and the next member waiting gets in (an invitation still
 * stands; their LC bans stay).
 */
export async function dropClubOutsiders(tx: Tx, groupReadId: string, clubId: string): Promise<void> {
  const outsiders = await queryRows<{ userId: string; status: 'active' | 'waiting'; title: string; clubName: string }>(
    sql`SELECT p.user_id AS "userId", p.status, g.title, c.name AS "clubName"
      FROM group_read_participants p JOIN group_reads g ON g.id = p.group_read_id JOIN clubs c ON c.id = ${clubId}
      WHERE p.group_read_id = ${groupReadId} AND p.status IN ('active', 'waiting')
        AND NOT EXISTS (SELECT 1 FROM club_members m WHERE m.club_id = ${clubId} AND m.user_id = p.user_id AND m.status = 'active')
      ORDER BY p.user_id`,
    tx,
  );
  for (const outsider of outsiders) {
    await dropParticipant(tx, groupReadId, outsider.userId);
    await notifyPlaceLost(tx, outsider.userId, outsider, outsider.status === 'waiting');
  }
}

/**
 * A club turned private (its row locked by the caller): its public LCs become members-only in the same
 * transaction (decision 0070), each locked in id order, with dropClubOutsiders. Returns the cached pages to drop
 * once committed (the edition pages drop by migration 0047's triggers).
 */
export async function closeClubGroupReads(tx: Tx, clubId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    sql`SELECT id FROM group_reads WHERE host_club_id = ${clubId} AND visibility = 'publico' ORDER BY id FOR UPDATE`,
    tx,
  );
  for (const { id } of rows) {
    await tx.update(groupReads).set({ visibility: 'clube', updatedAt: new Date() }).where(eq(groupReads.id, id));
    await dropClubOutsiders(tx, id, clubId);
  }
  return [...new Set(rows.flatMap(({ id }) => groupReadPageTags(id)))];
}

/** Host tools: takes a reader out of the LC (a place, the waiting list or an invitation); `ban` keeps them out. */
export async function removeParticipant(viewer: Viewer, groupReadId: string, userId: string, ban: boolean): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { lc } = await requireGroupReadAccess(tx, viewer, groupReadId, 'manage', { lock: true });
    const [row] = await tx
      .select({ status: groupReadParticipants.status })
      .from(groupReadParticipants)
      .where(and(eq(groupReadParticipants.groupReadId, groupReadId), eq(groupReadParticipants.userId, userId)));
    if (!row || (row.status === 'banned' && ban)) throw new AppError('invalid_input', 'Essa pessoa não está na LC.');
    if (row.status === 'banned') {
      await tx.delete(groupReadParticipants).where(and(eq(groupReadParticipants.groupReadId, groupReadId), eq(groupReadParticipants.userId, userId)));
      return;
    }
    await dropParticipant(tx, lc.id, userId);
    if (ban) await tx.insert(groupReadParticipants).values({ groupReadId, userId, status: 'banned', statusAt: new Date() });
  });
  await invalidateTags(groupReadPageTags(groupReadId));
}

export const GROUP_READ_INVITATIONS_RATE_LIMIT = { name: 'group-read-invitations', limit: GROUP_READ_INVITATIONS_PER_HOUR, windowSeconds: 3600 } as const;

/**
 * Host tools: invites a reader by username (a name changed in the last 30 days still finds them, through the one
 * resolver); the invitation waits on their /lc page (and opens a private LC to them). Counted per host and hour.
 */
export async function inviteToGroupRead(viewer: Viewer, groupReadId: string, username: string): Promise<void> {
  const resolved = await resolveUsername(username.trim().replace(/^@/, ''));
  await getDb().transaction(async (tx) => {
    const { lc } = await requireGroupReadAccess(tx, viewer, groupReadId, 'manage', { lock: true });
    if (phaseOf(lc) === 'encerrada') throw new AppError('invalid_input', 'Esta LC já terminou.');
    const [reader] = resolved
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, resolved.userId), isNull(users.suspendedAt)))
      : [];
    if (!reader || (await isBlockedPair(viewer.id, reader.id, tx)))
      throw new AppError('invalid_input', `Ninguém no Maratona tem o nome de usuário @${username.replace(/^@/, '')}. Confira como está escrito.`, 'username');
    const [row] = await tx
      .select({ status: groupReadParticipants.status })
      .from(groupReadParticipants)
      .where(and(eq(groupReadParticipants.groupReadId, groupReadId), eq(groupReadParticipants.userId, reader.id)));
    if (row?.status === 'banned')
      throw new AppError('invalid_input', 'Esse nome de usuário foi banido da LC: desfaça o banimento antes de convidar.', 'username');
    if (row) throw new AppError('invalid_input', 'Esse nome de usuário já está na LC (ou já tem um convite).', 'username');
    const limit = await hitRateLimit(GROUP_READ_INVITATIONS_RATE_LIMIT, viewer.id, 1, tx);
    if (!limit.ok)
      throw new RateLimitError(
        limit.retryAfterSeconds,
        `Você chegou ao limite de ${GROUP_READ_INVITATIONS_PER_HOUR} convites por hora. Poderá convidar de novo daqui a ${formatWait(limit.retryAfterSeconds)}.`,
        'username',
      );
    await tx.insert(groupReadParticipants).values({ groupReadId, userId: reader.id, status: 'invited', invitedById: viewer.id, statusAt: new Date() });
    await notifyInvitation(tx, viewer, lc, reader.id);
  });
  await invalidateTags(groupReadPageTags(groupReadId));
}

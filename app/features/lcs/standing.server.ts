import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { clubMembers, groupReadParticipants, groupReads } from '~/db/schema';
import { AppError } from '~/server/errors';
import { memoizedInRequest, rememberInRequest } from '~/server/request-memo.server';
import type { Viewer } from '~/server/viewer.server';
import { BANNED_MESSAGE, type GroupReadPermission, type GroupReadStanding, can } from './policy';
import type { GroupReadVisibility } from './vocabulary';

type Db = ReturnType<typeof getDb> | Tx;

/** Whom an LC is read for: the signed-in viewer, or the holder of a personal feed key (only who they are and their role count). */
export type GroupReadReader = Pick<Viewer, 'id' | 'role'>;

/**
 * SQL: the visibility an LC has, whatever its row says: a public LC of a private club is the club's (members only).
 * A club turned private converts its public LCs in the same transaction (closeClubGroupReads); this keeps one that
 * raced that change, or predates it, from being public by its URL. Every read of an LC's visibility goes through it.
 */
export const effectiveVisibility = () =>
  sql<GroupReadVisibility>`(CASE WHEN ${groupReads.visibility} = 'publico' AND EXISTS (
    SELECT 1 FROM clubs vc WHERE vc.id = ${groupReads.hostClubId} AND vc.visibility = 'privado') THEN 'clube' ELSE ${groupReads.visibility} END)`;

/** The viewer's standing columns, for a select of group_reads joined to the viewer's rows (see standingJoins). */
export function standingColumns(viewer: GroupReadReader | null) {
  return {
    status: groupReadParticipants.status,
    waitingPlace: sql<number | null>`CASE WHEN ${groupReadParticipants.status} = 'waiting' THEN (
      SELECT count(*)::int FROM group_read_participants w
      WHERE w.group_read_id = ${groupReads.id} AND w.status = 'waiting' AND w.waiting_position <= ${groupReadParticipants.waitingPosition}) END`,
    clubRole: clubMembers.role,
    clubStatus: clubMembers.status,
    hostUserIsViewer: sql<boolean>`coalesce(${groupReads.hostUserId} = ${viewer?.id ?? ''}, false)`,
  };
}

/** The viewer's row in the LC and in its host club, left-joined onto a select from group_reads. */
export function standingJoins(viewer: GroupReadReader | null) {
  const id = viewer?.id ?? '';
  return {
    participant: and(eq(groupReadParticipants.groupReadId, groupReads.id), eq(groupReadParticipants.userId, id)),
    club: and(eq(clubMembers.clubId, groupReads.hostClubId), eq(clubMembers.userId, id)),
  };
}

/**
 * SQL: the policy's 'see' (policy.ts `can`) over the columns of standingJoins, so a list filters before its LIMIT
 * (a hidden row never takes a place on a page). A public LC: everyone; a club's: its host, a site admin, an invited
 * reader, and an active member of the club unless banned from the LC; a private one: its host, a site admin, and
 * whoever is invited, waits or has a place.
 */
export function seeSql(viewer: Viewer | null): SQL {
  if (viewer?.role === 'admin') return sql`TRUE`;
  const status = sql`${groupReadParticipants.status}`;
  const clubActive = sql`${clubMembers.status} = 'active'`;
  const host = sql`(${standingColumns(viewer).hostUserIsViewer} OR (${clubActive} AND ${clubMembers.role} IN ('owner', 'admin')))`;
  const visibility = effectiveVisibility();
  return sql`(${visibility} = 'publico' OR ${host}
    OR (${visibility} = 'clube' AND (${status} = 'invited' OR (${clubActive} AND (${status} IS NULL OR ${status} IN ('active', 'waiting')))))
    OR (${visibility} = 'privado' AND ${status} IN ('active', 'invited', 'waiting')))`;
}

type StandingRow = {
  status: GroupReadStanding['status'];
  waitingPlace: number | null;
  clubRole: string | null;
  clubStatus: string | null;
  hostUserIsViewer: boolean;
};

/** The standing the policy reads: the host is the reader who hosts it, or the host club's owner and admins. */
export function toStanding(viewer: GroupReadReader | null, row: StandingRow): GroupReadStanding {
  const clubActive = row.clubStatus === 'active';
  return {
    signedIn: viewer !== null,
    host: row.hostUserIsViewer || (clubActive && (row.clubRole === 'owner' || row.clubRole === 'admin')),
    siteAdmin: viewer?.role === 'admin',
    clubMember: clubActive,
    status: row.status,
    waitingPlace: row.waitingPlace,
  };
}

export type GroupReadAccess = {
  id: string;
  slug: string;
  title: string;
  visibility: GroupReadVisibility;
  hostUserId: string | null;
  hostClubId: string | null;
  startsOn: string;
  endsOn: string;
  participantCap: number | null;
  participantCount: number;
  closedEarlyAt: Date | null;
};

/**
 * The LC and the viewer's standing in it, in one round trip (two with `lock`), for a data function that acts in it: an LC the viewer
 * may not see is `not_found` (a private one never admits it exists), one where they lack `permission` is
 * `forbidden`. `lock` takes the LC's row for update, so checks against its participants (the cap, the waiting
 * list's order) hold under concurrent joins.
 */
export async function requireGroupReadAccess(
  db: Db,
  viewer: Viewer | null,
  groupReadId: string,
  permission: GroupReadPermission | null,
  options: { lock?: boolean } = {},
): Promise<{ lc: GroupReadAccess; standing: GroupReadStanding }> {
  // Locking first, then reading the standing in a statement of its own: under READ COMMITTED a locked read
  // re-reads only the locked row once the lock is granted, so a joined participant row could be the one
  // another transaction (a leave, a ban) has just changed.
  if (options.lock) await db.select({ id: groupReads.id }).from(groupReads).where(eq(groupReads.id, groupReadId)).for('update');
  // Outside a transaction, a GET request reads it once (the page's own read of the LC counts, see getGroupReadBySlug).
  const found =
    options.lock || db !== getDb()
      ? await readGroupReadAccess(db, viewer, groupReadId)
      : await memoizedInRequest(groupReadAccessKey(viewer, groupReadId), () => readGroupReadAccess(db, viewer, groupReadId));
  if (!found) throw new AppError('not_found');
  const { lc, standing } = found;
  if (!can(lc, standing, 'see')) throw new AppError('not_found');
  if (permission && !can(lc, standing, permission)) {
    if (standing.status === 'banned') throw new AppError('forbidden', BANNED_MESSAGE);
    throw new AppError('forbidden', permission === 'manage' ? 'Só quem organiza a LC pode fazer isso.' : 'Você não pode fazer isso nesta LC.');
  }
  return { lc, standing };
}

type FoundGroupReadAccess = { lc: GroupReadAccess; standing: GroupReadStanding } | null;

const groupReadAccessKey = (viewer: GroupReadReader | null, groupReadId: string) => `group-read-access:${viewer?.id ?? ''}:${groupReadId}`;

/** For a read that already holds the LC and the viewer's standing: requireGroupReadAccess in this request takes them. */
export function rememberGroupReadAccess(viewer: GroupReadReader | null, lc: GroupReadAccess, standing: GroupReadStanding): void {
  rememberInRequest<FoundGroupReadAccess>(groupReadAccessKey(viewer, lc.id), { lc, standing });
}

/** The LC and the viewer's standing in it, in one round trip; null when there is no such LC. */
async function readGroupReadAccess(db: Db, viewer: GroupReadReader | null, groupReadId: string): Promise<FoundGroupReadAccess> {
  const joins = standingJoins(viewer);
  const [row] = await db
    .select({
      id: groupReads.id,
      slug: groupReads.slug,
      title: groupReads.title,
      visibility: effectiveVisibility(),
      hostUserId: groupReads.hostUserId,
      hostClubId: groupReads.hostClubId,
      startsOn: groupReads.startsOn,
      endsOn: groupReads.endsOn,
      participantCap: groupReads.participantCap,
      participantCount: groupReads.participantCount,
      closedEarlyAt: groupReads.closedEarlyAt,
      ...standingColumns(viewer),
    })
    .from(groupReads)
    .leftJoin(groupReadParticipants, joins.participant)
    .leftJoin(clubMembers, joins.club)
    .where(eq(groupReads.id, groupReadId));
  if (!row) return null;
  const { status, waitingPlace, clubRole, clubStatus, hostUserIsViewer, ...lc } = row;
  return { lc, standing: toStanding(viewer, { status, waitingPlace, clubRole, clubStatus, hostUserIsViewer }) };
}

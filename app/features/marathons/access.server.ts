import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type Tx, type getDb } from '~/db/client.server';
import { clubMembers, marathonParticipants, marathons } from '~/db/schema';
import { blockedEitherWay } from '~/features/social/audience.server';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { BANNED_MESSAGE, BOARD_ONLY_PARTICIPANTS, type MarathonPermission, type MarathonStanding, can } from './policy';
import type { MarathonMode, MarathonParticipantStatus, MarathonVisibility } from './vocabulary';

type Db = ReturnType<typeof getDb> | Tx;

/** The viewer's row in the marathon and in its organiser club, left-joined onto a select from marathons. */
export function standingJoins(viewer: Viewer | null) {
  const id = viewer?.id ?? '';
  return {
    participant: and(eq(marathonParticipants.marathonId, marathons.id), eq(marathonParticipants.userId, id)),
    club: and(eq(clubMembers.clubId, marathons.organizerClubId), eq(clubMembers.userId, id), eq(clubMembers.status, 'active')),
  };
}

/** The columns toStanding reads, for a select joined with standingJoins. */
export function standingColumns(viewer: Viewer | null) {
  return {
    status: marathonParticipants.status,
    clubRole: clubMembers.role,
    organizerIsViewer: sql<boolean>`coalesce(${marathons.organizerUserId} = ${viewer?.id ?? ''}, false)`,
  };
}

/** Organisers: the reader who organises it, the organiser club's owner and admins, and site admins for an official one. */
export function toStanding(
  viewer: Viewer | null,
  marathon: { official: boolean },
  row: { status: MarathonParticipantStatus | null; clubRole: string | null; organizerIsViewer: boolean },
): MarathonStanding {
  const siteAdmin = viewer?.role === 'admin';
  return {
    signedIn: viewer !== null,
    organizer: row.organizerIsViewer || row.clubRole === 'owner' || row.clubRole === 'admin' || (marathon.official && siteAdmin),
    siteAdmin,
    clubMember: row.clubRole !== null,
    status: row.status,
  };
}

/**
 * The visibility a marathon has for everyone: a club's public marathon reads as 'clube' while its club is private,
 * so the club's name and members stay inside it (as LCs, decision 0070); made public again, the club's choice holds.
 */
export const effectiveVisibility = () =>
  sql<MarathonVisibility>`(CASE WHEN ${marathons.visibility} = 'publico' AND EXISTS (
    SELECT 1 FROM clubs vc WHERE vc.id = ${marathons.organizerClubId} AND vc.visibility = 'privado') THEN 'clube' ELSE ${marathons.visibility} END)`;

/**
 * Whether the marathon's organising reader may be shown to the viewer (a club's or an official one always is): not
 * suspended (the site hides a suspended reader's things) and no block either way (PRODUCT.md §1.3); they see their
 * own. Site admins see every marathon: they moderate them.
 */
export function organizerShownSql(viewer: Viewer | null): SQL<boolean> {
  if (viewer?.role === 'admin') return sql<boolean>`TRUE`;
  const unblocked = viewer ? sql`AND (ou.id = ${viewer.id} OR NOT ${blockedEitherWay(sql`ou.id`, sql`${viewer.id}`)})` : sql``;
  return sql<boolean>`(${marathons.organizerUserId} IS NULL OR EXISTS (
    SELECT 1 FROM users ou WHERE ou.id = ${marathons.organizerUserId} AND ou.suspended_at IS NULL ${unblocked}))`;
}

/**
 * SQL: whether the participant `userId` may still open the marathon row `marathon` (a table name or alias) — what a
 * notice or a webhook about them asks before it goes: they are not suspended, its organising reader is not suspended
 * nor in a block with them, and a club's marathon that is not public (or whose club turned private) still has them
 * as an active member of the club.
 */
export function mayStillOpenSql(marathon: SQL, userId: SQL): SQL<boolean> {
  return sql<boolean>`(EXISTS (SELECT 1 FROM users pu WHERE pu.id = ${userId} AND pu.suspended_at IS NULL)
    AND (${marathon}.organizer_user_id IS NULL OR EXISTS (SELECT 1 FROM users ou WHERE ou.id = ${marathon}.organizer_user_id
      AND ou.suspended_at IS NULL AND (ou.id = ${userId} OR NOT ${blockedEitherWay(sql`ou.id`, userId)})))
    AND (${marathon}.organizer_club_id IS NULL
      OR (${marathon}.visibility = 'publico' AND NOT EXISTS (SELECT 1 FROM clubs vc WHERE vc.id = ${marathon}.organizer_club_id AND vc.visibility = 'privado'))
      OR EXISTS (SELECT 1 FROM club_members cm WHERE cm.club_id = ${marathon}.organizer_club_id AND cm.user_id = ${userId} AND cm.status = 'active')))`;
}

/**
 * SQL: the policy's 'see' (policy.ts `can`) over the columns of standingJoins, so a list filters before its LIMIT.
 * Public: everyone; a club's: its active members unless banned, and its organisers; private: organisers and active
 * participants; official ones also to every site admin (who sees every marathon anyway).
 */
export function seeSql(viewer: Viewer | null): SQL {
  if (viewer?.role === 'admin') return sql`TRUE`;
  const status = sql`${marathonParticipants.status}`;
  const organizer = sql`(${standingColumns(viewer).organizerIsViewer} OR ${clubMembers.role} IN ('owner', 'admin'))`;
  const visibility = effectiveVisibility();
  return sql`(${organizerShownSql(viewer)} AND (${visibility} = 'publico' OR ${organizer}
    OR (${visibility} = 'clube' AND ${clubMembers.role} IS NOT NULL AND (${status} IS NULL OR ${status} = 'active'))
    OR (${visibility} = 'privado' AND ${status} = 'active')))`;
}

export type MarathonAccess = {
  id: string;
  slug: string;
  name: string;
  visibility: MarathonVisibility;
  official: boolean;
  organizerUserId: string | null;
  organizerClubId: string | null;
  mode: MarathonMode;
  timeZone: string;
  startsOn: string;
  endsOn: string;
  registrationOpensOn: string;
  registrationClosesOn: string;
  participantCount: number;
};

const accessColumns = {
  id: marathons.id,
  slug: marathons.slug,
  name: marathons.name,
  visibility: effectiveVisibility(),
  official: marathons.official,
  organizerUserId: marathons.organizerUserId,
  organizerClubId: marathons.organizerClubId,
  mode: marathons.mode,
  timeZone: marathons.timeZone,
  startsOn: marathons.startsOn,
  endsOn: marathons.endsOn,
  registrationOpensOn: marathons.registrationOpensOn,
  registrationClosesOn: marathons.registrationClosesOn,
  participantCount: marathons.participantCount,
};

/**
 * The marathon and the viewer's standing in it, for a data function that acts in it: one the viewer may not see is
 * `not_found` (a private one never admits it exists), one where they lack `permission` is `forbidden`. `lock` takes
 * the marathon's row first, so the participants' count holds under concurrent joins — FOR NO KEY UPDATE: those
 * lockers wait on each other, but a board change inserting a completion or a link (whose foreign key takes a
 * key-share lock on the marathon) does not wait on an organiser edit that is itself waiting for that reader's row.
 */
export async function requireMarathonAccess(
  db: Db,
  viewer: Viewer | null,
  marathonId: string,
  permission: MarathonPermission | null,
  options: { lock?: boolean } = {},
): Promise<{ marathon: MarathonAccess; standing: MarathonStanding }> {
  if (options.lock) await db.select({ id: marathons.id }).from(marathons).where(eq(marathons.id, marathonId)).for('no key update');
  const joins = standingJoins(viewer);
  const [row] = await db
    .select({ ...accessColumns, ...standingColumns(viewer), organizerShown: organizerShownSql(viewer) })
    .from(marathons)
    .leftJoin(marathonParticipants, joins.participant)
    .leftJoin(clubMembers, joins.club)
    .where(eq(marathons.id, marathonId));
  if (!row) throw new AppError('not_found');
  const { status, clubRole, organizerIsViewer, organizerShown, ...marathon } = row;
  const standing = toStanding(viewer, marathon, { status, clubRole, organizerIsViewer });
  if (!organizerShown || !can(marathon, standing, 'see')) throw new AppError('not_found');
  if (permission && !can(marathon, standing, permission)) {
    if (standing.status === 'banned') throw new AppError('forbidden', BANNED_MESSAGE);
    if (permission === 'manage') throw new AppError('forbidden', 'Só quem organiza a maratona pode fazer isso.');
    if (permission === 'board') throw new AppError('forbidden', BOARD_ONLY_PARTICIPANTS);
    if (permission === 'join' && standing.status === 'active') throw new AppError('invalid_input', 'Você já está nesta maratona.');
    throw new AppError('forbidden', 'Você não pode fazer isso nesta maratona.');
  }
  return { marathon, standing };
}

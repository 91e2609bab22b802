import { and, eq, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { clubMembers, clubPlans, clubs } from '~/db/schema';
import { AppError } from '~/server/errors';
import { memoizedInRequest, rememberInRequest } from '~/server/request-memo.server';
import type { Viewer } from '~/server/viewer.server';
import { type ClubPermission, type MembershipStanding, can, canSeeClub } from './policy';
import type { ClubVisibility } from './vocabulary';

type Db = ReturnType<typeof getDb> | Tx;

/** The position of the plan a membership holds while it has not ended (club_members and club_plans joined). */
export const standingPlanPosition = sql<
  number | null
>`CASE WHEN ${clubMembers.planEndsAt} IS NULL OR ${clubMembers.planEndsAt} > now() THEN ${clubPlans.position} END`;

/** A reader's standing in a club, the plan counted only while it has not ended. */
export async function standingOf(db: Db, clubId: string, userId: string | null): Promise<MembershipStanding | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ role: clubMembers.role, status: clubMembers.status, planPosition: standingPlanPosition })
    .from(clubMembers)
    .leftJoin(clubPlans, eq(clubPlans.id, clubMembers.planId))
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
  return row ?? null;
}

export type ClubAccess = { id: string; slug: string; name: string; visibility: ClubVisibility; membersCanPost: boolean; memberCap: number | null };

/**
 * The club and the viewer's standing, for a data function that acts in it: a club the viewer may not see is
 * `not_found` (a private club never admits it exists), one where they lack `permission` is `forbidden`.
 * `lock` takes the club's row for update, so checks against its members (the cap, the one owner) hold.
 */
export async function requireClubAccess(
  db: Db,
  viewer: Viewer | null,
  clubId: string,
  permission: ClubPermission | null,
  options: { lock?: boolean } = {},
): Promise<{ club: ClubAccess; standing: MembershipStanding | null }> {
  // The club and the viewer's standing in one round trip: every club page and action starts here. Outside a
  // transaction, a GET request reads it once (the page's own read of the club counts, see getClubBySlug).
  const found =
    options.lock || db !== getDb()
      ? await readClubAccess(db, viewer, clubId, options.lock)
      : await memoizedInRequest(clubAccessKey(viewer, clubId), () => readClubAccess(db, viewer, clubId, false));
  if (!found) throw new AppError('not_found');
  const { club, standing } = found;
  if (!canSeeClub(club, standing)) throw new AppError('not_found');
  if (permission && !can(standing, permission)) {
    if (standing?.status === 'banned') throw new AppError('forbidden', 'Você foi banido deste clube.');
    throw new AppError('forbidden', permission === 'take_part' ? 'Só membros do clube podem fazer isso.' : 'Só a equipe do clube pode fazer isso.');
  }
  return { club, standing };
}

type FoundClubAccess = { club: ClubAccess; standing: MembershipStanding | null } | null;

const clubAccessKey = (viewer: Viewer | null, clubId: string) => `club-access:${viewer?.id ?? ''}:${clubId}`;

/** For a read that already holds the club and the viewer's standing: requireClubAccess in this request takes them. */
export function rememberClubAccess(viewer: Viewer | null, club: ClubAccess, standing: MembershipStanding | null): void {
  rememberInRequest<FoundClubAccess>(clubAccessKey(viewer, club.id), { club, standing });
}

async function readClubAccess(db: Db, viewer: Viewer | null, clubId: string, lock = false): Promise<FoundClubAccess> {
  const query = db
    .select({
      id: clubs.id,
      slug: clubs.slug,
      name: clubs.name,
      visibility: clubs.visibility,
      membersCanPost: clubs.membersCanPost,
      memberCap: clubs.memberCap,
      role: clubMembers.role,
      status: clubMembers.status,
      planPosition: standingPlanPosition,
    })
    .from(clubs)
    .leftJoin(clubMembers, and(eq(clubMembers.clubId, clubs.id), eq(clubMembers.userId, viewer?.id ?? '')))
    .leftJoin(clubPlans, eq(clubPlans.id, clubMembers.planId))
    .where(eq(clubs.id, clubId));
  const [row] = lock ? await query.for('update', { of: clubs }) : await query;
  if (!row) return null;
  const { role, status, planPosition, ...club } = row;
  return { club, standing: role && status ? { role, status, planPosition } : null };
}

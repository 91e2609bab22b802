import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { clubBenefits, clubMembers, clubPlanBenefits, clubPlans } from '~/db/schema';
import type { Viewer } from '~/server/viewer.server';
import { holdsPaidPlan } from '../policy';
import { requireClubAccess } from '../standing.server';
import type { ClubBenefitItem, ClubPlanItem, ClubPlansAdmin, ClubPlansPage } from './types';

type Db = ReturnType<typeof getDb>;

/** Every plan of the club in its order, with its benefits and how many active members hold it now. */
async function readPlans(db: Db, clubId: string): Promise<{ plans: ClubPlanItem[]; benefits: ClubBenefitItem[] }> {
  const [plans, benefits, links, holders] = await Promise.all([
    db.select().from(clubPlans).where(eq(clubPlans.clubId, clubId)).orderBy(asc(clubPlans.position), asc(clubPlans.createdAt), asc(clubPlans.id)),
    db.select().from(clubBenefits).where(eq(clubBenefits.clubId, clubId)).orderBy(asc(clubBenefits.createdAt), asc(clubBenefits.id)),
    db
      .select({ planId: clubPlanBenefits.planId, benefitId: clubPlanBenefits.benefitId })
      .from(clubPlanBenefits)
      .innerJoin(clubPlans, eq(clubPlans.id, clubPlanBenefits.planId))
      .where(eq(clubPlans.clubId, clubId)),
    db
      .select({ planId: clubMembers.planId, n: sql<number>`count(*)::int` })
      .from(clubMembers)
      .where(
        and(
          eq(clubMembers.clubId, clubId),
          eq(clubMembers.status, 'active'),
          or(isNull(clubMembers.planEndsAt), gt(clubMembers.planEndsAt, sql`now()`)),
          sql`${clubMembers.planId} IS NOT NULL`,
        ),
      )
      .groupBy(clubMembers.planId),
  ]);
  const heldBy = new Map(holders.map((h) => [h.planId, h.n]));
  const benefitItems: ClubBenefitItem[] = benefits.map((b) => ({
    id: b.id,
    title: b.title,
    description: b.description,
    kind: b.kind,
    planIds: links.filter((l) => l.benefitId === b.id).map((l) => l.planId),
  }));
  return {
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      priceCents: p.priceCents,
      memberCap: p.memberCap,
      position: p.position,
      archived: p.archivedAt !== null,
      holders: heldBy.get(p.id) ?? 0,
      benefits: benefitItems.filter((b) => b.planIds.includes(p.id)).map(({ planIds: _, ...benefit }) => benefit),
    })),
    benefits: benefitItems,
  };
}

/**
 * /planos: the plans on offer to whoever may see the club (archived plans only to the members still holding
 * them), and the plan the viewer holds. A private club is not_found to outsiders.
 */
export async function listClubPlans(viewer: Viewer | null, clubId: string): Promise<ClubPlansPage> {
  const db = getDb();
  await requireClubAccess(db, viewer, clubId, null);
  const [{ plans }, mine] = await Promise.all([
    readPlans(db, clubId),
    viewer
      ? db
          .select({ planId: clubMembers.planId, planPriceCents: clubMembers.planPriceCents, planEndsAt: clubMembers.planEndsAt, status: clubMembers.status })
          .from(clubMembers)
          .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, viewer.id)))
      : Promise.resolve([]),
  ]);
  const row = mine[0];
  const currentPlanId = row?.status === 'active' && row.planId && (!row.planEndsAt || row.planEndsAt > new Date()) ? row.planId : null;
  return {
    plans: plans.filter((p) => !p.archived || p.id === currentPlanId),
    currentPlanId,
    holdsPaidPlan: currentPlanId !== null && holdsPaidPlan(row!),
  };
}

/** /admin/planos and /admin/beneficios: every plan and benefit, for the staff who run the club. */
export async function getClubPlansAdmin(viewer: Viewer, clubId: string): Promise<ClubPlansAdmin> {
  const db = getDb();
  await requireClubAccess(db, viewer, clubId, 'run_club');
  return readPlans(db, clubId);
}

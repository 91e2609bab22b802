import type { BenefitKind } from '../vocabulary';

export type PlanBenefit = { id: string; title: string; description: string; kind: BenefitKind };

/** A plan as /planos and /admin/planos show it. */
export type ClubPlanItem = {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  memberCap: number | null;
  position: number;
  archived: boolean;
  /** Active members holding it now. */
  holders: number;
  benefits: PlanBenefit[];
};

/** A benefit as /admin/beneficios shows it, with the plans that include it. */
export type ClubBenefitItem = PlanBenefit & { planIds: string[] };

/** /planos for one viewer: the plans on offer (and theirs, even archived) and the one they hold. */
/** `holdsPaidPlan`: the viewer's plan was taken at a price (granted or paid), so free plans do not replace it. */
export type ClubPlansPage = { plans: ClubPlanItem[]; currentPlanId: string | null; holdsPaidPlan: boolean };

/** What the admin pages of plans and benefits read: every plan, archived too, and every benefit. */
export type ClubPlansAdmin = { plans: ClubPlanItem[]; benefits: ClubBenefitItem[] };

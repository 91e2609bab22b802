import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { clubBenefits, clubMembers, clubPlanBenefits, clubPlans } from '~/db/schema';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { clubPageTags } from '../cache';
import { joinClub, setMemberPlan, takeFreePlan } from '../membership.server';
import { PAID_PLANS_NOT_YET } from '../policy';
import { requireClubAccess } from '../standing.server';
import { BENEFITS_MAX, PLANS_MAX, type BenefitInput, type PlanInput } from './validation';

/** The ids among `ids` that are plans (or benefits) of this club; anything else is someone else's and refused. */
async function ownIds(tx: Tx, table: typeof clubPlans | typeof clubBenefits, clubId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.clubId, clubId), inArray(table.id, unique)));
  if (rows.length !== unique.length) throw new AppError('invalid_input', 'Escolha itens da lista deste clube.');
  return unique;
}

async function planOf(tx: Tx, clubId: string, planId: string) {
  const [plan] = await tx
    .select()
    .from(clubPlans)
    .where(and(eq(clubPlans.id, planId), eq(clubPlans.clubId, clubId)))
    .for('update');
  if (!plan) throw new AppError('not_found');
  return plan;
}

/** Members whose row names the plan (active holders and any other row still pointing at it). */
async function holderCount(tx: Tx | ReturnType<typeof getDb>, planId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(clubMembers)
    .where(eq(clubMembers.planId, planId));
  return row?.n ?? 0;
}

async function setPlanBenefits(tx: Tx, clubId: string, planId: string, benefitIds: string[]): Promise<void> {
  const own = await ownIds(tx, clubBenefits, clubId, benefitIds);
  await tx.delete(clubPlanBenefits).where(eq(clubPlanBenefits.planId, planId));
  if (own.length) await tx.insert(clubPlanBenefits).values(own.map((benefitId) => ({ planId, benefitId })));
}

/** A new plan on /admin/planos; without a position it goes after the others. */
export async function createPlan(viewer: Viewer, clubId: string, input: PlanInput): Promise<string> {
  const id = newId();
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    const [stats] = await tx
      .select({ n: sql<number>`count(*)::int`, last: sql<number | null>`max(${clubPlans.position})` })
      .from(clubPlans)
      .where(eq(clubPlans.clubId, clubId));
    if ((stats?.n ?? 0) >= PLANS_MAX) throw new AppError('invalid_input', `Um clube tem no máximo ${PLANS_MAX} planos. Exclua um que ninguém usa.`);
    const position = input.position ?? Math.min(99, (stats?.last ?? -1) + 1);
    await tx.insert(clubPlans).values({
      id,
      clubId,
      name: input.name,
      description: input.description,
      priceCents: input.price,
      memberCap: input.memberCap,
      position,
    });
    await setPlanBenefits(tx, clubId, id, input.benefitIds);
  });
  await invalidateTags(clubPageTags(clubId));
  return id;
}

/**
 * A plan's new name, price, cap, order and benefits. A new price is for new members (and at renewal): those
 * holding the plan keep their planPriceCents, which setMemberPlan wrote when they took it.
 */
export async function updatePlan(viewer: Viewer, clubId: string, planId: string, input: PlanInput): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    const plan = await planOf(tx, clubId, planId);
    if (input.memberCap !== null && input.memberCap !== plan.memberCap) {
      const held = await holderCount(tx, planId);
      if (held > input.memberCap)
        throw new AppError('invalid_input', `${held.toLocaleString('pt-BR')} membros já têm este plano: o limite não pode ser menor.`, 'memberCap');
    }
    await tx
      .update(clubPlans)
      .set({
        name: input.name,
        description: input.description,
        priceCents: input.price,
        memberCap: input.memberCap,
        position: input.position ?? plan.position,
      })
      .where(eq(clubPlans.id, planId));
    await setPlanBenefits(tx, clubId, planId, input.benefitIds);
  });
  await invalidateTags(clubPageTags(clubId));
}

/** An archived plan takes no new members (setMemberPlan refuses it) and leaves /planos; its holders keep it. */
export async function setPlanArchived(viewer: Viewer, clubId: string, planId: string, archived: boolean): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    await planOf(tx, clubId, planId);
    await tx
      .update(clubPlans)
      .set({ archivedAt: archived ? new Date() : null })
      .where(eq(clubPlans.id, planId));
  });
  await invalidateTags(clubPageTags(clubId));
}

/** Only a plan nobody holds is deleted; one with members is archived instead (PRODUCT.md §E). */
export async function deletePlan(viewer: Viewer, clubId: string, planId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    await planOf(tx, clubId, planId);
    const held = await holderCount(tx, planId);
    if (held > 0)
      throw new AppError(
        'invalid_input',
        `${held === 1 ? 'Um membro tem' : `${held.toLocaleString('pt-BR')} membros têm`} este plano: arquive-o em vez de excluir. Um plano arquivado não recebe novos membros.`,
      );
    await tx.delete(clubPlans).where(eq(clubPlans.id, planId));
  });
  await invalidateTags(clubPageTags(clubId));
}

/** A new benefit on /admin/beneficios, in the plans ticked. */
export async function createBenefit(viewer: Viewer, clubId: string, input: BenefitInput): Promise<string> {
  const id = newId();
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    const [stats] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(clubBenefits)
      .where(eq(clubBenefits.clubId, clubId));
    if ((stats?.n ?? 0) >= BENEFITS_MAX) throw new AppError('invalid_input', `Um clube tem no máximo ${BENEFITS_MAX} benefícios.`);
    const planIds = await ownIds(tx, clubPlans, clubId, input.planIds);
    await tx.insert(clubBenefits).values({ id, clubId, title: input.title, description: input.description, kind: input.kind });
    if (planIds.length) await tx.insert(clubPlanBenefits).values(planIds.map((planId) => ({ planId, benefitId: id })));
  });
  await invalidateTags(clubPageTags(clubId));
  return id;
}

async function benefitOf(tx: Tx, clubId: string, benefitId: string): Promise<void> {
  const [benefit] = await tx
    .select({ id: clubBenefits.id })
    .from(clubBenefits)
    .where(and(eq(clubBenefits.id, benefitId), eq(clubBenefits.clubId, clubId)));
  if (!benefit) throw new AppError('not_found');
}

export async function updateBenefit(viewer: Viewer, clubId: string, benefitId: string, input: BenefitInput): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    await benefitOf(tx, clubId, benefitId);
    const planIds = await ownIds(tx, clubPlans, clubId, input.planIds);
    await tx.update(clubBenefits).set({ title: input.title, description: input.description, kind: input.kind }).where(eq(clubBenefits.id, benefitId));
    await tx.delete(clubPlanBenefits).where(eq(clubPlanBenefits.benefitId, benefitId));
    if (planIds.length) await tx.insert(clubPlanBenefits).values(planIds.map((planId) => ({ planId, benefitId })));
  });
  await invalidateTags(clubPageTags(clubId));
}

export async function deleteBenefit(viewer: Viewer, clubId: string, benefitId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    await benefitOf(tx, clubId, benefitId);
    await tx.delete(clubBenefits).where(eq(clubBenefits.id, benefitId));
  });
  await invalidateTags(clubPageTags(clubId));
}

export type SubscribeOutcome = 'took' | 'joined_and_took';

/**
 * "Assinar" on /planos. A free plan: an active member holds it at once; a reader with no tie to an open club
 * joins it and takes the plan in one step; a moderated club's staff approve members first, and an invited
 * reader accepts first. A paid plan waits for the payments module (§P): refused with the honest reason.
 */
export async function subscribeToPlan(viewer: Viewer, clubId: string, planId: string): Promise<SubscribeOutcome> {
  const db = getDb();
  const { club, standing } = await requireClubAccess(db, viewer, clubId, null);
  const [plan] = await db
    .select({ priceCents: clubPlans.priceCents, archivedAt: clubPlans.archivedAt, memberCap: clubPlans.memberCap })
    .from(clubPlans)
    .where(and(eq(clubPlans.id, planId), eq(clubPlans.clubId, clubId)));
  if (!plan) throw new AppError('not_found');
  if (plan.priceCents > 0) throw new AppError('invalid_input', PAID_PLANS_NOT_YET);
  if (standing?.status === 'banned') throw new AppError('forbidden', 'Você foi banido deste clube.');
  if (standing?.status === 'active') {
    await takeFreePlan(viewer, clubId, planId);
    return 'took';
  }
  if (standing?.status === 'pending')
    throw new AppError('invalid_input', 'Seu pedido para entrar ainda está com a equipe do clube: o plano fica para depois da aprovação.');
  if (standing?.status === 'invited') throw new AppError('invalid_input', 'Aceite o convite do clube primeiro; depois escolha o plano.');
  if (club.visibility !== 'aberto')
    throw new AppError('invalid_input', 'Este clube aprova cada membro: peça para entrar e, depois de aprovado, escolha o plano.');
  // Checked before joining too, so a reader is not left in the club without the plan they came for.
  if (plan.archivedAt) throw new AppError('invalid_input', 'Esse plano foi arquivado e não recebe novos membros.');
  if (plan.memberCap !== null && (await holderCount(db, planId)) >= plan.memberCap)
    throw new AppError('invalid_input', 'Esse plano chegou ao limite de membros.');
  await joinClub(viewer, clubId);
  await takeFreePlan(viewer, clubId, planId);
  return 'joined_and_took';
}

/** A member leaves the free plan they hold (a paid one is cancelled through the payments module). */
export async function leaveFreePlan(viewer: Viewer, clubId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'take_part', { lock: true });
    const [row] = await tx
      .select({ planId: clubMembers.planId, price: clubMembers.planPriceCents })
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, viewer.id)));
    if (!row?.planId) throw new AppError('invalid_input', 'Você não tem um plano neste clube.');
    if ((row.price ?? 0) > 0) throw new AppError('invalid_input', 'Planos pagos se cancelam em Minhas assinaturas, quando os pagamentos chegarem.');
    await setMemberPlan(tx, clubId, viewer.id, null);
  });
  await invalidateTags(clubPageTags(clubId));
}

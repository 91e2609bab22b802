import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { clubMembers, clubs } from '~/db/schema';
import { useTestDatabase } from '../../../../test/db';
import { createClubCast } from '../../../../test/club-fixtures';
import { createUser, testViewer } from '../../../../test/factories';
import { grantPlan } from '../membership.server';
import { PAID_PLAN_HELD } from '../policy';
import { standingOf } from '../standing.server';
import {
  createBenefit,
  createPlan,
  deleteBenefit,
  deletePlan,
  leaveFreePlan,
  setPlanArchived,
  subscribeToPlan,
  updateBenefit,
  updatePlan,
} from './mutations.server';
import { formatMonthlyPrice, formatPrice, parsePrice, priceFieldValue } from './price';
import { getClubPlansAdmin, listClubPlans } from './queries.server';
import { planInput, type PlanInput } from './validation';

useTestDatabase();

const plan = (over: Partial<PlanInput> = {}): PlanInput => ({
  name: 'Leitor assíduo',
  description: '',
  price: 0,
  memberCap: null,
  position: null,
  benefitIds: [],
  ...over,
});

describe('plan prices', () => {
  it('read what admins type in reais and refuse what is not a price', () => {
    expect(parsePrice('9,90')).toEqual({ ok: true, cents: 990 });
    expect(parsePrice(' R$ 999,5 ')).toEqual({ ok: true, cents: 99950 });
    expect(parsePrice('R$1.000,00')).toEqual({ ok: true, cents: 100000 });
    expect(parsePrice('10')).toEqual({ ok: true, cents: 1000 });
    expect(parsePrice('1.000')).toEqual({ ok: true, cents: 100000 });
    expect(parsePrice('9.90')).toEqual({ ok: true, cents: 990 });
    expect(parsePrice('')).toEqual({ ok: true, cents: 0 });
    expect(parsePrice('0,00')).toEqual({ ok: true, cents: 0 });
    expect(parsePrice('9,999')).toMatchObject({ ok: false, message: expect.stringMatching(/9,90/) });
    expect(parsePrice('-5')).toMatchObject({ ok: false });
    expect(parsePrice('dez reais')).toMatchObject({ ok: false });
    expect(parsePrice('0,50')).toMatchObject({ ok: false, message: expect.stringMatching(/pelo menos R\$\s1,00/) });
    expect(parsePrice('1.000,01')).toMatchObject({ ok: false, message: expect.stringMatching(/no máximo R\$\s1\.000,00/) });
  });

  it('show as a Brazilian reader reads them, and back into the form', () => {
    expect(formatPrice(990)).toMatch(/^R\$\s9,90$/);
    expect(formatPrice(123450)).toMatch(/^R\$\s1\.234,50$/);
    expect(formatMonthlyPrice(0)).toBe('Grátis');
    expect(formatMonthlyPrice(1990)).toMatch(/^R\$\s19,90 por mês$/);
    expect(priceFieldValue(990)).toBe('9,90');
    expect(priceFieldValue(0)).toBe('');
    const parsed = planInput.safeParse({ name: ' Mecenas ', description: '', price: '19,9', memberCap: '', position: '', benefitIds: [] });
    expect(parsed.success && parsed.data).toMatchObject({ name: 'Mecenas', price: 1990, memberCap: null, position: null });
    const bad = planInput.safeParse({ name: 'x'.repeat(61), description: '', price: 'abc', memberCap: '0', position: '100' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0])).toEqual(['name', 'price', 'memberCap', 'position']);
  });
});

describe('plans and benefits', () => {
  it('are run by the owner and admins only; everyone else is refused, and outsiders of a private club do not see it', async () => {
    const cast = await createClubCast('privado');
    const { club, viewers } = cast;
    for (const who of ['membro', 'membroComPlano', 'moderador'] as const) {
      await expect(createPlan(viewers[who], club.id, plan())).rejects.toMatchObject({ code: 'forbidden' });
      await expect(createBenefit(viewers[who], club.id, { title: 'Selo', description: '', kind: 'badge', planIds: [] })).rejects.toMatchObject({
        code: 'forbidden',
      });
      await expect(getClubPlansAdmin(viewers[who], club.id)).rejects.toMatchObject({ code: 'forbidden' });
    }
    for (const who of ['naoMembro', 'pendente', 'banido', 'adminDoSite'] as const) {
      await expect(createPlan(viewers[who], club.id, plan())).rejects.toMatchObject({ code: 'not_found' });
      await expect(updatePlan(viewers[who], club.id, cast.plans.free, plan())).rejects.toMatchObject({ code: 'not_found' });
      await expect(deletePlan(viewers[who], club.id, cast.plans.free)).rejects.toMatchObject({ code: 'not_found' });
      await expect(listClubPlans(viewers[who], club.id)).rejects.toMatchObject({ code: 'not_found' });
    }
    await expect(listClubPlans(null, club.id)).rejects.toMatchObject({ code: 'not_found' });
    const id = await createPlan(viewers.admin, club.id, plan({ name: 'Apoiador', price: 990 }));
    const admin = await getClubPlansAdmin(viewers.dono, club.id);
    expect(admin.plans.map((p) => [p.name, p.position, p.priceCents])).toEqual([
      ['Leitor', 0, 0],
      ['Mecenas', 1, 1990],
      ['Apoiador', 2, 990],
    ]);
    expect(admin.plans.find((p) => p.id === id)?.holders).toBe(0);
    expect(admin.plans.find((p) => p.id === cast.plans.paid)?.holders).toBe(1);
  });

  it('keep a member at the price they took the plan at when the price changes; the new price is for new members', async () => {
    const { club, viewers, users, plans } = await createClubCast('aberto');
    await updatePlan(viewers.dono, club.id, plans.paid, plan({ name: 'Mecenas', price: 2990, position: 1 }));
    const [held] = await getDb()
      .select({ price: clubMembers.planPriceCents })
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, club.id), eq(clubMembers.userId, users.membroComPlano.id)));
    expect(held?.price).toBe(1990);
    await grantPlan(viewers.dono, club.id, users.membro.id, plans.paid);
    const [fresh] = await getDb()
      .select({ price: clubMembers.planPriceCents })
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, club.id), eq(clubMembers.userId, users.membro.id)));
    expect(fresh?.price).toBe(2990);
    await expect(updatePlan(viewers.dono, club.id, plans.paid, plan({ memberCap: 1 }))).rejects.toMatchObject({ field: 'memberCap' });
  });

  it('delete a plan nobody holds, refuse one with members in Portuguese, and archive it instead: no one new takes it', async () => {
    const { club, viewers, users, plans } = await createClubCast('aberto');
    await expect(deletePlan(viewers.dono, club.id, plans.paid)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/arquive-o/) });
    await setPlanArchived(viewers.dono, club.id, plans.paid, true);
    await expect(grantPlan(viewers.dono, club.id, users.membro.id, plans.paid)).rejects.toMatchObject({ message: expect.stringMatching(/arquivado/) });
    // Its holder keeps it and still sees it on /planos; others no longer do.
    expect((await listClubPlans(viewers.membroComPlano, club.id)).plans.map((p) => p.id)).toContain(plans.paid);
    expect((await listClubPlans(viewers.membro, club.id)).plans.map((p) => p.id)).toEqual([plans.free]);
    expect(await standingOf(getDb(), club.id, users.membroComPlano.id)).toMatchObject({ planPosition: 1 });
    await setPlanArchived(viewers.dono, club.id, plans.paid, false);
    await grantPlan(viewers.dono, club.id, users.membro.id, plans.paid);
    const spare = await createPlan(viewers.dono, club.id, plan({ name: 'Vazio' }));
    await deletePlan(viewers.dono, club.id, spare);
    expect((await getClubPlansAdmin(viewers.dono, club.id)).plans.map((p) => p.id)).not.toContain(spare);
    await expect(deletePlan(viewers.dono, club.id, spare)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('map benefits to this club plans only, and show them with each plan', async () => {
    const { club, viewers, plans } = await createClubCast('aberto');
    const other = await createClubCast('aberto');
    const badge = await createBenefit(viewers.dono, club.id, { title: 'Selo de apoiador', description: 'No perfil.', kind: 'badge', planIds: [plans.paid] });
    await expect(createBenefit(viewers.dono, club.id, { title: 'Intruso', description: '', kind: 'badge', planIds: [other.plans.paid] })).rejects.toMatchObject(
      {
        code: 'invalid_input',
      },
    );
    await expect(updateBenefit(other.viewers.dono, other.club.id, badge, { title: 'X', description: '', kind: 'live', planIds: [] })).rejects.toMatchObject({
      code: 'not_found',
    });
    const lives = await createBenefit(viewers.admin, club.id, { title: 'Encontros mensais', description: '', kind: 'live', planIds: [plans.free, plans.paid] });
    const page = await listClubPlans(null, club.id);
    expect(page.plans.map((p) => [p.name, p.benefits.map((b) => b.title)])).toEqual([
      ['Leitor', ['Encontros mensais']],
      ['Mecenas', ['Selo de apoiador', 'Encontros mensais']],
    ]);
    await updatePlan(viewers.dono, club.id, plans.free, plan({ name: 'Leitor', benefitIds: [badge] }));
    await updateBenefit(viewers.dono, club.id, lives, { title: 'Encontros', description: '', kind: 'live', planIds: [plans.paid] });
    await deleteBenefit(viewers.dono, club.id, badge);
    const admin = await getClubPlansAdmin(viewers.dono, club.id);
    expect(admin.benefits.map((b) => [b.title, b.planIds])).toEqual([['Encontros', [plans.paid]]]);
    await expect(deleteBenefit(viewers.membro, club.id, lives)).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('taking a plan on /planos', () => {
  it('a member takes a free plan at once, a stranger joins an open club and takes it in one step, and paid plans wait for payments', async () => {
    const { club, viewers, users, plans } = await createClubCast('aberto');
    expect(await subscribeToPlan(viewers.membro, club.id, plans.free)).toBe('took');
    expect((await listClubPlans(viewers.membro, club.id)).currentPlanId).toBe(plans.free);
    expect(await subscribeToPlan(viewers.naoMembro, club.id, plans.free)).toBe('joined_and_took');
    expect(await standingOf(getDb(), club.id, users.naoMembro.id)).toEqual({ role: 'member', status: 'active', planPosition: 0 });
    await expect(subscribeToPlan(viewers.membro, club.id, plans.paid)).rejects.toMatchObject({ message: expect.stringMatching(/pagamentos/) });
    await expect(subscribeToPlan(viewers.banido, club.id, plans.free)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(subscribeToPlan(viewers.pendente, club.id, plans.free)).rejects.toMatchObject({ message: expect.stringMatching(/pedido/) });
    await expect(subscribeToPlan(viewers.convidado, club.id, plans.free)).rejects.toMatchObject({ message: expect.stringMatching(/convite/) });
    await leaveFreePlan(viewers.membro, club.id);
    expect((await listClubPlans(viewers.membro, club.id)).currentPlanId).toBeNull();
    await expect(leaveFreePlan(viewers.membroComPlano, club.id)).rejects.toMatchObject({ message: expect.stringMatching(/pagos/) });
    await expect(leaveFreePlan(viewers.naoMembro, club.id).then(() => leaveFreePlan(viewers.naoMembro, club.id))).rejects.toMatchObject({
      message: expect.stringMatching(/não tem um plano/),
    });
  });

  it('a member holding a paid plan granted by an admin does not swap it for a free one; staff may, and an ended period frees them (decision 0064)', async () => {
    const { club, viewers, users, plans } = await createClubCast('aberto');
    await grantPlan(viewers.dono, club.id, users.membro.id, plans.paid);
    expect(await listClubPlans(viewers.membro, club.id)).toMatchObject({ currentPlanId: plans.paid, holdsPaidPlan: true });
    await expect(subscribeToPlan(viewers.membro, club.id, plans.free)).rejects.toMatchObject({ code: 'invalid_input', message: PAID_PLAN_HELD });
    await expect(leaveFreePlan(viewers.membro, club.id)).rejects.toMatchObject({ message: expect.stringMatching(/pagos/) });
    expect((await listClubPlans(viewers.membro, club.id)).currentPlanId).toBe(plans.paid);
    // The staff who granted it may move the member to the free plan by hand.
    await grantPlan(viewers.admin, club.id, users.membro.id, plans.free);
    expect(await listClubPlans(viewers.membro, club.id)).toMatchObject({ currentPlanId: plans.free, holdsPaidPlan: false });
    // A cancelled paid period that has ended no longer holds the member.
    const past = new Date(Date.now() - 60_000);
    await getDb()
      .update(clubMembers)
      .set({ planEndsAt: past })
      .where(and(eq(clubMembers.clubId, club.id), eq(clubMembers.userId, users.membroComPlano.id)));
    expect(await listClubPlans(viewers.membroComPlano, club.id)).toMatchObject({ currentPlanId: null, holdsPaidPlan: false });
    expect(await subscribeToPlan(viewers.membroComPlano, club.id, plans.free)).toBe('took');
  });

  it('a moderated club makes a stranger a member first, and a full or archived plan takes no one', async () => {
    const { club, viewers, plans } = await createClubCast('moderado');
    await expect(subscribeToPlan(viewers.naoMembro, club.id, plans.free)).rejects.toMatchObject({ message: expect.stringMatching(/peça para entrar/) });
    await updatePlan(viewers.dono, club.id, plans.free, plan({ name: 'Leitor', memberCap: 1, position: 0 }));
    await subscribeToPlan(viewers.membro, club.id, plans.free);
    await expect(subscribeToPlan(viewers.admin, club.id, plans.free)).rejects.toMatchObject({ message: expect.stringMatching(/limite/) });
    await getDb().update(clubs).set({ visibility: 'aberto' }).where(eq(clubs.id, club.id));
    const stranger = { ...testViewer(await createUser()), emailVerified: true };
    await expect(subscribeToPlan(stranger, club.id, plans.free)).rejects.toMatchObject({ message: expect.stringMatching(/limite/) });
    // Refused before joining: the stranger was not left in the club without the plan.
    expect(await standingOf(getDb(), club.id, stranger.id)).toBeNull();
    await setPlanArchived(viewers.dono, club.id, plans.free, true);
    await expect(subscribeToPlan(stranger, club.id, plans.free)).rejects.toMatchObject({ message: expect.stringMatching(/arquivado/) });
  });
});

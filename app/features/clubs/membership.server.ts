import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { clubMembers, clubPlans, clubs, users } from '~/db/schema';
import { admitClubWaitingLists, dropClubPlaces } from '~/features/lcs/participants.server';
import { isBlockedPair } from '~/features/social/audience.server';
import { notify } from '~/features/social/mutations.server';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { clubPageTags } from './cache';
import { touchClub } from './mutations.server';
import { PAID_PLANS_NOT_YET, PAID_PLAN_HELD, ROLE_LABELS, holdsPaidPlan, assignableRoles, outranks } from './policy';
import { type ClubAccess, requireClubAccess } from './standing.server';
import type { ClubRole } from './vocabulary';

const clubLink = (club: { slug: string }) => `/clube/${club.slug}`;

async function memberRow(tx: Tx, clubId: string, userId: string) {
  const [row] = await tx
    .select({ role: clubMembers.role, status: clubMembers.status })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
  return row ?? null;
}

/** Refuses one more active member past the club's cap (the club's row is locked by the caller). */
async function checkCap(tx: Tx, club: ClubAccess): Promise<void> {
  if (club.memberCap === null) return;
  const [row] = await tx.select({ n: clubs.memberCount }).from(clubs).where(eq(clubs.id, club.id));
  if ((row?.n ?? 0) >= club.memberCap) throw new AppError('invalid_input', `O clube chegou ao limite de ${club.memberCap.toLocaleString('pt-BR')} membros.`);
}

async function staffIds(tx: Tx, clubId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: clubMembers.userId })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.status, 'active'), inArray(clubMembers.role, ['owner', 'admin', 'moderator'])));
  return rows.map((row) => row.userId);
}

async function activate(tx: Tx, clubId: string, userId: string): Promise<void> {
  await tx
    .update(clubMembers)
    .set({ status: 'active', statusAt: new Date(), joinedAt: new Date() })
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
  await touchClub(tx, clubId);
}

export type JoinOutcome = 'joined' | 'requested';

/**
 * "Entrar no clube": an open club takes the reader at once, a moderated one records a request for its staff;
 * a private one exists only for those invited, who accept instead. A banned reader, and one blocked by the
 * owner, is refused.
 */
export async function joinClub(viewer: Viewer, clubId: string): Promise<JoinOutcome> {
  const outcome = await getDb().transaction(async (tx) => {
    const { club, standing } = await requireClubAccess(tx, viewer, clubId, null, { lock: true });
    if (standing?.status === 'invited') {
      await checkCap(tx, club);
      await activate(tx, clubId, viewer.id);
      return 'joined' as const;
    }
    if (standing?.status === 'active') throw new AppError('invalid_input', 'Você já é membro deste clube.');
    if (club.visibility === 'privado') throw new AppError('not_found');
    if (standing?.status === 'banned') throw new AppError('forbidden', 'Você foi banido deste clube.');
    if (standing?.status === 'pending') throw new AppError('invalid_input', 'Seu pedido já está com a equipe do clube.');
    const [owner] = await tx
      .select({ userId: clubMembers.userId })
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.role, 'owner')));
    if (owner && (await isBlockedPair(owner.userId, viewer.id, tx))) throw new AppError('forbidden', 'Você não pode entrar neste clube.');
    if (club.visibility === 'aberto') {
      await checkCap(tx, club);
      await tx.insert(clubMembers).values({ clubId, userId: viewer.id, status: 'active', joinedAt: new Date() });
      await touchClub(tx, clubId);
      return 'joined' as const;
    }
    await tx.insert(clubMembers).values({ clubId, userId: viewer.id, status: 'pending' });
    for (const staffId of await staffIds(tx, clubId)) {
      await notify(
        {
          userId: staffId,
          actorId: viewer.id,
          kind: 'club_request',
          text: `@${viewer.username} pediu para entrar no clube ${club.name}.`,
          link: `${clubLink(club)}/admin/membros`,
        },
        tx,
      );
    }
    return 'requested' as const;
  });
  await invalidateTags(clubPageTags(clubId));
  return outcome;
}

/** Leaves the club, cancels a request or declines an invitation. The owner hands the club over first. */
export async function leaveClub(viewer: Viewer, clubId: string): Promise<void> {
  const left = await getDb().transaction(async (tx) => {
    const { standing } = await requireClubAccess(tx, viewer, clubId, null, { lock: true });
    if (!standing || standing.status === 'banned') throw new AppError('invalid_input', 'Você não é membro deste clube.');
    if (standing.role === 'owner') throw new AppError('invalid_input', 'Passe o clube para outro membro antes de sair: um clube sempre tem dono.');
    await tx.delete(clubMembers).where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, viewer.id)));
    return { tags: await dropClubPlaces(tx, clubId, viewer.id), wasStaff: standing.role === 'admin' };
  });
  await invalidateTags([...clubPageTags(clubId), ...left.tags]);
  // An admin's blocks no longer keep anyone off the club's LCs' waiting lists.
  if (left.wasStaff) await admitClubWaitingLists(clubId);
}

/** Staff answer a join request: approved, the reader is a member; rejected, the request is gone (they may ask again). */
export async function answerJoinRequest(viewer: Viewer, clubId: string, userId: string, approve: boolean): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { club } = await requireClubAccess(tx, viewer, clubId, 'manage_members', { lock: true });
    const row = await memberRow(tx, clubId, userId);
    if (row?.status !== 'pending') throw new AppError('invalid_input', 'Esse pedido não está mais esperando resposta.');
    if (!approve) {
      await tx.delete(clubMembers).where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
      return;
    }
    await checkCap(tx, club);
    await activate(tx, clubId, userId);
    await tx
      .update(clubMembers)
      .set({ invitedById: viewer.id })
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
    await notify(
      {
        userId,
        actorId: viewer.id,
        kind: 'club_approved',
        text: `Seu pedido para entrar no clube ${club.name} foi aprovado. Boas-vindas!`,
        link: clubLink(club),
      },
      tx,
    );
  });
  await invalidateTags(clubPageTags(clubId));
}

/** Staff invite a reader by username; the invitation waits on their /clube page. */
export async function inviteMember(viewer: Viewer, clubId: string, username: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { club } = await requireClubAccess(tx, viewer, clubId, 'manage_members', { lock: true });
    const [reader] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, username.trim().replace(/^@/, '').toLowerCase()), isNull(users.suspendedAt)));
    if (!reader || (await isBlockedPair(viewer.id, reader.id, tx)))
      throw new AppError('invalid_input', 'Não encontramos leitor com esse nome de usuário.', 'username');
    const row = await memberRow(tx, clubId, reader.id);
    if (row?.status === 'active') throw new AppError('invalid_input', 'Esse leitor já é membro do clube.', 'username');
    if (row?.status === 'invited') throw new AppError('invalid_input', 'Esse leitor já foi convidado.', 'username');
    if (row?.status === 'banned') throw new AppError('invalid_input', 'Esse leitor está banido: desfaça o banimento antes de convidar.', 'username');
    if (row?.status === 'pending') {
      // Inviting someone who asked to join is approving them.
      await checkCap(tx, club);
      await activate(tx, clubId, reader.id);
    } else {
      await tx.insert(clubMembers).values({ clubId, userId: reader.id, status: 'invited', invitedById: viewer.id });
    }
    await notify(
      {
        userId: reader.id,
        actorId: viewer.id,
        kind: row?.status === 'pending' ? 'club_approved' : 'club_invitation',
        text: row?.status === 'pending' ? `Você agora é membro do clube ${club.name}.` : `@${viewer.username} convidou você para o clube ${club.name}.`,
        link: row?.status === 'pending' ? clubLink(club) : '/clube',
      },
      tx,
    );
  });
  await invalidateTags(clubPageTags(clubId));
}

/** A new role for a member; only above-rank staff may give it, and never above their own rank. */
export async function changeRole(viewer: Viewer, clubId: string, userId: string, role: ClubRole): Promise<void> {
  const steppedDown = await getDb().transaction(async (tx) => {
    const { club, standing } = await requireClubAccess(tx, viewer, clubId, 'change_roles', { lock: true });
    const row = await memberRow(tx, clubId, userId);
    if (row?.status !== 'active') throw new AppError('invalid_input', 'Só membros ativos recebem um papel.');
    if (!outranks(standing, row) || !assignableRoles(standing).includes(role))
      throw new AppError('forbidden', 'Você só pode mudar o papel de quem está abaixo de você, e para um papel abaixo do seu.');
    if (row.role === role) return false;
    await tx
      .update(clubMembers)
      .set({ role })
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
    await notify(
      {
        userId,
        actorId: viewer.id,
        kind: 'club_role',
        text: `Seu papel no clube ${club.name} agora é ${ROLE_LABELS[role].toLowerCase()}.`,
        link: clubLink(club),
      },
      tx,
    );
    return isStaffRole(row.role) && !isStaffRole(role);
  });
  await invalidateTags(clubPageTags(clubId));
  // A former admin's blocks no longer keep anyone off the club's LCs' waiting lists.
  if (steppedDown) await admitClubWaitingLists(clubId);
}

/** The roles whose blocks keep a reader out of the club's LCs (as joinGroupRead and admitWaiting check). */
const isStaffRole = (role: ClubRole) => role === 'owner' || role === 'admin';

/** A ban ends the reader's access at once (every page and action reads their status) and keeps them out. */
export async function banMember(viewer: Viewer, clubId: string, userId: string, reason: string): Promise<void> {
  const banned = await getDb().transaction(async (tx) => {
    const { standing } = await requireClubAccess(tx, viewer, clubId, 'manage_members', { lock: true });
    if (userId === viewer.id) throw new AppError('invalid_input', 'Você não pode banir a si mesmo.');
    const row = await memberRow(tx, clubId, userId);
    if (row && !outranks(standing, row)) throw new AppError('forbidden', 'Você só pode banir quem está abaixo de você no clube.');
    const [reader] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!reader) throw new AppError('not_found');
    const values = {
      status: 'banned' as const,
      role: 'member' as const,
      banReason: reason,
      statusAt: new Date(),
      planId: null,
      planPriceCents: null,
      planStartedAt: null,
      planEndsAt: null,
    };
    await tx
      .insert(clubMembers)
      .values({ clubId, userId, ...values })
      .onConflictDoUpdate({ target: [clubMembers.clubId, clubMembers.userId], set: values });
    return { tags: await dropClubPlaces(tx, clubId, userId), wasStaff: row?.status === 'active' && isStaffRole(row.role) };
  });
  await invalidateTags([...clubPageTags(clubId), ...banned.tags]);
  if (banned.wasStaff) await admitClubWaitingLists(clubId);
}

/** Lifts a ban: the reader is no one in the club again, free to ask to join. */
export async function unbanMember(viewer: Viewer, clubId: string, userId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'manage_members', { lock: true });
    const row = await memberRow(tx, clubId, userId);
    if (row?.status !== 'banned') throw new AppError('invalid_input', 'Esse leitor não está banido.');
    await tx.delete(clubMembers).where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
  });
  await invalidateTags(clubPageTags(clubId));
}

/**
 * THE way a member gets or loses a plan: the payments module calls it on its confirmed events, and an admin's
 * grant by hand (also how free plans are held) goes through grantPlan below. `planId` null ends the plan;
 * `endsAt` keeps a cancelled paid plan until the end of its period. The member keeps the price they joined at.
 */
export async function setMemberPlan(tx: Tx, clubId: string, userId: string, plan: { planId: string; endsAt: Date | null } | null): Promise<void> {
  const row = await memberRow(tx, clubId, userId);
  if (row?.status !== 'active') throw new AppError('invalid_input', 'Só membros ativos podem ter um plano.');
  if (!plan) {
    await tx
      .update(clubMembers)
      .set({ planId: null, planPriceCents: null, planStartedAt: null, planEndsAt: null })
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
    return;
  }
  const [target] = await tx
    .select({ id: clubPlans.id, priceCents: clubPlans.priceCents, memberCap: clubPlans.memberCap, archivedAt: clubPlans.archivedAt })
    .from(clubPlans)
    .where(and(eq(clubPlans.id, plan.planId), eq(clubPlans.clubId, clubId)))
    .for('update');
  if (!target) throw new AppError('not_found');
  const [current] = await tx
    .select({ planId: clubMembers.planId, planPriceCents: clubMembers.planPriceCents, planStartedAt: clubMembers.planStartedAt })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
  const keeps = current?.planId === target.id;
  if (!keeps) {
    if (target.archivedAt) throw new AppError('invalid_input', 'Esse plano foi arquivado e não recebe novos membros.');
    if (target.memberCap !== null) {
      const [held] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(clubMembers)
        .where(and(eq(clubMembers.planId, target.id), eq(clubMembers.status, 'active')));
      if ((held?.n ?? 0) >= target.memberCap) throw new AppError('invalid_input', 'Esse plano chegou ao limite de membros.');
    }
  }
  await tx
    .update(clubMembers)
    .set({
      planId: target.id,
      planPriceCents: keeps ? current!.planPriceCents : target.priceCents,
      planStartedAt: keeps ? current!.planStartedAt : new Date(),
      planEndsAt: plan.endsAt,
    })
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
}

/** An admin gives a member a plan by hand (or takes it away): a courtesy, or a free plan. */
export async function grantPlan(viewer: Viewer, clubId: string, userId: string, planId: string | null): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    await setMemberPlan(tx, clubId, userId, planId ? { planId, endsAt: null } : null);
  });
  await invalidateTags(clubPageTags(clubId));
}

/**
 * "Assinar" a free plan on /planos: an active member holds it at once. A paid plan goes through the payments
 * module (§P), which is not here yet: the page says so instead of pretending. A member holding a paid plan
 * (granted by an admin, or later paid for) does not swap it for a free one (decision 0064).
 */
export async function takeFreePlan(viewer: Viewer, clubId: string, planId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'take_part', { lock: true });
    const [plan] = await tx
      .select({ priceCents: clubPlans.priceCents })
      .from(clubPlans)
      .where(and(eq(clubPlans.id, planId), eq(clubPlans.clubId, clubId)));
    if (!plan) throw new AppError('not_found');
    if (plan.priceCents > 0) throw new AppError('invalid_input', PAID_PLANS_NOT_YET);
    const [held] = await tx
      .select({ planId: clubMembers.planId, planPriceCents: clubMembers.planPriceCents, planEndsAt: clubMembers.planEndsAt })
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, viewer.id)));
    if (held && held.planId !== planId && holdsPaidPlan(held)) throw new AppError('invalid_input', PAID_PLAN_HELD);
    await setMemberPlan(tx, clubId, viewer.id, { planId, endsAt: null });
  });
  await invalidateTags(clubPageTags(clubId));
}

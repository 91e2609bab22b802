import { and, count, eq, ne, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { clubMembers, clubs } from '~/db/schema';
import { closeClubGroupReads } from '~/features/lcs/participants.server';
import { notify } from '~/features/social/mutations.server';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import { freeSlug, leaveRedirect, lockSlugs, slugTaken } from '~/server/slugs.server';
import type { Viewer } from '~/server/viewer.server';
import { clubPageTags } from './cache';
import { CLUBS_OWNED_MAX } from './policy';
import { CLUB_SLUGS } from './queries.server';
import { slugFromName } from './slugs';
import { requireClubAccess } from './standing.server';
import type { ClubSettingsInput, CreateClubInput } from './validation';

/** A new club (PRODUCT.md §E), its creator its owner; the identificador comes from the name. */
export async function createClub(viewer: Viewer, input: CreateClubInput): Promise<{ id: string; slug: string }> {
  if (!viewer.emailVerified) throw new AppError('email_not_verified', 'Confirme seu e-mail para criar um clube: procure o link que enviamos para você.');
  const created = await getDb().transaction(async (tx) => {
    // One creation at a time per reader, so the cap below cannot be raced.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`club-owner:${viewer.id}`}))`);
    const [owned] = await tx
      .select({ n: count() })
      .from(clubMembers)
      .where(and(eq(clubMembers.userId, viewer.id), eq(clubMembers.role, 'owner')));
    if ((owned?.n ?? 0) >= CLUBS_OWNED_MAX) throw new AppError('invalid_input', `Você já é dono de ${CLUBS_OWNED_MAX} clubes, o máximo por leitor.`);
    const id = newId();
    await lockSlugs(tx, CLUB_SLUGS);
    const slug = await freeSlug(tx, CLUB_SLUGS, slugFromName(input.name));
    await tx.insert(clubs).values({ id, slug, name: input.name, description: input.description, visibility: input.visibility, categories: input.categories });
    await tx.insert(clubMembers).values({ clubId: id, userId: viewer.id, role: 'owner', status: 'active', joinedAt: new Date() });
    return { id, slug };
  });
  if (input.visibility !== 'privado') await invalidateTags(clubPageTags(created.id));
  return created;
}

/**
 * The club's settings (/admin/personalizar): a new identificador keeps the old one redirecting; an
 * identificador another club uses or used is refused next to its field. Turned private, its public LCs become
 * members-only in the same transaction.
 */
export async function updateClubSettings(viewer: Viewer, clubId: string, input: ClubSettingsInput): Promise<{ slug: string }> {
  const groupReadTags = await getDb().transaction(async (tx) => {
    const { club } = await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    if (input.slug !== club.slug) {
      await lockSlugs(tx, CLUB_SLUGS);
      if (await slugTaken(tx, CLUB_SLUGS, input.slug, clubId)) throw new AppError('invalid_input', 'Outro clube já usa (ou usou) esse identificador.', 'slug');
      await leaveRedirect(tx, CLUB_SLUGS, clubId, club.slug, input.slug);
    }
    if (input.memberCap !== null && input.memberCap !== club.memberCap) {
      const [active] = await tx
        .select({ n: count() })
        .from(clubMembers)
        .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.status, 'active')));
      if ((active?.n ?? 0) > input.memberCap)
        throw new AppError('invalid_input', `O clube já tem ${active!.n.toLocaleString('pt-BR')} membros: o limite não pode ser menor.`, 'memberCap');
    }
    await tx
      .update(clubs)
      .set({
        name: input.name,
        slug: input.slug,
        description: input.description,
        welcomeText: input.welcomeText,
        rules: input.rules,
        visibility: input.visibility,
        categories: input.categories,
        memberCap: input.memberCap,
        membersCanPost: input.membersCanPost,
        updatedAt: new Date(),
      })
      .where(eq(clubs.id, clubId));
    // Turned private, the club keeps no public LC: each becomes members-only with it (decision 0070).
    return input.visibility === 'privado' && club.visibility !== 'privado' ? closeClubGroupReads(tx, clubId) : [];
  });
  await invalidateTags([...clubPageTags(clubId), ...groupReadTags]);
  return { slug: input.slug };
}

/** The owner hands the club to an active member, and stays on as admin. */
export async function transferOwnership(viewer: Viewer, clubId: string, newOwnerId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { club } = await requireClubAccess(tx, viewer, clubId, 'transfer_ownership', { lock: true });
    if (newOwnerId === viewer.id) throw new AppError('invalid_input', 'Você já é o dono deste clube.');
    const [target] = await tx
      .select({ status: clubMembers.status })
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, newOwnerId)));
    if (target?.status !== 'active') throw new AppError('invalid_input', 'Só um membro ativo pode receber o clube.');
    await tx
      .update(clubMembers)
      .set({ role: 'admin' })
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, viewer.id)));
    await tx
      .update(clubMembers)
      .set({ role: 'owner' })
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, newOwnerId), ne(clubMembers.role, 'owner')));
    await notify(
      {
        userId: newOwnerId,
        actorId: viewer.id,
        kind: 'club_role',
        text: `@${viewer.username} passou para você o clube ${club.name}: agora você é o dono.`,
        link: `/clube/${club.slug}`,
      },
      tx,
    );
  });
  await invalidateTags(clubPageTags(clubId));
}

/** Something new happened in the club (a member, a post, an activity): the directory's "atividade" order reads it. */
export async function touchClub(tx: Tx, clubId: string): Promise<void> {
  await tx.update(clubs).set({ lastActivityAt: new Date() }).where(eq(clubs.id, clubId));
}

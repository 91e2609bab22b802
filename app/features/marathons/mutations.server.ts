import { and, count, eq, max, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import {
  clubs,
  marathonCategories,
  marathonChallengeCompletions,
  marathonChallengeLinks,
  marathonChallenges,
  marathonLevels,
  marathonNoticeAcceptances,
  marathonParticipants,
  marathonTeams,
  marathons,
} from '~/db/schema';
import { requireClubAccess } from '~/features/clubs/standing.server';
import { newId } from '~/lib/ids';
import { AppError, isAppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import { freeSlug, leaveRedirect, lockSlugs, slugTaken } from '~/server/slugs.server';
import type { Viewer } from '~/server/viewer.server';
import { requireMarathonAccess } from './access.server';
import { marathonPageTags } from './cache';
import { MARATHON_CHALLENGES_MAX, MARATHONS_ORGANIZED_MAX, phaseOf, registrationState } from './policy';
import { todayIn } from '~/lib/calendar';
import { MARATHON_SLUGS } from './queries.server';
import { participantUpdated } from './participant-update.server';
import { withdrawFromTeams } from './scoring.server';
import { slugFromName } from './slugs';
import type { AddChallengeInput, MarathonInput, MarathonSettingsInput } from './validation';

type Db = ReturnType<typeof getDb> | Tx;

export const NOTICE_REQUIRED = 'Antes, leia e aceite o aviso das maratonas da comunidade.';
const PRIVATE_CLUB_PUBLIC = 'Um clube privado não tem maratona pública: escolha "Do clube" ou "Privada".';

/** /maratonas/aviso accepted, once (a second acceptance keeps the first date). */
export async function acceptMarathonNotice(viewer: Viewer): Promise<void> {
  await getDb().insert(marathonNoticeAcceptances).values({ userId: viewer.id }).onConflictDoNothing();
}

async function requireNotice(db: Db, viewer: Viewer): Promise<void> {
  const [row] = await db
    .select({ at: marathonNoticeAcceptances.acceptedAt })
    .from(marathonNoticeAcceptances)
    .where(eq(marathonNoticeAcceptances.userId, viewer.id));
  if (!row) throw new AppError('forbidden', NOTICE_REQUIRED);
}

/** Why the viewer may not organise a marathon themself (an unconfirmed e-mail, the cap at once), or null. */
export async function marathonCreationBlocker(viewer: Viewer, db: Db = getDb()): Promise<string | null> {
  if (!viewer.emailVerified) return 'Confirme seu e-mail para criar uma maratona: procure o link que enviamos para você.';
  const [organized] = await db
    .select({ n: count() })
    .from(marathons)
    .where(and(eq(marathons.organizerUserId, viewer.id), sql`${marathons.endsOn} >= ${todayIn('America/Sao_Paulo')}`));
  if ((organized?.n ?? 0) >= MARATHONS_ORGANIZED_MAX)
    return `Você já organiza ${MARATHONS_ORGANIZED_MAX} maratonas próximas ou acontecendo, o máximo por pessoa. Espere uma terminar, ou organize por um clube.`;
  return null;
}

/** The organiser club, run by the viewer (owner or admin); a private club's marathon may not be public. */
async function requireOrganizerClub(tx: Tx, viewer: Viewer, clubId: string, visibility: MarathonInput['visibility']): Promise<void> {
  const { club } = await requireClubAccess(tx, viewer, clubId, 'run_club').catch((error: unknown) => {
    if (isAppError(error) && (error.code === 'forbidden' || error.code === 'not_found'))
      throw new AppError('forbidden', 'Você só pode organizar maratonas dos clubes em que é dono ou admin.', 'organizer');
    throw error;
  });
  if (club.visibility === 'privado' && visibility === 'publico') throw new AppError('invalid_input', PRIVATE_CLUB_PUBLIC, 'visibility');
}

/**
 * A new marathon (PRODUCT.md §G), organised by the viewer, a club they run, or (official) the site: official ones
 * only by site admins; a community one only after /maratonas/aviso. The identificador comes from the name.
 */
export async function createMarathon(viewer: Viewer, input: MarathonInput): Promise<{ id: string; slug: string }> {
  if (!viewer.emailVerified) throw new AppError('email_not_verified', (await marathonCreationBlocker(viewer))!);
  const official = input.organizer === 'oficial';
  const clubId = input.organizer.startsWith('clube:') ? input.organizer.slice('clube:'.length) : null;
  const created = await getDb().transaction(async (tx) => {
    if (official) {
      if (viewer.role !== 'admin') throw new AppError('forbidden', 'Só a equipe do Maratona cria maratonas oficiais.', 'organizer');
    } else {
      await requireNotice(tx, viewer);
      if (clubId) await requireOrganizerClub(tx, viewer, clubId, input.visibility);
      else {
        // One creation at a time per reader, so the cap cannot be raced.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`marathon-organizer:${viewer.id}`}))`);
        const blocker = await marathonCreationBlocker(viewer, tx);
        if (blocker) throw new AppError('invalid_input', blocker);
      }
    }
    const id = newId();
    await lockSlugs(tx, MARATHON_SLUGS);
    const slug = await freeSlug(tx, MARATHON_SLUGS, slugFromName(input.name));
    await tx.insert(marathons).values({
      id,
      slug,
      name: input.name,
      description: input.description,
      rules: input.rules,
      organizerUserId: official || clubId ? null : viewer.id,
      organizerClubId: clubId,
      official,
      createdById: viewer.id,
      timeZone: input.timeZone,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      registrationOpensOn: input.registrationOpensOn,
      registrationClosesOn: input.registrationClosesOn,
      visibility: input.visibility,
      mode: input.mode,
    });
    const groupIds = input.groups.map(() => newId());
    if (input.groups.length > 0) {
      const table = input.mode === 'teams' ? marathonTeams : marathonLevels;
      await tx.insert(table).values(input.groups.map((g, position) => ({ id: groupIds[position]!, marathonId: id, position, name: g.name })));
    }
    const categoryIds = input.categories.map(() => newId());
    await tx.insert(marathonCategories).values(input.categories.map((c, position) => ({ id: categoryIds[position]!, marathonId: id, position, name: c.name })));
    const positions = new Map<number, number>();
    await tx.insert(marathonChallenges).values(
      input.challenges.map((c) => {
        const position = positions.get(c.category) ?? 0;
        positions.set(c.category, position + 1);
        return {
          id: newId(),
          marathonId: id,
          categoryId: categoryIds[c.category]!,
          position,
          kind: c.kind,
          description: c.description,
          points: c.points,
          revealsOn: c.revealsOn,
          levelId: c.level === null ? null : groupIds[c.level]!,
        };
      }),
    );
    return { id, slug };
  });
  await invalidateTags(marathonPageTags(created.id));
  return created;
}

/** Organiser tools: name, identificador (the old one keeps redirecting), texts, visibility and dates. */
export async function updateMarathonSettings(viewer: Viewer, marathonId: string, input: MarathonSettingsInput): Promise<{ slug: string }> {
  await getDb().transaction(async (tx) => {
    const { marathon } = await requireMarathonAccess(tx, viewer, marathonId, 'manage', { lock: true });
    if (input.visibility === 'clube' && !marathon.organizerClubId)
      throw new AppError('invalid_input', 'Só uma maratona de um clube pode ser só para membros.', 'visibility');
    if (marathon.organizerClubId && input.visibility === 'publico') {
      const [club] = await tx.select({ visibility: clubs.visibility }).from(clubs).where(eq(clubs.id, marathon.organizerClubId));
      if (club?.visibility === 'privado') throw new AppError('invalid_input', PRIVATE_CLUB_PUBLIC, 'visibility');
    }
    const [late] = await tx
      .select({ n: count() })
      .from(marathonChallenges)
      .where(and(eq(marathonChallenges.marathonId, marathonId), sql`${marathonChallenges.revealsOn} > ${input.endsOn}`));
    if ((late?.n ?? 0) > 0) throw new AppError('invalid_input', 'Há desafios agendados para depois desse último dia: mude-os antes.', 'endsOn');
    if (input.slug !== marathon.slug) {
      await lockSlugs(tx, MARATHON_SLUGS);
      if (await slugTaken(tx, MARATHON_SLUGS, input.slug, marathonId))
        throw new AppError('invalid_input', 'Outra maratona já usa (ou usou) esse identificador.', 'slug');
      await leaveRedirect(tx, MARATHON_SLUGS, marathonId, marathon.slug, input.slug);
    }
    await tx
      .update(marathons)
      .set({
        name: input.name,
        slug: input.slug,
        description: input.description,
        rules: input.rules,
        visibility: input.visibility,
        timeZone: input.timeZone,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        registrationOpensOn: input.registrationOpensOn,
        registrationClosesOn: input.registrationClosesOn,
        updatedAt: new Date(),
      })
      .where(eq(marathons.id, marathonId));
  });
  await invalidateTags(marathonPageTags(marathonId));
  return { slug: input.slug };
}

/** Organiser tools: a challenge added, before or during the marathon, in a category of it or a new one. */
export async function addChallenge(viewer: Viewer, marathonId: string, input: AddChallengeInput): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { marathon } = await requireMarathonAccess(tx, viewer, marathonId, 'manage', { lock: true });
    if (input.revealsOn !== null && input.revealsOn > marathon.endsOn)
      throw new AppError('invalid_input', 'O desafio aparece até o último dia da maratona.', 'revealsOn');
    const [total] = await tx.select({ n: count() }).from(marathonChallenges).where(eq(marathonChallenges.marathonId, marathonId));
    if ((total?.n ?? 0) >= MARATHON_CHALLENGES_MAX) throw new AppError('invalid_input', `Uma maratona tem no máximo ${MARATHON_CHALLENGES_MAX} desafios.`);
    await requireChallengeLevel(tx, marathonId, input.levelId);
    let categoryId = input.categoryId;
    if (categoryId) {
      const [category] = await tx
        .select({ id: marathonCategories.id })
        .from(marathonCategories)
        .where(and(eq(marathonCategories.id, categoryId), eq(marathonCategories.marathonId, marathonId)));
      if (!category) throw new AppError('invalid_input', 'Escolha uma categoria da maratona.', 'categoryId');
    } else {
      const [last] = await tx
        .select({ p: max(marathonCategories.position) })
        .from(marathonCategories)
        .where(eq(marathonCategories.marathonId, marathonId));
      categoryId = newId();
      await tx.insert(marathonCategories).values({ id: categoryId, marathonId, position: (last?.p ?? -1) + 1, name: input.newCategory });
    }
    const [last] = await tx
      .select({ p: max(marathonChallenges.position) })
      .from(marathonChallenges)
      .where(eq(marathonChallenges.categoryId, categoryId));
    await tx.insert(marathonChallenges).values({
      id: newId(),
      marathonId,
      categoryId,
      position: (last?.p ?? -1) + 1,
      kind: input.kind,
      description: input.description,
      points: input.points,
      revealsOn: input.revealsOn,
      levelId: input.levelId,
      completesOnFinish: input.kind === 'leitura' && input.completesOnFinish,
    });
  });
  await invalidateTags(marathonPageTags(marathonId));
}

/** A challenge's level: none, or one of the marathon's. */
export async function requireChallengeLevel(tx: Tx, marathonId: string, levelId: string | null): Promise<void> {
  if (levelId === null) return;
  const [level] = await tx
    .select({ id: marathonLevels.id })
    .from(marathonLevels)
    .where(and(eq(marathonLevels.id, levelId), eq(marathonLevels.marathonId, marathonId)));
  if (!level) throw new AppError('invalid_input', 'Escolha um nível da maratona, ou nenhum.', 'levelId');
}

/**
 * Registration (PRODUCT.md §G): during the registration window, in the marathon's time zone; a community marathon
 * after /maratonas/aviso; with a level or a team when the marathon has them (chosen here, kept for the marathon).
 */
export async function joinMarathon(viewer: Viewer, marathonId: string, groupId: string | null, now: Date = new Date()): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { marathon } = await requireMarathonAccess(tx, viewer, marathonId, 'join', { lock: true });
    if (!marathon.official) await requireNotice(tx, viewer);
    const registration = registrationState(marathon, now);
    if (registration !== 'aberta')
      throw new AppError('invalid_input', registration === 'em-breve' ? 'As inscrições ainda não abriram.' : 'As inscrições desta maratona já fecharam.');
    let levelId: string | null = null;
    let teamId: string | null = null;
    if (marathon.mode !== 'none') {
      const table = marathon.mode === 'teams' ? marathonTeams : marathonLevels;
      const [group] = groupId
        ? await tx
            .select({ id: table.id })
            .from(table)
            .where(and(eq(table.id, groupId), eq(table.marathonId, marathonId)))
        : [];
      if (!group) throw new AppError('invalid_input', marathon.mode === 'teams' ? 'Escolha sua equipe.' : 'Escolha seu nível.', 'groupId');
      if (marathon.mode === 'teams') teamId = group.id;
      else levelId = group.id;
    }
    await tx.insert(marathonParticipants).values({ marathonId, userId: viewer.id, status: 'active', levelId, teamId });
    await tx
      .update(marathons)
      .set({ participantCount: sql`${marathons.participantCount} + 1` })
      .where(eq(marathons.id, marathonId));
  });
  await invalidateTags(marathonPageTags(marathonId));
}

/** Leaving: the reader's row goes with their board (they may register again while registration is open); not once it has ended. */
export async function leaveMarathon(viewer: Viewer, marathonId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { marathon } = await requireMarathonAccess(tx, viewer, marathonId, 'leave', { lock: true });
    // A finished marathon keeps who took part and their boards (decision 0076).
    if (phaseOf(marathon) === 'encerrada') throw new AppError('invalid_input', 'A maratona terminou: sua participação e seu quadro ficam registrados.');
    await dropParticipant(tx, marathonId, viewer.id);
    await participantUpdated(tx, { marathonId, userId: viewer.id });
  });
  await invalidateTags(marathonPageTags(marathonId));
}

/** Organiser tools: remove a participant (they may register again) or ban them (they may not; a public marathon they still see). */
export async function removeMarathonParticipant(viewer: Viewer, marathonId: string, userId: string, ban: boolean): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireMarathonAccess(tx, viewer, marathonId, 'manage', { lock: true });
    const [row] = await tx
      .select({ status: marathonParticipants.status })
      .from(marathonParticipants)
      .where(and(eq(marathonParticipants.marathonId, marathonId), eq(marathonParticipants.userId, userId)));
    if (!row) throw new AppError('not_found', 'Essa pessoa não está na maratona.');
    if (ban) {
      // A banned reader's board stays as it was, out of their team's scores (only their own rows change).
      await withdrawFromTeams(tx, userId, marathonId);
      await tx
        .update(marathonParticipants)
        .set({ status: 'banned', statusAt: new Date() })
        .where(and(eq(marathonParticipants.marathonId, marathonId), eq(marathonParticipants.userId, userId)));
      if (row.status === 'active')
        await tx
          .update(marathons)
          .set({ participantCount: sql`${marathons.participantCount} - 1` })
          .where(eq(marathons.id, marathonId));
    } else await dropParticipant(tx, marathonId, userId);
    await participantUpdated(tx, { marathonId, userId });
  });
  await invalidateTags(marathonPageTags(marathonId));
}

/** A participant's row gone (left, removed, or a banned reader let back), the count kept true. The caller holds the marathon's lock. */
async function dropParticipant(tx: Tx, marathonId: string, userId: string): Promise<void> {
  // Their board goes with them: registering again starts a new one (decision 0076).
  await withdrawFromTeams(tx, userId, marathonId);
  await tx.delete(marathonChallengeLinks).where(and(eq(marathonChallengeLinks.marathonId, marathonId), eq(marathonChallengeLinks.userId, userId)));
  await tx
    .delete(marathonChallengeCompletions)
    .where(and(eq(marathonChallengeCompletions.marathonId, marathonId), eq(marathonChallengeCompletions.userId, userId)));
  const gone = await tx
    .delete(marathonParticipants)
    .where(and(eq(marathonParticipants.marathonId, marathonId), eq(marathonParticipants.userId, userId)))
    .returning({ status: marathonParticipants.status });
  if (gone[0]?.status === 'active')
    await tx
      .update(marathons)
      .set({ participantCount: sql`${marathons.participantCount} - 1` })
      .where(eq(marathons.id, marathonId));
}

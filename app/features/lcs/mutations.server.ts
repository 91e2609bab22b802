import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { clubs, editions, groupReadEditions, groupReadMaterials, groupReadStages, groupReads } from '~/db/schema';
import { requireClubAccess } from '~/features/clubs/standing.server';
import { newId } from '~/lib/ids';
import { AppError, isAppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import { freeSlug, leaveRedirect, lockSlugs, slugTaken } from '~/server/slugs.server';
import type { Viewer } from '~/server/viewer.server';
import { groupReadPageTags } from './cache';
import { admitWaiting, dropClubOutsiders } from './participants.server';
import { GROUP_READS_HOSTED_MAX, phaseOf, saoPauloToday } from './policy';
import { GROUP_READ_SLUGS, currentEditionIds } from './queries.server';
import { shiftSchedule } from './schedule';
import { refusePagesPastTheBook, stageColumns } from './schedule-edit.server';
import { slugFromTitle } from './slugs';
import { requireGroupReadAccess } from './standing.server';
import { type GroupReadInput, type GroupReadSettingsInput, pagesOverMessage, wizardField } from './validation';
import type { GroupReadVisibility } from './vocabulary';

/** Why the viewer may not host a new LC themself (an unconfirmed e-mail, the cap of LCs at once), or null. */
export async function creationBlocker(viewer: Viewer, db: Tx | ReturnType<typeof getDb> = getDb()): Promise<string | null> {
  if (!viewer.emailVerified) return 'Confirme seu e-mail para criar uma LC: procure o link que enviamos para você.';
  const [hosted] = await db
    .select({ n: count() })
    .from(groupReads)
    .where(and(eq(groupReads.hostUserId, viewer.id), isNull(groupReads.closedEarlyAt), sql`${groupReads.endsOn} >= ${saoPauloToday()}`));
  if ((hosted?.n ?? 0) >= GROUP_READS_HOSTED_MAX)
    return `Você já organiza ${GROUP_READS_HOSTED_MAX} LCs em aberto ou em andamento, o máximo por pessoa. Encerre uma, ou crie a LC por um clube que você organiza.`;
  return null;
}

/** The host club, run by the viewer; an LC of a private club may not be public (it would show what the club hides). */
async function requireHostClub(tx: Tx, viewer: Viewer, clubId: string, visibility: GroupReadVisibility): Promise<void> {
  const club = await requireClubAccess(tx, viewer, clubId, 'run_club').catch((error: unknown) => {
    if (isAppError(error) && (error.code === 'forbidden' || error.code === 'not_found'))
      throw new AppError('forbidden', 'Você só pode criar LCs dos clubes em que é dono ou admin.', 'hostClubId');
    throw error;
  });
  if (club.club.visibility === 'privado' && visibility === 'publico') throw new AppError('invalid_input', PRIVATE_CLUB_PUBLIC_LC, 'visibility');
}

const PRIVATE_CLUB_PUBLIC_LC = 'Um clube privado não tem LC pública: escolha "Do clube" ou "Privada".';

/**
 * A new LC (PRODUCT.md §F): hosted by the viewer, or by a club they run; its books must be in the catalogue (an
 * id merged into another stands for the one that stayed), and a page etapa stays inside its book's pages (the
 * count typed for the host's copy included). The identificador comes from the title.
 */
export async function createGroupRead(viewer: Viewer, input: GroupReadInput): Promise<{ id: string; slug: string }> {
  if (!viewer.emailVerified) throw new AppError('email_not_verified', (await creationBlocker(viewer))!);
  const created = await getDb().transaction(async (tx) => {
    if (input.hostClubId) {
      await requireHostClub(tx, viewer, input.hostClubId, input.visibility);
    } else {
      // One creation at a time per reader, so the cap below cannot be raced.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`group-read-host:${viewer.id}`}))`);
      const blocker = await creationBlocker(viewer, tx);
      if (blocker) throw new AppError('invalid_input', blocker);
    }
    const survivors = await currentEditionIds(
      input.editions.map((e) => e.editionId),
      tx,
    );
    const ids = input.editions.map((e) => survivors.get(e.editionId) ?? e.editionId);
    const found = await tx.select({ id: editions.id, pages: editions.pages }).from(editions).where(inArray(editions.id, ids));
    const pagesOf = new Map(found.map((e) => [e.id, e.pages]));
    ids.forEach((id, i) => {
      if (!pagesOf.has(id))
        throw new AppError('invalid_input', 'Não encontramos essa edição no catálogo. Escolha um livro da busca.', wizardField(['editions', i, 'editionId']));
      if (ids.indexOf(id) !== i) throw new AppError('invalid_input', 'Esse livro já está na LC.', wizardField(['editions', i, 'editionId']));
      const typed = input.editions[i]!.pages;
      const known = pagesOf.get(id) ?? null;
      if (typed !== null && known !== null && typed > known)
        throw new AppError('invalid_input', pagesOverMessage(known), wizardField(['editions', i, 'pages']));
    });
    refusePagesPastTheBook(input.stages, (k) => input.editions[k]?.pages ?? pagesOf.get(ids[k]!) ?? null);
    const id = newId();
    await lockSlugs(tx, GROUP_READ_SLUGS);
    const slug = await freeSlug(tx, GROUP_READ_SLUGS, slugFromTitle(input.title));
    await tx.insert(groupReads).values({
      id,
      slug,
      title: input.title,
      description: input.description,
      hostUserId: input.hostClubId ? null : viewer.id,
      hostClubId: input.hostClubId,
      createdById: viewer.id,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      participantCap: input.participantCap,
      visibility: input.visibility,
    });
    await tx.insert(groupReadEditions).values(ids.map((editionId, position) => ({ groupReadId: id, editionId, position })));
    await tx
      .insert(groupReadStages)
      .values(input.stages.map((stage, position) => ({ id: newId(), groupReadId: id, ...stageColumns(stage, ids[stage.editionIndex]!, position) })));
    if (input.materials.length > 0)
      await tx.insert(groupReadMaterials).values(
        input.materials.map((m, position) => ({
          id: newId(),
          groupReadId: id,
          kind: 'link' as const,
          title: m.title,
          url: m.url,
          position,
          createdById: viewer.id,
        })),
      );
    return { id, slug };
  });
  await invalidateTags(groupReadPageTags(created.id));
  return created;
}

/** Host tools: the LC's title, identificador (the old one keeps redirecting), description, visibility and cap. */
export async function updateGroupReadSettings(viewer: Viewer, groupReadId: string, input: GroupReadSettingsInput): Promise<{ slug: string }> {
  await getDb().transaction(async (tx) => {
    const { lc } = await requireGroupReadAccess(tx, viewer, groupReadId, 'manage', { lock: true });
    if (input.visibility === 'clube' && !lc.hostClubId) throw new AppError('invalid_input', 'Só uma LC de um clube pode ser só para membros.', 'visibility');
    if (lc.hostClubId && input.visibility === 'publico') {
      const [club] = await tx.select({ visibility: clubs.visibility }).from(clubs).where(eq(clubs.id, lc.hostClubId));
      if (club?.visibility === 'privado') throw new AppError('invalid_input', PRIVATE_CLUB_PUBLIC_LC, 'visibility');
    }
    if (input.slug !== lc.slug) {
      await lockSlugs(tx, GROUP_READ_SLUGS);
      if (await slugTaken(tx, GROUP_READ_SLUGS, input.slug, groupReadId))
        throw new AppError('invalid_input', 'Outra LC já usa (ou usou) esse identificador.', 'slug');
      await leaveRedirect(tx, GROUP_READ_SLUGS, groupReadId, lc.slug, input.slug);
    }
    if (input.participantCap !== null && input.participantCap < lc.participantCount)
      throw new AppError(
        'invalid_input',
        `A LC já tem ${lc.participantCount.toLocaleString('pt-BR')} participantes: o limite não pode ser menor.`,
        'participantCap',
      );
    await tx
      .update(groupReads)
      .set({
        title: input.title,
        slug: input.slug,
        description: input.description,
        visibility: input.visibility,
        participantCap: input.participantCap,
        updatedAt: new Date(),
      })
      .where(eq(groupReads.id, groupReadId));
    // Made members-only, the LC keeps no place for who is not in the club (an invitation still stands).
    if (input.visibility === 'clube' && lc.visibility !== 'clube' && lc.hostClubId) await dropClubOutsiders(tx, groupReadId, lc.hostClubId);
    // A raised (or lifted) cap lets the waiting list in.
    await admitWaiting(tx, groupReadId);
  });
  await invalidateTags(groupReadPageTags(groupReadId));
  return { slug: input.slug };
}

/** Moves the whole schedule, and the LC's dates with it, `days` later (earlier when negative). */
export async function shiftGroupReadSchedule(viewer: Viewer, groupReadId: string, days: number): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { lc } = await requireGroupReadAccess(tx, viewer, groupReadId, 'manage', { lock: true });
    if (phaseOf(lc) === 'encerrada') throw new AppError('invalid_input', 'Esta LC já terminou: o cronograma fica como está.');
    const stages = await tx
      .select({ id: groupReadStages.id, startsOn: groupReadStages.startsOn, endsOn: groupReadStages.endsOn })
      .from(groupReadStages)
      .where(eq(groupReadStages.groupReadId, groupReadId));
    const [dates] = shiftSchedule([{ startsOn: lc.startsOn, endsOn: lc.endsOn }], days);
    await tx.update(groupReads).set({ startsOn: dates!.startsOn, endsOn: dates!.endsOn, updatedAt: new Date() }).where(eq(groupReads.id, groupReadId));
    for (const stage of shiftSchedule(stages, days)) {
      await tx.update(groupReadStages).set({ startsOn: stage.startsOn, endsOn: stage.endsOn }).where(eq(groupReadStages.id, stage.id));
    }
  });
  await invalidateTags(groupReadPageTags(groupReadId));
}

/** Ends the LC before its last day: it is encerrada at once, takes no one new, and its schedule stays as it was. */
export async function closeGroupReadEarly(viewer: Viewer, groupReadId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { lc } = await requireGroupReadAccess(tx, viewer, groupReadId, 'manage', { lock: true });
    if (lc.closedEarlyAt) throw new AppError('invalid_input', 'Esta LC já foi encerrada.');
    await tx.update(groupReads).set({ closedEarlyAt: new Date(), updatedAt: new Date() }).where(eq(groupReads.id, groupReadId));
  });
  await invalidateTags(groupReadPageTags(groupReadId));
}

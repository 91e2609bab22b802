import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { editions, groupReadEditions, groupReadMaterials, groupReadSlugRedirects, groupReadStages, groupReads } from '~/db/schema';
import { requireClubAccess } from '~/features/clubs/standing.server';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { groupReadPageTags } from './cache';
import { admitWaiting } from './participants.server';
import { GROUP_READS_HOSTED_MAX, saoPauloToday } from './policy';
import { shiftSchedule } from './schedule';
import { slugFromTitle } from './slugs';
import { requireGroupReadAccess } from './standing.server';
import { type GroupReadInput, type GroupReadSettingsInput, wizardField } from './validation';

async function slugTaken(tx: Tx, slug: string, exceptId: string | null): Promise<boolean> {
  const [held] = await tx.select({ id: groupReads.id }).from(groupReads).where(eq(groupReads.slug, slug));
  if (held && held.id !== exceptId) return true;
  const [moved] = await tx.select({ id: groupReadSlugRedirects.groupReadId }).from(groupReadSlugRedirects).where(eq(groupReadSlugRedirects.slug, slug));
  return !!moved && moved.id !== exceptId;
}

/** A slug no LC holds now nor redirects from: `base`, else `base-2`, `base-3`… */
async function freeSlug(tx: Tx, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 60 - String(n).length - 1)}-${n}`;
    if (!(await slugTaken(tx, slug, null))) return slug;
  }
}

/**
 * A new LC (PRODUCT.md §F): hosted by the viewer, or by a club they run; its books must be in the catalogue, and a
 * page etapa stays inside its book's pages when the count is known. The identificador comes from the title.
 */
export async function createGroupRead(viewer: Viewer, input: GroupReadInput): Promise<{ id: string; slug: string }> {
  if (!viewer.emailVerified) throw new AppError('email_not_verified', 'Confirme seu e-mail para criar uma LC: procure o link que enviamos para você.');
  const created = await getDb().transaction(async (tx) => {
    if (input.hostClubId) {
      await requireClubAccess(tx, viewer, input.hostClubId, 'run_club');
    } else {
      // One creation at a time per reader, so the cap below cannot be raced.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`group-read-host:${viewer.id}`}))`);
      const [hosted] = await tx
        .select({ n: count() })
        .from(groupReads)
        .where(and(eq(groupReads.hostUserId, viewer.id), isNull(groupReads.closedEarlyAt), sql`${groupReads.endsOn} >= ${saoPauloToday()}`));
      if ((hosted?.n ?? 0) >= GROUP_READS_HOSTED_MAX)
        throw new AppError('invalid_input', `Você já organiza ${GROUP_READS_HOSTED_MAX} LCs em aberto ou em andamento, o máximo por leitor.`);
    }
    const ids = input.editions.map((e) => e.editionId);
    const found = await tx.select({ id: editions.id, pages: editions.pages }).from(editions).where(inArray(editions.id, ids));
    const pagesOf = new Map(found.map((e) => [e.id, e.pages]));
    input.editions.forEach((e, i) => {
      if (!pagesOf.has(e.editionId))
        throw new AppError('invalid_input', 'Não encontramos essa edição no catálogo. Escolha um livro da busca.', wizardField(['editions', i, 'editionId']));
    });
    input.stages.forEach((stage, i) => {
      const edition = input.editions[stage.editionIndex]!;
      const pages = edition.pages ?? pagesOf.get(edition.editionId) ?? null;
      if (stage.unit === 'pages' && pages !== null && stage.toNumber > pages)
        throw new AppError('invalid_input', `Esse livro tem ${pages.toLocaleString('pt-BR')} páginas.`, wizardField(['stages', i, 'toNumber']));
    });
    const id = newId();
    const slug = await freeSlug(tx, slugFromTitle(input.title));
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
    await tx.insert(groupReadStages).values(
      input.stages.map((stage, position) => ({
        id: newId(),
        groupReadId: id,
        editionId: ids[stage.editionIndex]!,
        position,
        unit: stage.unit,
        fromNumber: stage.fromNumber,
        toNumber: stage.toNumber,
        startsOn: stage.startsOn,
        endsOn: stage.endsOn,
      })),
    );
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
    if (input.slug !== lc.slug) {
      if (await slugTaken(tx, input.slug, groupReadId)) throw new AppError('invalid_input', 'Outra LC já usa (ou usou) esse identificador.', 'slug');
      await tx.delete(groupReadSlugRedirects).where(eq(groupReadSlugRedirects.slug, input.slug));
      await tx.insert(groupReadSlugRedirects).values({ slug: lc.slug, groupReadId }).onConflictDoNothing();
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
    if (lc.closedEarlyAt) throw new AppError('invalid_input', 'Esta LC já foi encerrada.');
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

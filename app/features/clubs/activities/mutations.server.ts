import { and, eq, gte, sql } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { clubActivities, clubActivityReminders, editions } from '~/db/schema';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { clubPageTags } from '../cache';
import { touchClub } from '../mutations.server';
import { requireClubAccess } from '../standing.server';
import { UPCOMING_ACTIVITIES_MAX } from './queries.server';
import type { ActivityValues } from './validation';

/** The title an LC without one takes: its book's. The edition must exist (an id pasted by hand may not). */
async function resolvedTitle(tx: Tx, values: ActivityValues): Promise<string> {
  if (!values.editionId) return values.title ?? '';
  const [edition] = await tx.select({ title: editions.title }).from(editions).where(eq(editions.id, values.editionId));
  if (!edition) throw new AppError('invalid_input', 'Não encontramos essa edição no catálogo. Escolha um livro da busca.', 'edition');
  return (values.title ?? `LC do mês: ${edition.title}`).slice(0, 120);
}

/** Schedules an activity on /admin/atividades: it shows on the club's home, its agenda feed and in reminders. */
export async function createActivity(viewer: Viewer, clubId: string, values: ActivityValues): Promise<string> {
  const id = newId();
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    const [upcoming] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(clubActivities)
      .where(and(eq(clubActivities.clubId, clubId), gte(sql`coalesce(${clubActivities.endsAt}, ${clubActivities.startsAt})`, sql`now()`)));
    if ((upcoming?.n ?? 0) >= UPCOMING_ACTIVITIES_MAX)
      throw new AppError('invalid_input', `O clube já tem ${UPCOMING_ACTIVITIES_MAX} atividades marcadas: exclua uma antes de marcar outra.`);
    const title = await resolvedTitle(tx, values);
    await tx.insert(clubActivities).values({ id, clubId, ...values, title, createdById: viewer.id });
    await touchClub(tx, clubId);
  });
  await invalidateTags(clubPageTags(clubId));
  return id;
}

/** A new date, book, link or text. A new start reminds the members again, of the new date. */
export async function updateActivity(viewer: Viewer, clubId: string, activityId: string, values: ActivityValues): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    const [current] = await tx
      .select({ startsAt: clubActivities.startsAt })
      .from(clubActivities)
      .where(and(eq(clubActivities.id, activityId), eq(clubActivities.clubId, clubId)));
    if (!current) throw new AppError('not_found');
    const title = await resolvedTitle(tx, values);
    await tx
      .update(clubActivities)
      .set({ ...values, title })
      .where(eq(clubActivities.id, activityId));
    if (current.startsAt.getTime() !== values.startsAt.getTime()) {
      await tx.delete(clubActivityReminders).where(eq(clubActivityReminders.activityId, activityId));
    }
  });
  await invalidateTags(clubPageTags(clubId));
}

export async function deleteActivity(viewer: Viewer, clubId: string, activityId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireClubAccess(tx, viewer, clubId, 'run_club', { lock: true });
    const deleted = await tx
      .delete(clubActivities)
      .where(and(eq(clubActivities.id, activityId), eq(clubActivities.clubId, clubId)))
      .returning({ id: clubActivities.id });
    if (!deleted.length) throw new AppError('not_found');
  });
  await invalidateTags(clubPageTags(clubId));
}

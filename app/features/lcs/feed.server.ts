import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { groupReads, users } from '~/db/schema';
import { buildCalendar } from '~/features/clubs/activities/ical';
import { feedKey, feedKeyHolder } from '~/server/feed-keys.server';
import type { Viewer } from '~/server/viewer.server';
import { rangeLabel } from './labels';
import { getGroupReadBySlug } from './queries.server';
import type { GroupReadDetail, GroupReadStage } from './types';

const scheduleScope = (groupReadId: string) => `group-read-schedule:${groupReadId}`;

/**
 * /lc/{identificador}/cronograma.ics for this viewer. A public LC's feed is the same for everyone; a club's or a
 * private one is 404 to a calendar app without a session, so whoever sees it gets a personal address
 * (`?chave=`, the club agenda's keys: feed-keys.server.ts, decision 0072) to subscribe to.
 */
export function schedulePath(lc: Pick<GroupReadDetail, 'id' | 'slug' | 'visibility'>, viewer: Viewer | null): string {
  const base = `/lc/${lc.slug}/cronograma.ics`;
  return viewer && lc.visibility !== 'publico' ? `${base}?chave=${encodeURIComponent(feedKey(scheduleScope(lc.id), viewer.id))}` : base;
}

/**
 * The LC of identificador `slug` read for the holder of `key`, as getGroupReadBySlug reads it for a viewer: while
 * they may see it (a participant, a club member, a host…; not once suspended), else as a visitor would — a
 * private or club LC is then null, like a missing one. A key not signed for this LC reads as a visitor too.
 */
export async function getGroupReadForFeedKey(slug: string, key: string): Promise<GroupReadDetail | null> {
  const [lc] = await getDb().select({ id: groupReads.id }).from(groupReads).where(eq(groupReads.slug, slug));
  if (!lc) return null;
  const holderId = feedKeyHolder(scheduleScope(lc.id), key);
  const [holder] = holderId
    ? await getDb()
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(and(eq(users.id, holderId), isNull(users.suspendedAt)))
    : [];
  return getGroupReadBySlug(holder ?? null, slug);
}

/**
 * /lc/{identificador}/cronograma.ics: one all-day event per etapa, for an LC the route resolved with the viewer's
 * access (a private LC or a club's answers 404 before this is asked).
 */
export function scheduleFeed(lc: GroupReadDetail, stages: readonly GroupReadStage[], origin: string): string {
  return buildCalendar({
    name: `${lc.title} · Maratona`,
    description: `Cronograma da LC ${lc.title} no Maratona`,
    now: new Date(),
    events: stages.map((stage, i) => ({
      uid: `group-read-stage-${stage.id}@maratona`,
      firstDay: stage.startsOn,
      lastDay: stage.endsOn,
      summary: `${lc.title}: etapa ${i + 1} (${rangeLabel(stage)})`,
      description: stage.editionTitle,
      url: `${origin}/lc/${lc.slug}/cronograma`,
    })),
  });
}

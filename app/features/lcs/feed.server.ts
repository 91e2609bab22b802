import { buildCalendar } from '~/features/clubs/activities/ical';
import { rangeLabel } from './labels';
import type { GroupReadDetail, GroupReadStage } from './types';

export const schedulePath = (lc: { slug: string }) => `/lc/${lc.slug}/cronograma.ics`;

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

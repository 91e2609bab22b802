/**
 * The schedule of an LC (cronograma): its etapas, generated evenly over the page count between two dates, and
 * shifted by whole days. Pure (calendar days as YYYY-MM-DD, counted in UTC so no time zone moves a day), so the
 * wizard's preview and the data functions compute the same etapas.
 */
import type { StageUnit } from './vocabulary';

export type ScheduleEdition = { editionId: string; pages: number };
export type ScheduledStage = { editionId: string; unit: StageUnit; fromNumber: number; toNumber: number; startsOn: string; endsOn: string };

const DAY_MS = 24 * 3600 * 1000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to`, both counted (the same day is 1). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The etapas a schedule of these dates starts with: one a week, at least one per edition. */
export function defaultStageCount(editionCount: number, startsOn: string, endsOn: string): number {
  return Math.max(editionCount, Math.ceil(daysBetween(startsOn, endsOn) / 7));
}

/** Splits `total` into parts proportional to `weights`, each at least 1 and at most its weight (largest remainder). */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const quotas = weights.map((w) => (total * w) / sum);
  const parts = quotas.map((q, i) => Math.min(weights[i]!, Math.max(1, Math.floor(q))));
  let left = total - parts.reduce((a, b) => a + b, 0);
  // Too few: the parts furthest below their quota get one more; too many (the minimum of one): the furthest above give one back.
  while (left !== 0) {
    const candidates = parts
      .map((part, i) => ({ i, gap: quotas[i]! - part }))
      .filter(({ i }) => (left > 0 ? parts[i]! < weights[i]! : parts[i]! > 1))
      .sort((a, b) => (left > 0 ? b.gap - a.gap : a.gap - b.gap) || a.i - b.i);
    if (candidates.length === 0) break;
    parts[candidates[0]!.i]! += left > 0 ? 1 : -1;
    left += left > 0 ? -1 : 1;
  }
  return parts;
}

/**
 * `stageCount` etapas (kept between one per edition and one per page) over the editions' pages in order: each
 * edition gets etapas in proportion to its pages and splits its pages evenly among them; the days from
 * `startsOn` to `endsOn` follow the pages read, so a day reads about as many pages as any other. With more
 * etapas than days, several etapas share a day; with more days than etapas, an etapa spans several.
 */
export function generateSchedule(list: ScheduleEdition[], startsOn: string, endsOn: string, stageCount: number): ScheduledStage[] {
  const editions = list.filter((e) => e.pages > 0);
  if (editions.length === 0 || endsOn < startsOn) return [];
  const totalPages = editions.reduce((sum, e) => sum + e.pages, 0);
  const count = Math.min(Math.max(Math.round(stageCount), editions.length), totalPages);
  const perEdition = apportion(
    count,
    editions.map((e) => e.pages),
  );
  const days = daysBetween(startsOn, endsOn);
  const stages: ScheduledStage[] = [];
  let pagesBefore = 0;
  let nextDay = 0;
  editions.forEach((edition, e) => {
    const k = perEdition[e]!;
    for (let j = 0; j < k; j++) {
      const fromNumber = Math.floor((edition.pages * j) / k) + 1;
      const toNumber = Math.floor((edition.pages * (j + 1)) / k);
      const readBy = pagesBefore + toNumber;
      const lastDay = Math.max(0, Math.ceil((days * readBy) / totalPages) - 1);
      const firstDay = Math.min(nextDay, lastDay);
      stages.push({
        editionId: edition.editionId,
        unit: 'pages',
        fromNumber,
        toNumber,
        startsOn: addDays(startsOn, firstDay),
        endsOn: addDays(startsOn, lastDay),
      });
      nextDay = lastDay + 1;
    }
    pagesBefore += edition.pages;
  });
  return stages;
}

/** The same etapas `days` later (earlier when negative). */
export function shiftSchedule<S extends { startsOn: string; endsOn: string }>(stages: S[], days: number): S[] {
  return stages.map((stage) => ({ ...stage, startsOn: addDays(stage.startsOn, days), endsOn: addDays(stage.endsOn, days) }));
}

/** The etapa to read now: the first not yet over on `today` (null once the last is over). */
export function nextStage<S extends { startsOn: string; endsOn: string }>(stages: S[], today: string): S | null {
  return stages.find((stage) => stage.endsOn >= today) ?? null;
}

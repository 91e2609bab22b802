/**
 * Where a participant is along an LC's schedule (decision 0068), from the etapas they passed: how many, and whether
 * they are ahead of, on time with or behind today's etapa (São Paulo calendar). Pure, so the pages and the data
 * functions agree.
 */

export const PACES = ['ahead', 'on_time', 'behind'] as const;
export type Pace = (typeof PACES)[number];

export const PACE_LABELS: Record<Pace, string> = { ahead: 'Adiantado', on_time: 'Em dia', behind: 'Atrasado' };

type DatedStage = { id: string; startsOn: string; endsOn: string };

export type ScheduleStanding = {
  /** Etapas passed, of `total`. */
  passed: number;
  total: number;
  pace: Pace;
  /** The first etapa not passed yet (where the reader is), or null once every one is. */
  nextStageId: string | null;
};

/**
 * Behind: an etapa whose last day is over is not passed. Ahead: every etapa due is passed, and so is one still
 * running or yet to come that is not today's only (today's etapa done before its last day counts as ahead; its last
 * day, done on time). Otherwise on time.
 */
export function scheduleStanding(stages: readonly DatedStage[], passed: ReadonlySet<string>, today: string): ScheduleStanding {
  const due = stages.filter((stage) => stage.endsOn < today);
  const behind = due.some((stage) => !passed.has(stage.id));
  const early = stages.some((stage) => stage.endsOn > today && passed.has(stage.id));
  const count = stages.filter((stage) => passed.has(stage.id)).length;
  return {
    passed: count,
    total: stages.length,
    pace: behind ? 'behind' : early ? 'ahead' : 'on_time',
    nextStageId: stages.find((stage) => !passed.has(stage.id))?.id ?? null,
  };
}

/** "2 de 5 etapas". */
export const passedLabel = (standing: Pick<ScheduleStanding, 'passed' | 'total'>) =>
  `${standing.passed} de ${standing.total} ${standing.total === 1 ? 'etapa' : 'etapas'}`;

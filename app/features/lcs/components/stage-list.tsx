import { daysLabel, rangeLabel } from '../labels';
import type { GroupReadStage } from '../types';

/** The schedule as an ordered list: each etapa's book, range and days; the etapa to read now is marked. */
export function StageList({ stages, current, showBooks }: { stages: readonly GroupReadStage[]; current: string | null; showBooks: boolean }) {
  if (stages.length === 0) return <p>O cronograma ainda não tem etapas.</p>;
  return (
    <ol className="flex flex-col gap-2">
      {stages.map((stage, i) => (
        <li
          key={stage.id}
          aria-current={stage.id === current ? 'step' : undefined}
          className={`flex flex-col gap-1 rounded-xl border bg-surface p-3 sm:flex-row sm:items-center sm:justify-between ${stage.id === current ? 'border-coral' : 'border-line'}`}
        >
          <div className="flex flex-col">
            <span className="font-semibold">
              Etapa {i + 1}: {rangeLabel(stage)}
              {stage.id === current ? <span className="ml-2 rounded-full bg-coral px-2 py-0.5 text-xs text-on-coral">Agora</span> : null}
            </span>
            {showBooks ? <span className="text-sm text-muted">{stage.editionTitle}</span> : null}
          </div>
          <span className="text-sm">{daysLabel(stage.startsOn, stage.endsOn)}</span>
        </li>
      ))}
    </ol>
  );
}

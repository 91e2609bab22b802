import { PACE_LABELS, type Pace } from '../progress';

const TONES: Record<Pace, string> = {
  ahead: 'text-ok ring-ok',
  on_time: 'text-mar ring-mar',
  behind: 'text-danger ring-danger',
};

/** Ahead, on time or behind today's etapa: a chip that carries its word (colour is never the only signal). */
export function PaceChip({ pace }: { pace: Pace }) {
  return <span className={`shrink-0 rounded-full bg-surface px-2 py-0.5 text-xs font-semibold ring-1 ${TONES[pace]}`}>{PACE_LABELS[pace]}</span>;
}

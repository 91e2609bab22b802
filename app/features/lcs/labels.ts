/** Portuguese words of LC pages: an etapa's range, a span of days, the participants' count. */
import { formatDay } from '~/lib/format';
import type { StageUnit } from './vocabulary';

export const UNIT_LABELS: Record<StageUnit, string> = { pages: 'Páginas', chapters: 'Capítulos' };

/** "p. 1–132", "cap. 3", "caps. 1–5". */
export function rangeLabel(stage: { unit: StageUnit; fromNumber: number; toNumber: number }): string {
  const same = stage.fromNumber === stage.toNumber;
  const span = same ? `${stage.fromNumber}` : `${stage.fromNumber}–${stage.toNumber}`;
  if (stage.unit === 'pages') return `${same ? 'p.' : 'pp.'} ${span}`;
  return `${same ? 'cap.' : 'caps.'} ${span}`;
}

/** "5 de dez. de 2026", or "5 de dez. de 2026 a 11 de dez. de 2026". */
export function daysLabel(startsOn: string, endsOn: string): string {
  return startsOn === endsOn ? formatDay(startsOn) : `${formatDay(startsOn)} a ${formatDay(endsOn)}`;
}

export function participantsLabel(count: number, cap: number | null): string {
  const people = `${count.toLocaleString('pt-BR')} ${count === 1 ? 'participante' : 'participantes'}`;
  return cap === null ? people : `${people} de ${cap.toLocaleString('pt-BR')}`;
}

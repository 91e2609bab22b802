/** Portuguese words of marathon pages: dates in the marathon's time zone, the participants' count. */
import { daysLabel } from '~/features/lcs/labels';

/** "America/Sao_Paulo" → "horário de Sao Paulo": the city of the IANA name, as people say it. */
export function timeZoneLabel(timeZone: string): string {
  return `horário de ${(timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ')}`;
}

/** "5 de dez. de 2026 a 18 de dez. de 2026 (horário de Sao Paulo)". */
export function marathonDaysLabel(marathon: { startsOn: string; endsOn: string; timeZone: string }): string {
  return `${daysLabel(marathon.startsOn, marathon.endsOn)} (${timeZoneLabel(marathon.timeZone)})`;
}

export function participantsLabel(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'participante' : 'participantes'}`;
}

export const pointsLabel = (points: number) => `${points.toLocaleString('pt-BR')} ${points === 1 ? 'ponto' : 'pontos'}`;

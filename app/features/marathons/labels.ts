/** Portuguese words of marathon pages: dates in the marathon's time zone, the participants' count. */
import { daysLabel } from '~/features/lcs/labels';
import type { MarathonTimeZone } from './vocabulary';

const TIME_ZONE_OF: Record<MarathonTimeZone, string> = {
  'America/Sao_Paulo': 'de Brasília',
  'America/Bahia': 'de Salvador',
  'America/Fortaleza': 'de Fortaleza',
  'America/Recife': 'de Recife',
  'America/Belem': 'de Belém',
  'America/Noronha': 'de Fernando de Noronha',
  'America/Manaus': 'de Manaus',
  'America/Cuiaba': 'de Cuiabá',
  'America/Campo_Grande': 'de Campo Grande',
  'America/Porto_Velho': 'de Porto Velho',
  'America/Boa_Vista': 'de Boa Vista',
  'America/Rio_Branco': 'de Rio Branco',
  'Europe/Lisbon': 'de Lisboa',
  'Atlantic/Azores': 'dos Açores',
};

/** "America/Sao_Paulo" → "horário de Brasília": the place as people say it. */
export function timeZoneLabel(timeZone: string): string {
  return `horário ${TIME_ZONE_OF[timeZone as MarathonTimeZone] ?? `de ${timeZone}`}`;
}

/** "5 de dez. de 2026 a 18 de dez. de 2026 (horário de Brasília)". */
export function marathonDaysLabel(marathon: { startsOn: string; endsOn: string; timeZone: string }): string {
  return `${daysLabel(marathon.startsOn, marathon.endsOn)} (${timeZoneLabel(marathon.timeZone)})`;
}

export function participantsLabel(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'participante' : 'participantes'}`;
}

export const pointsLabel = (points: number) => `${points.toLocaleString('pt-BR')} ${points === 1 ? 'ponto' : 'pontos'}`;

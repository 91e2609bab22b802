/** Portuguese words of marathon pages: dates in the marathon's time zone, the participants' count. */
import { daysLabel } from '~/features/lcs/labels';
import type { MarathonTimeZone } from './vocabulary';

const TIME_ZONE_PLACES: Record<MarathonTimeZone, string> = {
  'America/Sao_Paulo': 'São Paulo (Brasília)',
  'America/Bahia': 'Salvador',
  'America/Fortaleza': 'Fortaleza',
  'America/Recife': 'Recife',
  'America/Belem': 'Belém',
  'America/Noronha': 'Fernando de Noronha',
  'America/Manaus': 'Manaus',
  'America/Cuiaba': 'Cuiabá',
  'America/Campo_Grande': 'Campo Grande',
  'America/Porto_Velho': 'Porto Velho',
  'America/Boa_Vista': 'Boa Vista',
  'America/Rio_Branco': 'Rio Branco',
  'Europe/Lisbon': 'Lisboa',
  'Atlantic/Azores': 'Açores',
};

/** "America/Sao_Paulo" → "horário de São Paulo (Brasília)": the place as people say it. */
export function timeZoneLabel(timeZone: string): string {
  return `horário de ${TIME_ZONE_PLACES[timeZone as MarathonTimeZone] ?? timeZone}`;
}

/** "5 de dez. de 2026 a 18 de dez. de 2026 (horário de Sao Paulo)". */
export function marathonDaysLabel(marathon: { startsOn: string; endsOn: string; timeZone: string }): string {
  return `${daysLabel(marathon.startsOn, marathon.endsOn)} (${timeZoneLabel(marathon.timeZone)})`;
}

export function participantsLabel(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'participante' : 'participantes'}`;
}

export const pointsLabel = (points: number) => `${points.toLocaleString('pt-BR')} ${points === 1 ? 'ponto' : 'pontos'}`;

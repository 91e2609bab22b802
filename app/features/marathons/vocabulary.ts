/**
 * The words of marathons (PRODUCT.md §G) as rows and forms store them. Visibility and challenge kinds are in
 * Portuguese, as the product names them in forms and URLs; statuses and modes are code words.
 */

/** publico: anyone; clube: the organiser club's active members; privado: only its organisers and participants. */
export const MARATHON_VISIBILITIES = ['publico', 'clube', 'privado'] as const;
export type MarathonVisibility = (typeof MARATHON_VISIBILITIES)[number];

/** How participants are grouped: not at all, by cumulative level, or in teams (chosen when registering). */
export const MARATHON_MODES = ['none', 'levels', 'teams'] as const;
export type MarathonMode = (typeof MARATHON_MODES)[number];

/** `leitura`: done by reading editions (linked on the board, a later piece); `atividade`: a task marked done. */
export const CHALLENGE_KINDS = ['leitura', 'atividade'] as const;
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];

/** A reader's row in a marathon: taking part, or banned by its organisers (a removed reader has no row). */
export const MARATHON_PARTICIPANT_STATUSES = ['active', 'banned'] as const;
export type MarathonParticipantStatus = (typeof MARATHON_PARTICIPANT_STATUSES)[number];

/** Derived from the dates in the marathon's time zone, never stored: as /maratonas lists them. */
export const MARATHON_PHASES = ['proxima', 'acontecendo', 'encerrada'] as const;
export type MarathonPhase = (typeof MARATHON_PHASES)[number];

/** The time zones an organiser may pick: Brazil's, then Portugal's (the community's). IANA names PostgreSQL knows. */
export const MARATHON_TIME_ZONES = [
  'America/Sao_Paulo',
  'America/Bahia',
  'America/Fortaleza',
  'America/Recife',
  'America/Belem',
  'America/Noronha',
  'America/Manaus',
  'America/Cuiaba',
  'America/Campo_Grande',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'Europe/Lisbon',
  'Atlantic/Azores',
] as const;
export type MarathonTimeZone = (typeof MARATHON_TIME_ZONES)[number];

/** A webhook delivery's state (decision 0078). */
export const WEBHOOK_DELIVERY_STATUSES = ['pendente', 'enviando', 'entregue', 'falhou', 'cancelada', 'substituida'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

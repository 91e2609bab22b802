/**
 * The words of the focus game (PRODUCT.md §J, decision 0079) as rows and forms store them: code words in rows,
 * Portuguese for people. A leaf: client-safe, the schema and the pages both import it.
 */

/**
 * A focus session: `running` until it ends; `finished` when the reader closed it after its end (with the page
 * reached, or none); `given_up` when they stopped before the end (half the minutes); `expired` when nobody closed it
 * within FINISH_GRACE_MINUTES of its end (closed by the server: the full minutes, no page).
 */
export const FOCUS_SESSION_STATUSES = ['running', 'finished', 'given_up', 'expired'] as const;
export type FocusSessionStatus = (typeof FOCUS_SESSION_STATUSES)[number];

export const FOCUS_STATUS_LABELS: Record<FocusSessionStatus, string> = {
  running: 'Em andamento',
  finished: 'Concluída',
  given_up: 'Interrompida',
  expired: 'Encerrada sozinha',
};

export const FOCUS_MIN_MINUTES = 5;
export const FOCUS_MAX_MINUTES = 180;
export const FOCUS_PRESETS = [25, 40, 60] as const;
/** At most 16 h of focus credited per São Paulo day. */
export const FOCUS_DAILY_CAP_MINUTES = 960;
/** After its end, the reader has this long to record the page reached before the session closes itself. */
export const FOCUS_FINISH_GRACE_MINUTES = 30;
export const FOCUS_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The periods of the focus ranking (decision 0084), as `focus_totals` stores them: the São Paulo week (from Monday),
 * the month, and all time (one row a reader, starting on FOCUS_ALL_TIME_START).
 */
export const FOCUS_PERIODS = ['week', 'month', 'all'] as const;
export type FocusPeriod = (typeof FOCUS_PERIODS)[number];
/** The day all-time totals start on: the epoch, a period that holds every day. */
export const FOCUS_ALL_TIME_START = '1970-01-01';

/** The ranking's periods as its URL (`?periodo=`) and its tabs say them. */
export const FOCUS_PERIOD_WORDS: Record<FocusPeriod, { param: string; label: string; caption: string }> = {
  week: { param: 'semanal', label: 'Semanal', caption: 'nesta semana' },
  month: { param: 'mensal', label: 'Mensal', caption: 'neste mês' },
  all: { param: 'geral', label: 'Geral', caption: 'desde sempre' },
};
/** A focus room (sala): `public` rooms are listed on /foca/salas; `private` ones are joined by their code. */
export const FOCUS_ROOM_VISIBILITIES = ['public', 'private'] as const;
export type FocusRoomVisibility = (typeof FOCUS_ROOM_VISIBILITIES)[number];
export const FOCUS_ROOM_VISIBILITY_LABELS: Record<FocusRoomVisibility, string> = { public: 'Pública', private: 'Privada' };
// Eggs and pets (decision 0082).

export const RARITIES = ['comum', 'rara', 'lendaria'] as const;
export type Rarity = (typeof RARITIES)[number];

export const RARITY_LABELS: Record<Rarity, string> = { comum: 'Comum', rara: 'Rara', lendaria: 'Lendária' };

/** An egg of a rarity, in words ("ovinho" is masculine: "Ovinho raro", not the species' "rara"). */
export const EGG_LABELS: Record<Rarity, string> = { comum: 'Ovinho comum', rara: 'Ovinho raro', lendaria: 'Ovinho lendário' };

/** Focus minutes an incubating egg needs to hatch. */
export const HATCH_MINUTES: Record<Rarity, number> = { comum: 60, rara: 180, lendaria: 600 };

/** How many eggs incubate at once; the rest wait, in the order they came, for a slot (Maratona+ will raise it). */
export const INCUBATION_SLOTS = 3;

/**
 * Where an egg came from. `task`, a task of /tarefas completed (decision 0085); `challenge`, a
 * marathon challenge done; `milestone`, one of the milestones below.
 */
export const EGG_SOURCES = ['task', 'challenge', 'milestone'] as const;
export type EggSource = (typeof EGG_SOURCES)[number];

export const EGG_SOURCE_LABELS: Record<EggSource, string> = { task: 'Tarefa', challenge: 'Desafio de maratona', milestone: 'Marco' };

/** The game events /foca/logs lists. */
export const FOCUS_EVENT_KINDS = ['egg_received', 'egg_hatched', 'level_up', 'task_completed'] as const;
export type FocusEventKind = (typeof FOCUS_EVENT_KINDS)[number];

export const PET_NAME_MAX = 40;

/** The species catalogue's slugs (species.ts has the rest), as focus_pets.species stores them: never rename one. */
export const SPECIES_SLUGS = [
  'foca-comum',
  'lobo-marinho',
  'leao-marinho',
  'foca-cinzenta',
  'foca-harpa',
  'foca-de-weddell',
  'foca-leopardo',
  'foca-monge-do-havai',
  'foca-monge-do-mediterraneo',
  'elefante-marinho',
] as const;
export type SpeciesSlug = (typeof SPECIES_SLUGS)[number];

/**
 * The words of the foca's eggs and pets (PRODUCT.md §J, decision 0082) as rows store them: code words in rows,
 * Portuguese for people. A leaf: client-safe, the schema and the pages both import it.
 */

export const RARITIES = ['comum', 'rara', 'lendaria'] as const;
export type Rarity = (typeof RARITIES)[number];

export const RARITY_LABELS: Record<Rarity, string> = { comum: 'Comum', rara: 'Rara', lendaria: 'Lendária' };

/** Focus minutes an incubating egg needs to hatch. */
export const HATCH_MINUTES: Record<Rarity, number> = { comum: 60, rara: 180, lendaria: 600 };

/** How many eggs incubate at once; the rest wait, in the order they came, for a slot (Maratona+ will raise it). */
export const INCUBATION_SLOTS = 3;

/**
 * Where an egg came from. `task` is for the tasks of /tarefas (a later piece: nothing grants it yet); `challenge`, a
 * marathon challenge done; `milestone`, one of the milestones below.
 */
export const EGG_SOURCES = ['task', 'challenge', 'milestone'] as const;
export type EggSource = (typeof EGG_SOURCES)[number];

export const EGG_SOURCE_LABELS: Record<EggSource, string> = { task: 'Tarefa', challenge: 'Desafio de maratona', milestone: 'Marco' };

/** The game events /foca/logs lists. */
export const FOCUS_EVENT_KINDS = ['egg_received', 'egg_hatched', 'level_up'] as const;
export type FocusEventKind = (typeof FOCUS_EVENT_KINDS)[number];

export const PET_NAME_MAX = 40;

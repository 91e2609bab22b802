/**
 * The words of group reads (LC, PRODUCT.md §F) as rows and forms store them. Who may see an LC is in Portuguese,
 * as the product names it in forms and URLs (like the clubs' and the shelves' visibilities); statuses and kinds
 * are code words with Portuguese labels in policy.ts.
 */

/** publico: anyone; clube: the host club's active members; privado: by invitation, 404 to everyone else. */
export const GROUP_READ_VISIBILITIES = ['publico', 'clube', 'privado'] as const;
export type GroupReadVisibility = (typeof GROUP_READ_VISIBILITIES)[number];

/** A reader's place in an LC: reading along, invited, on the waiting list (lista de espera), or banned. */
export const PARTICIPANT_STATUSES = ['active', 'invited', 'waiting', 'banned'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** What a stage (etapa) counts: a page range or a chapter range of its edition. */
export const STAGE_UNITS = ['pages', 'chapters'] as const;
export type StageUnit = (typeof STAGE_UNITS)[number];

/** A material is a link or an uploaded file. */
export const MATERIAL_KINDS = ['link', 'file'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

/** Derived from the dates and `closed_early_at`, never stored: abertas, em andamento, encerradas (as /lcs says). */
export const GROUP_READ_PHASES = ['aberta', 'em-andamento', 'encerrada'] as const;
export type GroupReadPhase = (typeof GROUP_READ_PHASES)[number];

/**
 * What a reader marks on an etapa: `read`, "li esta etapa" (an etapa in chapters, or in pages of an edition without a
 * page count, where reading progress cannot tell), or `revealed`, "mostrar mesmo assim" (its discussion is shown
 * before they reach it). Decision 0068.
 */
export const STAGE_MARK_KINDS = ['read', 'revealed'] as const;
export type StageMarkKind = (typeof STAGE_MARK_KINDS)[number];

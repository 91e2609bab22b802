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

/** A focus room (sala): `public` rooms are listed on /foca/salas; `private` ones are joined by their code. */
export const FOCUS_ROOM_VISIBILITIES = ['public', 'private'] as const;
export type FocusRoomVisibility = (typeof FOCUS_ROOM_VISIBILITIES)[number];
export const FOCUS_ROOM_VISIBILITY_LABELS: Record<FocusRoomVisibility, string> = { public: 'Pública', private: 'Privada' };

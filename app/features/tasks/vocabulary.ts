/**
 * The words of the tasks (tarefas, PRODUCT.md §J2, decision 0085) as rows store them. A leaf: client-safe, the schema
 * and the pages both import it.
 */

/** A task's period: `day` resets at 00:00 in São Paulo, `week` on Monday 00:00 in São Paulo. */
export const TASK_PERIODS = ['day', 'week'] as const;
export type TaskPeriod = (typeof TASK_PERIODS)[number];

/**
 * What a task counts, each from one real event recorded in that event's transaction (recordTaskEvent):
 * `focus_minutes` the minutes a focus session's close credited; `att_published` an att published; `book_updated` a
 * progress update (distinct books: the work is the key, so two editions are one book); `review_written` a review
 * published for the first time (a book's work counts once ever); `room_joined` a focus room joined (distinct rooms);
 * `challenge_done` a marathon challenge done (each counts once ever).
 */
export const TASK_KINDS = ['focus_minutes', 'att_published', 'book_updated', 'review_written', 'room_joined', 'challenge_done'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** The catalogue's task ids (tasks.ts has the rest), as task_progress.task_id stores them: never rename one. */
export const TASK_IDS = [
  'ler-20-minutos',
  'publicar-att',
  'atualizar-2-livros',
  'escrever-resenha',
  'entrar-sala',
  'completar-desafio',
  'ler-3-horas',
  'publicar-5-atts',
  'atualizar-5-livros',
  'escrever-2-resenhas',
  'completar-3-desafios',
] as const;
export type TaskId = (typeof TASK_IDS)[number];

export const TASK_TIME_ZONE = 'America/Sao_Paulo';

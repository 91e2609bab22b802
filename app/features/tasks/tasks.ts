import type { Rarity } from '~/features/focus/vocabulary';
import { TASK_IDS, type TaskId, type TaskKind, type TaskPeriod } from './vocabulary';

/**
 * The task catalogue (PRODUCT.md §J2, decision 0085): daily and weekly tasks, each counting one kind of event up to
 * its target, with a reward given once a period when it is reached — an egg of a rarity and/or XP for the companion.
 * `link` is where the reader does it.
 */
export type TaskReward = { egg?: Rarity; xp?: number };
export type Task = {
  id: TaskId;
  period: TaskPeriod;
  kind: TaskKind;
  title: string;
  target: number;
  unit: string;
  reward: TaskReward;
  link: { to: string; label: string };
};

const FOCUS_LINK = { to: '/foca', label: 'Começar uma sessão de foco' };
const ATT_LINK = { to: '/estante?situacao=lendo', label: 'Publicar uma att sobre o que está lendo' };
const PROGRESS_LINK = { to: '/estante?situacao=lendo', label: 'Atualizar o progresso na estante' };
const REVIEW_LINK = { to: '/estante?situacao=lido', label: 'Escrever sobre um livro lido' };
const ROOM_LINK = { to: '/foca/salas', label: 'Ver as salas de foco' };
const CHALLENGE_LINK = { to: '/maratonas', label: 'Ver as maratonas' };

export const TASKS: Record<TaskId, Task> = {
  'ler-20-minutos': {
    id: 'ler-20-minutos',
    period: 'day',
    kind: 'focus_minutes',
    title: 'Leia 20 minutos',
    target: 20,
    unit: 'min',
    reward: { xp: 30 },
    link: FOCUS_LINK,
  },
  'publicar-att': {
    id: 'publicar-att',
    period: 'day',
    kind: 'att_published',
    title: 'Publique uma att',
    target: 1,
    unit: 'att',
    reward: { xp: 15 },
    link: ATT_LINK,
  },
  'atualizar-2-livros': {
    id: 'atualizar-2-livros',
    period: 'day',
    kind: 'book_updated',
    title: 'Atualize 2 livros',
    target: 2,
    unit: 'livros',
    reward: { xp: 20 },
    link: PROGRESS_LINK,
  },
  'escrever-resenha': {
    id: 'escrever-resenha',
    period: 'day',
    kind: 'review_written',
    title: 'Escreva uma resenha',
    target: 1,
    unit: 'resenha',
    reward: { xp: 25 },
    link: REVIEW_LINK,
  },
  'entrar-sala': {
    id: 'entrar-sala',
    period: 'day',
    kind: 'room_joined',
    title: 'Entre numa sala de foco',
    target: 1,
    unit: 'sala',
    reward: { xp: 10 },
    link: ROOM_LINK,
  },
  'completar-desafio': {
    id: 'completar-desafio',
    period: 'day',
    kind: 'challenge_done',
    title: 'Complete um desafio',
    target: 1,
    unit: 'desafio',
    reward: { xp: 20 },
    link: CHALLENGE_LINK,
  },
  'ler-3-horas': {
    id: 'ler-3-horas',
    period: 'week',
    kind: 'focus_minutes',
    title: 'Leia 3 horas na semana',
    target: 180,
    unit: 'min',
    reward: { egg: 'rara' },
    link: FOCUS_LINK,
  },
  'publicar-5-atts': {
    id: 'publicar-5-atts',
    period: 'week',
    kind: 'att_published',
    title: 'Publique 5 atts',
    target: 5,
    unit: 'atts',
    reward: { egg: 'comum' },
    link: ATT_LINK,
  },
  'atualizar-5-livros': {
    id: 'atualizar-5-livros',
    period: 'week',
    kind: 'book_updated',
    title: 'Atualize 5 livros diferentes',
    target: 5,
    unit: 'livros',
    reward: { egg: 'comum', xp: 50 },
    link: PROGRESS_LINK,
  },
  'escrever-2-resenhas': {
    id: 'escrever-2-resenhas',
    period: 'week',
    kind: 'review_written',
    title: 'Escreva 2 resenhas',
    target: 2,
    unit: 'resenhas',
    reward: { egg: 'comum', xp: 40 },
    link: REVIEW_LINK,
  },
  'completar-3-desafios': {
    id: 'completar-3-desafios',
    period: 'week',
    kind: 'challenge_done',
    title: 'Complete 3 desafios',
    target: 3,
    unit: 'desafios',
    reward: { egg: 'rara' },
    link: CHALLENGE_LINK,
  },
};

/** The catalogue in its order, a period's tasks together. */
export const TASK_LIST: readonly Task[] = TASK_IDS.map((id) => TASKS[id]);
export const tasksOf = (period: TaskPeriod) => TASK_LIST.filter((task) => task.period === period);
export const tasksCounting = (kind: TaskKind) => TASK_LIST.filter((task) => task.kind === kind);
export const DAILY_TASK_COUNT = tasksOf('day').length;

/**
 * The kinds whose key counts once ever, not once a period (decision 0085): a challenge unticked and ticked again, a
 * review (keyed by its work) taken down, deleted or written again in a later week is nothing new the reader did.
 */
export const COUNTED_ONCE_EVER: readonly TaskKind[] = ['challenge_done', 'review_written'];

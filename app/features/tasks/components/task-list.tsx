import { Link } from '~/components/link';
import { formatNumber, formatTime } from '~/lib/format';
import { EGG_LABELS } from '~/features/focus/vocabulary';
import { timeUntil } from '../period';
import type { TaskSection, TaskView } from '../queries.server';
import type { TaskReward } from '../tasks';

/** A task's reward in words: the egg, the XP (said to go nowhere while the reader has no companion). */
function rewardText(reward: TaskReward, hasCompanion: boolean): string {
  const parts: string[] = [];
  if (reward.egg) parts.push(EGG_LABELS[reward.egg]);
  if (reward.xp)
    parts.push(
      hasCompanion ? `+${formatNumber(reward.xp)} XP para a sua companhia` : `+${formatNumber(reward.xp)} XP para a sua companhia (você ainda não tem uma)`,
    );
  return parts.join(' e ');
}

/** One task: its bar (a progressbar with its name), "x de y", the reward, and where to do it or that it is done. */
function TaskItem({ task, hasCompanion }: { task: TaskView; hasCompanion: boolean }) {
  const done = task.completedAt !== null;
  const id = `tarefa-${task.id}`;
  return (
    <li className={`flex flex-col gap-2 rounded-xl border bg-surface p-4 ${done ? 'border-ok' : 'border-line'}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={id} className="font-semibold">
          {task.title}
        </h3>
        {done ? <p className="text-sm font-semibold text-ok">Concluída às {formatTime(task.completedAt!)}</p> : null}
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={task.target}
        aria-valuenow={task.progress}
        aria-valuetext={`${formatNumber(task.progress)} de ${formatNumber(task.target)}`}
        className="h-2 w-full overflow-hidden rounded-full bg-line"
      >
        <div className={`h-full rounded-full ${done ? 'bg-ok' : 'bg-mar'}`} style={{ width: `${Math.min(100, (task.progress / task.target) * 100)}%` }} />
      </div>
      <p className="text-sm tabular-nums">
        {formatNumber(task.progress)} de {formatNumber(task.target)} {task.unit}
      </p>
      <p className="text-sm">
        <span className="text-muted">Recompensa:</span> {rewardText(task.reward, hasCompanion)}
      </p>
      {done ? null : (
        <Link to={task.link.to} className="self-start text-sm">
          {task.link.label}
        </Link>
      )}
    </li>
  );
}

const SECTION_WORDS = {
  day: { heading: 'Tarefas de hoje', resets: 'Renovam à meia-noite (horário de Brasília), em' },
  week: { heading: 'Tarefas da semana', resets: 'Renovam na segunda-feira à meia-noite (horário de Brasília), em' },
} as const;

/** A period's tasks (today's, this week's), with how long until they start again. */
export function TaskSectionView({ section, now, hasCompanion }: { section: TaskSection; now: string; hasCompanion: boolean }) {
  const words = SECTION_WORDS[section.period];
  const headingId = `tarefas-${section.period}`;
  const done = section.tasks.filter((task) => task.completedAt !== null).length;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="font-serif text-xl font-semibold">
          {words.heading}{' '}
          <span className="text-base font-normal tabular-nums text-muted">
            ({formatNumber(done)} de {formatNumber(section.tasks.length)})
          </span>
        </h2>
        <p className="text-sm text-muted">
          {words.resets} {timeUntil(new Date(now), new Date(section.resetsAt))}.
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {section.tasks.map((task) => (
          <TaskItem key={task.id} task={task} hasCompanion={hasCompanion} />
        ))}
      </ul>
    </section>
  );
}

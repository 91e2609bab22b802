import type { ReactNode } from 'react';
import { ProgressBar } from '~/components/ui/progress-bar';
import { formatNumber } from '~/lib/format';
import { type ReadingGoal, goalFraction } from '../goals/goals';

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * The yearly reading goal with its progress (PRODUCT.md §C), for /home and the profile. `children` is the
 * owner's form, when the card is shown to its owner.
 */
export function ReadingGoalCard({ goal, children }: { goal: ReadingGoal; children?: ReactNode }) {
  const hasGoal = goal.booksTarget != null || goal.pagesTarget != null;
  return (
    <section aria-labelledby="meta-de-leitura" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="meta-de-leitura" className="font-serif text-xl font-semibold">
        Meta de leitura de {goal.year}
      </h2>
      {goal.booksTarget != null ? (
        <ProgressBar
          fraction={goalFraction(goal.booksRead, goal.booksTarget)}
          label={`${count(goal.booksRead, 'livro', 'livros')} de ${count(goal.booksTarget, 'livro', 'livros')}`}
        />
      ) : null}
      {goal.pagesTarget != null ? (
        <ProgressBar
          fraction={goalFraction(goal.pagesRead, goal.pagesTarget)}
          label={`${count(goal.pagesRead, 'página', 'páginas')} de ${count(goal.pagesTarget, 'página', 'páginas')}`}
        />
      ) : null}
      {!hasGoal ? (
        <p className="text-muted">
          Sem meta para {goal.year}. Até agora: {count(goal.booksRead, 'livro lido', 'livros lidos')}, {count(goal.pagesRead, 'página', 'páginas')}.
        </p>
      ) : null}
      {children}
    </section>
  );
}

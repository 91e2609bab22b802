import type { ReactNode } from 'react';
import { formatDay } from '~/lib/format';
import { pointsLabel } from '../labels';
import type { ChallengeView } from '../types';

const KIND_LABELS = { leitura: 'Leitura', atividade: 'Atividade' } as const;

/**
 * Categories with their challenges. With `myLevel` (a participant's level position), a challenge of a level above
 * theirs is marked as not theirs: levels are cumulative, level N does the challenges of levels 1…N.
 */
export function ChallengeList({
  categories,
  myLevel,
  scheduledAfter,
  heading: Heading = 'h2',
  actions,
}: {
  categories: readonly { id: string; name: string; challenges: readonly ChallengeView[] }[];
  myLevel: number | null;
  /** The organisers' list: a challenge revealed after this day is marked "agendado para …". */
  scheduledAfter?: string;
  /** h3 inside a section of its own (the organisers' list). */
  heading?: 'h2' | 'h3';
  /** The organisers' tools of each challenge, under it. */
  actions?: (challenge: ChallengeView) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      {categories.map((category) => (
        <section key={category.id} aria-labelledby={`categoria-${category.id}`} className="flex flex-col gap-2">
          <Heading id={`categoria-${category.id}`} className="font-serif text-xl font-semibold">
            {category.name}
          </Heading>
          <ul className="flex flex-col gap-2">
            {category.challenges.map((c) => {
              const above = myLevel !== null && c.levelPosition !== null && c.levelPosition > myLevel;
              return (
                <li key={c.id} className={`flex flex-col gap-1 rounded-xl border border-line bg-surface p-3 ${above ? 'opacity-70' : ''}`}>
                  <p>{c.description}</p>
                  <p className="text-sm text-muted">
                    {KIND_LABELS[c.kind]} · {pointsLabel(c.points)}
                    {c.levelName ? ` · a partir do nível ${c.levelName}` : ''}
                    {above ? ' · acima do seu nível' : ''}
                    {scheduledAfter && c.revealsOn && c.revealsOn > scheduledAfter ? ` · agendado para ${formatDay(c.revealsOn)}` : ''}
                  </p>
                  {actions?.(c)}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

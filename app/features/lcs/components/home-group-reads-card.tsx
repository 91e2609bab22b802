import type { ReactNode } from 'react';
import { Link } from '~/components/link';
import { formatDay } from '~/lib/format';
import { daysLabel, rangeLabel } from '../labels';
import type { HomeCommenters } from '../home-commenters.server';
import type { HomeGroupRead } from '../types';

function StageLine({ stage }: { stage: NonNullable<HomeGroupRead['stage']> }) {
  const what = `Etapa ${stage.number}: ${rangeLabel(stage)}${stage.editionTitle ? ` de ${stage.editionTitle}` : ''}`;
  return stage.today ? (
    <span className="text-sm">
      <strong className="font-semibold">Hoje</strong> · {what} · até {formatDay(stage.endsOn)}
    </span>
  ) : (
    <span className="text-sm">
      Próxima · {what} · {daysLabel(stage.startsOn, stage.endsOn)}
    </span>
  );
}

/** "Ana comentou", "Ana e Bruno comentaram", "Ana, Bruno e mais 3 pessoas comentaram". */
export function commentersLabel({ names, total }: HomeCommenters): string {
  const more = total - names.length;
  if (more > 0) return `${names.join(', ')} e mais ${more.toLocaleString('pt-BR')} ${more === 1 ? 'pessoa' : 'pessoas'} comentaram`;
  if (names.length === 1) return `${names[0]} comentou`;
  return `${names.slice(0, -1).join(', ')} e ${names.at(-1)} comentaram`;
}

/** Who commented in the threads the reader may read, linking to the discussion; nothing when no one did. */
export function CommentersLine({ slug, commenters }: { slug: string; commenters: HomeCommenters | undefined }) {
  if (!commenters || commenters.total === 0) return null;
  return (
    <Link to={`/lc/${slug}/discussao`} className="text-sm text-muted">
      {commentersLabel(commenters)}
    </Link>
  );
}

/**
 * /home's "Minhas LCs": today's etapa of each LC the reader is in, linking to its schedule, or a way to find one.
 * `aside` adds a line under an LC (the discussion's latest comments, once it exists).
 */
export function HomeGroupReadsCard({
  groupReads,
  total,
  aside,
}: {
  groupReads: readonly HomeGroupRead[];
  total: number;
  aside?: (lc: HomeGroupRead) => ReactNode;
}) {
  return (
    <section aria-labelledby="minhas-lcs" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="minhas-lcs" className="font-serif text-xl font-semibold">
          Minhas LCs
        </h2>
        {total > 0 ? <Link to="/lc">{total > groupReads.length ? `Ver as ${total}` : 'Ver todas'}</Link> : null}
      </div>
      {groupReads.length ? (
        <ul className="flex flex-col gap-3">
          {groupReads.map((lc) => (
            <li key={lc.id} className="flex min-w-0 flex-col">
              <Link to={`/lc/${lc.slug}/cronograma`} className="font-semibold">
                {lc.title}
              </Link>
              {lc.stage ? <StageLine stage={lc.stage} /> : <span className="text-sm text-muted">O cronograma ainda não tem etapas.</span>}
              {aside?.(lc)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">
          Leia junto com outras pessoas, uma etapa por vez. <Link to="/lcs">Encontre uma LC</Link> ou <Link to="/criar/lc">organize a sua</Link>.
        </p>
      )}
    </section>
  );
}

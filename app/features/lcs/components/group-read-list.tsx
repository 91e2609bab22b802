import { Link } from '~/components/link';
import { EditionCover } from '~/features/catalog/components/edition-cover';
import { daysLabel, participantsLabel } from '../labels';
import { PHASE_LABELS } from '../policy';
import type { GroupReadCard } from '../types';

/** The LC's own cover, else its first book's (a generated one when the book has none): always 2:3. */
export function GroupReadCover({ lc, size = 'sm' }: { lc: Pick<GroupReadCard, 'title' | 'coverUrl' | 'book'>; size?: 'sm' | 'md' }) {
  if (lc.coverUrl || !lc.book) {
    return <EditionCover edition={{ title: lc.title, authors: [], coverUrl: lc.coverUrl }} size={size} />;
  }
  return <EditionCover edition={lc.book} size={size} />;
}

/** LCs as cards: the directory, /lc. `aside` adds a line per LC (a place on the waiting list, a form). */
export function GroupReadList({ groupReads, aside }: { groupReads: readonly GroupReadCard[]; aside?: (lc: GroupReadCard) => React.ReactNode }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {groupReads.map((lc) => (
        <li key={lc.id} className="flex gap-3 rounded-xl border border-line bg-surface p-4">
          <GroupReadCover lc={lc} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <Link to={`/lc/${lc.slug}`} className="font-serif text-lg font-semibold">
              {lc.title}
            </Link>
            <p className="text-sm text-muted">
              {PHASE_LABELS[lc.phase]} · {daysLabel(lc.startsOn, lc.endsOn)}
            </p>
            <p className="text-sm text-muted">
              {lc.host.kind === 'club' ? `Clube ${lc.host.name}` : `Com @${lc.host.username}`} · {participantsLabel(lc.participantCount, lc.participantCap)}
            </p>
            {lc.summary ? <p className="line-clamp-2 text-sm">{lc.summary}</p> : null}
            {aside?.(lc)}
          </div>
        </li>
      ))}
    </ul>
  );
}

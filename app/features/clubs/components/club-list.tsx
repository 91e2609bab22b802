import { Link } from '~/components/link';
import { CATEGORY_LABELS, membersLabel } from '../labels';
import type { ClubCard } from '../types';
import { ClubAvatar } from './club-avatar';

/** Clubs as cards: the directory, /clube, a reader's clubs. `aside` adds a line per club (a role, a form). */
export function ClubList({ clubs, aside }: { clubs: readonly ClubCard[]; aside?: (club: ClubCard) => React.ReactNode }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {clubs.map((club) => (
        <li key={club.id} className="flex gap-3 rounded-xl border border-line bg-surface p-4">
          <ClubAvatar club={club} size={56} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <Link to={`/clube/${club.slug}`} className="font-serif text-lg font-semibold">
              {club.name}
            </Link>
            <p className="text-sm text-muted">
              {membersLabel(club.memberCount)}
              {club.visibility === 'moderado' ? ' · com aprovação' : club.visibility === 'privado' ? ' · privado' : ''}
              {club.categories.length ? ` · ${club.categories.map((c) => CATEGORY_LABELS[c]).join(', ')}` : ''}
            </p>
            {club.summary ? <p className="line-clamp-2 text-sm">{club.summary}</p> : null}
            {aside?.(club)}
          </div>
        </li>
      ))}
    </ul>
  );
}

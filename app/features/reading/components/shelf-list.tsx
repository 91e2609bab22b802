import * as globeDrawing from 'lucide-react/icons/globe';
import * as lockDrawing from 'lucide-react/icons/lock';
import * as usersDrawing from 'lucide-react/icons/users';
import { lucide } from '~/components/ui/icons';
import { Link } from '~/components/link';
import { formatNumber } from '~/lib/format';
import { ReaderLink } from '~/features/profiles/components/reader-link';
import { type Visibility, VISIBILITY_LABELS } from '~/features/social/vocabulary';
import type { ShelfSummary } from '../types';

const Globe = lucide(globeDrawing);
const Lock = lucide(lockDrawing);
const Users = lucide(usersDrawing);

const ICONS = { publico: Globe, seguidores: Users, privado: Lock } as const;

export function VisibilityBadge({ visibility }: { visibility: Visibility }) {
  const Icon = ICONS[visibility];
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-line px-2 py-0.5 text-sm text-ink">
      <Icon aria-hidden="true" size={14} />
      {VISIBILITY_LABELS[visibility]}
    </span>
  );
}

const bookCount = (n: number) => (n === 1 ? '1 livro' : `${formatNumber(n)} livros`);

/** Custom shelves as a list of links with their size (and, for someone else's, whose they are). */
export function ShelfList({ shelves, headingLevel = 3 }: { shelves: ShelfSummary[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="flex flex-col divide-y divide-line">
      {shelves.map((shelf) => (
        <li key={shelf.id} className="flex flex-col gap-1 py-3">
          <Heading className="font-serif text-lg font-semibold">
            <Link to={`/estante/${shelf.id}`} className="text-ink no-underline hover:underline">
              {shelf.name}
            </Link>
          </Heading>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span>{bookCount(shelf.itemCount)}</span>
            {shelf.mine ? (
              <VisibilityBadge visibility={shelf.visibility} />
            ) : (
              <span>
                de <ReaderLink reader={shelf.owner} />
              </span>
            )}
          </p>
          {shelf.description ? <p className="line-clamp-2 text-sm">{shelf.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}

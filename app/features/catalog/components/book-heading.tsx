import { Link } from '~/components/link';
import type { EditionCard } from '../types';
import { EditionCover } from './edition-cover';
import { AuthorLinks } from './edition-list';

type Book = Pick<EditionCard, 'id' | 'title' | 'authors' | 'coverUrl'>;

/** A book's small cover, a link to its page left out of the tab order: the title beside it is the link readers reach. */
export function BookCoverLink({ edition }: { edition: Book }) {
  return (
    <Link to={`/ed/${edition.id}`} tabIndex={-1} aria-hidden="true">
      <EditionCover edition={edition} size="sm" />
    </Link>
  );
}

/** A book's title as a link to its page, in the heading level of the list it stands in; its authors below when asked. */
export function BookTitle({ edition, level, className, withAuthors = false }: { edition: Book; level: 2 | 3; className: string; withAuthors?: boolean }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <>
      <Heading className={className}>
        <Link to={`/ed/${edition.id}`} className="text-ink no-underline hover:underline">
          {edition.title}
        </Link>
      </Heading>
      {withAuthors ? (
        <p className="text-sm">
          <AuthorLinks authors={edition.authors} />
        </p>
      ) : null}
    </>
  );
}

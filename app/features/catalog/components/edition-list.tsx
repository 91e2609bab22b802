import { Link } from '~/components/link';
import { formatNumber } from '~/lib/format';
import type { EditionCard } from '../types';
import { EditionCover } from './edition-cover';
import type { EditionFormat } from '../vocabulary';

export const formatLabels: Record<EditionFormat, string> = { brochura: 'Brochura', capa_dura: 'Capa dura', ebook: 'E-book', audiolivro: 'Audiolivro' };

export function AuthorLinks({ authors }: { authors: EditionCard['authors'] }) {
  if (authors.length === 0) return <span className="text-muted">Autoria não informada</span>;
  return (
    <>
      {authors.map((author, i) => (
        <span key={author.id}>
          {i > 0 ? ', ' : ''}
          <Link to={`/autor/${author.slug}`}>{author.name}</Link>
        </span>
      ))}
    </>
  );
}

/** Search results and other lists: cover, title, authors, publisher · year · format, readers. */
export function EditionList({ editions, start = 1 }: { editions: EditionCard[]; start?: number }) {
  return (
    <ol start={start} className="flex flex-col divide-y divide-line">
      {editions.map((edition) => (
        <li key={edition.id} className="flex gap-4 py-4">
          <Link to={`/ed/${edition.id}`} tabIndex={-1} aria-hidden="true">
            <EditionCover edition={edition} size="sm" />
          </Link>
          <div className="flex min-w-0 flex-col gap-1">
            <h3 className="font-serif text-lg font-semibold leading-snug">
              <Link to={`/ed/${edition.id}`} className="text-ink no-underline hover:underline">
                {edition.title}
              </Link>
              {edition.subtitle ? <span className="font-normal text-muted">: {edition.subtitle}</span> : null}
            </h3>
            <p className="text-sm">
              <AuthorLinks authors={edition.authors} />
            </p>
            <p className="text-sm text-muted">{[edition.publisher, edition.year, formatLabels[edition.format]].filter(Boolean).join(' · ')}</p>
            {edition.readersCount > 0 ? (
              <p className="text-sm text-muted">
                {formatNumber(edition.readersCount)} {edition.readersCount === 1 ? 'leitor' : 'leitores'}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A shelf of covers (browse pages, collections). */
export function EditionShelf({ editions, label }: { editions: (EditionCard & { position?: number | null })[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-3 gap-4 sm:grid-cols-4 md:grid-cols-6">
      {editions.map((edition) => (
        <li key={edition.id} className="flex flex-col gap-2">
          <Link to={`/ed/${edition.id}`} className="flex flex-col gap-2 text-ink no-underline hover:underline">
            <EditionCover edition={edition} size="fill" />
            <span className="line-clamp-2 text-sm font-medium leading-snug">
              {edition.position != null ? <span className="text-muted">#{formatNumber(edition.position)} </span> : null}
              {edition.title}
            </span>
          </Link>
          {edition.authors[0] ? <span className="line-clamp-1 text-xs text-muted">{edition.authors.map((a) => a.name).join(', ')}</span> : null}
        </li>
      ))}
    </ul>
  );
}

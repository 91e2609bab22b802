import { Link } from '~/components/link';
import { formatNumber } from '~/lib/format';
import type { CollectionSummary } from '../types';
import { EditionCover } from './edition-cover';
import type { CollectionKind } from '../vocabulary';

export const collectionKindLabels: Record<CollectionKind, string> = { series: 'Série', publisher_collection: 'Coleção editorial', box: 'Box' };

export function CollectionList({ collections }: { collections: CollectionSummary[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {collections.map((collection) => (
        <li key={collection.id} className="flex gap-3 rounded-xl border border-line bg-surface p-4">
          <div aria-hidden="true" className="flex -space-x-8">
            {collection.covers.map((cover) => (
              <EditionCover key={cover.id} edition={cover} size="sm" className="ring-2 ring-surface" />
            ))}
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="font-serif text-lg font-semibold leading-snug">
              <Link to={`/colecao/${collection.id}`} className="text-ink">
                {collection.name}
              </Link>
            </h2>
            <p className="text-sm text-muted">
              {collectionKindLabels[collection.kind]} · {formatNumber(collection.membersCount)} {collection.membersCount === 1 ? 'livro' : 'livros'}
            </p>
            {collection.publisher ? <p className="text-sm text-muted">{collection.publisher}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

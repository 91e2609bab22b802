import { Link } from '~/components/link';
import { formatNumber } from '~/lib/format';
import { GENRES } from '../genres';
import type { EditionCard } from '../types';
import { EditionShelf } from './edition-list';

/** /catalogo without a search: genres with their counts, recently added and most read. */
export function CatalogBrowse({ recent, mostRead, genreCounts }: { recent: EditionCard[]; mostRead: EditionCard[]; genreCounts: Record<string, number> }) {
  const genres = GENRES.filter((genre) => (genreCounts[genre.slug] ?? 0) > 0);
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="generos">
        <h2 id="generos" className="mb-3 font-serif text-2xl font-semibold">
          Gêneros
        </h2>
        <ul className="flex flex-wrap gap-2">
          {genres.map((genre) => (
            <li key={genre.slug}>
              <Link
                to={`/catalogo?genero=${genre.slug}`}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink no-underline hover:border-mar"
              >
                {genre.name} <span className="text-muted">{formatNumber(genreCounts[genre.slug] ?? 0)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {/* Until readers shelve books, "most read" would be an arbitrary order: show it only when it means something. */}
      {mostRead.some((edition) => edition.readersCount > 0) ? (
        <section aria-labelledby="mais-lidos">
          <h2 id="mais-lidos" className="mb-3 font-serif text-2xl font-semibold">
            Mais lidos
          </h2>
          <EditionShelf editions={mostRead.filter((edition) => edition.readersCount > 0)} label="Mais lidos" />
        </section>
      ) : null}
      <section aria-labelledby="recentes">
        <h2 id="recentes" className="mb-3 font-serif text-2xl font-semibold">
          Chegaram ao catálogo
        </h2>
        <EditionShelf editions={recent} label="Chegaram ao catálogo" />
      </section>
      <p className="text-muted">
        Procurando uma série ou coleção editorial? <Link to="/colecao">Veja as coleções</Link>.
      </p>
    </div>
  );
}

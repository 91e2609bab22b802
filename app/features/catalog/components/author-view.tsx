import type { ReactNode } from 'react';
import { Link } from '~/components/link';
import { formatNumber } from '~/lib/format';
import type { AuthorDetail, AuthorWork } from '../types';
import { EditionCover } from './edition-cover';
import { EditionShelf, formatLabels } from './edition-list';

function lifeSpan(author: AuthorDetail): string | null {
  if (author.birthYear && author.deathYear) return `${author.birthYear}–${author.deathYear}`;
  if (author.birthYear) return `nascido(a) em ${author.birthYear}`;
  if (author.deathYear) return `morto(a) em ${author.deathYear}`;
  return null;
}

/** One work: the cover of its most-read edition, and every edition of it in the catalogue. */
function AuthorWorkRow({ work }: { work: AuthorWork }) {
  const [first] = work.editions;
  if (!first) return null;
  return (
    <li className="flex gap-4 py-4">
      <Link to={`/ed/${first.id}`} tabIndex={-1} aria-hidden="true">
        <EditionCover edition={first} size="sm" />
      </Link>
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="font-serif text-lg font-semibold leading-snug">
          <Link to={`/ed/${first.id}`} className="text-ink no-underline hover:underline">
            {work.title}
          </Link>
          {work.firstPublishedYear ? <span className="ml-2 text-sm font-normal text-muted">({work.firstPublishedYear})</span> : null}
        </h3>
        <ul aria-label={`Edições de ${work.title}`} className="flex flex-col gap-0.5 text-sm">
          {work.editions.map((edition) => (
            <li key={edition.id}>
              <Link to={`/ed/${edition.id}`}>
                {[edition.publisher ?? 'Editora não informada', edition.year, formatLabels[edition.format]].filter(Boolean).join(' · ')}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

/** `actions`: what the page adds under the name for the viewer (the follow button). */
export function AuthorView({ author, actions }: { author: AuthorDetail; actions?: ReactNode }) {
  const facts = [author.nationality, lifeSpan(author)].filter(Boolean).join(' · ');
  const editionsCount = author.works.reduce((sum, work) => sum + work.editions.length, 0);
  return (
    <article className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="font-serif text-3xl font-bold">{author.name}</h1>
        {actions}
        {facts ? <p className="text-muted">{facts}</p> : null}
        {author.otherNames.length ? <p className="text-sm text-muted">Também conhecido(a) como {author.otherNames.join(', ')}</p> : null}
        <p className="text-sm text-muted">
          {formatNumber(author.works.length)} {author.works.length === 1 ? 'obra' : 'obras'} · {formatNumber(editionsCount)}{' '}
          {editionsCount === 1 ? 'edição' : 'edições'} no catálogo
        </p>
        {author.bio ? <p className="max-w-prose leading-relaxed">{author.bio}</p> : null}
        <p className="flex flex-wrap gap-4">
          <Link to={`/catalogo/solicitar?autor=${author.slug}`}>Sugerir correção</Link>
          <Link to={`/catalogo/informar-duplicata?autor=${author.slug}`}>Informar duplicata</Link>
        </p>
      </header>
      {author.works.length === 0 && author.translations.length === 0 ? (
        <p className="text-muted">
          Ainda não há livros de {author.name} no catálogo. <Link to="/catalogo">Busque no catálogo</Link>.
        </p>
      ) : null}
      {author.works.length > 0 ? (
        <section aria-labelledby="obras" className="flex flex-col gap-2">
          <h2 id="obras" className="font-serif text-2xl font-semibold">
            Obras
          </h2>
          <ul className="flex flex-col divide-y divide-line">
            {author.works.map((work) => (
              <AuthorWorkRow key={work.id} work={work} />
            ))}
          </ul>
        </section>
      ) : null}
      {author.translations.length > 0 ? (
        <section aria-labelledby="traducoes" className="flex flex-col gap-3">
          <h2 id="traducoes" className="font-serif text-xl font-semibold">
            Traduções e ilustrações
          </h2>
          <EditionShelf editions={author.translations} label="Traduções e ilustrações" />
        </section>
      ) : null}
    </article>
  );
}

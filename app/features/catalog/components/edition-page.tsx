import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '~/components/link';
import { buttonClass } from '~/components/ui/button';
import { TabNav } from '~/components/ui/tab-nav';
import { formatLanguage, formatNumber } from '~/lib/format';
import type { EditionDetail } from '../types';
import { EditionCover } from './edition-cover';
import { AuthorLinks, formatLabels } from './edition-list';

/** Where "Comprar" goes: the edition's ASIN, or its ISBN-10, which is the ASIN of a printed book. */
export const purchaseAsin = (edition: Pick<EditionDetail, 'asin' | 'isbn10' | 'format'>) =>
  edition.asin ?? (edition.format === 'brochura' || edition.format === 'capa_dura' ? edition.isbn10 : null);

/** The header and tabs every /ed/{id}/… page shares; each tab is a URL (DESIGN.md: tabs are links). */
export function EditionPage({ edition, children }: { edition: EditionDetail; children: ReactNode }) {
  const asin = purchaseAsin(edition);
  const { pathname } = useLocation();
  const tabs = [
    { to: `/ed/${edition.id}`, label: 'Sobre' },
    { to: `/ed/${edition.id}/edicoes`, label: `Edições (${formatNumber(edition.otherEditionsCount + 1)})` },
    { to: `/ed/${edition.id}/estatisticas`, label: 'Estatísticas' },
    { to: `/ed/${edition.id}/resenhas`, label: 'Resenhas' },
    { to: `/ed/${edition.id}/leitores`, label: 'Leitores' },
    { to: `/ed/${edition.id}/atts`, label: 'Atts' },
  ];
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-5 sm:flex-row">
        <EditionCover edition={edition} size="lg" className="self-center sm:self-start" />
        <div className="flex flex-col gap-2">
          <h1 className="font-serif text-3xl font-bold leading-tight">
            {edition.title}
            {edition.subtitle ? <span className="mt-1 block text-xl font-normal text-muted">{edition.subtitle}</span> : null}
          </h1>
          <p className="text-lg">
            <AuthorLinks authors={edition.authors} />
          </p>
          <p className="text-muted">
            {[edition.publisher, edition.year, formatLabels[edition.format], edition.pages ? `${formatNumber(edition.pages)} páginas` : null]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {edition.genres.length > 0 ? (
            <ul aria-label="Gêneros" className="flex flex-wrap gap-2">
              {edition.genres.map((genre) => (
                <li key={genre.slug}>
                  <Link
                    to={`/catalogo?genero=${genre.slug}`}
                    className="inline-flex min-h-8 items-center rounded-full border border-line bg-surface px-3 text-sm text-ink no-underline hover:border-mar"
                  >
                    {genre.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {edition.collections.map((collection) => (
            <p key={collection.id} className="text-sm">
              {collection.position != null ? `Volume ${formatNumber(collection.position)} de ` : 'Parte de '}
              <Link to={`/colecao/${collection.id}`}>{collection.name}</Link>
            </p>
          ))}
          <p className="text-sm text-muted">
            {edition.readersCount > 0
              ? `${formatNumber(edition.readersCount)} ${edition.readersCount === 1 ? 'leitor tem' : 'leitores têm'} esta edição na estante`
              : 'Ninguém tem esta edição na estante ainda'}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-4">
            {asin ? (
              <a href={`/amznto/${asin}`} rel="nofollow sponsored" className={buttonClass('accent')}>
                Comprar na Amazon
              </a>
            ) : null}
            <Link to={`/catalogo/solicitar?edicao=${edition.id}`} className="inline-flex min-h-11 items-center">
              Sugerir correção
            </Link>
            <Link to={`/catalogo/solicitar/capa?edicao=${edition.id}`} className="inline-flex min-h-11 items-center">
              {edition.coverUrl ? 'Sugerir outra capa' : 'Enviar capa'}
            </Link>
            <Link to={`/catalogo/informar-duplicata?edicao=${edition.id}`} className="inline-flex min-h-11 items-center">
              Informar duplicata
            </Link>
          </div>
        </div>
      </header>
      <TabNav label="Seções da edição" tabs={tabs.map((tab) => ({ ...tab, active: pathname === tab.to }))} />
      {children}
    </article>
  );
}

/** The "Sobre" tab: synopsis and the bibliographic record. */
export function EditionAbout({ edition }: { edition: EditionDetail }) {
  const contributors = (role: EditionDetail['contributors'][number]['role']) => edition.contributors.filter((c) => c.role === role);
  const rows: [string, ReactNode][] = [
    ['ISBN-13', edition.isbn13],
    ['ISBN-10', edition.isbn10],
    ['ASIN', edition.asin],
    ['Editora', edition.publisher],
    ['Publicação', edition.publicationDate],
    ['Páginas', edition.pages ? formatNumber(edition.pages) : null],
    ['Duração', edition.audioMinutes ? `${Math.floor(edition.audioMinutes / 60)} h ${edition.audioMinutes % 60} min` : null],
    ['Formato', formatLabels[edition.format]],
    ['Idioma', formatLanguage(edition.language)],
    [
      'Título original',
      edition.originalTitle ? `${edition.originalTitle}${edition.originalLanguage ? ` (${formatLanguage(edition.originalLanguage)})` : ''}` : null,
    ],
    ['Primeira publicação', edition.firstPublishedYear ? String(edition.firstPublishedYear) : null],
    ['Tradução', contributors('translator').length ? <AuthorLinks authors={contributors('translator')} /> : null],
    ['Ilustração', contributors('illustrator').length ? <AuthorLinks authors={contributors('illustrator')} /> : null],
    ['Narração', contributors('narrator').length ? <AuthorLinks authors={contributors('narrator')} /> : null],
  ];
  return (
    <div className="grid gap-8 md:grid-cols-[1fr_20rem]">
      <section aria-labelledby="sinopse">
        <h2 id="sinopse" className="mb-2 font-serif text-xl font-semibold">
          Sinopse
        </h2>
        {edition.synopsis ? (
          <p className="max-w-prose leading-relaxed">{edition.synopsis}</p>
        ) : (
          <p className="text-muted">Esta edição ainda não tem sinopse.</p>
        )}
      </section>
      <section aria-labelledby="ficha">
        <h2 id="ficha" className="mb-2 font-serif text-xl font-semibold">
          Ficha técnica
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="tabular-nums">{value}</dd>
              </div>
            ))}
        </dl>
      </section>
    </div>
  );
}

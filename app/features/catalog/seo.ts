import type { EditionDetail } from './types';

type MetaDescriptor = Record<string, unknown>;

/** Title, description, canonical URL and the Open Graph tags every public catalogue page carries. */
export function pageMeta(page: { title: string; ogTitle: string; description: string; url: string; type: 'book' | 'profile' | 'website' }): MetaDescriptor[] {
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: page.url },
    { property: 'og:type', content: page.type },
    { property: 'og:title', content: page.ogTitle },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: page.url },
    { property: 'og:locale', content: 'pt_BR' },
  ];
}

const describe = (edition: EditionDetail) =>
  edition.synopsis ??
  `${edition.title}${edition.authors.length ? `, de ${edition.authors.map((a) => a.name).join(', ')}` : ''}${edition.publisher ? ` (${edition.publisher}${edition.year ? `, ${edition.year}` : ''})` : ''}. Veja edições, leitores e onde comprar no Maratona.`;

/** Title, description, Open Graph and schema.org Book data for an edition page. */
export function editionMeta(edition: EditionDetail, origin: string, suffix = ''): MetaDescriptor[] {
  const url = `${origin}/ed/${edition.id}`;
  const authors = edition.authors.map((a) => a.name).join(', ');
  const description = describe(edition).slice(0, 300);
  const image = edition.coverUrl ? new URL(edition.coverUrl, origin).toString() : null;
  return [
    ...pageMeta({ title: `${edition.title}${authors ? ` · ${authors}` : ''}${suffix} · Maratona`, ogTitle: edition.title, description, url, type: 'book' }),
    ...(image ? [{ property: 'og:image', content: image }] : []),
    ...(edition.isbn13 ? [{ property: 'book:isbn', content: edition.isbn13 }] : []),
    ...edition.authors.map((a) => ({ property: 'book:author', content: `${origin}/autor/${a.slug}` })),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Book',
        '@id': url,
        url,
        name: edition.title,
        ...(edition.subtitle ? { alternativeHeadline: edition.subtitle } : {}),
        author: edition.authors.map((a) => ({ '@type': 'Person', name: a.name, url: `${origin}/autor/${a.slug}` })),
        ...(edition.isbn13 ? { isbn: edition.isbn13 } : {}),
        ...(edition.publisher ? { publisher: { '@type': 'Organization', name: edition.publisher } } : {}),
        ...(edition.publicationDate ? { datePublished: edition.publicationDate } : {}),
        ...(edition.pages ? { numberOfPages: edition.pages } : {}),
        inLanguage: edition.language,
        bookFormat: `https://schema.org/${{ brochura: 'Paperback', capa_dura: 'Hardcover', ebook: 'EBook', audiolivro: 'AudiobookFormat' }[edition.format]}`,
        ...(image ? { image } : {}),
        ...(edition.synopsis ? { description: edition.synopsis } : {}),
      },
    },
  ];
}

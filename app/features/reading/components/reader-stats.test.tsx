import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReaderStatsView } from './reader-stats';

const stats = {
  year: 2026,
  books: 3,
  pages: 728,
  months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, books: i === 0 ? 1 : i === 2 ? 2 : 0, pages: i === 0 ? 264 : i === 2 ? 464 : 0 })),
  genres: [{ label: 'Romance', value: 3 }],
  countries: [{ label: 'Moçambique', value: 1 }],
  ratings: [0, 0, 0, 1, 1],
};

describe('ReaderStatsView', () => {
  it('draws each chart as one named SVG image with the same figures in a table', () => {
    const html = renderToStaticMarkup(<ReaderStatsView stats={stats} />);
    expect(html).toContain('3 livros lidos');
    expect(html).toContain('728 páginas');
    // Five charts: books and pages per month, genres, countries, ratings — each an image with a title and a table.
    expect(html.match(/<svg role="img"/g)).toHaveLength(5);
    expect(html.match(/<table/g)).toHaveLength(5);
    for (const title of ['Livros por mês em 2026', 'Páginas por mês em 2026', 'Gêneros', 'Países dos autores', 'Notas dadas']) {
      expect(html).toContain(`<caption class="sr-only">${title}</caption>`);
    }
    expect(html).toMatch(/<th scope="row"[^>]*>mar\.<\/th><td[^>]*>464<\/td>/);
    expect(html).toMatch(/<th scope="row"[^>]*>Moçambique<\/th><td[^>]*>1<\/td>/);
  });

  it('says so when nothing was finished that year', () => {
    const html = renderToStaticMarkup(
      <ReaderStatsView
        stats={{
          ...stats,
          books: 0,
          pages: 0,
          months: stats.months.map((m) => ({ ...m, books: 0, pages: 0 })),
          genres: [],
          countries: [],
          ratings: [0, 0, 0, 0, 0],
        }}
      />,
    );
    expect(html).toContain('Nenhum livro terminado em 2026 ainda.');
    expect(html).not.toContain('<svg');
  });
});

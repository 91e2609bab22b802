import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ReaderStats } from '../stats/stats';
import { ReaderStatsView } from './reader-stats';

const stats: ReaderStats = {
  year: 2026,
  books: 3,
  pages: 728,
  timeline: Array.from({ length: 12 }, (_, i) => ({ at: i + 1, books: i === 0 ? 1 : i === 2 ? 2 : 0, pages: i === 0 ? 264 : i === 2 ? 464 : 0 })),
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
          timeline: stats.timeline.map((m) => ({ ...m, books: 0, pages: 0 })),
          genres: [],
          countries: [],
          ratings: [0, 0, 0, 0, 0],
        }}
      />,
    );
    expect(html).toContain('Nenhum livro terminado em 2026 ainda.');
    expect(html).not.toContain('<svg');
  });

  it('draws all time per year, with the books read on unknown dates last', () => {
    const allTime: ReaderStats = {
      ...stats,
      year: null,
      books: 4,
      pages: 848,
      timeline: [
        { at: 2021, books: 2, pages: 464 },
        { at: 2022, books: 0, pages: 0 },
        { at: 2023, books: 1, pages: 264 },
        { at: null, books: 1, pages: 120 },
      ],
    };
    const html = renderToStaticMarkup(<ReaderStatsView stats={allTime} />);
    expect(html).toContain('Em todo o período: <strong>4 livros lidos</strong>');
    for (const title of ['Livros por ano', 'Páginas por ano']) expect(html).toContain(`<caption class="sr-only">${title}</caption>`);
    expect(html).toMatch(/<th scope="row"[^>]*>2022<\/th><td[^>]*>0<\/td>/);
    expect(html).toMatch(/<th scope="row"[^>]*>Sem data<\/th><td[^>]*>120<\/td>/);
    expect(renderToStaticMarkup(<ReaderStatsView stats={{ ...allTime, books: 0, pages: 0, timeline: [] }} />)).toContain('Nenhum livro lido registrado ainda.');
  });
});

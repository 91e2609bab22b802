import { describe, expect, it } from 'vitest';
import { parseCatalogSearch, toFilters } from './validation';

const parse = (query: string) => parseCatalogSearch(new URL(`http://localhost/catalogo?${query}`));

describe('catalogue search parameters', () => {
  it('reads the query, filters and page', () => {
    expect(parse('q=%20dom%20casmurro%20&formato=ebook&idioma=pt&genero=romance&pagina=3')).toEqual({
      q: 'dom casmurro',
      formato: 'ebook',
      idioma: 'pt',
      genero: 'romance',
      pagina: 3,
    });
  });

  it('drops values that do not exist instead of failing the page', () => {
    expect(parse('formato=pergaminho&genero=nada&idioma=portugues&pagina=-2')).toEqual({
      q: '',
      formato: undefined,
      idioma: undefined,
      genero: undefined,
      pagina: 1,
    });
    expect(parse('pagina=abc').pagina).toBe(1);
  });

  it('maps to the search engine filters', () => {
    expect(toFilters(parse('formato=fisico&genero=manga'))).toEqual({ format: 'fisico', language: undefined, genre: 'manga' });
  });
});

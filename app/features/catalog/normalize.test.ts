import { describe, expect, it } from 'vitest';
import { authorSlug, cleanSourceTitle, mapGenre, normalizeName, normalizeProperName, normalizeTitle, splitAuthors } from './normalize';

describe('catalogue normalisation', () => {
  it('trims, collapses spaces and NFC-normalises names', () => {
    const decomposed = 'Conceic\u0327a\u0303o  Evaristo ';
    expect(normalizeName(decomposed)).toBe('Conceição Evaristo');
    expect(normalizeName(decomposed)).toHaveLength('Conceição Evaristo'.length);
  });

  it('splits several authors and drops collective credits', () => {
    expect(splitAuthors('Karl Marx, Friedrich Engels')).toEqual(['Karl Marx', 'Friedrich Engels']);
    expect(splitAuthors('Alan Moore & Dave Gibbons')).toEqual(['Alan Moore', 'Dave Gibbons']);
    expect(splitAuthors('Assis, Machado de; Alencar, José de')).toEqual(['Machado de Assis', 'José de Alencar']);
    expect(splitAuthors('Vários')).toEqual([]);
    expect(splitAuthors('Gilles Deleuze, Gilles Deleuze')).toEqual(['Gilles Deleuze']);
    expect(splitAuthors('   ')).toEqual([]);
  });

  it('re-cases ALL-CAPS titles and moves the article back to the front', () => {
    expect(normalizeTitle('SERTÃO VAI VIRAR MAR, O')).toBe('O Sertão Vai Virar Mar');
    expect(normalizeTitle('MEMÓRIAS PÓSTUMAS DE BRÁS CUBAS')).toBe('Memórias Póstumas de Brás Cubas');
    expect(normalizeTitle('HORA DA ESTRELA, A')).toBe('A Hora da Estrela');
    expect(normalizeTitle('DOM CASMURRO')).toBe('Dom Casmurro');
    expect(normalizeTitle('HISTÓRIA DO BRASIL: DA COLÔNIA À REPÚBLICA')).toBe('História do Brasil: Da Colônia à República');
    expect(normalizeTitle('LUIS XIV E O SÉCULO')).toBe('Luis XIV e o Século');
  });

  it('keeps mixed-case titles as typed, apart from a trailing article', () => {
    expect(normalizeTitle('Noites brancas')).toBe('Noites brancas');
    expect(normalizeTitle('iPhone e eu')).toBe('iPhone e eu');
    expect(normalizeTitle('noites brancas')).toBe('Noites brancas');
    expect(normalizeTitle('Cortiço, O')).toBe('O Cortiço');
    expect(normalizeTitle('Cem anos de solidão')).toBe('Cem anos de solidão');
  });

  it('maps source genres to the taxonomy, minding the source language', () => {
    expect(mapGenre('Romance')).toBe('romance');
    expect(mapGenre('Quadrinhos')).toBe('hq-e-graphic-novel');
    expect(mapGenre('Mangás')).toBe('manga');
    expect(mapGenre('Teoria da literatura/linguística')).toBe('teoria-literaria');
    expect(mapGenre('Infanto-juvenil')).toBe('infantojuvenil');
    expect(mapGenre('Cozinha')).toBe('culinaria');
    expect(mapGenre('Outros')).toBeNull();
    expect(mapGenre('romance', 'en')).toBe('romance-romantico');
    expect(mapGenre('science-fiction', 'en')).toBe('ficcao-cientifica');
    expect(mapGenre('Non-Fiction', 'en')).toBe('nao-ficcao');
    expect(mapGenre('self-help', 'en')).toBe('autoajuda');
    expect(mapGenre('to-read', 'en')).toBeNull();
  });

  it('makes author slugs without accents', () => {
    expect(authorSlug('Conceição Evaristo')).toBe('conceicao-evaristo');
    expect(authorSlug('João Guimarães Rosa')).toBe('joao-guimaraes-rosa');
  });
});

describe('normalizeProperName', () => {
  it('re-cases names in capitals with lower-case particles, keeping acronyms and Roman numerals, and leaves mixed case alone', () => {
    expect(normalizeProperName('MOACYR SCLIAR')).toBe('Moacyr Scliar');
    expect(normalizeProperName('CARLOS DRUMMOND DE ANDRADE')).toBe('Carlos Drummond de Andrade');
    expect(normalizeProperName('JOÃO DOS SANTOS E SILVA')).toBe('João dos Santos e Silva');
    expect(normalizeProperName("MARIA D'ÁVILA")).toBe("Maria D'Ávila");
    expect(normalizeProperName('ANNE-MARIE')).toBe('Anne-Marie');
    expect(normalizeProperName('JOÃO PAULO II')).toBe('João Paulo II');
    expect(normalizeProperName('L&PM')).toBe('L&PM');
    expect(normalizeProperName('EDIÇÕES SESI-SP')).toBe('Edições Sesi-SP');
    expect(normalizeProperName('bell hooks')).toBe('bell hooks');
    expect(normalizeProperName('Valter Hugo Mãe')).toBe('Valter Hugo Mãe');
  });
});

describe('cleanSourceTitle', () => {
  it('cleans a reader’s export title as the catalogue keeps titles: edition notes, series and subtitle apart', () => {
    expect(cleanSourceTitle('Cien años de soledad (Spanish Edition)')).toEqual({ title: 'Cien años de soledad', subtitle: null, series: null, language: 'es' });
    expect(cleanSourceTitle('O Avesso da Pele (Portuguese Edition)')).toMatchObject({ title: 'O Avesso da Pele', language: 'pt' });
    expect(cleanSourceTitle('Sapiens :: A Brief History of Humankind')).toMatchObject({ title: 'Sapiens', subtitle: 'A Brief History of Humankind' });
    expect(cleanSourceTitle('Grande Sertão: Veredas')).toMatchObject({ title: 'Grande Sertão', subtitle: 'Veredas' });
    expect(cleanSourceTitle('Fourth Wing (The Empyrean, #1)')).toEqual({
      title: 'Fourth Wing',
      subtitle: null,
      series: { name: 'The Empyrean', position: 1 },
      language: null,
    });
    expect(cleanSourceTitle('Elevación (Spanish Edition) (Elevation, #1)')).toMatchObject({
      title: 'Elevación',
      language: 'es',
      series: { name: 'Elevation', position: 1 },
    });
    expect(cleanSourceTitle('Duna (Kindle Edition)')).toMatchObject({ title: 'Duna', language: null });
    expect(cleanSourceTitle('1Q84 #1-2')).toMatchObject({ title: '1Q84 #1-2', series: null });
    expect(cleanSourceTitle('O Cortiço (edição de bolso)')).toMatchObject({ title: 'O Cortiço' });
  });
});

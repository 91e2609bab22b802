import { describe, expect, it } from 'vitest';
import { isOneByte } from '../../test/one-byte';
import { slugify } from './slug';

describe('slugify', () => {
  it('folds accents, lowercases and joins words with single hyphens', () => {
    expect(slugify('Clube da Foca')).toBe('clube-da-foca');
    expect(slugify('  Crônicas & Memórias — 2ª edição!  ')).toBe('cronicas-memorias-2-edicao');
    expect(slugify('Ação')).toBe('acao');
    expect(slugify('—')).toBe('');
  });

  it('hands back a one-byte string, so a page that shows it stays one-byte', () => {
    for (const name of ['Crônicas', 'Literatura afro-brasileira', 'Ficção científica', 'Poesia']) expect(isOneByte(slugify(name))).toBe(true);
    // The check itself: what normalization hands back is two-byte, even with only ASCII left.
    expect(isOneByte('Crônicas'.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))).toBe(false);
    expect(isOneByte('cronicas')).toBe(true);
  });
});

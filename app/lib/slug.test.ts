import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('folds accents, lowercases and joins words with single hyphens', () => {
    expect(slugify('Clube da Foca')).toBe('clube-da-foca');
    expect(slugify('  Crônicas & Memórias — 2ª edição!  ')).toBe('cronicas-memorias-2-edicao');
    expect(slugify('Ação')).toBe('acao');
    expect(slugify('—')).toBe('');
  });
});

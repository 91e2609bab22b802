import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatLanguage, formatNumber, formatRating } from './format';

describe('formatting for Brazilian readers', () => {
  it('gives each value its own text, the same on every call, past the number of results it keeps', () => {
    expect(formatDay('2026-11-23')).toBe('23 de nov. de 2026');
    expect(formatDay('2026-11-23T00:00:00Z')).toBe('23 de nov. de 2026');
    expect(formatDay('2026-01-01')).toBe('1 de jan. de 2026');
    expect(formatDate('2026-11-23T02:00:00Z')).toBe('22 de nov. de 2026');
    expect(formatDate(new Date('2026-11-23T02:00:00Z'))).toBe('22 de nov. de 2026');
    expect(formatRating(4.25)).toBe('4,25');
    expect(formatLanguage('pt')).toBe('Português');
    expect(formatLanguage('xx-invalid-')).toBe('xx-invalid-');
    for (let n = 0; n < 5_000; n++) expect(formatNumber(n * 1000)).toBe((n * 1000).toLocaleString('pt-BR'));
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatDay('2026-11-23')).toBe('23 de nov. de 2026');
  });
});

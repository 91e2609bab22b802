import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv, parseCsvRecords, toCsv } from './csv';

describe('CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,b\n"x, y","diz ""oi""\nlinha 2"\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'diz "oi"\nlinha 2'],
    ]);
  });

  it('drops a BOM, accepts CRLF and skips blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n1,2\r\n\r\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('detects semicolon and tab delimiters', () => {
    expect(detectDelimiter('titulo;autor;isbn\nx;y;z')).toBe(';');
    expect(detectDelimiter('titulo\tautor\nx\ty')).toBe('\t');
    expect(parseCsvRecords('Título;Autor\nDom Casmurro;Machado de Assis')).toEqual([{ título: 'Dom Casmurro', autor: 'Machado de Assis' }]);
  });

  it('keeps empty fields and a missing last field', () => {
    expect(parseCsvRecords('a,b,c\n1,,3\n4,5')).toEqual([
      { a: '1', b: '', c: '3' },
      { a: '4', b: '5', c: '' },
    ]);
  });

  it('writes what it reads back, comma-separated when asked, with formulas defused', () => {
    const rows = [
      ['Título', 'Autor'],
      ['Dom Casmurro', 'Assis, Machado de'],
      ['Ele disse "não"\nfim', '=HYPERLINK("http://x")'],
      ['+55', '-1'],
      ['@SUM(A1)', '\tcampo'],
    ];
    const written = toCsv(rows, ',');
    expect(written.startsWith('\uFEFF"Título","Autor"\r\n')).toBe(true);
    expect(parseCsv(written)).toEqual([rows[0], rows[1], ['Ele disse "não"\nfim', `'=HYPERLINK("http://x")`], [`'+55`, `'-1`], [`'@SUM(A1)`, `'\tcampo`]]);
    expect(toCsv([['a', null, 3]])).toBe('\uFEFF"a";"";"3"\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { cleanIsbn, isbn10To13, isbn13To10, isValidIsbn10, isValidIsbn13, parseIsbn } from './isbn';

describe('ISBN', () => {
  it('cleans hyphens, spaces and a lower-case x', () => {
    expect(cleanIsbn(' 85-359-0277-x ')).toBe('853590277X');
    expect(cleanIsbn('978-85-359-0277-1')).toBe('9788535902771');
  });

  it('validates ISBN-10 checksums, including X', () => {
    expect(isValidIsbn10('8535902775')).toBe(true);
    expect(isValidIsbn10('0306406152')).toBe(true);
    expect(isValidIsbn10('080442957X')).toBe(true);
    expect(isValidIsbn10('0306406153')).toBe(false);
    expect(isValidIsbn10('030640615')).toBe(false);
    expect(isValidIsbn10('X306406152')).toBe(false);
  });

  it('validates ISBN-13 checksums and prefixes', () => {
    expect(isValidIsbn13('9780306406157')).toBe(true);
    expect(isValidIsbn13('9788582850350')).toBe(true);
    expect(isValidIsbn13('9780306406158')).toBe(false);
    expect(isValidIsbn13('1234567890128')).toBe(false);
    expect(isValidIsbn13('978030640615')).toBe(false);
  });

  it('converts between the two forms both ways', () => {
    expect(isbn10To13('0306406152')).toBe('9780306406157');
    expect(isbn13To10('9780306406157')).toBe('0306406152');
    expect(isbn10To13('080442957X')).toBe('9780804429573');
    expect(isbn13To10('9780804429573')).toBe('080442957X');
    expect(isbn13To10('9791032300824')).toBeNull();
  });

  it('parses either form into both, refusing bad checksums', () => {
    expect(parseIsbn('978-0-306-40615-7')).toEqual({ isbn13: '9780306406157', isbn10: '0306406152' });
    expect(parseIsbn('0-306-40615-2')).toEqual({ isbn13: '9780306406157', isbn10: '0306406152' });
    expect(parseIsbn('9791032300824')).toEqual({ isbn13: '9791032300824', isbn10: null });
    expect(parseIsbn('0-306-40615-3')).toBeNull();
    expect(parseIsbn('abc')).toBeNull();
  });
});

/**
 * ISBN-10 and ISBN-13: cleaning, checksum validation and conversion. Search treats the two forms as one
 * book, so every edition stores the ISBN-13 and, when one exists, the ISBN-10.
 */

/** Digits (and a final X) only: "978-85-359-0277-1" → "9788535902771". */
export function cleanIsbn(raw: string): string {
  return raw.toUpperCase().replace(/[^0-9X]/g, '');
}

export function isValidIsbn10(isbn: string): boolean {
  if (!/^\d{9}[\dX]$/.test(isbn)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (isbn[i] === 'X' ? 10 : Number(isbn[i])) * (10 - i);
  return sum % 11 === 0;
}

export function isValidIsbn13(isbn: string): boolean {
  if (!/^97[89]\d{10}$/.test(isbn)) return false;
  return isbn13CheckDigit(isbn.slice(0, 12)) === isbn[12];
}

function isbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

function isbn10CheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

export function isbn10To13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  return body + isbn13CheckDigit(body);
}

/** Only 978-prefixed ISBN-13s have an ISBN-10 form. */
export function isbn13To10(isbn13: string): string | null {
  if (!isbn13.startsWith('978')) return null;
  const body = isbn13.slice(3, 12);
  return body + isbn10CheckDigit(body);
}

export type ParsedIsbn = { isbn13: string; isbn10: string | null };

/** Either form, with or without hyphens and spaces; null when it is not a valid ISBN. */
export function parseIsbn(raw: string): ParsedIsbn | null {
  const isbn = cleanIsbn(raw);
  if (isbn.length === 10 && isValidIsbn10(isbn)) return { isbn13: isbn10To13(isbn), isbn10: isbn };
  if (isbn.length === 13 && isValidIsbn13(isbn)) return { isbn13: isbn, isbn10: isbn13To10(isbn) };
  return null;
}

/** Amazon's product ids: ten upper-case letters and digits (an ISBN-10 is also a valid ASIN). */
export const ASIN_PATTERN = /^[A-Z0-9]{10}$/;

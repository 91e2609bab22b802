import { MOODS, PACINGS } from '~/features/reading/vocabulary';
import { parseIsbn } from '~/lib/isbn';

/** The cells of every source's export as they come: spreadsheet armour, HTML entities, ISBNs, ratings, yes/no. */

/** Strips the spreadsheet armour around a cell: Goodreads' `="…"`, our export's `'` before a formula character. */
export function unwrapCell(raw: string): string {
  const cell = raw.trim();
  const formula = /^="(.*)"$/s.exec(cell);
  if (formula) return formula[1]!;
  if (/^'[=+\-@\t\r]/.test(cell)) return cell.slice(1);
  return cell;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `&amp;`, `&#39;`, `&#x2014;` as the characters they stand for; text in NFC. */
export function decodeText(raw: string): string {
  return raw
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .normalize('NFC');
}

/** `scientific`: the cell is an ISBN a spreadsheet turned into scientific notation (the preview counts those rows). */
type IsbnResult = { isbn13: string | null; warning: string | null; scientific: boolean };

/**
 * An ISBN as exports and spreadsheets leave it: plain, `="…"`-wrapped, with a leading zero a spreadsheet
 * dropped (`545424984` → `0545424984`, kept only when the checksum agrees), or ruined into scientific notation
 * (`9.78854E+12`, reported and never guessed). StoryGraph's `ISBN/UID` may hold an Amazon id: no ISBN then.
 */
export function readIsbn(raw: string): IsbnResult {
  const cell = unwrapCell(raw);
  if (!cell) return { isbn13: null, warning: null, scientific: false };
  if (/^\d+(?:[.,]\d+)?e\+?\d+$/i.test(cell)) {
    return {
      isbn13: null,
      warning: `O ISBN “${cell}” virou notação científica numa planilha e não dá para recuperá-lo; o livro foi procurado pelo título e autor.`,
      scientific: true,
    };
  }
  const digits = cell.toUpperCase().replace(/[^0-9X]/g, '');
  const parsed = parseIsbn(digits) ?? (digits.length === 9 ? parseIsbn(`0${digits}`) : null) ?? (digits.length === 12 ? parseIsbn(`0${digits}`) : null);
  return { isbn13: parsed?.isbn13 ?? null, warning: null, scientific: false };
}

export function ratingQuarters(raw: string): number | null {
  const value = Number(unwrapCell(raw).replace(',', '.'));
  if (!Number.isFinite(value) || value <= 0) return null;
  return Math.min(20, Math.max(1, Math.round(value * 4)));
}

/** A comma-separated cell as its items, decoded. */
export const list = (cell: string) =>
  cell
    .split(',')
    .map((s) => decodeText(s).trim())
    .filter(Boolean);

/** A text cell (a review, notes) decoded, its `<br>` as line breaks; `null` when empty. */
export function textOrNull(raw: string): string | null {
  const text = decodeText(unwrapCell(raw))
    .replace(/<br\s*\/?>/gi, '\n')
    .trim();
  return text || null;
}

/** Whether the reader owns the book: `yes`, `sim`, `true` or a number of copies. */
export function ownedOf(raw: string): boolean {
  const cell = unwrapCell(raw).toLowerCase();
  return /^(yes|sim|true)$/.test(cell) || Number(cell) > 0;
}

/** The moods and paces a cell may name. */
export const MOOD_SET = new Set<string>(MOODS);
export const PACING_SET = new Set<string>(PACINGS);

/** A page count as exports write it (`192`, `="192"`); null for none, zero or anything else. */
export function pagesOf(raw: string): number | null {
  const cell = unwrapCell(raw);
  if (!/^\d{1,5}$/.test(cell)) return null;
  const pages = Number(cell);
  return pages >= 1 && pages <= 20_000 ? pages : null;
}

/** A year (`2019`; Goodreads writes `-750` for antiquity); null for none or anything else. */
export function yearOf(raw: string): number | null {
  const cell = unwrapCell(raw);
  if (!/^-?\d{1,4}$/.test(cell)) return null;
  const year = Number(cell);
  return year !== 0 && year <= 2100 ? year : null;
}

import { EDITION_FORMATS, type EditionFormat } from '~/features/catalog/vocabulary';
import { type Mood, type Pacing, MAX_CONTENT_WARNINGS, normalizeContentWarning } from '~/features/reading/vocabulary';
import type { ColumnMapping, ParsedReading } from '../vocabulary';
import { MOOD_SET, PACING_SET, unwrapCell } from './cells';

/**
 * Our own Goodreads-compatible export: Goodreads' columns plus the exact rating, every reading with its dates
 * and the entry's details, so that importing our export brings a bookshelf back as it was.
 */

export const MARATONA_HEADERS: ColumnMapping = {
  bookId: 'Book Id',
  title: 'Title',
  authors: 'Author',
  additionalAuthors: 'Additional Authors',
  isbn: 'ISBN',
  isbn13: 'ISBN13',
  rating: 'My Rating',
  exactRating: 'Maratona Rating',
  status: 'Exclusive Shelf',
  shelves: 'Bookshelves',
  shelfPositions: 'Bookshelves with positions',
  dateRead: 'Date Read',
  readings: 'Maratona Readings',
  details: 'Maratona Details',
  dateAdded: 'Date Added',
  review: 'My Review',
  spoiler: 'Spoiler',
  notes: 'Private Notes',
  readCount: 'Read Count',
  owned: 'Owned Copies',
  publisher: 'Publisher',
  format: 'Binding',
  pages: 'Number of Pages',
  yearPublished: 'Year Published',
  originalYear: 'Original Publication Year',
};

/** Whether a Goodreads-like header (folded names) has our own columns. */
export const hasMaratonaColumns = (names: ReadonlySet<string>) => names.has('maratona rating') || names.has('maratona readings');

/** A cell of our export's Book Id: the edition's id, when it looks like one. */
export const maratonaEditionId = (raw: string): string | null => {
  const cell = unwrapCell(raw);
  return /^[A-Za-z0-9_-]{6,40}$/.test(cell) ? cell : null;
};

const FORMAT_SET = new Set<string>(EDITION_FORMATS);

type MaratonaDetails = {
  shelves: string[];
  favorite: boolean;
  ownedFormat: EditionFormat | null;
  moods: Mood[];
  pacing: Pacing | null;
  contentWarnings: string[];
};

/** Our export's "Maratona Details": the entry's shelves by exact name, favourite, format owned and how it felt. */
export function maratonaDetails(raw: string, warnings: string[]): MaratonaDetails | null {
  const cell = unwrapCell(raw);
  if (!cell) return null;
  try {
    const item = JSON.parse(cell) as Record<string, unknown>;
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
    return {
      shelves: [
        ...new Set(
          strings(item.shelves)
            .map((s) => s.normalize('NFC').trim())
            .filter(Boolean),
        ),
      ],
      favorite: item.favorite === true,
      ownedFormat: typeof item.ownedFormat === 'string' && FORMAT_SET.has(item.ownedFormat) ? (item.ownedFormat as EditionFormat) : null,
      moods: strings(item.moods).filter((m): m is Mood => MOOD_SET.has(m)),
      pacing: typeof item.pacing === 'string' && PACING_SET.has(item.pacing) ? (item.pacing as Pacing) : null,
      contentWarnings: [...new Set(strings(item.contentWarnings).map(normalizeContentWarning))].slice(0, MAX_CONTENT_WARNINGS),
    };
  } catch {
    warnings.push('A coluna “Maratona Details” não pôde ser lida; usamos as outras colunas.');
    return null;
  }
}

/** Our export's "Maratona Readings": every reading with its exact days; empty (and a warning) when it cannot be read. */
export function maratonaReadings(raw: string, warnings: string[]): ParsedReading[] {
  const exact = unwrapCell(raw);
  if (!exact) return [];
  try {
    const parsed = JSON.parse(exact) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((r: unknown) => {
      const item = r as Record<string, unknown>;
      const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
      return [{ started: day(item.started), finished: day(item.finished), abandoned: day(item.abandoned) }];
    });
  } catch {
    warnings.push('As leituras da coluna “Maratona Readings” não puderam ser lidas; usamos a data de leitura.');
    return [];
  }
}

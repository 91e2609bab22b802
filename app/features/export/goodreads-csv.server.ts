import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { csvLines, toCsv } from '~/lib/csv';
import { todayInSaoPaulo } from '~/lib/calendar';
import { GOODREADS_COLUMNS } from '~/features/imports/parse/goodreads';
import { ratingFromQuarters } from '~/features/reading/statuses';
import type { Viewer } from '~/server/viewer.server';
import type { ShelfStatus } from '~/features/reading/vocabulary';

/**
 * The columns of Goodreads' library export, in its current order (24: the list our importer reads a file
 * without a header row as), so Goodreads, StoryGraph and our own
 * importer take the file as it is; then what that layout cannot carry, in columns other sites ignore
 * (docs/decisions/0029): the exact rating, and every reading with its dates as JSON
 * (`[{"started":"2025-04-19","finished":"2025-04-21","abandoned":null}]`), and the rest of the entry as JSON
 * (custom shelves by their exact names, favourite, format owned, moods, pace, content warnings), so our own
 * importer brings the whole entry back (docs/decisions/0032).
 */
export const MARATONA_COLUMNS = ['Maratona Rating', 'Maratona Readings', 'Maratona Details'] as const;
const HEADER = [...GOODREADS_COLUMNS, ...MARATONA_COLUMNS];

/** Goodreads' exclusive shelves; `did-not-finish` and `paused` are the names StoryGraph and Goodreads readers use. */
const EXCLUSIVE_SHELF: Record<ShelfStatus, string> = {
  want_to_read: 'to-read',
  reading: 'currently-reading',
  read: 'read',
  abandoned: 'did-not-finish',
  paused: 'paused',
};

const BINDING: Record<string, string> = { brochura: 'Paperback', capa_dura: 'Hardcover', ebook: 'ebook', audiolivro: 'Audiobook' };

/** One bookshelf entry as the export writes it: read from the database, or from a full archive's data.json (imports/archive.server.ts). */
export type ExportRow = {
  edition_id: string;
  title: string;
  subtitle: string | null;
  isbn10: string | null;
  isbn13: string | null;
  publisher: string | null;
  format: string;
  pages: number | null;
  publication_date: string | null;
  first_published_year: number | null;
  status: ShelfStatus;
  rating_quarters: number | null;
  owned: boolean;
  owned_format: string | null;
  favorite: boolean;
  moods: string[];
  pacing: string | null;
  content_warnings: string[];
  undated_readings: number;
  notes: string | null;
  added_on: string;
  authors: { name: string; sort_name: string }[] | null;
  average_quarters: number | null;
  readings: { started: string | null; finished: string | null; abandoned: string | null }[] | null;
  shelves: { name: string; position: number }[] | null;
  review: string | null;
  spoiler: boolean | null;
};

/** How many books the viewer's export would hold. */
export async function countShelfEntries(viewer: Viewer): Promise<number> {
  const [row] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM shelf_entries WHERE user_id = ${viewer.id}`);
  return Number(row?.n ?? 0);
}

/** `2025-04-19` as Goodreads writes dates: `2025/04/19`. */
const slashed = (date: string | null | undefined) => (date ? date.slice(0, 10).replace(/-/g, '/') : '');

/** A custom shelf's name as a Goodreads shelf: no spaces or commas (they separate shelves in the cell). */
const shelfName = (name: string) =>
  name
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/[\s,]+/g, '-');

/** Entries per statement when the export reads a bookshelf: between two, the database serves other pages. */
const EXPORT_PAGE = 1_000;
/**
 * Bookshelves up to this size are exported on request (a few seconds at most); a larger one's CSV is prepared
 * by a job (`requestExportFile(viewer, 'goodreads_csv')`) and downloaded when ready, like the full archive.
 */
export const CSV_ON_REQUEST_MAX = 5_000;

/** A page of a reader's bookshelf as the export writes it, oldest entry first, after the entry `after` (its position). */
function exportRowsAfter(userId: string, after: { at: string; id: string } | null, limit: number) {
  return queryRows<ExportRow & { entry_at: string; entry_id: string }>(sql`
    SELECT s.id AS entry_id, s.created_at::text AS entry_at,
      e.id AS edition_id, e.title, e.subtitle, e.isbn10, e.isbn13, e.publisher, e.format, e.pages, e.publication_date,
      w.first_published_year, s.status, s.rating_quarters, s.owned, s.owned_format, s.favorite, s.moods, s.pacing, s.content_warnings, s.undated_readings, s.notes,
      to_char(s.created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS added_on,
      (SELECT json_agg(json_build_object('name', a.name, 'sort_name', a.sort_name) ORDER BY wa.position, a.sort_name)
        FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id AND wa.role = 'author') AS authors,
      (SELECT avg(o.rating_quarters)::float8 FROM shelf_entries o WHERE o.edition_id = e.id AND o.rating_quarters IS NOT NULL) AS average_quarters,
      (SELECT json_agg(json_build_object('started', rt.started_on, 'finished', rt.finished_on, 'abandoned', rt.abandoned_on) ORDER BY rt.created_at, rt.id)
        FROM read_throughs rt WHERE rt.shelf_entry_id = s.id) AS readings,
      (SELECT json_agg(json_build_object('name', sh.name, 'position', si.position) ORDER BY sh.name)
        FROM shelf_items si JOIN shelves sh ON sh.id = si.shelf_id WHERE si.shelf_entry_id = s.id AND sh.user_id = s.user_id) AS shelves,
      r.body AS review, r.spoiler
    FROM shelf_entries s
    JOIN editions e ON e.id = s.edition_id
    JOIN works w ON w.id = e.work_id
    LEFT JOIN reviews r ON r.shelf_entry_id = s.id AND r.published_at IS NOT NULL
    WHERE s.user_id = ${userId} ${after ? sql`AND (s.created_at, s.id) > (${after.at}::timestamptz, ${after.id})` : sql``}
    ORDER BY s.created_at, s.id
    LIMIT ${limit}`);
}

/**
 * A reader's whole bookshelf as the Goodreads-compatible CSV (UTF-8 with a BOM, so spreadsheets show the
 * accents), oldest entry first, read a page of entries at a time. Only ever that reader's own entries.
 */
export async function goodreadsCsvText(userId: string, pageSize = EXPORT_PAGE): Promise<string> {
  const parts = [toCsv([HEADER], ',')];
  for (let after: { at: string; id: string } | null = null; ;) {
    const rows = await exportRowsAfter(userId, after, pageSize);
    parts.push(csvLines(rows.map(toCells), ','));
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return parts.join('');
    after = { at: last.entry_at, id: last.entry_id };
  }
}

/** The viewer's bookshelf as a CSV to download now, with the file's name; there is no way to ask for someone else's. */
export async function goodreadsCsv(viewer: Viewer): Promise<{ filename: string; body: string }> {
  return { filename: exportFilename(viewer.username, 'csv'), body: await goodreadsCsvText(viewer.id) };
}

/** What a downloaded export is called: `maratona-ana-2026-11-24.csv` (the day in São Paulo). */
export const exportFilename = (username: string, extension: 'csv' | 'zip') => `maratona-${username}-${todayInSaoPaulo()}.${extension}`;

/** Entries as the Goodreads-compatible CSV, with its header. */
export function exportRowsCsv(rows: readonly ExportRow[]): string {
  return toCsv([HEADER, ...rows.map(toCells)], ',');
}

function toCells(row: ExportRow): (string | number | null)[] {
  const authors = row.authors ?? [];
  const readings = row.readings ?? [];
  const finished = readings
    .map((r) => r.finished)
    .filter((d): d is string => d != null)
    .sort();
  const exclusive = EXCLUSIVE_SHELF[row.status];
  const custom = (row.shelves ?? []).map((s) => ({ name: shelfName(s.name), position: s.position }));
  const rating = ratingFromQuarters(row.rating_quarters);
  const average = row.average_quarters == null ? null : (row.average_quarters / 4).toFixed(2);
  return [
    row.edition_id,
    row.subtitle ? `${row.title}: ${row.subtitle}` : row.title,
    authors[0]?.name ?? '',
    authors[0]?.sort_name ?? '',
    authors
      .slice(1)
      .map((a) => a.name)
      .join(', '),
    row.isbn10 ?? '',
    row.isbn13 ?? '',
    // Goodreads' stars are whole; the exact quarters go in "Maratona Rating".
    rating == null ? 0 : Math.round(rating),
    average,
    row.publisher,
    BINDING[row.format] ?? '',
    row.pages,
    row.publication_date?.slice(0, 4) ?? '',
    row.first_published_year,
    slashed(finished.at(-1)),
    slashed(row.added_on),
    [...custom.map((s) => s.name), exclusive].join(', '),
    [...custom.map((s) => `${s.name} (#${s.position})`), exclusive].join(', '),
    exclusive,
    row.review,
    row.spoiler ? 'true' : '',
    row.notes,
    finished.length + row.undated_readings,
    row.owned ? 1 : 0,
    rating,
    readings.length > 0 ? JSON.stringify(readings) : null,
    JSON.stringify({
      shelves: (row.shelves ?? []).map((s) => s.name),
      favorite: row.favorite,
      ownedFormat: row.owned_format,
      moods: row.moods,
      pacing: row.pacing,
      contentWarnings: row.content_warnings,
    }),
  ];
}

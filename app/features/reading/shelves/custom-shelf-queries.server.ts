import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { type CoverCardRow, coverCardColumns, toCoverCard } from '~/features/catalog/cards.server';
import type { Viewer } from '~/server/viewer.server';
import { audienceOf, maySee, readingShownTo, visibleTo } from '~/features/social/audience.server';
import type { Visibility } from '~/features/social/vocabulary';
import { ratingFromQuarters } from '../statuses';
import type { ShelfChoice, ShelfDetail, ShelfItem, ShelfSummary } from '../types';
import type { ShelfStatus } from '../vocabulary';

export const SHELF_ITEMS_PAGE_SIZE = 60;
export const PUBLIC_SHELVES_PAGE_SIZE = 20;

type ShelfRow = {
  id: string;
  user_id: string;
  name: string;
  description: string;
  visibility: Visibility;
  item_count: number;
  username: string | null;
  owner_name: string;
  updated_at: Date | string;
  hidden: boolean;
};

const shelfColumns = sql`sh.id, sh.user_id, sh.name, sh.description, sh.visibility, sh.updated_at, sh.hidden_at IS NOT NULL AS hidden, u.username, u.name AS owner_name,
  (SELECT count(*)::int FROM shelf_items si WHERE si.shelf_id = sh.id) AS item_count`;

function toSummary(row: ShelfRow, viewer: Viewer | null): ShelfSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    itemCount: Number(row.item_count),
    owner: { username: row.username ?? '', name: row.owner_name },
    mine: viewer?.id === row.user_id,
    hidden: row.hidden,
  };
}

const selectShelves = (where: SQL, tail: SQL = sql``) =>
  queryRows<ShelfRow>(sql`SELECT ${shelfColumns} FROM shelves sh JOIN users u ON u.id = sh.user_id WHERE ${where} ${tail}`);

/**
 * The shelf as the viewer may see it; null when missing *or* hidden, so a private shelf never admits it
 * exists. A shelf hidden by moderation is its owner's alone (docs/decisions/0024).
 */
export async function getShelf(viewer: Viewer | null, shelfId: string): Promise<ShelfDetail | null> {
  const [row] = await selectShelves(sql`sh.id = ${shelfId}`);
  if (!row || (row.hidden && row.user_id !== viewer?.id)) return null;
  const audience = await audienceOf(viewer?.id ?? null, row.user_id);
  if (!audience || !maySee(audience, row.visibility)) return null;
  return { ...toSummary(row, viewer), updatedAt: new Date(row.updated_at).toISOString() };
}

/**
 * The books of a shelf the caller got from getShelf (so already allowed), in the owner's order, with the
 * first and last positions of the whole shelf (the ends of "Subir"/"Descer"). Never the notes. The owner put
 * each book there, so each is listed; but a book being read goes without its status when the owner hides
 * "lendo agora" from the viewer (`readingShownTo`).
 */
export async function listShelfItems(
  viewer: Viewer | null,
  shelf: ShelfDetail,
  page: number,
): Promise<{ items: ShelfItem[]; firstPosition: number | null; lastPosition: number | null }> {
  const rows = await queryRows<
    CoverCardRow & { entry_id: string; status: ShelfStatus | null; rating_quarters: number | null; position: number; first: number; last: number }
  >(sql`
    SELECT ${coverCardColumns}, s.id AS entry_id, CASE WHEN ${readingShownTo(viewer?.id ?? null, sql`s.user_id`, sql`s.status`)} THEN s.status END AS status, s.rating_quarters,
      si.position, min(si.position) OVER () AS first, max(si.position) OVER () AS last
    FROM shelf_items si
    JOIN shelf_entries s ON s.id = si.shelf_entry_id
    JOIN editions e ON e.id = s.edition_id
    WHERE si.shelf_id = ${shelf.id}
    ORDER BY si.position, s.id
    LIMIT ${SHELF_ITEMS_PAGE_SIZE} OFFSET ${(page - 1) * SHELF_ITEMS_PAGE_SIZE}`);
  return {
    items: rows.map((row) => ({
      entryId: row.entry_id,
      edition: toCoverCard(row),
      status: row.status,
      rating: ratingFromQuarters(row.rating_quarters),
      position: Number(row.position),
    })),
    firstPosition: rows[0] ? Number(rows[0].first) : null,
    lastPosition: rows[0] ? Number(rows[0].last) : null,
  };
}

/** Every shelf of the viewer (at most MAX_SHELVES_PER_READER), in the order they were made. */
export async function listMyShelves(viewer: Viewer): Promise<ShelfSummary[]> {
  const rows = await selectShelves(sql`sh.user_id = ${viewer.id}`, sql`ORDER BY sh.created_at, sh.id`);
  return rows.map((row) => toSummary(row, viewer));
}

/** Other readers' public shelves with at least one book, most recently changed first (the discovery list of /estantes). */
export async function listPublicShelves(
  viewer: Viewer | null,
  page: number,
): Promise<{ items: ShelfSummary[]; total: number; page: number; pageSize: number }> {
  const where = sql`sh.visibility = 'publico' AND sh.hidden_at IS NULL AND ${visibleTo(viewer?.id ?? null, sql`sh.user_id`, sql`sh.visibility`)} AND sh.user_id <> ${viewer?.id ?? ''}
    AND EXISTS (SELECT 1 FROM shelf_items si WHERE si.shelf_id = sh.id)`;
  const [rows, [total]] = await Promise.all([
    selectShelves(where, sql`ORDER BY sh.updated_at DESC, sh.id LIMIT ${PUBLIC_SHELVES_PAGE_SIZE} OFFSET ${(page - 1) * PUBLIC_SHELVES_PAGE_SIZE}`),
    queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM shelves sh JOIN users u ON u.id = sh.user_id WHERE ${where}`),
  ]);
  return { items: rows.map((row) => toSummary(row, viewer)), total: Number(total?.n ?? 0), page, pageSize: PUBLIC_SHELVES_PAGE_SIZE };
}

/** The viewer's shelves, each saying whether this edition is on it (the edition page's "Adicionar a uma estante"). */
export async function listShelfChoices(viewer: Viewer, editionId: string): Promise<ShelfChoice[]> {
  return queryRows<ShelfChoice>(sql`
    SELECT sh.id, sh.name, EXISTS (SELECT 1 FROM shelf_items si JOIN shelf_entries s ON s.id = si.shelf_entry_id
      WHERE si.shelf_id = sh.id AND s.edition_id = ${editionId} AND s.user_id = ${viewer.id}) AS contains
    FROM shelves sh WHERE sh.user_id = ${viewer.id} ORDER BY sh.created_at, sh.id`);
}

export const ADDABLE_ENTRIES_LIMIT = 200;

/** The owner's most recent bookshelf entries not yet on this shelf (the shelf page's "Adicionar um livro"). */
export async function listAddableEntries(viewer: Viewer, shelfId: string): Promise<{ id: string; title: string }[]> {
  return queryRows<{ id: string; title: string }>(sql`
    SELECT s.id, e.title FROM shelf_entries s JOIN editions e ON e.id = s.edition_id
    WHERE s.user_id = ${viewer.id} AND NOT EXISTS (SELECT 1 FROM shelf_items si WHERE si.shelf_id = ${shelfId} AND si.shelf_entry_id = s.id)
    ORDER BY s.updated_at DESC, s.id LIMIT ${ADDABLE_ENTRIES_LIMIT}`);
}

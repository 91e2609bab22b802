import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import type { Viewer } from '~/server/viewer.server';
import { DEFAULT_LOOKS, type OverlayLook } from './settings';
import type { CapaOverlayData, FocaOverlayData, OverlayContent } from './types';
import type { OverlayKind } from './vocabulary';

const lookColumns = sql`size, position, text_colour AS "textColour", card_colour AS "cardColour", accent_colour AS "accentColour",
  show_progress_bar AS "showProgressBar", show_percent AS "showPercent", show_pet_name AS "showPetName"`;

/** What each overlay shows, read for one reader in one statement (the look and the content). */
const contentSql = {
  capa: (userId: string) => sql`
    SELECT (SELECT row_to_json(b) FROM (
      SELECT e.title, e.cover_url AS "coverUrl", rt.progress_fraction AS fraction,
        coalesce((SELECT json_agg(a.name ORDER BY wa.position, a.name) FROM work_authors wa JOIN authors a ON a.id = wa.author_id
          WHERE wa.work_id = e.work_id AND wa.role = 'author'), '[]') AS authors
      FROM shelf_entries s JOIN editions e ON e.id = s.edition_id
        LEFT JOIN read_throughs rt ON rt.shelf_entry_id = s.id AND rt.finished_on IS NULL AND rt.abandoned_on IS NULL
      WHERE s.user_id = ${userId} AND s.status = 'reading' ORDER BY s.updated_at DESC, s.id LIMIT 1) b) AS book`,
  foca: (userId: string) => sql`
    SELECT to_json(now()) #>> '{}' AS "serverNow",
      (SELECT row_to_json(p) FROM (SELECT species, name FROM focus_pets WHERE user_id = ${userId} AND companion) p) AS pet,
      (SELECT row_to_json(f) FROM (SELECT to_json(started_at) #>> '{}' AS "startedAt", to_json(ends_at) #>> '{}' AS "endsAt", planned_minutes AS "plannedMinutes"
        FROM focus_sessions WHERE user_id = ${userId} AND status = 'running' AND ends_at > now() LIMIT 1) f) AS session`,
};

/** The reader's look for one overlay: what they saved, or the defaults. */
async function lookOf(userId: string, kind: OverlayKind): Promise<OverlayLook> {
  const [row] = await queryRows<OverlayLook>(sql`SELECT ${lookColumns} FROM overlay_settings WHERE user_id = ${userId} AND kind = ${kind}`);
  return row ?? DEFAULT_LOOKS[kind];
}

/**
 * An overlay as its OBS page shows it, for the reader a token resolved to (tokens.server.ts). Only ever called with
 * a reader the caller has authorised: the token's, or the signed-in viewer's own (the previews).
 */
export async function overlayContentOf(userId: string, kind: OverlayKind): Promise<OverlayContent> {
  const [look, [row]] = await Promise.all([lookOf(userId, kind), queryRows<Record<string, unknown>>(contentSql[kind](userId))]);
  if (kind === 'capa') {
    const book = (row?.book ?? null) as CapaOverlayData['book'];
    return { kind, look, data: { book } };
  }
  const data = row as FocaOverlayData | undefined;
  return { kind, look, data: { pet: data?.pet ?? null, session: data?.session ?? null, serverNow: data?.serverNow ?? new Date().toISOString() } };
}

/** The viewer's own overlay, for the signed-in settings and preview pages. */
export const getMyOverlay = (viewer: Viewer, kind: OverlayKind) => overlayContentOf(viewer.id, kind);

import { sql } from 'drizzle-orm';
import { queryRows, rowCount } from '~/db/client.server';
import { type CoverCardRow, coverCardColumns, toCoverCard } from '~/features/catalog/cards.server';
import { feedAuthorShown, followeesOf, readingShownTo } from '~/features/social/audience.server';
import type { Viewer } from '~/server/viewer.server';
import { lengthIn, preferredUnit } from './progress/progress';
import { QUICK_STEP } from './components/quick-step';
import type { CurrentReading, FollowingActivity } from './types';
import type { ShelfStatus, ProgressUnit } from './vocabulary';
import type { EditionFormat } from '~/features/catalog/vocabulary';

/** How many books "Lendo agora" shows on /home; the bookshelf has the rest. */
export const CURRENTLY_READING_MAX = 8;
export const ACTIVITY_MAX = 15;

type ReadingRow = CoverCardRow & {
  format: EditionFormat;
  pages: number | null;
  audio_minutes: number | null;
  fraction: number | null;
  value: number | null;
  unit: ProgressUnit | null;
};

/** The viewer's books in `lendo`, latest first, with where each reading is and the next one-tap step. */
export async function listCurrentlyReading(viewer: Viewer): Promise<CurrentReading[]> {
  const rows = await queryRows<ReadingRow>(sql`
    SELECT ${coverCardColumns}, e.format, e.pages, e.audio_minutes, rt.progress_fraction AS fraction, rt.progress_value AS value, rt.progress_unit AS unit
    FROM shelf_entries s
    JOIN editions e ON e.id = s.edition_id
    LEFT JOIN read_throughs rt ON rt.shelf_entry_id = s.id AND rt.finished_on IS NULL AND rt.abandoned_on IS NULL
    WHERE s.user_id = ${viewer.id} AND s.status = 'reading'
    ORDER BY s.updated_at DESC, s.id
    LIMIT ${CURRENTLY_READING_MAX}`);
  return rows.map((row) => {
    const length = { pages: row.pages, audioMinutes: row.audio_minutes, format: row.format };
    // The step keeps the unit the reader last used, so "+10" means the same thing as their last update.
    const unit = row.unit && lengthIn(length, row.unit) != null ? row.unit : preferredUnit(length);
    const total = lengthIn(length, unit) ?? 100;
    const fraction = Number(row.fraction ?? 0);
    const current = row.unit === unit && row.value != null ? row.value : Math.floor(fraction * total);
    return {
      edition: toCoverCard(row),
      length,
      fraction,
      value: row.value,
      unit: row.unit,
      stepUnit: unit,
      nextValue: current < total ? Math.min(total, current + QUICK_STEP) : null,
    };
  });
}

/** Whether the viewer has anything on the bookshelf: /home's first-run state is for an empty one. */
export async function hasShelfEntries(viewer: Viewer): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM shelf_entries WHERE user_id = ${viewer.id}) AS any`);
  return Boolean(row?.any);
}

/** The feed names the book, nothing more of its card. */
type ActivityRow = {
  edition_id: string;
  title: string;
  entry_id: string;
  status: ShelfStatus;
  updated_at: Date | string;
  username: string;
  name: string;
  image: string | null;
};

/**
 * How many of the site's newest shelf changes the following activity looks through first. A reader who
 * follows many readers (each probed on their own index otherwise) usually finds a full page among them.
 */
export const ACTIVITY_RECENT_WINDOW = 2_000;

/**
 * "Atividade de quem você segue": the latest shelf changes of the readers the viewer follows. Shelf entries
 * carry no visibility of their own, so they count as public items of their reader's profile; for a followed
 * reader the audience (decision 0019) comes down to `feedAuthorShown`, as in the atts feed: not suspended, no
 * block either way. A book being read is left out when its reader hides "lendo agora" (`readingShownTo`); the
 * window's statement reads that status only of the changes it comes to, so the window stays on its index.
 *
 * First among the site's first `recentWindow` changes in the page's order (newest first, then by id; one index
 * walk, whoever follows whom): every other change of the site comes after all of them in that order, so when
 * ACTIVITY_MAX shown changes of followed readers are in it, they are the page. Otherwise each followed reader is
 * asked on their own (`fromEachFollowed`), a second statement.
 */
export async function listFollowingActivity(viewer: Viewer, { recentWindow = ACTIVITY_RECENT_WINDOW } = {}): Promise<FollowingActivity[]> {
  const recent = await queryRows<ActivityRow>(sql`
    SELECT e.id AS edition_id, e.title, s.id AS entry_id, s.status, s.updated_at, u.username, u.name, u.image
    FROM (
      SELECT c.id, c.updated_at FROM (
        SELECT w.id, w.user_id, w.updated_at FROM (
          SELECT se.id, se.user_id, se.updated_at FROM shelf_entries se ORDER BY se.updated_at DESC, se.id LIMIT ${rowCount(recentWindow)}
        ) w
        WHERE w.user_id IN (${followeesOf(viewer.id)})
        ORDER BY w.updated_at DESC, w.id OFFSET 0
      ) c
      WHERE ${feedAuthorShown(viewer.id, sql`c.user_id`, sql`false`)} AND ${readingShownTo(viewer.id, sql`c.user_id`, sql`(SELECT st.status FROM shelf_entries st WHERE st.id = c.id)`)}
      ORDER BY c.updated_at DESC, c.id LIMIT ${ACTIVITY_MAX}
    ) r
    JOIN shelf_entries s ON s.id = r.id
    JOIN users u ON u.id = s.user_id
    JOIN editions e ON e.id = s.edition_id
    ORDER BY s.updated_at DESC, s.id`);
  return toActivity(recent.length === ACTIVITY_MAX ? recent : await fromEachFollowed(viewer));
}

/** The activity asked of each followed reader: what the page is when the site's newest changes do not fill it. */
async function fromEachFollowed(viewer: Viewer): Promise<ActivityRow[]> {
  // The page can only hold changes of the ACTIVITY_MAX readers whose latest change comes first in the page's
  // order (time, then id: readers whose latest changes tie are told apart as their entries are): one index
  // probe per followed reader picks them, and the audience is asked of each in that order only
  // until ACTIVITY_MAX are shown (OFFSET 0 keeps PostgreSQL from asking it of all of them before sorting);
  // only their latest entries are read, merged, and joined to their editions. When ACTIVITY_MAX readers are
  // shown, their latest changes alone fill the page, so nothing older than the oldest of those (`since`) can
  // be on it: each reader's entries are read from `since` on, not ACTIVITY_MAX of each.
  return queryRows<ActivityRow>(sql`
    SELECT e.id AS edition_id, e.title, s.id AS entry_id, s.status, s.updated_at, u.username, u.name, u.image
    FROM (
      SELECT x.* FROM (
        SELECT r.id, CASE WHEN count(*) OVER () = ${ACTIVITY_MAX} THEN min(r.updated_at) OVER () END AS since FROM (
          SELECT f.id, f.updated_at FROM (
            SELECT f.id, latest.updated_at, latest.id AS entry_id FROM (${followeesOf(viewer.id)}) f
            CROSS JOIN LATERAL (SELECT se.updated_at, se.id FROM shelf_entries se WHERE se.user_id = f.id AND ${readingShownTo(viewer.id, sql`f.id`, sql`se.status`)} ORDER BY se.updated_at DESC, se.id LIMIT 1) latest
            ORDER BY latest.updated_at DESC, latest.id OFFSET 0
          ) f
          WHERE ${feedAuthorShown(viewer.id, sql`f.id`, sql`false`)}
          ORDER BY f.updated_at DESC, f.entry_id LIMIT ${ACTIVITY_MAX}
        ) r
      ) r
      CROSS JOIN LATERAL (
        SELECT se.id, se.user_id, se.status, se.updated_at, se.edition_id FROM shelf_entries se
        WHERE se.user_id = r.id AND se.updated_at >= coalesce(r.since, '-infinity'::timestamptz) AND ${readingShownTo(viewer.id, sql`r.id`, sql`se.status`)}
        ORDER BY se.updated_at DESC, se.id LIMIT ${ACTIVITY_MAX}
      ) x
      ORDER BY x.updated_at DESC, x.id LIMIT ${ACTIVITY_MAX}
    ) s
    JOIN users u ON u.id = s.user_id
    JOIN editions e ON e.id = s.edition_id
    ORDER BY s.updated_at DESC, s.id`);
}

function toActivity(rows: ActivityRow[]): FollowingActivity[] {
  return rows.map((row) => ({
    id: row.entry_id,
    reader: { username: row.username, name: row.name, image: row.image },
    edition: { id: row.edition_id, title: row.title },
    status: row.status,
    at: new Date(row.updated_at).toISOString(),
  }));
}

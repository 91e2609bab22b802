import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { lengthIn, preferredUnit } from '~/features/reading/progress/progress';
import type { EditionFormat } from '~/features/catalog/vocabulary';
import type { Viewer } from '~/server/viewer.server';
import { closeExpiredSessionOf, expiredSql } from './closing.server';
import type { FocusSessionRow, RunningFocusSession } from './types';
import { FOCUS_LOGS_PAGE_SIZE } from './policy';
import { FOCUS_TIME_ZONE } from './vocabulary';

const sessionColumns = sql`f.id, json_build_object('id', e.id, 'title', e.title) AS edition, f.planned_minutes AS "plannedMinutes", f.status,
  to_json(f.started_at) #>> '{}' AS "startedAt", to_json(f.ends_at) #>> '{}' AS "endsAt", to_json(f.finished_at) #>> '{}' AS "finishedAt",
  f.credited_minutes AS "creditedMinutes", f.progress_value AS "progressValue", f.progress_unit AS "progressUnit"`;

/** A running session and what the finish form needs, for the readers a WHERE on `f` selects. */
const runningColumns = sql`${sessionColumns}, f.user_id AS "userId", e.format, e.pages, e.audio_minutes, rt.progress_value AS value, rt.progress_unit AS unit,
  ${expiredSql} AS expired`;
const runningFrom = sql`focus_sessions f JOIN editions e ON e.id = f.edition_id
  LEFT JOIN shelf_entries s ON s.user_id = f.user_id AND s.edition_id = f.edition_id
  LEFT JOIN read_throughs rt ON rt.shelf_entry_id = s.id AND rt.finished_on IS NULL AND rt.abandoned_on IS NULL`;

type RunningRow = FocusSessionRow & {
  userId: string;
  format: EditionFormat;
  pages: number | null;
  audio_minutes: number | null;
  value: number | null;
  unit: RunningFocusSession['unit'] | null;
  expired: boolean;
};

const todaysMinutes = (viewer: Viewer) =>
  sql`(SELECT coalesce(sum(credited_minutes), 0)::int FROM focus_sessions WHERE user_id = ${viewer.id} AND credited_on = (now() AT TIME ZONE ${FOCUS_TIME_ZONE})::date)`;

/**
 * The viewer's running session and today's minutes, in one query; a session left open past its end is closed
 * first (then read again), so it shows closed and its minutes count today. `serverNow` is the database's `now()`,
 * read in the same statement (the clock `ends_at` was set by), for the page's countdown. The unit the finish form asks in is the
 * one the reader last used when the edition allows it, else pages when it has them, else percent.
 */
export async function getFocusToday(viewer: Viewer): Promise<{ running: RunningFocusSession | null; minutesToday: number; serverNow: string }> {
  const read = () =>
    queryRows<{ now: string; minutes: number; session: RunningRow | null }>(sql`
      SELECT to_json(now()) #>> '{}' AS now, ${todaysMinutes(viewer)} AS minutes, (SELECT row_to_json(r) FROM (
        SELECT ${runningColumns} FROM ${runningFrom} WHERE f.user_id = ${viewer.id} AND f.status = 'running' LIMIT 1) r) AS session`);
  let [row] = await read();
  if (row?.session?.expired) {
    await closeExpiredSessionOf(viewer.id);
    [row] = await read();
  }
  // The database's clock, read in the statement that read the session: ends_at is the same clock's.
  const serverNow = row ? new Date(row.now).toISOString() : new Date().toISOString();
  if (!row?.session || row.session.expired) return { running: null, minutesToday: row?.minutes ?? 0, serverNow };
  return { running: runningSession(row.session), minutesToday: row.minutes, serverNow };
}

/** A running session's row (runningColumns) as the page shows it, with the finish form's unit, length and current value. */
function runningSession(row: RunningRow): RunningFocusSession {
  const { format, pages, audio_minutes, value, unit: lastUnit, expired: _, userId: __, ...session } = row;
  const edition = { pages, audioMinutes: audio_minutes, format };
  const unit = lastUnit && lengthIn(edition, lastUnit) != null ? lastUnit : preferredUnit(edition);
  return { ...session, unit, length: lengthIn(edition, unit) ?? 100, currentValue: lastUnit === unit ? value : null };
}

/**
 * The running sessions of the readers `readers` selects (SQL giving user ids), by reader, as getFocusToday reads
 * one — without closing those left open past their end: those are not running any more and are left out (the next
 * read of their reader's, or the sweep, closes them).
 */
export async function runningSessionsOf(readers: SQL): Promise<Map<string, RunningFocusSession>> {
  const rows = await queryRows<RunningRow>(sql`SELECT ${runningColumns} FROM ${runningFrom} WHERE f.user_id IN (${readers}) AND f.status = 'running'`);
  return new Map(rows.filter((row) => !row.expired).map((row) => [row.userId, runningSession(row)]));
}

const listSql = (viewer: Viewer, limit: number, offset: number) =>
  queryRows<FocusSessionRow>(sql`
    SELECT ${sessionColumns} FROM focus_sessions f JOIN editions e ON e.id = f.edition_id
    WHERE f.user_id = ${viewer.id} ORDER BY f.started_at DESC NULLS LAST, f.id LIMIT ${limit} OFFSET ${offset}`);

/** The viewer's latest sessions (the running one included), for /foca: no count. */
export const recentFocusSessions = (viewer: Viewer, limit: number) => listSql(viewer, limit, 0);

/** The viewer's sessions, latest first, a page at a time (the running one included), with how many there are. */
export async function listFocusSessions(viewer: Viewer, page = 1, pageSize = FOCUS_LOGS_PAGE_SIZE): Promise<{ sessions: FocusSessionRow[]; total: number }> {
  const [sessions, [counted]] = await Promise.all([
    listSql(viewer, pageSize, (page - 1) * pageSize),
    queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM focus_sessions WHERE user_id = ${viewer.id}`),
  ]);
  return { sessions, total: counted?.n ?? 0 };
}

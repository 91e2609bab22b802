import { type SQL, sql } from 'drizzle-orm';
import { queryRows, rowCount } from '~/db/client.server';
import { followeesOf, offeredToOthers } from '~/features/social/audience.server';
import type { Viewer } from '~/server/viewer.server';
import { FOCUS_RANKING_PAGE_SIZE, FOCUS_TOP_PLAYERS } from './policy';
import type { FocusRanking, FocusRankingRow } from './types';
import { FOCUS_ALL_TIME_START, FOCUS_TIME_ZONE, type FocusPeriod } from './vocabulary';

/**
 * The focus rankings (PRODUCT.md §J, decision 0084): readers by the minutes their closed sessions credited (the
 * server's, `focus_totals`, kept when a session closes; a running session counts nothing yet) in the São Paulo week
 * (from Monday 00:00), the month, or all time. At equal minutes, whoever got there first is ahead, then the reader's
 * id: every reader has a place of their own and pages never overlap. It is the order of focus_totals_ranking_idx.
 */
const ORDER = sql.raw('t.minutes DESC NULLS LAST, t.reached_at, t.user_id');

/** The first day of the period that holds `today` (São Paulo's today unless a test names one). */
export function periodStart(period: FocusPeriod, today: SQL): SQL {
  if (period === 'week') return sql`date_trunc('week', ${today})::date`;
  if (period === 'month') return sql`date_trunc('month', ${today})::date`;
  return sql`${FOCUS_ALL_TIME_START}::date`;
}

export const saoPauloToday = sql`(now() AT TIME ZONE ${FOCUS_TIME_ZONE})::date`;
const dayOrToday = (today: string | undefined) => (today ? sql`${today}::date` : saoPauloToday);

/**
 * Who the global ranking shows the viewer (`u` the users row): readers with a username, not suspended, with a
 * `publico` profile, not under 18 (not put in front of others, as the readers' directory), and no block either way
 * with the viewer — and the viewer themself, whatever their profile. A `restrito` reader is in their followers'
 * "Seguindo" ranking only. The viewer's blocks are read once (a hashed subplan), not probed per row.
 */
function shownGlobally(viewerId: string | null): SQL {
  const publicReader = sql`u.profile_visibility = 'publico' AND ${offeredToOthers(sql`u`)}`;
  if (!viewerId) return sql`u.username IS NOT NULL AND u.suspended_at IS NULL AND ${publicReader}`;
  return sql`u.username IS NOT NULL AND u.suspended_at IS NULL AND (u.id = ${viewerId} OR (${publicReader}
    AND u.id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ${viewerId} UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = ${viewerId})))`;
}

type Row = { position: number; user_id: string; username: string; name: string; image: string | null; minutes: number };
const rowJson = sql`json_build_object('position', r.position, 'user_id', r.user_id, 'username', u.username, 'name', u.name, 'image', u.image, 'minutes', r.minutes)`;

const toRow = (viewerId: string | null, row: Row): FocusRankingRow => ({
  position: Number(row.position),
  userId: row.user_id,
  username: row.username,
  name: row.name,
  image: row.image,
  minutes: row.minutes,
  mine: row.user_id === viewerId,
});

type Options = { period: FocusPeriod; page?: number; today?: string };

/**
 * SQL (a FROM item `r JOIN users u`): one reader's row in a global ranking — their minutes and place, one plus those
 * shown ahead of them (two range counts on focus_totals_ranking_idx) — when the ranking shows them (`shown`).
 */
const placeOf = (userId: string, shown: SQL, inPeriod: (alias: SQL) => SQL) => sql`(
    SELECT m.user_id, m.minutes, 1 + (SELECT count(*) FROM focus_totals t JOIN users u ON u.id = t.user_id
        WHERE ${inPeriod(sql`t`)} AND t.minutes > m.minutes AND ${shown})
      + (SELECT count(*) FROM focus_totals t JOIN users u ON u.id = t.user_id
        WHERE ${inPeriod(sql`t`)} AND t.minutes = m.minutes AND (t.reached_at, t.user_id) < (m.reached_at, m.user_id) AND ${shown}) AS position
    FROM focus_totals m WHERE m.user_id = ${userId} AND ${inPeriod(sql`m`)}) r JOIN users u ON u.id = r.user_id WHERE ${shown}`;

/**
 * SQL: a reader's place in the all-time global ranking as the viewer sees it (as getGlobalFocusRanking would show
 * their row), or NULL when it does not show them (a `restrito` profile, a minor, a block, no minutes yet).
 */
export const allTimePlaceSql = (userId: string, viewerId: string | null) =>
  sql`(SELECT r.position::int FROM ${placeOf(userId, shownGlobally(viewerId), (alias) => sql`${alias}.period = 'all' AND ${alias}.starts_on = ${FOCUS_ALL_TIME_START}::date`)})`;

/**
 * The global ranking, a page at a time (FOCUS_RANKING_PAGE_SIZE), in one statement: the page is a walk of
 * focus_totals_ranking_idx from its offset, keeping the readers the viewer may see (`shownGlobally`); the total
 * counts them; the viewer's own place is one plus those shown ahead of them (two range counts on the index), so
 * it shows wherever it falls ("Você: 12º").
 */
export async function getGlobalFocusRanking(viewer: Viewer | null, options: Options): Promise<FocusRanking> {
  const page = options.page ?? 1;
  const viewerId = viewer?.id ?? null;
  const start = periodStart(options.period, dayOrToday(options.today));
  const shown = shownGlobally(viewerId);
  const inPeriod = (alias: SQL) => sql`${alias}.period = ${options.period} AND ${alias}.starts_on = (SELECT s FROM start)`;
  const me = viewerId ? sql`(SELECT ${rowJson} FROM ${placeOf(viewerId, shown, inPeriod)})` : sql`NULL::json`;
  const offset = (page - 1) * FOCUS_RANKING_PAGE_SIZE;
  const [result] = await queryRows<{ rows: Row[] | null; total: number; me: Row | null }>(sql`
    WITH start AS (SELECT ${start} AS s)
    SELECT
      (SELECT json_agg(${rowJson} ORDER BY r.position) FROM (
        SELECT t.user_id, t.minutes, row_number() OVER (ORDER BY ${ORDER}) AS position
        FROM focus_totals t JOIN users u ON u.id = t.user_id
        WHERE ${inPeriod(sql`t`)} AND ${shown}
        ORDER BY ${ORDER} LIMIT ${rowCount(FOCUS_RANKING_PAGE_SIZE)} OFFSET ${rowCount(offset)}) r
        JOIN users u ON u.id = r.user_id) AS rows,
      (SELECT count(*)::int FROM focus_totals t JOIN users u ON u.id = t.user_id WHERE ${inPeriod(sql`t`)} AND ${shown}) AS total,
      ${me} AS me`);
  return {
    rows: (result?.rows ?? []).map((row) => toRow(viewerId, row)),
    me: result?.me ? toRow(viewerId, result.me) : null,
    total: result?.total ?? 0,
    page,
    pageSize: FOCUS_RANKING_PAGE_SIZE,
  };
}

/**
 * "Seguindo": the viewer and the readers they follow (accepted; a `restrito` profile included, its follower may see
 * it), not suspended, no block either way. A follow list is small: the whole list is ranked in one window and the
 * page, the total and the viewer's own row are taken from it.
 */
export async function getFollowingFocusRanking(viewer: Viewer, options: Options): Promise<FocusRanking> {
  const page = options.page ?? 1;
  const offset = (page - 1) * FOCUS_RANKING_PAGE_SIZE;
  const start = periodStart(options.period, dayOrToday(options.today));
  const [result] = await queryRows<{ rows: Row[] | null; total: number; me: Row | null }>(sql`
    WITH ranked AS (
      SELECT t.user_id, t.minutes, row_number() OVER (ORDER BY ${ORDER}) AS position
      FROM (SELECT ${viewer.id}::text AS id UNION SELECT id FROM (${followeesOf(viewer.id)}) f) c
      JOIN focus_totals t ON t.user_id = c.id AND t.period = ${options.period} AND t.starts_on = ${start}
      JOIN users u ON u.id = t.user_id AND u.username IS NOT NULL AND u.suspended_at IS NULL
      WHERE u.id = ${viewer.id} OR u.id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ${viewer.id} UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = ${viewer.id})
    )
    SELECT
      (SELECT json_agg(${rowJson} ORDER BY r.position) FROM ranked r JOIN users u ON u.id = r.user_id
        WHERE r.position > ${rowCount(offset)} AND r.position <= ${rowCount(offset + FOCUS_RANKING_PAGE_SIZE)}) AS rows,
      (SELECT count(*)::int FROM ranked) AS total,
      (SELECT ${rowJson} FROM ranked r JOIN users u ON u.id = r.user_id WHERE r.user_id = ${viewer.id}) AS me`);
  return {
    rows: (result?.rows ?? []).map((row) => toRow(viewer.id, row)),
    me: result?.me ? toRow(viewer.id, result.me) : null,
    total: result?.total ?? 0,
    page,
    pageSize: FOCUS_RANKING_PAGE_SIZE,
  };
}

/** /f: the top players of this week and of all time, as the global ranking shows them to the viewer (first few rows). */
export async function listTopFocusPlayers(viewer: Viewer | null): Promise<{ week: FocusRankingRow[]; allTime: FocusRankingRow[] }> {
  const top = async (period: FocusPeriod) => {
    const start = periodStart(period, saoPauloToday);
    const rows = await queryRows<Row>(sql`
      SELECT t.user_id, t.minutes, row_number() OVER (ORDER BY ${ORDER}) AS position, u.username, u.name, u.image
      FROM focus_totals t JOIN users u ON u.id = t.user_id
      WHERE t.period = ${period} AND t.starts_on = ${start} AND ${shownGlobally(viewer?.id ?? null)}
      ORDER BY ${ORDER} LIMIT ${rowCount(FOCUS_TOP_PLAYERS)}`);
    return rows.map((row) => toRow(viewer?.id ?? null, row));
  };
  const [week, allTime] = await Promise.all([top('week'), top('all')]);
  return { week, allTime };
}

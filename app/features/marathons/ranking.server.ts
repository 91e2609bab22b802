import { type SQL, sql } from 'drizzle-orm';
import { getDb, queryRows, rowCount } from '~/db/client.server';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { requireMarathonAccess } from './access.server';
import { RANKING_PAGE_SIZE } from './policy';
import type { MarathonRanking, RankingRow, TeamRankingRow } from './types';

/**
 * The ranking's order (PRODUCT.md §G; decision 0077): points, highest first; at equal points whoever reached them
 * first (`scored_at`); then the reader's id, so every row has a place of its own and pages never overlap. It is the
 * order of `marathon_participants_ranking_idx` (and of the level's index), so a page is a walk of the index — NULLS
 * LAST as the index has it (points are never null, but without it PostgreSQL sorts all 15,000 rows instead).
 */
const ORDER = sql.raw('points DESC NULLS LAST, scored_at, user_id');

/**
 * A participant's position (SQL, over the row `p` names): one plus the active participants ahead of them in ORDER
 * — in their level when `inLevel` — counted on the ranking's index: those with more points, and those with as many
 * who got there first. Two range counts, each an index-only scan; never a count of the whole marathon.
 */
export function positionSql(p: SQL, inLevel = false): SQL<number> {
  const level = inLevel ? sql`AND o.level_id = ${p}.level_id` : sql``;
  return sql<number>`(1 + (SELECT count(*) FROM marathon_participants o
      WHERE o.marathon_id = ${p}.marathon_id ${level} AND o.status = 'active' AND o.points > ${p}.points)
    + (SELECT count(*) FROM marathon_participants o
      WHERE o.marathon_id = ${p}.marathon_id ${level} AND o.status = 'active' AND o.points = ${p}.points
        AND (o.scored_at, o.user_id) < (${p}.scored_at, ${p}.user_id)))::int`;
}

type Row = {
  position: number;
  user_id: string;
  username: string | null;
  name: string;
  image: string | null;
  group_name: string | null;
  team_id: string | null;
  challenges_done: number;
  points: number;
  pages: number;
  minutes: number;
};

const rowColumns = sql`mp.user_id, u.username, u.name, u.image, coalesce(l.name, t.name) AS group_name, mp.team_id,
  mp.challenges_done, mp.points, mp.pages, mp.minutes`;
const rowJoins = sql`JOIN users u ON u.id = mp.user_id AND u.suspended_at IS NULL
  LEFT JOIN marathon_levels l ON l.id = mp.level_id
  LEFT JOIN marathon_teams t ON t.id = mp.team_id`;

const toRow = (viewerId: string | null, row: Row): RankingRow => ({
  position: Number(row.position),
  userId: row.user_id,
  username: row.username,
  name: row.name,
  image: row.image,
  group: row.group_name,
  challengesDone: row.challenges_done,
  points: row.points,
  pages: row.pages,
  minutes: row.minutes,
  mine: row.user_id === viewerId,
});

/**
 * /m/{identificador}/ranking: a page of the marathon's active participants in the ranking's order
 * (RANKING_PAGE_SIZE a page), the viewer's own row wherever it falls, and in teams mode the teams' ranking. A
 * level (levels mode) narrows it to that level's participants. The page is a walk of the ranking index from its
 * offset; the total is the marathon's `participant_count` (a level's, a count on the level's index). Banned
 * participants are never listed; a suspended reader's row is left out and keeps its place (decision 0077).
 */
export async function getRanking(
  viewer: Viewer | null,
  marathonId: string,
  options: { page?: number; levelId?: string | null } = {},
): Promise<MarathonRanking> {
  const { marathon } = await requireMarathonAccess(getDb(), viewer, marathonId, 'see');
  const page = options.page ?? 1;
  const levelId = options.levelId ?? null;
  if (levelId && marathon.mode !== 'levels') throw new AppError('invalid_input', 'Esta maratona não tem níveis.');
  const viewerId = viewer?.id ?? null;
  const inLevel = levelId ? sql`AND p.level_id = ${levelId}` : sql``;
  const [rows, me, teams, levelTotal] = await Promise.all([
    queryRows<Row>(sql`
      SELECT w.position, ${rowColumns}
      FROM (
        SELECT p.user_id, row_number() OVER (ORDER BY ${ORDER}) AS position FROM marathon_participants p
        WHERE p.marathon_id = ${marathonId} ${inLevel} AND p.status = 'active'
        ORDER BY ${ORDER} LIMIT ${rowCount(RANKING_PAGE_SIZE)} OFFSET ${rowCount((page - 1) * RANKING_PAGE_SIZE)}
      ) w
      JOIN marathon_participants mp ON mp.marathon_id = ${marathonId} AND mp.user_id = w.user_id
      ${rowJoins}
      ORDER BY w.position`),
    viewerId
      ? queryRows<Row>(sql`
          SELECT ${positionSql(sql`mp`, levelId !== null)} AS position, ${rowColumns}
          FROM marathon_participants mp ${rowJoins}
          WHERE mp.marathon_id = ${marathonId} AND mp.user_id = ${viewerId} AND mp.status = 'active'
            ${levelId ? sql`AND mp.level_id = ${levelId}` : sql``}`)
      : Promise.resolve([]),
    marathon.mode === 'teams' ? teamRanking(marathonId) : Promise.resolve([]),
    levelId
      ? queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM marathon_participants p
          WHERE p.marathon_id = ${marathonId} ${inLevel} AND p.status = 'active'`)
      : Promise.resolve(null),
  ]);
  const myTeam = me[0]?.team_id ?? null;
  return {
    rows: rows.map((row) => toRow(viewerId, row)),
    me: me[0] ? toRow(viewerId, me[0]) : null,
    teams: teams.map((team) => ({ ...team, mine: team.id === myTeam })),
    total: levelTotal ? (levelTotal[0]?.n ?? 0) : marathon.participantCount,
    page,
    pageSize: RANKING_PAGE_SIZE,
  };
}

/** The teams in order: points, who got there first, then the organisers' order. Eight at most. */
async function teamRanking(marathonId: string): Promise<Omit<TeamRankingRow, 'mine'>[]> {
  const rows = await queryRows<{ id: string; name: string; challenges_done: number; points: number; pages: number; minutes: number; position: number }>(sql`
    SELECT id, name, challenges_done, points, pages, minutes, row_number() OVER (ORDER BY points DESC, scored_at, position) AS position
    FROM marathon_teams WHERE marathon_id = ${marathonId} ORDER BY 7`);
  return rows.map((r) => ({
    position: Number(r.position),
    id: r.id,
    name: r.name,
    challengesDone: r.challenges_done,
    points: r.points,
    pages: r.pages,
    minutes: r.minutes,
  }));
}

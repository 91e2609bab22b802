import { type SQL, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { grantChallengeEgg, organisesChallengeSql } from '~/features/focus/game.server';
import { recordTaskEvent } from '~/features/tasks/record.server';

/**
 * The scoring engine (issue 29, decision 0076): a participant's scores (challenges done, their points, pages and
 * minutes read inside the window) and their team's are kept incrementally, in the transaction of the change that
 * moves them — never recomputed per request. `scoredAt` moves only when points change (ties go to who got there
 * first). A challenge is done when it has a row in marathon_challenge_completions: an `atividade` ticked, or a
 * `leitura` with a complete link. It counts only when it has no level or its level is the participant's or one
 * below (levels are cumulative: challengeCountsSql, the board's rule too); a completion of a challenge above their
 * level (they were moved down, or it was moved up) is kept without points, and counts if they move back up.
 * `recomputeMarathonScores` rebuilds the same figures from those rows, for the rare organiser actions that change
 * many at once.
 *
 * Lock order (decision 0080), so that no two of these transactions wait on each other: the marathon's row (organiser
 * edits, joins), then participant rows (all of a marathon's by user_id — lockMarathonScores —, or a reader's own by
 * marathon_id), then team rows, and only then challenges, links and completions (an insert of a link or a completion
 * takes a key-share lock on its challenge). A board change or a finished reading locks the reader's row before it
 * writes a link or a completion; an organiser edit locks every score row before it locks, edits or removes a
 * challenge.
 */

/** SQL: the position of the level of participant `userId` in `marathonId` (null without one). */
export const participantLevelPositionSql = (marathonId: string, userId: string): SQL =>
  sql`(SELECT pl.position FROM marathon_participants pp JOIN marathon_levels pl ON pl.id = pp.level_id
    WHERE pp.marathon_id = ${marathonId} AND pp.user_id = ${userId})`;

/**
 * SQL: the challenge aliased `c` counts for a participant whose level is at `levelPosition` (null: they have no
 * level, and every challenge counts) — it has no level, or its level is theirs or one below (levels are cumulative).
 */
export const challengeCountsSql = (c: SQL, levelPosition: SQL): SQL =>
  sql`(${c}.level_id IS NULL OR (SELECT cl.position FROM marathon_levels cl WHERE cl.id = ${c}.level_id) <= coalesce(${levelPosition}, 32767))`;

export type ScoreDelta = { challengesDone?: number; points?: number; pages?: number; minutes?: number };

/** Adds a delta to an active participant's scores and to their team's; false when they are not active there. */
export async function addToScores(tx: Tx, marathonId: string, userId: string, delta: ScoreDelta, at: Date): Promise<boolean> {
  const done = delta.challengesDone ?? 0;
  const points = delta.points ?? 0;
  const pages = delta.pages ?? 0;
  const minutes = delta.minutes ?? 0;
  if (done === 0 && points === 0 && pages === 0 && minutes === 0) return true;
  const scoredAt = points === 0 ? sql`scored_at` : sql`${at.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ team_id: string | null }>(
    sql`UPDATE marathon_participants SET challenges_done = challenges_done + ${done}, points = points + ${points},
        pages = pages + ${pages}, minutes = minutes + ${minutes}, scored_at = ${scoredAt}
      WHERE marathon_id = ${marathonId} AND user_id = ${userId} AND status = 'active' RETURNING team_id`,
    tx,
  );
  if (!row) return false;
  if (row.team_id)
    await tx.execute(sql`UPDATE marathon_teams SET challenges_done = challenges_done + ${done}, points = points + ${points},
        pages = pages + ${pages}, minutes = minutes + ${minutes}, scored_at = ${scoredAt} WHERE id = ${row.team_id}`);
  return true;
}

type ChallengeRef = { marathonId: string; challengeId: string; userId: string; at: Date };

/** The challenge's points, when it counts at the reader's level (challengeCountsSql), for a CTE `name` of challenge ids. */
const countedPoints = (name: SQL, ref: ChallengeRef) =>
  sql`SELECT c.points FROM ${name} JOIN marathon_challenges c ON c.id = ${name}.challenge_id
    WHERE ${challengeCountsSql(sql`c`, participantLevelPositionSql(ref.marathonId, ref.userId))}`;

/**
 * The challenge done by the reader (an idempotent insert). Their scores move only when it was not done yet and it
 * counts at their level; true then (a challenge above their level is recorded, not counted nor announced), and the
 * reader gets a foca egg for it (once per challenge, decision 0082).
 */
export async function markChallengeDone(tx: Tx, ref: ChallengeRef): Promise<boolean> {
  const [row] = await queryRows<{ points: number }>(
    sql`WITH done AS (
        INSERT INTO marathon_challenge_completions (marathon_id, challenge_id, user_id, completed_at)
        VALUES (${ref.marathonId}, ${ref.challengeId}, ${ref.userId}, ${ref.at.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING challenge_id)
      ${countedPoints(sql`done`, ref)}`,
    tx,
  );
  if (!row) return false;
  await addToScores(tx, ref.marathonId, ref.userId, { challengesDone: 1, points: row.points }, ref.at);
  // One foca egg per challenge, ever: its source key is the challenge's (unticked and ticked again, nothing new).
  await grantChallengeEgg(tx, ref.userId, ref.challengeId);
  // "Complete um desafio" (decision 0085): once a challenge ever, and not in a marathon the reader organises.
  const [own] = await queryRows<{ own: boolean }>(sql`SELECT ${organisesChallengeSql(ref.userId, ref.challengeId)} AS own`, tx);
  if (!own?.own) await recordTaskEvent(tx, ref.userId, 'challenge_done', 1, ref.challengeId);
  return true;
}

/** The challenge no longer done (an `atividade` unticked, a `leitura` left with no complete link); scores as markChallengeDone. */
export async function unmarkChallengeDone(tx: Tx, ref: ChallengeRef): Promise<boolean> {
  const [row] = await queryRows<{ points: number }>(
    sql`WITH gone AS (
        DELETE FROM marathon_challenge_completions WHERE challenge_id = ${ref.challengeId} AND user_id = ${ref.userId} RETURNING challenge_id)
      ${countedPoints(sql`gone`, ref)}`,
    tx,
  );
  if (!row) return false;
  await addToScores(tx, ref.marathonId, ref.userId, { challengesDone: -1, points: -row.points }, ref.at);
  return true;
}

/** A `leitura` challenge is done exactly while one of the reader's links to it is complete; true when it became done (and counts) now. */
export async function syncReadingChallenge(tx: Tx, ref: ChallengeRef): Promise<boolean> {
  const [row] = await queryRows<{ complete: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM marathon_challenge_links
      WHERE challenge_id = ${ref.challengeId} AND user_id = ${ref.userId} AND complete) AS complete`,
    tx,
  );
  if (row?.complete) return markChallengeDone(tx, ref);
  await unmarkChallengeDone(tx, ref);
  return false;
}

/**
 * Every score row of the marathon locked, participants (by user_id) then teams, as each update takes them. An
 * organiser edit calls it right after requireMarathonAccess, before it touches a challenge or a participant (the
 * lock order above): a board change holding a reader's row while it inserts a completion then finishes first.
 */
export async function lockMarathonScores(tx: Tx, marathonId: string): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM marathon_participants WHERE marathon_id = ${marathonId} ORDER BY user_id FOR UPDATE`);
  await tx.execute(sql`SELECT 1 FROM marathon_teams WHERE marathon_id = ${marathonId} ORDER BY id FOR UPDATE`);
}

/**
 * The full recomputation: the tests' check of the incremental path, and the repair for organiser actions that would
 * move many scores at once (a challenge's points or level edited, a challenge removed, a participant moved). A ban
 * or a removal changes one reader's rows only (withdrawFromTeams).
 * A `leitura` challenge's completion follows its links; each active participant's challenges and points are the
 * done challenges of their level and the ones below (levels are cumulative); a team sums its active participants'.
 * Pages and minutes are credits with no other record, so a participant's stay as they are (their team's are summed
 * again). `scoredAt` moves only where points changed.
 */
export async function recomputeMarathonScores(tx: Tx, marathonId: string, at: Date = new Date()): Promise<void> {
  const when = sql`${at.toISOString()}::timestamptz`;
  // Every score row of the marathon locked first (again, when the caller already did: a no-op): an update committed
  // meanwhile is read by the sums below, never overwritten by a sum made before it.
  await lockMarathonScores(tx, marathonId);
  await tx.execute(sql`DELETE FROM marathon_challenge_completions d USING marathon_challenges c
    WHERE d.marathon_id = ${marathonId} AND c.id = d.challenge_id AND c.kind = 'leitura'
      AND NOT EXISTS (SELECT 1 FROM marathon_challenge_links l WHERE l.challenge_id = d.challenge_id AND l.user_id = d.user_id AND l.complete)`);
  await tx.execute(sql`INSERT INTO marathon_challenge_completions (marathon_id, challenge_id, user_id, completed_at)
    SELECT l.marathon_id, l.challenge_id, l.user_id, min(l.updated_at) FROM marathon_challenge_links l
    WHERE l.marathon_id = ${marathonId} AND l.complete GROUP BY l.marathon_id, l.challenge_id, l.user_id
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`UPDATE marathon_participants p SET challenges_done = s.done, points = s.points,
      scored_at = CASE WHEN s.points <> p.points THEN ${when} ELSE p.scored_at END
    FROM (
      SELECT mp.user_id, count(c.id)::int AS done, coalesce(sum(c.points), 0)::int AS points
      FROM marathon_participants mp
      LEFT JOIN marathon_levels ml ON ml.id = mp.level_id
      LEFT JOIN marathon_challenge_completions d ON d.marathon_id = mp.marathon_id AND d.user_id = mp.user_id
      LEFT JOIN marathon_challenges c ON c.id = d.challenge_id AND ${challengeCountsSql(sql`c`, sql`ml.position`)}
      WHERE mp.marathon_id = ${marathonId} AND mp.status = 'active'
      GROUP BY mp.user_id) s
    WHERE p.marathon_id = ${marathonId} AND p.user_id = s.user_id`);
  await tx.execute(sql`UPDATE marathon_teams t SET challenges_done = s.done, points = s.points, pages = s.pages, minutes = s.minutes,
      scored_at = CASE WHEN s.points <> t.points THEN ${when} ELSE t.scored_at END
    FROM (
      SELECT mt.id, coalesce(sum(p.challenges_done), 0)::int AS done, coalesce(sum(p.points), 0)::int AS points,
        coalesce(sum(p.pages), 0)::int AS pages, coalesce(sum(p.minutes), 0)::int AS minutes
      FROM marathon_teams mt LEFT JOIN marathon_participants p ON p.team_id = mt.id AND p.status = 'active'
      WHERE mt.marathon_id = ${marathonId} GROUP BY mt.id) s
    WHERE t.id = s.id`);
}

/**
 * A participant leaving the scores (they leave, are removed, or their account goes): their team's sums lose theirs,
 * in the caller's transaction, before their row changes. `marathonId` null: every marathon they are in.
 */
export async function withdrawFromTeams(tx: Tx, userId: string, marathonId: string | null, at: Date = new Date()): Promise<void> {
  const which = marathonId ? sql`AND marathon_id = ${marathonId}` : sql``;
  // Their rows locked first, as a credit takes them: a credit committed meanwhile is subtracted too, not left behind.
  await tx.execute(sql`SELECT 1 FROM marathon_participants WHERE user_id = ${userId} ${which} ORDER BY marathon_id FOR UPDATE`);
  await tx.execute(sql`UPDATE marathon_teams t SET challenges_done = t.challenges_done - p.challenges_done, points = t.points - p.points,
      pages = t.pages - p.pages, minutes = t.minutes - p.minutes,
      scored_at = CASE WHEN p.points <> 0 THEN ${at.toISOString()}::timestamptz ELSE t.scored_at END
    FROM marathon_participants p
    WHERE p.user_id = ${userId} AND p.status = 'active' AND t.id = p.team_id ${marathonId ? sql`AND p.marathon_id = ${marathonId}` : sql``}`);
}

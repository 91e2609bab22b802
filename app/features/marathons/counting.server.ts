import { sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { notify } from '~/features/social/mutations.server';
import { pointsLabel } from './labels';
import { participantUpdated } from './participant-update.server';
import { markChallengeDone } from './scoring.server';
import { mayStillOpenSql } from './access.server';

/**
 * Automatic counting (issue 29, decision 0076): what a reader reads counts in every marathon they take part in
 * whose window holds the moment — from the first minute of its first day to the last of its last, in its own time
 * zone. Progress updates call these now; focus sessions will call creditReading too.
 */

/** SQL: `at` falls inside the window of the marathon aliased `m`, in its time zone. */
const insideWindow = (at: Date) => sql`((${at.toISOString()}::timestamptz AT TIME ZONE m.time_zone)::date BETWEEN m.starts_on AND m.ends_on)`;

export type ReadingCredit = { userId: string; pages: number; minutes: number; at: Date };

/**
 * A reading credit: pages and minutes read at `at` added to the reader's scores (and their team's) in each active
 * marathon whose window holds `at`, in the caller's transaction. Never negative: a correction backwards takes
 * nothing away (the reader read those pages), and the caller credits only what goes past the furthest point.
 */
export async function creditReading(tx: Tx, credit: ReadingCredit): Promise<void> {
  const pages = Math.max(0, Math.round(credit.pages));
  const minutes = Math.max(0, Math.round(credit.minutes));
  if (pages === 0 && minutes === 0) return;
  const credited = await queryRows<{ marathon_id: string }>(
    sql`WITH credited AS (
        UPDATE marathon_participants p SET pages = p.pages + ${pages}, minutes = p.minutes + ${minutes}
        FROM marathons m WHERE m.id = p.marathon_id AND p.user_id = ${credit.userId} AND p.status = 'active' AND ${insideWindow(credit.at)}
        RETURNING p.marathon_id, p.team_id),
      teams AS (
        UPDATE marathon_teams t SET pages = t.pages + ${pages}, minutes = t.minutes + ${minutes} FROM credited c WHERE t.id = c.team_id)
      SELECT marathon_id FROM credited`,
    tx,
  );
  for (const { marathon_id } of credited) await participantUpdated(tx, { marathonId: marathon_id, userId: credit.userId });
}

/**
 * What a progress update read, from the furthest point the reading had reached (`from`) to the new one (`to`), as
 * fractions of the book: minutes when it is counted in minutes (an audiobook), else pages when the edition has them.
 */
export function readingAmount(
  edition: { pages: number | null; audioMinutes: number | null },
  unit: 'page' | 'percent' | 'minute',
  from: number,
  to: number,
): { pages: number; minutes: number } {
  if (to <= from) return { pages: 0, minutes: 0 };
  const span = (length: number | null) => (length && length > 0 ? Math.round(to * length) - Math.round(from * length) : 0);
  return unit === 'minute' ? { pages: 0, minutes: span(edition.audioMinutes) } : { pages: span(edition.pages), minutes: 0 };
}

/**
 * A reading of an edition finished (shelf status `lido`) at `at`: the rest of the book from the furthest progress
 * update credited (only when the reading had updates: a book marked read with none says nothing about when it
 * was read), and, in every running marathon of the reader, each link to the edition reaches 100% — and is complete
 * when its challenge `completesOnFinish`, which completes the challenge (the reader is told, as their switch says).
 */
export async function readingFinished(tx: Tx, reading: { userId: string; editionId: string; readThroughId: string | null; at: Date }): Promise<void> {
  // The reading locked first, as a progress update locks it: one sent at the same moment is counted before or after.
  if (reading.readThroughId) await tx.execute(sql`SELECT 1 FROM read_throughs WHERE id = ${reading.readThroughId} FOR UPDATE`);
  // Then the reader's score rows, before any link or completion (the lock order of scoring.server.ts): an organiser
  // removing a challenge meanwhile locks them before the challenge, so it waits for this, or this for it.
  await tx.execute(sql`SELECT 1 FROM marathon_participants WHERE user_id = ${reading.userId} AND status = 'active' ORDER BY marathon_id FOR UPDATE`);
  if (reading.readThroughId) {
    const [rest] = await queryRows<{ furthest: number | null; unit: 'page' | 'percent' | 'minute' | null; pages: number | null; audio_minutes: number | null }>(
      sql`SELECT (SELECT max(pe.fraction) FROM progress_entries pe WHERE pe.read_through_id = ${reading.readThroughId}) AS furthest,
          (SELECT pe.unit FROM progress_entries pe WHERE pe.read_through_id = ${reading.readThroughId} ORDER BY pe.created_at DESC, pe.id DESC LIMIT 1) AS unit,
          e.pages, e.audio_minutes
        FROM editions e WHERE e.id = ${reading.editionId}`,
      tx,
    );
    if (rest?.furthest != null && rest.unit)
      await creditReading(tx, {
        userId: reading.userId,
        ...readingAmount({ pages: rest.pages, audioMinutes: rest.audio_minutes }, rest.unit, Number(rest.furthest), 1),
        at: reading.at,
      });
  }
  const links = await queryRows<{
    marathon_id: string;
    challenge_id: string;
    complete: boolean;
    slug: string;
    name: string;
    description: string;
    points: number;
    may_open: boolean;
  }>(
    sql`UPDATE marathon_challenge_links l SET progress = 100, complete = l.complete OR c.completes_on_finish, updated_at = ${reading.at.toISOString()}::timestamptz
      FROM marathon_challenges c, marathons m, marathon_participants p
      WHERE l.user_id = ${reading.userId} AND l.edition_id = ${reading.editionId} AND c.id = l.challenge_id AND m.id = l.marathon_id
        AND p.marathon_id = l.marathon_id AND p.user_id = l.user_id AND p.status = 'active' AND ${insideWindow(reading.at)}
      RETURNING l.marathon_id, l.challenge_id, l.complete, m.slug, m.name, c.description, c.points,
        ${mayStillOpenSql(sql`m`, sql`l.user_id`)} AS may_open`,
    tx,
  );
  const touched = new Set<string>();
  for (const link of links) {
    touched.add(link.marathon_id);
    if (!link.complete) continue;
    // Done and counted only when the challenge is of their level or one below (markChallengeDone): one above it (they
    // were moved down, or it up) is recorded, as a full recount would, with no points and no notice (not on their board).
    const done = await markChallengeDone(tx, { marathonId: link.marathon_id, challengeId: link.challenge_id, userId: reading.userId, at: reading.at });
    // Told only while they may still open it (the link goes to their board).
    if (done && link.may_open)
      await notify(
        {
          userId: reading.userId,
          kind: 'marathon_challenge_done',
          text: `Desafio concluído na ${link.name}: “${link.description}” (${pointsLabel(link.points)}).`,
          link: `/m/${link.slug}/progresso`,
          data: { marathonId: link.marathon_id, challengeId: link.challenge_id },
        },
        tx,
      );
  }
  for (const marathonId of touched) await participantUpdated(tx, { marathonId, userId: reading.userId });
}

import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { readerCacheTag } from '~/features/profiles/cache';
import { notify } from '~/features/social/mutations.server';
import { newId } from '~/lib/ids';
import { invalidateTagsAtCommit } from '~/server/html-cache.server';
import { moodNowSql } from './game-queries.server';
import { type RandomInt, CHALLENGE_EGGS_PER_DAY, MOOD_START, advanceEgg, drawRarity, drawSpecies, levelFor } from './game-policy';
import { type EggSource, FOCUS_TIME_ZONE, type FocusEventKind, INCUBATION_SLOTS, type Rarity, type SpeciesSlug } from './vocabulary';
import { SPECIES, petDisplayName } from './species';
import type { TaskId } from '~/features/tasks/vocabulary';

/**
 * Eggs and pets move in the transaction of what moves them (decision 0082): a focus session's close (eggs advance,
 * the companion's XP, the pets' mood, the milestones), a marathon challenge done (an egg). Every grant has a unique
 * source key, every advance happens after the session's locked close: nothing counts twice, whatever races.
 */

/** The draws: node:crypto's CSPRNG; the tests put a seeded generator here and restore this one. */
let random: RandomInt = (max) => randomInt(max);
export function replaceRandomForTests(next: RandomInt | null): void {
  random = next ?? ((max) => randomInt(max));
}

/**
 * Milestones: each gives one egg, once. `minutes`: the reader's focus minutes of finished (or expired) sessions it
 * takes — given-up minutes count in the day and the rankings, not here: a given-up session moves nothing of the
 * game (decision 0086) — but the first session gives its egg however it ends (0: any close).
 */
export const MILESTONES = [
  { key: 'primeira-sessao', minutes: 0, rarity: 'comum', label: 'Sua primeira sessão de foco' },
  { key: '10h', minutes: 600, rarity: 'rara', label: '10 horas de foco' },
  { key: '50h', minutes: 3000, rarity: 'lendaria', label: '50 horas de foco' },
] as const satisfies readonly { key: string; minutes: number; rarity: Rarity; label: string }[];

/** Writes a game event for /foca/logs, in the transaction of the change itself. */
export const logEvent = (tx: Tx, userId: string, kind: FocusEventKind, ref: { eggId?: string; petId?: string; level?: number; taskId?: TaskId }) =>
  tx.execute(sql`INSERT INTO focus_events (id, user_id, kind, egg_id, pet_id, level, task_id)
    VALUES (${newId()}, ${userId}, ${kind}, ${ref.eggId ?? null}, ${ref.petId ?? null}, ${ref.level ?? null}, ${ref.taskId ?? null})`);

/** Gives the reader an egg from a source, once per source key; true when it was new. */
export async function grantEgg(tx: Tx, userId: string, egg: { source: EggSource; sourceKey: string; rarity: Rarity }): Promise<boolean> {
  const id = newId();
  const [row] = await queryRows<{ id: string }>(
    sql`INSERT INTO focus_eggs (id, user_id, rarity, source, source_key) VALUES (${id}, ${userId}, ${egg.rarity}, ${egg.source}, ${egg.sourceKey})
      ON CONFLICT (user_id, source_key) DO NOTHING RETURNING id`,
    tx,
  );
  if (!row) return false;
  await logEvent(tx, userId, 'egg_received', { eggId: id });
  return true;
}

/**
 * SQL: the challenge is in a marathon the reader created or may manage (its eggs and tasks are not theirs to farm) —
 * the organisers of marathons/access.server's toStanding: the reader who organises it, the organiser club's active
 * owner and admins, a site admin for an official one.
 */
export const organisesChallengeSql = (userId: string, challengeId: string) =>
  sql`EXISTS (SELECT 1 FROM marathon_challenges c JOIN marathons m ON m.id = c.marathon_id
    WHERE c.id = ${challengeId} AND (m.organizer_user_id = ${userId} OR m.created_by_id = ${userId}
      OR EXISTS (SELECT 1 FROM club_members cm WHERE cm.club_id = m.organizer_club_id AND cm.user_id = ${userId}
        AND cm.status = 'active' AND cm.role IN ('owner', 'admin'))
      OR (m.official AND EXISTS (SELECT 1 FROM users su WHERE su.id = ${userId} AND su.role = 'admin'))))`;

/**
 * A marathon challenge done (and counted): one egg, its rarity drawn by CHALLENGE_EGG_WEIGHTS — unless the reader
 * organises or created that marathon (anyone may make one with 200 challenges to tick), or already got
 * CHALLENGE_EGGS_PER_DAY challenge eggs this São Paulo day: eggs cannot be farmed from the board.
 */
export async function grantChallengeEgg(tx: Tx, userId: string, challengeId: string): Promise<boolean> {
  const [eligible] = await queryRows<{ ok: boolean }>(
    sql`SELECT NOT ${organisesChallengeSql(userId, challengeId)}
      AND (SELECT count(*) FROM focus_eggs g WHERE g.user_id = ${userId} AND g.source = 'challenge'
        AND g.received_at >= (date_trunc('day', now() AT TIME ZONE ${FOCUS_TIME_ZONE}) AT TIME ZONE ${FOCUS_TIME_ZONE})) < ${CHALLENGE_EGGS_PER_DAY} AS ok`,
    tx,
  );
  if (!eligible?.ok) return false;
  return grantEgg(tx, userId, { source: 'challenge', sourceKey: `challenge:${challengeId}`, rarity: drawRarity(random) });
}

/**
 * What a closed session does to the game, in its closing transaction, after its row was closed: `credited` is what
 * it credited. Finished or expired, its minutes go to the companion's XP, raise every pet's mood and advance the
 * incubating eggs (a given-up session advances nothing); whatever its end, it may reach a milestone.
 */
export async function applyClosedSession(tx: Tx, userId: string, closed: { status: 'finished' | 'expired' | 'given_up'; credited: number }): Promise<void> {
  if (closed.status !== 'given_up' && closed.credited > 0) {
    // The reader's pets locked in id order, as choosing the companion locks them.
    await tx.execute(sql`SELECT 1 FROM focus_pets WHERE user_id = ${userId} ORDER BY id FOR UPDATE`);
    await feedPets(tx, userId, closed.credited);
    await advanceEggs(tx, userId, closed.credited);
  }
  await grantMilestones(tx, userId);
}

async function feedPets(tx: Tx, userId: string, minutes: number): Promise<void> {
  await tx.execute(sql`UPDATE focus_pets p SET mood = least(100, ${moodNowSql(sql`p`)} + ${minutes}), mood_at = now() WHERE p.user_id = ${userId}`);
  await giveCompanionXp(tx, userId, minutes);
}

/**
 * The companion's XP (the session's minutes, a task's reward), with its level up logged and notified; false when the
 * reader has no companion (nobody to grow: the XP goes nowhere). The caller holds the reader's pets' locks or takes
 * none before (the pets are the last rows a transaction of the game locks).
 */
export async function giveCompanionXp(tx: Tx, userId: string, xp: number): Promise<boolean> {
  const [companion] = await queryRows<{ id: string; xp: number; name: string | null; species: SpeciesSlug }>(
    sql`UPDATE focus_pets SET xp = xp + ${xp} WHERE user_id = ${userId} AND companion RETURNING id, xp, name, species`,
    tx,
  );
  if (!companion) return false;
  const level = levelFor(companion.xp);
  if (level <= levelFor(companion.xp - xp)) return true;
  await logEvent(tx, userId, 'level_up', { petId: companion.id, level });
  // The profile shows the companion's level: its visitors' cached page goes when this commits.
  await invalidateTagsAtCommit(tx, [readerCacheTag(userId)]);
  await notify({ userId, kind: 'focus_level_up', text: `${petDisplayName(companion)} chegou ao nível ${level}!`, link: `/foca/${companion.id}` }, tx);
  return true;
}

async function advanceEggs(tx: Tx, userId: string, minutes: number): Promise<void> {
  const incubating = await queryRows<{ id: string; rarity: Rarity; minutes: number }>(
    sql`SELECT id, rarity, minutes FROM focus_eggs WHERE user_id = ${userId} AND hatched_at IS NULL ORDER BY received_at, id LIMIT ${INCUBATION_SLOTS} FOR UPDATE`,
    tx,
  );
  for (const egg of incubating) {
    const next = advanceEgg(egg, minutes);
    if (!next.hatched) {
      await tx.execute(sql`UPDATE focus_eggs SET minutes = ${next.minutes} WHERE id = ${egg.id}`);
      continue;
    }
    const species = drawSpecies(random, egg.rarity);
    const petId = newId();
    await tx.execute(sql`UPDATE focus_eggs SET minutes = ${next.minutes}, hatched_at = now() WHERE id = ${egg.id}`);
    const [pet] = await queryRows<{ companion: boolean }>(
      sql`INSERT INTO focus_pets (id, user_id, egg_id, species, mood, companion)
        VALUES (${petId}, ${userId}, ${egg.id}, ${species}, ${MOOD_START}, NOT EXISTS (SELECT 1 FROM focus_pets WHERE user_id = ${userId} AND companion))
        RETURNING companion`,
      tx,
    );
    // A first pet is the companion, which the profile shows.
    if (pet?.companion) await invalidateTagsAtCommit(tx, [readerCacheTag(userId)]);
    await logEvent(tx, userId, 'egg_hatched', { eggId: egg.id, petId });
    await notify({ userId, kind: 'focus_egg_hatched', text: `Um ovinho chocou! Nasceu um bichinho: ${SPECIES[species].name}.`, link: `/foca/${petId}` }, tx);
  }
}

async function grantMilestones(tx: Tx, userId: string): Promise<void> {
  const [row] = await queryRows<{ total: number; have: string[] }>(
    sql`SELECT (SELECT coalesce(sum(credited_minutes), 0)::int FROM focus_sessions WHERE user_id = ${userId} AND status IN ('finished', 'expired')) AS total,
      ARRAY(SELECT source_key FROM focus_eggs WHERE user_id = ${userId} AND source = 'milestone') AS have`,
    tx,
  );
  for (const milestone of MILESTONES) {
    const key = `milestone:${milestone.key}`;
    if (row!.total >= milestone.minutes && !row!.have.includes(key))
      await grantEgg(tx, userId, { source: 'milestone', sourceKey: key, rarity: milestone.rarity });
  }
}

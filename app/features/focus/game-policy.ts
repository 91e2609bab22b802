import { HATCH_MINUTES, type Rarity, type SpeciesSlug } from './vocabulary';
import { speciesOf } from './species';

/**
 * The rules of eggs and pets (decision 0082), pure: the server applies them when a session closes, the pages when
 * they show a pet. Randomness comes in as a function `(max) => integer in [0, max)`: node:crypto's randomInt in
 * production (game.server), a seeded generator in the tests.
 */
export type RandomInt = (max: number) => number;

/** A marathon challenge's egg: comum 70 %, rara 25 %, lendária 5 % (milestones have their own rarity). */
export const CHALLENGE_EGG_WEIGHTS: Record<Rarity, number> = { comum: 70, rara: 25, lendaria: 5 };
/** At most this many eggs from marathon challenges a São Paulo day (and none from a marathon the reader organises). */
export const CHALLENGE_EGGS_PER_DAY = 3;

export function drawRarity(random: RandomInt, weights: Record<Rarity, number> = CHALLENGE_EGG_WEIGHTS): Rarity {
  const total = Object.values(weights).reduce((a, b) => a + b, 0);
  let roll = random(total);
  for (const [rarity, weight] of Object.entries(weights) as [Rarity, number][]) {
    if (roll < weight) return rarity;
    roll -= weight;
  }
  throw new Error('unreachable: the roll is below the total');
}

/** The species a hatching egg reveals: one of its rarity's, each as likely. */
export function drawSpecies(random: RandomInt, rarity: Rarity): SpeciesSlug {
  const pool = speciesOf(rarity);
  return pool[random(pool.length)]!;
}

/** An egg's minutes after a session: it keeps at most what it needs; `hatched` once it reaches its threshold. */
export function advanceEgg(egg: { rarity: Rarity; minutes: number }, credited: number): { minutes: number; hatched: boolean } {
  const need = HATCH_MINUTES[egg.rarity];
  const minutes = Math.min(need, egg.minutes + Math.max(0, credited));
  return { minutes, hatched: minutes >= need };
}

/**
 * Levels: one XP per focus minute; reaching level L takes 30·L·(L−1) XP in all — level 2 at 60 (an hour), 3 at
 * 180, 5 at 600, 10 at 2,700 (45 h) — each level a little longer than the one before. No cap below MAX_LEVEL.
 */
export const MAX_LEVEL = 99;
export const xpForLevel = (level: number) => 30 * level * (level - 1);

export function levelFor(xp: number): number {
  // The largest L with 30·L·(L−1) ≤ xp.
  let level = Math.floor((1 + Math.sqrt(1 + (4 * Math.max(0, xp)) / 30)) / 2);
  while (level > 1 && xpForLevel(level) > xp) level -= 1;
  while (level < MAX_LEVEL && xpForLevel(level + 1) <= xp) level += 1;
  return Math.min(MAX_LEVEL, Math.max(1, level));
}

/**
 * Mood, 0–100: stored with the moment it was set, decaying MOOD_DECAY_PER_DAY a day on read (game-queries'
 * moodNowSql), never below MOOD_FLOOR (a pet never dies nor sulks for good). A finished or expired session raises
 * it by its minutes, from what it had decayed to.
 */
export const MOOD_FLOOR = 20;
export const MOOD_DECAY_PER_DAY = 10;
export const MOOD_START = 70;

export function moodLabel(mood: number): string {
  if (mood >= 80) return 'Radiante';
  if (mood >= 55) return 'Contente';
  if (mood >= 35) return 'Com saudade de ler';
  return 'Sonolenta';
}

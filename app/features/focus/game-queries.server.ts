import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { audienceOf, maySeeProfile } from '~/features/social/audience.server';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { dailyTasksDoneSql } from '~/features/tasks/queries.server';
import type { TaskId } from '~/features/tasks/vocabulary';
import { MOOD_DECAY_PER_DAY, MOOD_FLOOR } from './game-policy';
import { type EggSource, type FocusEventKind, INCUBATION_SLOTS, type Rarity, type SpeciesSlug } from './vocabulary';

/**
 * What the foca's pages read of eggs and pets (decision 0082): the viewer's own, except a pet's public page, which
 * follows its owner's profile (a restricted profile's pet is for followers; blocks and suspended owners: not found).
 * Instants as ISO strings; `mood` is the mood now (decayed since it was set).
 */
export type EggView = { id: string; rarity: Rarity; source: EggSource; minutes: number; receivedAt: string; incubating: boolean };
export type PetView = {
  id: string;
  species: SpeciesSlug;
  name: string | null;
  xp: number;
  mood: number;
  companion: boolean;
  hatchedAt: string;
};

/** SQL: a pet's mood now, decayed from its stored value since `mood_at` (never below the floor). */
export const moodNowSql = (p: SQL) =>
  sql`greatest(${MOOD_FLOOR}, round(${p}.mood - ${MOOD_DECAY_PER_DAY} * extract(epoch FROM now() - ${p}.mood_at) / 86400))::int`;

export const petColumns = sql`p.id, p.species, p.name, p.xp, ${moodNowSql(sql`p`)} AS mood, p.companion, to_json(p.hatched_at) #>> '{}' AS "hatchedAt"`;
const eggColumns = sql`g.id, g.rarity, g.source, g.minutes, to_json(g.received_at) #>> '{}' AS "receivedAt"`;

/** The eggs not hatched yet, in their turn: the first INCUBATION_SLOTS incubate (as game.server advances them). */
export async function listEggs(viewer: Viewer): Promise<EggView[]> {
  const rows = await queryRows<Omit<EggView, 'incubating'>>(
    sql`SELECT ${eggColumns} FROM focus_eggs g WHERE g.user_id = ${viewer.id} AND g.hatched_at IS NULL ORDER BY g.received_at, g.id`,
  );
  return rows.map((egg, index) => ({ ...egg, incubating: index < INCUBATION_SLOTS }));
}

/** All the viewer's pets, the companion first, then by hatching. */
export const listPets = (viewer: Viewer) =>
  queryRows<PetView>(sql`SELECT ${petColumns} FROM focus_pets p WHERE p.user_id = ${viewer.id} ORDER BY p.companion DESC, p.hatched_at, p.id`);

/**
 * /foca's one statement of the game: the companion and the eggs in incubation, with how many wait. Eggs read
 * one more than the slots, so "waiting" is known without a count of them all. And how many of today's tasks are
 * done (decision 0085: a few rows of task_progress's primary key).
 */
export async function getFocaGame(
  viewer: Viewer,
): Promise<{ companion: PetView | null; incubating: Omit<EggView, 'incubating'>[]; waiting: boolean; tasksDoneToday: number }> {
  const [row] = await queryRows<{ companion: PetView | null; eggs: Omit<EggView, 'incubating'>[]; tasks_done: number }>(sql`
    SELECT (SELECT row_to_json(c) FROM (SELECT ${petColumns} FROM focus_pets p WHERE p.user_id = ${viewer.id} AND p.companion) c) AS companion,
      ${dailyTasksDoneSql(viewer.id)} AS tasks_done,
      coalesce((SELECT json_agg(e) FROM (SELECT ${eggColumns} FROM focus_eggs g WHERE g.user_id = ${viewer.id} AND g.hatched_at IS NULL
        ORDER BY g.received_at, g.id LIMIT ${INCUBATION_SLOTS + 1}) e), '[]') AS eggs`);
  const eggs = row?.eggs ?? [];
  return {
    companion: row?.companion ?? null,
    incubating: eggs.slice(0, INCUBATION_SLOTS),
    waiting: eggs.length > INCUBATION_SLOTS,
    tasksDoneToday: row?.tasks_done ?? 0,
  };
}

export type PetPage = PetView & { owner: { id: string; username: string; name: string } };

/** One pet's public page: as its owner's profile shows (maySee of a public item); anything else is not found. */
export async function getPetPage(viewer: Viewer | null, id: string): Promise<PetPage> {
  const [pet] = await queryRows<PetPage>(sql`
    SELECT ${petColumns}, json_build_object('id', u.id, 'username', u.username, 'name', u.name) AS owner
    FROM focus_pets p JOIN users u ON u.id = p.user_id WHERE p.id = ${id}`);
  if (!pet) throw new AppError('not_found');
  const audience = await audienceOf(viewer?.id ?? null, pet.owner.id);
  if (!audience || !maySeeProfile(audience)) throw new AppError('not_found');
  return pet;
}

export type FocusEventView = {
  id: string;
  kind: FocusEventKind;
  createdAt: string;
  level: number | null;
  taskId: TaskId | null;
  egg: { rarity: Rarity; source: EggSource } | null;
  pet: { id: string; species: SpeciesSlug; name: string | null } | null;
};

/** The viewer's latest game events (/foca/logs). */
export const listFocusEvents = (viewer: Viewer, limit: number) =>
  queryRows<FocusEventView>(sql`
    SELECT v.id, v.kind, to_json(v.created_at) #>> '{}' AS "createdAt", v.level, v.task_id AS "taskId",
      CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object('rarity', g.rarity, 'source', g.source) END AS egg,
      CASE WHEN p.id IS NULL THEN NULL ELSE json_build_object('id', p.id, 'species', p.species, 'name', p.name) END AS pet
    FROM focus_events v LEFT JOIN focus_eggs g ON g.id = v.egg_id LEFT JOIN focus_pets p ON p.id = v.pet_id
    WHERE v.user_id = ${viewer.id} ORDER BY v.created_at DESC, v.id LIMIT ${limit}`);

import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { resolveUsername } from '~/features/accounts/queries.server';
import { listAtts } from '~/features/atts/queries.server';
import { foldForMatch } from '~/features/catalog/normalize';
import { levelFor } from '~/features/focus/game-policy';
import type { SpeciesSlug } from '~/features/focus/vocabulary';
import { type CoverCardRow, coverCardColumns, toCoverCard } from '~/features/catalog/cards.server';
import { yearInSaoPaulo } from '~/features/reading/goals/goals';
import { readingGoalOf } from '~/features/reading/goals/goals.server';
import { type Audience, audienceOf, blockedEitherWay, maySeeProfile, readingShownTo } from '~/features/social/audience.server';
import type { Viewer } from '~/server/viewer.server';
import type { FollowedReader, Profile, ProfileDetails, ReaderCard, ReaderPage } from './types';
import type { ShelfStatus } from '~/features/reading/vocabulary';

export const READERS_PAGE_SIZE = 30;
export const FAVORITES_LIMIT = 12;
export const CURRENTLY_READING_LIMIT = 6;
/** "Últimas atts" on the profile: the newest few; the atts tab has the rest. */
export const LATEST_ATTS_LIMIT = 3;

type ReaderRow = { id: string; username: string; name: string; image: string | null; pronouns: string | null };
const readerColumns = sql`u.id, u.username, u.name, u.image, u.pronouns`;
const toReader = (row: ReaderRow): ReaderCard => ({ id: row.id, username: row.username, name: row.name, image: row.image, pronouns: row.pronouns });

/** Readers a list may show the viewer: with a username, not suspended, and not a blocked pair with the viewer. */
function listable(viewerId: string | null): SQL {
  const notBlocked = viewerId ? sql`AND NOT ${blockedEitherWay(sql`u.id`, sql`${viewerId}`)}` : sql``;
  return sql`u.username IS NOT NULL AND u.suspended_at IS NULL ${notBlocked}`;
}

/** `%`, `_` and `\` typed by a person are letters, not LIKE patterns. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Reader search (`/u`): the query, folded like the catalogue folds titles (no case, no accents), anywhere in
 * the display name or the username. An exact username comes first, then names that start with the query.
 */
export async function searchReaders(viewer: Viewer | null, query: string, page: number): Promise<ReaderPage> {
  const folded = foldForMatch(query).trim();
  const handle = folded.replace(/^@/, '');
  if (!handle) return { items: [], total: 0, page, pageSize: READERS_PAGE_SIZE };
  const pattern = `%${likeEscape(handle)}%`;
  const where = sql`${listable(viewer?.id ?? null)} AND (immutable_unaccent(lower(u.name)) LIKE ${pattern} OR u.username LIKE ${pattern})`;
  const [rows, [total]] = await Promise.all([
    queryRows<ReaderRow>(sql`SELECT ${readerColumns} FROM users u WHERE ${where}
      ORDER BY (u.username = ${handle}) DESC, (immutable_unaccent(lower(u.name)) LIKE ${`${likeEscape(handle)}%`}) DESC, immutable_unaccent(lower(u.name)), u.username
      LIMIT ${READERS_PAGE_SIZE} OFFSET ${(page - 1) * READERS_PAGE_SIZE}`),
    queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users u WHERE ${where}`),
  ]);
  return { items: rows.map(toReader), total: Number(total?.n ?? 0), page, pageSize: READERS_PAGE_SIZE };
}

/** The owner of a profile as the viewer may reach it: found, with the viewer's audience; null means 404. */
export type ProfileOwner = { reader: ReaderRow & { profileVisibility: 'publico' | 'restrito'; showCurrentlyReading: boolean }; audience: Audience };

/**
 * Resolves a username (an old one gives `movedTo`, for the 308) and decides whether the viewer may reach the
 * profile at all: a blocked pair (either way) and a suspended reader answer like a missing one.
 */
export async function findProfileOwner(viewer: Viewer | null, username: string): Promise<{ movedTo: string } | ProfileOwner | null> {
  const resolved = await resolveUsername(username);
  if (!resolved) return null;
  if (resolved.movedFrom) return { movedTo: resolved.username };
  const [reader] = await queryRows<ProfileOwner['reader'] & { profile_visibility: 'publico' | 'restrito'; show_currently_reading: boolean }>(sql`
    SELECT ${readerColumns}, u.profile_visibility, u.show_currently_reading FROM users u WHERE u.id = ${resolved.userId}`);
  const audience = await audienceOf(viewer?.id ?? null, resolved.userId);
  if (!reader || !audience || audience.relation === 'blocked' || audience.relation === 'hidden') return null;
  return { reader: { ...toReader(reader), profileVisibility: reader.profile_visibility, showCurrentlyReading: reader.show_currently_reading }, audience };
}

/**
 * Whether the viewer may see what the owner is reading ("lendo agora", their `reading` entries and progress):
 * the owner always; anyone else unless the owner hides it (decision 0022). The multi-reader lists ask the same
 * of each row with `readingShownTo`.
 */
export const readingShown = (owner: ProfileOwner): boolean => owner.audience.relation === 'owner' || owner.reader.showCurrentlyReading;

/** The profile page: header for anyone who may reach it, the rest only for those who may see the profile. */
/** The owner's companion (decision 0082) as the profile's statement reads it. */
type ProfileCompanionRow = { id: string; species: SpeciesSlug; name: string | null; xp: number };

export async function getProfile(viewer: Viewer | null, owner: ProfileOwner): Promise<Profile> {
  const { reader, audience } = owner;
  const relation = { relation: audience.relation, followPending: audience.followPending, signedIn: viewer !== null };
  const head = { ...toReader(reader), restricted: reader.profileVisibility === 'restrito' };
  if (!maySeeProfile(audience)) return { reader: head, relation, details: null };
  const isOwner = audience.relation === 'owner';
  const showReading = readingShown(owner);
  const [[facts], reading, favorites, latestAtts, goal] = await Promise.all([
    queryRows<{ bio: string | null; links: string[]; read: number; followers: number; following: number; companion: ProfileCompanionRow | null }>(sql`
      SELECT u.bio, u.links,
        (SELECT json_build_object('id', p.id, 'species', p.species, 'name', p.name, 'xp', p.xp) FROM focus_pets p WHERE p.user_id = u.id AND p.companion) AS companion,
        (SELECT count(*)::int FROM shelf_entries s WHERE s.user_id = u.id AND s.status = 'read') AS read,
        (SELECT count(*)::int FROM follows f JOIN users fu ON fu.id = f.follower_id WHERE f.followee_id = u.id AND f.status = 'accepted' AND fu.suspended_at IS NULL) AS followers,
        (SELECT count(*)::int FROM follows f JOIN users fu ON fu.id = f.followee_id WHERE f.follower_id = u.id AND f.status = 'accepted' AND fu.suspended_at IS NULL) AS following
      FROM users u WHERE u.id = ${reader.id}`),
    showReading
      ? queryRows<CoverCardRow & { progress: number | null }>(sql`
          SELECT ${coverCardColumns}, rt.progress_fraction AS progress
          FROM shelf_entries s JOIN editions e ON e.id = s.edition_id
          LEFT JOIN read_throughs rt ON rt.shelf_entry_id = s.id AND rt.finished_on IS NULL AND rt.abandoned_on IS NULL
          WHERE s.user_id = ${reader.id} AND s.status = 'reading'
          ORDER BY coalesce(rt.progress_updated_at, s.updated_at) DESC, s.id LIMIT ${CURRENTLY_READING_LIMIT}`)
      : Promise.resolve([]),
    queryRows<CoverCardRow>(sql`
      SELECT ${coverCardColumns} FROM shelf_entries s JOIN editions e ON e.id = s.edition_id
      WHERE s.user_id = ${reader.id} AND s.favorite ORDER BY s.updated_at DESC, s.id LIMIT ${FAVORITES_LIMIT}`),
    listAtts(viewer, { kind: 'author', authorId: reader.id }, { limit: LATEST_ATTS_LIMIT }),
    readingGoalOf(viewer, reader.id, yearInSaoPaulo(), audience),
  ]);
  const details: ProfileDetails = {
    pronouns: reader.pronouns,
    bio: facts?.bio ?? null,
    links: facts?.links ?? [],
    counts: { read: Number(facts?.read ?? 0), followers: Number(facts?.followers ?? 0), following: Number(facts?.following ?? 0) },
    currentlyReading: showReading ? reading.map((row) => ({ edition: toCoverCard(row), progress: row.progress == null ? null : Number(row.progress) })) : null,
    currentlyReadingHidden: isOwner && !reader.showCurrentlyReading,
    favorites: favorites.map(toCoverCard),
    latestAtts: latestAtts.items,
    // The card shows a goal set for this year; a year without one shows nothing on the profile.
    goal: goal && (goal.booksTarget != null || goal.pagesTarget != null) ? goal : null,
    companion: facts?.companion
      ? { id: facts.companion.id, species: facts.companion.species, name: facts.companion.name, level: levelFor(facts.companion.xp) }
      : null,
  };
  return { reader: head, relation, details };
}

/** Followers (`direction` 'followers') or followed readers ('following') of a profile, accepted only. */
export async function listConnections(viewer: Viewer | null, ownerId: string, direction: 'followers' | 'following', page: number): Promise<ReaderPage> {
  const join = direction === 'followers' ? sql`f.follower_id = u.id AND f.followee_id = ${ownerId}` : sql`f.followee_id = u.id AND f.follower_id = ${ownerId}`;
  const where = sql`f.status = 'accepted' AND ${listable(viewer?.id ?? null)}`;
  const [rows, [total]] = await Promise.all([
    queryRows<ReaderRow>(sql`SELECT ${readerColumns} FROM follows f JOIN users u ON ${join} WHERE ${where}
      ORDER BY f.created_at DESC, u.id LIMIT ${READERS_PAGE_SIZE} OFFSET ${(page - 1) * READERS_PAGE_SIZE}`),
    queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM follows f JOIN users u ON ${join} WHERE ${where}`),
  ]);
  return { items: rows.map(toReader), total: Number(total?.n ?? 0), page, pageSize: READERS_PAGE_SIZE };
}

export const PENDING_LIMIT = 100;

/** Requests waiting for the viewer's approval (newest first). Only ever the viewer's own. */
export async function listFollowRequests(viewer: Viewer): Promise<ReaderCard[]> {
  const rows = await queryRows<ReaderRow>(sql`SELECT ${readerColumns} FROM follows f JOIN users u ON u.id = f.follower_id
    WHERE f.followee_id = ${viewer.id} AND f.status = 'pending' AND ${listable(viewer.id)} ORDER BY f.created_at DESC, u.id LIMIT ${PENDING_LIMIT}`);
  return rows.map(toReader);
}

/** Requests the viewer sent that are still waiting. */
export async function listSentRequests(viewer: Viewer): Promise<ReaderCard[]> {
  const rows = await queryRows<ReaderRow>(sql`SELECT ${readerColumns} FROM follows f JOIN users u ON u.id = f.followee_id
    WHERE f.follower_id = ${viewer.id} AND f.status = 'pending' AND ${listable(viewer.id)} ORDER BY f.created_at DESC, u.id LIMIT ${PENDING_LIMIT}`);
  return rows.map(toReader);
}

/** Readers the viewer blocked (never those who blocked the viewer: that stays unsaid). */
export async function listBlockedReaders(viewer: Viewer): Promise<ReaderCard[]> {
  const rows = await queryRows<ReaderRow>(sql`SELECT ${readerColumns} FROM blocks b JOIN users u ON u.id = b.blocked_id
    WHERE b.blocker_id = ${viewer.id} AND u.username IS NOT NULL ORDER BY b.created_at DESC, u.id LIMIT ${PENDING_LIMIT}`);
  return rows.map(toReader);
}

/**
 * `/seguindo`: whom the viewer follows, each with their latest shelf activity (a status change or a
 * progress), most recently active first; a book being read by a reader who hides "lendo agora" is not theirs
 * to show (`readingShownTo`).
 */
export async function listFollowedActivity(viewer: Viewer, page: number): Promise<{ items: FollowedReader[]; total: number; page: number; pageSize: number }> {
  const where = sql`f.follower_id = ${viewer.id} AND f.status = 'accepted' AND ${listable(viewer.id)}`;
  const [rows, [total]] = await Promise.all([
    queryRows<
      ReaderRow & { edition_id: string | null; title: string | null; status: ShelfStatus | null; progress: number | null; at: Date | string | null }
    >(sql`
      SELECT ${readerColumns}, a.edition_id, a.title, a.status, a.progress, a.at
      FROM follows f JOIN users u ON u.id = f.followee_id
      LEFT JOIN LATERAL (
        SELECT e.id AS edition_id, e.title, s.status,
          CASE WHEN rt.finished_on IS NULL AND rt.abandoned_on IS NULL THEN rt.progress_fraction END AS progress,
          greatest(s.updated_at, rt.progress_updated_at) AS at
        FROM shelf_entries s JOIN editions e ON e.id = s.edition_id
        LEFT JOIN LATERAL (SELECT * FROM read_throughs r WHERE r.shelf_entry_id = s.id ORDER BY r.created_at DESC, r.id DESC LIMIT 1) rt ON true
        WHERE s.user_id = u.id AND ${readingShownTo(viewer.id, sql`u.id`, sql`s.status`)}
        ORDER BY greatest(s.updated_at, rt.progress_updated_at) DESC, s.id LIMIT 1) a ON true
      WHERE ${where}
      ORDER BY a.at DESC NULLS LAST, u.username LIMIT ${READERS_PAGE_SIZE} OFFSET ${(page - 1) * READERS_PAGE_SIZE}`),
    queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM follows f JOIN users u ON u.id = f.followee_id WHERE ${where}`),
  ]);
  return {
    items: rows.map((row) => ({
      ...toReader(row),
      activity:
        row.edition_id && row.title && row.status && row.at
          ? {
              edition: { id: row.edition_id, title: row.title },
              status: row.status,
              progress: row.progress == null ? null : Number(row.progress),
              at: new Date(row.at).toISOString(),
            }
          : null,
    })),
    total: Number(total?.n ?? 0),
    page,
    pageSize: READERS_PAGE_SIZE,
  };
}

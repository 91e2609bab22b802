import { type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { queryRows } from '~/db/client.server';
import { blockedEitherWay, offeredToOthers } from '~/features/social/audience.server';
import type { Viewer } from '~/server/viewer.server';
import type { ReaderCard } from './types';

/** How many readers each list of `/u` shows before anything is typed. */
export const DIRECTORY_LIST_SIZE = 12;
/** The newest shelf changes and public atts `Ativos recentemente` reads, each on its own index. */
const ACTIVITY_WINDOW = 500;
/** How many of the most followed readers are kept ranked, so exclusions made since still leave a full list. */
const RANKED_KEPT = 60;

type DirectoryRow = { id: string; username: string; name: string; image: string | null; pronouns: string | null };
const toCard = (row: DirectoryRow): ReaderCard => ({ id: row.id, username: row.username, name: row.name, image: row.image, pronouns: row.pronouns });

/**
 * Who `/u` may offer to someone who typed nothing: a `publico` profile (a `restrito` one is found by searching
 * its name, never offered), not suspended, not under 18, with a username; for a signed-in viewer, neither the
 * viewer nor a reader blocked either way. Applied on every request, to fresh rows and to a kept ranking alike.
 */
function offerable(viewerId: string | null): SQL {
  const personal = viewerId ? sql`AND u.id <> ${viewerId} AND NOT ${blockedEitherWay(sql`u.id`, sql`${viewerId}`)}` : sql``;
  return sql`u.username IS NOT NULL AND u.suspended_at IS NULL AND u.profile_visibility = 'publico' AND ${offeredToOthers(sql`u`)} ${personal}`;
}

/**
 * "Ativos recentemente": readers by their latest shelf change or public att, newest first. Only the newest
 * `ACTIVITY_WINDOW` rows of each are read (index scans that stop there), so the cost does not grow with the
 * site; a reader whose activity is older than both windows is simply not listed.
 */
export async function listRecentlyActiveReaders(viewer: Viewer | null): Promise<ReaderCard[]> {
  const rows = await queryRows<DirectoryRow>(sql`
    WITH activity AS (
      (SELECT s.user_id AS id, s.updated_at AS at FROM shelf_entries s ORDER BY s.updated_at DESC LIMIT ${ACTIVITY_WINDOW})
      UNION ALL
      (SELECT a.author_id, a.created_at FROM atts a WHERE a.visibility = 'publico' AND a.hidden_at IS NULL ORDER BY a.created_at DESC LIMIT ${ACTIVITY_WINDOW})
    ), latest AS (SELECT id, max(at) AS at FROM activity GROUP BY id)
    SELECT u.id, u.username, u.name, u.image, u.pronouns
    FROM latest l JOIN users u ON u.id = l.id
    WHERE ${offerable(viewer?.id ?? null)}
    ORDER BY l.at DESC, u.id LIMIT ${DIRECTORY_LIST_SIZE}`);
  return rows.map(toCard);
}

/**
 * Counting every accepted follow of the site takes 65–150 ms on bench:reading's 300,000 follows (PGlite), so
 * each server keeps the ranking ten minutes, as reader suggestions do (docs/decisions/0028, 0038).
 */
const ranking = new LRUCache<'most-followed', { id: string; followers: number }[]>({ max: 1, ttl: 10 * 60 * 1000 });

/** Readers by their accepted followers who are not suspended (the count their profile shows), most first. */
async function rankMostFollowed(): Promise<{ id: string; followers: number }[]> {
  const rows = await queryRows<{ id: string; followers: number }>(sql`
    SELECT f.followee_id AS id, count(*)::int AS followers
    FROM follows f JOIN users fu ON fu.id = f.follower_id AND fu.suspended_at IS NULL
    WHERE f.status = 'accepted'
    GROUP BY f.followee_id
    ORDER BY count(*) DESC, f.followee_id
    LIMIT ${RANKED_KEPT}`);
  return rows.map((row) => ({ id: row.id, followers: Number(row.followers) }));
}

async function offeredFrom(viewer: Viewer | null, ranked: { id: string; followers: number }[]): Promise<(ReaderCard & { followers: number })[]> {
  if (ranked.length === 0) return [];
  const followers = new Map(ranked.map((r) => [r.id, r.followers]));
  const rows = await queryRows<DirectoryRow>(sql`
    SELECT u.id, u.username, u.name, u.image, u.pronouns FROM users u
    WHERE u.id IN (${sql.join(
      [...followers.keys()].map((id) => sql`${id}`),
      sql`, `,
    )}) AND ${offerable(viewer?.id ?? null)}`);
  return rows
    .map((row) => ({ ...toCard(row), followers: followers.get(row.id) ?? 0 }))
    .sort((a, b) => b.followers - a.followers || (a.id < b.id ? -1 : 1))
    .slice(0, DIRECTORY_LIST_SIZE);
}

/**
 * "Mais seguidos", with each one's follower count. The exclusions (`offerable`) are applied on every request,
 * so a reader who restricted their profile, was suspended or blocked the viewer leaves the list at once. A
 * kept ranking shorter than `RANKED_KEPT` is of a small site, where counting is cheap: it is ranked again
 * when it leaves the list short, so newcomers appear as soon as someone follows them.
 */
export async function listMostFollowedReaders(viewer: Viewer | null): Promise<(ReaderCard & { followers: number })[]> {
  const kept = ranking.get('most-followed');
  if (kept) {
    const offered = await offeredFrom(viewer, kept);
    if (offered.length === DIRECTORY_LIST_SIZE || kept.length === RANKED_KEPT) return offered;
  }
  const fresh = await rankMostFollowed();
  ranking.set('most-followed', fresh);
  return offeredFrom(viewer, fresh);
}

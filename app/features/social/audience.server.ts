import { type SQL, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import type { ProfileVisibility, Visibility } from './vocabulary';

/**
 * Who may see what a reader published (PRODUCT.md §1.3, docs/decisions/0019). The one place that knows the
 * rules: single items ask `relationTo` + `maySee`, lists put `visibleTo` inside their WHERE.
 *
 * - `owner`: the viewer is the author.
 * - `follower`: an accepted follow from the viewer to the author.
 * - `stranger`: signed in or not, no follow (a pending request is still a stranger).
 * - `blocked`: a block either way; sees nothing, and is seen by nothing.
 * - `hidden`: the author is suspended; nobody but the author sees their content.
 */
export type Relation = 'owner' | 'follower' | 'stranger' | 'blocked' | 'hidden';

export type Audience = { relation: Relation; profileVisibility: ProfileVisibility; followPending: boolean };

/** The viewer's relation to one author, in one query; null when the author does not exist. */
export async function audienceOf(viewerId: string | null, authorId: string): Promise<Audience | null> {
  const viewer = viewerId ?? '';
  const [row] = await queryRows<{ profile_visibility: ProfileVisibility; suspended: boolean; follow: 'accepted' | 'pending' | null; blocked: boolean }>(sql`
    SELECT u.profile_visibility, u.suspended_at IS NOT NULL AS suspended,
      (SELECT f.status FROM follows f WHERE f.follower_id = ${viewer} AND f.followee_id = u.id) AS follow,
      ${blockedEitherWay(sql`u.id`, sql`${viewer}`)} AS blocked
    FROM users u WHERE u.id = ${authorId}`);
  if (!row) return null;
  const relation: Relation =
    viewerId === authorId ? 'owner' : row.suspended ? 'hidden' : row.blocked ? 'blocked' : row.follow === 'accepted' ? 'follower' : 'stranger';
  return { relation, profileVisibility: row.profile_visibility, followPending: row.follow === 'pending' };
}

/**
 * Whether an item with this visibility may be shown. A `restrito` profile's public items are for its
 * followers only: strangers see just the name, the avatar and the follow button.
 */
export function maySee(audience: Audience, visibility: Visibility): boolean {
  switch (audience.relation) {
    case 'owner':
      return true;
    case 'follower':
      return visibility !== 'privado';
    case 'stranger':
      return visibility === 'publico' && audience.profileVisibility === 'publico';
    default:
      return false;
  }
}

/** Whether the viewer may see the profile's contents (counts, shelves, atts…) beyond name and avatar. */
export function maySeeProfile(audience: Audience): boolean {
  return maySee(audience, 'publico');
}

/**
 * The same rule as `maySee`, as a condition for list queries: `author` and `visibility` are the columns (or
 * expressions) of the listed rows. Hidden rows are filtered inside the query, so pages and counts never
 * include them (PRODUCT.md §1.3: "Lists and feeds apply visibility inside the query").
 */
export function visibleTo(viewerId: string | null, author: SQL, visibility: SQL): SQL {
  if (!viewerId) {
    return sql`(${visibility} = 'publico' AND EXISTS (SELECT 1 FROM users au WHERE au.id = ${author} AND au.profile_visibility = 'publico' AND au.suspended_at IS NULL))`;
  }
  return sql`(${author} = ${viewerId} OR (
    ${visibility} <> 'privado'
    AND EXISTS (SELECT 1 FROM users au WHERE au.id = ${author} AND au.suspended_at IS NULL
      AND ((${visibility} = 'publico' AND au.profile_visibility = 'publico')
        OR EXISTS (SELECT 1 FROM follows af WHERE af.follower_id = ${viewerId} AND af.followee_id = ${author} AND af.status = 'accepted')))
    AND NOT ${blockedEitherWay(author, sql`${viewerId}`)}))`;
}

/**
 * Whether a shelf entry of `reader` may be listed to the viewer with its status, as a condition for list
 * queries. A book being read (`reading`) is the reader's "lendo agora", which they may hide from everyone else
 * (`users.show_currently_reading`, decision 0022): then no list but the reader's own shows it (decision 0036).
 * The other statuses are the profile's bookshelf, for whoever `visibleTo` lets see it.
 */
export function readingShownTo(viewerId: string | null, reader: SQL, status: SQL): SQL {
  return sql`(${status} <> 'reading' OR ${reader} = ${viewerId ?? ''} OR (SELECT ru.show_currently_reading FROM users ru WHERE ru.id = ${reader}))`;
}

/** Authors the viewer follows (accepted), as a condition on an author column: the `seguindo` feeds. */
export function followedBy(viewerId: string, author: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM follows ff WHERE ff.follower_id = ${viewerId} AND ff.followee_id = ${author} AND ff.status = 'accepted')`;
}

/**
 * The readers the viewer follows (accepted), as a one-column (`id`) row source: the `seguindo` feeds walk
 * each of them on an index of their own rows instead of scanning everyone's and keeping the followed.
 */
export function followeesOf(viewerId: string): SQL {
  return sql`SELECT ff.followee_id AS id FROM follows ff WHERE ff.follower_id = ${viewerId} AND ff.status = 'accepted'`;
}

/**
 * The authors of the viewer's `seguindo` feeds as a row source (`id`, `own`), before anything is asked of
 * them: the viewer, and the readers they follow (accepted). A feed keeps only those `feedAuthorShown`, and
 * for them `visibleTo` comes down to `shownInFeed`, so it asks the audience once per author instead of once
 * per item it reads, and only of the authors it comes to (decision 0019).
 */
export function feedCandidatesOf(viewerId: string): SQL {
  return sql`SELECT ${viewerId}::text AS id, true AS own
    UNION ALL
    SELECT f.id, false FROM (${followeesOf(viewerId)}) f WHERE f.id <> ${viewerId}`;
}

/**
 * Whether an author of `feedCandidatesOf` is in the viewer's feeds: their own, or a followed reader not
 * suspended, with no block either way. The suspension is read as a value, one probe per author asked: as
 * `NOT EXISTS`, PostgreSQL may hash every suspended reader of the site first.
 */
export function feedAuthorShown(viewerId: string, author: SQL, own: SQL): SQL {
  return sql`(${own} OR ((SELECT au.suspended_at FROM users au WHERE au.id = ${author}) IS NULL
    AND NOT ${blockedEitherWay(author, sql`${viewerId}`)}))`;
}

/** `visibleTo` for an author of `feedCandidatesOf` that `feedAuthorShown` keeps: `own` is that row source's column, `visibility` the item's. */
export function shownInFeed(own: SQL, visibility: SQL): SQL {
  return sql`(${own} OR ${visibility} <> 'privado')`;
}

/**
 * Whether a reader may be put in front of others who did not look for them (suggestions, the readers'
 * directory): not under 18 in São Paulo today (PRODUCT.md §1.2: minors are not suggested). `reader` is the
 * users row's alias.
 */
export function offeredToOthers(reader: SQL): SQL {
  return sql`(${reader}.birth_date IS NULL OR ${reader}.birth_date <= ((now() AT TIME ZONE 'America/Sao_Paulo')::date - interval '18 years'))`;
}

/**
 * "Either of the two has blocked the other", as a condition: `a` and `b` are columns or values. The one way
 * every query asks it (a block hides both readers from each other, PRODUCT.md §1.3).
 */
export function blockedEitherWay(a: SQL, b: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM blocks blk WHERE (blk.blocker_id = ${a} AND blk.blocked_id = ${b}) OR (blk.blocker_id = ${b} AND blk.blocked_id = ${a}))`;
}

/**
 * Whether either of the two has blocked the other: follows, comments, reactions and whispers check it. Inside
 * a transaction, pass it (`tx`): PGlite's one connection would wait for it forever.
 */
export async function isBlockedPair(a: string, b: string, tx?: Tx): Promise<boolean> {
  const [row] = await queryRows<{ blocked: boolean }>(sql`SELECT ${blockedEitherWay(sql`${a}`, sql`${b}`)} AS blocked`, tx);
  return Boolean(row?.blocked);
}

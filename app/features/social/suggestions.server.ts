import { type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { queryRows } from '~/db/client.server';
import type { Viewer } from '~/server/viewer.server';
import { blockedEitherWay, offeredToOthers, readingShownTo, visibleTo } from './audience.server';
import type { ReaderSuggestion } from './types';

export const SUGGESTIONS_MAX = 6;
/** How many ranked candidates are kept per reader, so exclusions made since still leave a full list. */
const CANDIDATES_KEPT = 30;

/** `viaId`: the one followed reader who follows the candidate, named at each request (a kept name could outlive its account). */
type Candidate = { id: string; viaFollows: number; sharedBooks: number; viaId: string | null };
type ReaderRow = { id: string; username: string; name: string; image: string | null; via_name: string | null };

/**
 * Ranking candidates reads thousands of rows (the follows of everyone followed, the readers of every book
 * being read: 50–100 ms on bench:reading's data), so each server keeps a reader's ranking for an hour
 * (docs/decisions/0028). The exclusions are applied again on every request, so a reader just followed,
 * blocked or suspended is never suggested from a stale ranking. An empty ranking is not kept: a new reader
 * sees suggestions as soon as there are any.
 */
const rankings = new LRUCache<string, Candidate[]>({ max: 10_000, ttl: 60 * 60 * 1000 });

/** Following or unfollowing changes whom a reader is suggested: their ranking is made again. */
export function forgetSuggestions(userId: string): void {
  rankings.delete(userId);
}

/**
 * Who may be suggested to the viewer: never the viewer, anyone already followed or requested, a blocked
 * pair, a suspended reader, or a reader under 18 (PRODUCT.md §1.2: minors are not suggested).
 */
function suggestable(me: string): SQL {
  return sql`u.id <> ${me}
    AND u.username IS NOT NULL
    AND u.suspended_at IS NULL
    AND ${offeredToOthers(sql`u`)}
    AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${me} AND f.followee_id = u.id)
    AND NOT ${blockedEitherWay(sql`${me}`, sql`u.id`)}`;
}

/**
 * Readers followed by people the viewer follows, and readers reading a book the viewer is reading or wants
 * to read, best first. The shared-book reason reveals what someone reads, so it only counts readers whose
 * reading the viewer may already see (`visibleTo` with the shelf entries' implicit `publico`) and who show
 * "lendo agora" (`readingShownTo`).
 */
async function rankCandidates(me: string): Promise<(Candidate & ReaderRow)[]> {
  const rows = await queryRows<ReaderRow & { via_follows: number; shared_books: number; via_id: string | null }>(sql`
    WITH via_follows AS (
      SELECT f2.followee_id AS id, count(DISTINCT f1.followee_id)::int AS n, (array_agg(mid.id ORDER BY mid.name, mid.id))[1] AS via_id
      FROM follows f1
      JOIN follows f2 ON f2.follower_id = f1.followee_id AND f2.status = 'accepted'
      JOIN users mid ON mid.id = f1.followee_id
      WHERE f1.follower_id = ${me} AND f1.status = 'accepted' AND mid.suspended_at IS NULL
      GROUP BY f2.followee_id
    ), shared AS (
      SELECT other.user_id AS id, count(DISTINCT other.edition_id)::int AS n
      FROM shelf_entries mine
      JOIN shelf_entries other ON other.edition_id = mine.edition_id AND other.status = 'reading' AND other.user_id <> ${me}
      WHERE mine.user_id = ${me} AND mine.status IN ('reading', 'want_to_read')
        AND ${visibleTo(me, sql`other.user_id`, sql`'publico'`)} AND ${readingShownTo(me, sql`other.user_id`, sql`other.status`)}
      GROUP BY other.user_id
    ), candidates AS (
      SELECT coalesce(v.id, s.id) AS id, coalesce(v.n, 0) AS via_follows, coalesce(s.n, 0) AS shared_books, v.via_id
      FROM via_follows v FULL JOIN shared s ON s.id = v.id
    )
    SELECT u.id, u.username, u.name, u.image, c.via_follows, c.shared_books, c.via_id, ${viaName(sql`c.via_id`)} AS via_name
    FROM candidates c
    JOIN users u ON u.id = c.id
    WHERE ${suggestable(me)}
    ORDER BY c.via_follows * 2 + c.shared_books DESC, u.username
    LIMIT ${CANDIDATES_KEPT}`);
  return rows.map((row) => ({ ...row, viaFollows: Number(row.via_follows), sharedBooks: Number(row.shared_books), viaId: row.via_id }));
}

/** "Leitores para seguir" on /home, in one statement either way: ranking anew, or checking a kept ranking. */
export async function listReaderSuggestions(viewer: Viewer): Promise<ReaderSuggestion[]> {
  const kept = rankings.get(viewer.id);
  let shown: (Candidate & ReaderRow)[];
  if (kept) {
    // The ranking as two array parameters: one statement text whatever its length, built in a fraction of the
    // time 60 separate parameters took (2.5 % of /home's CPU). Arrays, not JSON: PostgreSQL expects 100 rows
    // of a JSON record set and then reads every reader instead of looking 30 up.
    const still = await queryRows<ReaderRow>(sql`
      SELECT u.id, u.username, u.name, u.image, ${viaName(sql`c.via_id`)} AS via_name
      FROM unnest(${sql.param(kept.map((c) => c.id))}::text[], ${sql.param(kept.map((c) => c.viaId))}::text[]) WITH ORDINALITY AS c(id, via_id, rank)
      JOIN users u ON u.id = c.id
      WHERE ${suggestable(viewer.id)}
      ORDER BY c.rank
      LIMIT ${SUGGESTIONS_MAX}`);
    const byId = new Map(kept.map((c) => [c.id, c]));
    shown = still.flatMap((row) => {
      const candidate = byId.get(row.id);
      return candidate ? [{ ...candidate, ...row }] : [];
    });
  } else {
    const ranked = await rankCandidates(viewer.id);
    if (ranked.length > 0)
      rankings.set(
        viewer.id,
        ranked.map(({ id, viaFollows, sharedBooks, viaId }) => ({ id, viaFollows, sharedBooks, viaId })),
      );
    shown = ranked.slice(0, SUGGESTIONS_MAX);
  }
  return shown.map((c) => ({ id: c.id, username: c.username, name: c.name, image: c.image, reason: reasonFor(c.viaFollows, c.sharedBooks, c.via_name) }));
}

/** The name of the followed reader a suggestion comes through, while they are still followed and not suspended. */
const viaName = (viaId: SQL) => sql`(SELECT m.name FROM users m WHERE m.id = ${viaId} AND m.suspended_at IS NULL)`;

function reasonFor(viaFollows: number, sharedBooks: number, viaName: string | null): string {
  if (viaFollows > 1) return `Seguido por ${viaFollows} pessoas que você segue`;
  if (viaFollows === 1 && viaName) return `Seguido por ${viaName}, que você segue`;
  if (sharedBooks === 0) return 'Seguido por quem você segue';
  return sharedBooks === 1 ? 'Está lendo um livro da sua estante' : `Está lendo ${sharedBooks} livros da sua estante`;
}

import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import type { Viewer } from '~/server/viewer.server';
import { visibleTo } from './audience.server';
import type { ReaderSuggestion } from './types';

export const SUGGESTIONS_MAX = 6;

type SuggestionRow = { id: string; username: string; name: string; image: string | null; via_follows: number; shared_books: number; via_name: string | null };

/**
 * "Leitores para seguir" on /home: readers followed by people the viewer follows, and readers reading a
 * book the viewer is reading or wants to read. Never the viewer, anyone already followed or requested,
 * a blocked pair, a suspended reader, or a reader under 18 (PRODUCT.md §1.2: minors are not suggested).
 * The shared-book reason reveals what someone reads, so it only counts readers whose reading the viewer
 * may already see (`visibleTo` with the shelf entries' implicit `publico`).
 */
export async function listReaderSuggestions(viewer: Viewer): Promise<ReaderSuggestion[]> {
  const me = viewer.id;
  const rows = await queryRows<SuggestionRow>(sql`
    WITH via_follows AS (
      SELECT f2.followee_id AS id, count(DISTINCT f1.followee_id)::int AS n, min(mid.name) AS via_name
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
        AND ${visibleTo(me, sql`other.user_id`, sql`'publico'`)}
      GROUP BY other.user_id
    ), candidates AS (
      SELECT coalesce(v.id, s.id) AS id, coalesce(v.n, 0) AS via_follows, coalesce(s.n, 0) AS shared_books, v.via_name
      FROM via_follows v FULL JOIN shared s ON s.id = v.id
    )
    SELECT u.id, u.username, u.name, u.image, c.via_follows, c.shared_books, c.via_name
    FROM candidates c
    JOIN users u ON u.id = c.id
    WHERE u.id <> ${me}
      AND u.username IS NOT NULL
      AND u.suspended_at IS NULL
      AND (u.birth_date IS NULL OR u.birth_date <= ((now() AT TIME ZONE 'America/Sao_Paulo')::date - interval '18 years'))
      AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${me} AND f.followee_id = u.id)
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${me} AND b.blocked_id = u.id) OR (b.blocker_id = u.id AND b.blocked_id = ${me}))
    ORDER BY c.via_follows * 2 + c.shared_books DESC, u.username
    LIMIT ${SUGGESTIONS_MAX}`);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    image: row.image,
    reason: reasonFor(Number(row.via_follows), Number(row.shared_books), row.via_name),
  }));
}

function reasonFor(viaFollows: number, sharedBooks: number, viaName: string | null): string {
  if (viaFollows > 1) return `Seguido por ${viaFollows} pessoas que você segue`;
  if (viaFollows === 1 && viaName) return `Seguido por ${viaName}, que você segue`;
  return sharedBooks === 1 ? 'Está lendo um livro da sua estante' : `Está lendo ${sharedBooks} livros da sua estante`;
}

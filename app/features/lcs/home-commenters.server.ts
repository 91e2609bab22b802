import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import type { Viewer } from '~/server/viewer.server';
import { shownCommentSql } from './discussion.server';
import { stageOpenSql } from './progress.server';
import { inHostClubSql } from './queries.server';

/** Who commented in an LC, as /home's card says it: the latest names (two at most) and how many in all. */
export type HomeCommenters = { names: string[]; total: number };

/** Names the card shows before "e mais N". */
const NAMES_SHOWN = 2;

/**
 * /home's "Minhas LCs", "who commented": for each of `groupReadIds` where the viewer reads along (an active place;
 * a club's LC only while they are in the club, as listHomeGroupReads), the other readers who wrote in a thread the
 * viewer's spoiler gate opens (an etapa they passed or revealed: `stageOpenSql`, the discussion's own), latest
 * first — only the comments the thread shows them (`shownCommentSql`: never a deleted or hidden comment, a
 * suspended reader, one in a block with the viewer, nor a reply left without its comment). Only names and a count,
 * never a body. One statement for all the cards.
 */
export async function listHomeCommenters(viewer: Viewer, groupReadIds: readonly string[]): Promise<Record<string, HomeCommenters>> {
  if (groupReadIds.length === 0) return {};
  // The open etapas first (the gate once per etapa, not per comment), then their comments.
  const rows = await queryRows<{ id: string; names: string[]; total: number }>(sql`
    WITH open_stages AS MATERIALIZED (
      SELECT s.id, s.group_read_id
      FROM group_read_participants p JOIN group_reads g ON g.id = p.group_read_id JOIN group_read_stages s ON s.group_read_id = g.id
      WHERE p.user_id = ${viewer.id} AND p.status = 'active'
        AND p.group_read_id IN (${sql.join(
          groupReadIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        AND ${inHostClubSql(sql`${viewer.id}`)}
        AND ${stageOpenSql(viewer.id)}
    )
    SELECT x.group_read_id AS id, (array_agg(x.name ORDER BY x.last DESC, x.author_id))[1:${NAMES_SHOWN}] AS names, count(*)::int AS total
    FROM (
      SELECT o.group_read_id, c.author_id, max(c.created_at) AS last, min(u.name) AS name
      FROM open_stages o JOIN group_read_comments c ON c.stage_id = o.id JOIN users u ON u.id = c.author_id
      WHERE c.author_id <> ${viewer.id} AND ${shownCommentSql(viewer)}
      GROUP BY o.group_read_id, c.author_id
    ) x
    GROUP BY x.group_read_id`);
  return Object.fromEntries(rows.map((row) => [row.id, { names: row.names, total: row.total }]));
}

import { type SQL, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { isAppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { gateSql, shownCommentSql, threadPath } from './discussion.server';
import { stageNumberSql } from './progress.server';
import { requireGroupReadAccess } from './standing.server';

/** A comment of an LC's discussion as the report flow names it: its author, its words, its place in its thread. */
export type GroupReadCommentReportTarget = { id: string; authorId: string | null; text: string; link: string; hidden: boolean };

type Row = { id: string; author_id: string | null; body: string; slug: string; number: number; hidden: boolean };

const select = (where: SQL) =>
  queryRows<Row>(sql`
    SELECT c.id, c.author_id, c.body, g.slug, c.hidden_at IS NOT NULL AS hidden,
      ${stageNumberSql()} AS number
    FROM group_read_comments c JOIN group_read_stages s ON s.id = c.stage_id JOIN group_reads g ON g.id = c.group_read_id
    WHERE c.deleted_at IS NULL AND ${where}`);
const toTarget = (row: Row): GroupReadCommentReportTarget => ({
  id: row.id,
  authorId: row.author_id,
  text: row.body,
  link: threadPath(row.slug, row.number, row.id),
  hidden: row.hidden,
});

/**
 * The comment `commentId` if the reader is shown it in its thread — the LC's pages open to them, the spoiler gate
 * opens its etapa (`gateSql`, in the same statement) and the thread shows it to them (`shownCommentSql`: not deleted
 * nor hidden, its author not suspended nor in a block, nor a reply left without its comment) — else null: reporting
 * it is then a 404, like a missing one.
 */
export async function getGroupReadCommentForReport(viewer: Viewer, commentId: string): Promise<GroupReadCommentReportTarget | null> {
  const [found] = await queryRows<{ group_read_id: string }>(sql`SELECT group_read_id FROM group_read_comments WHERE id = ${commentId}`);
  if (!found) return null;
  const access = await requireGroupReadAccess(getDb(), viewer, found.group_read_id, null).catch((error: unknown) => {
    if (isAppError(error) && (error.code === 'not_found' || error.code === 'forbidden')) return null;
    throw error;
  });
  if (!access) return null;
  const [row] = await select(sql`c.id = ${commentId} AND ${gateSql(viewer, access.lc, access.standing)} AND ${shownCommentSql(viewer)}`);
  return row ? toTarget(row) : null;
}

/** The moderation queue's view of reported comments (site admins read every thread), in one query. */
export async function loadGroupReadCommentsForQueue(ids: SQL): Promise<GroupReadCommentReportTarget[]> {
  return (await select(sql`c.id IN (${ids})`)).map(toTarget);
}

import { type SQL, sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { whisperReportViews } from '~/db/schema';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { publish } from '~/server/realtime.server';
import type { Viewer } from '~/server/viewer.server';
import { REPORT_CONTEXT_SIZE } from './policy';
import { conversationAccess, conversationChannel, inboxChannel } from './queries.server';
import type { WhisperReportContext } from './types';

/**
 * Whispers reported to the moderation (decision 0090). A participant reports a message of the other reader; staff never
 * open the conversation itself (still 404), only the reported message with the messages around it, in
 * /gerenciar/denuncias — and every such look is written to `whisper_report_views` before anything is read.
 */

/** Where the queue opens a reported whisper: its context page, which logs each view. */
export const whisperReportPath = (messageId: string) => `/gerenciar/denuncias/sussurro/${messageId}`;

type ReportedRow = { id: string; conversation_id: string; author_id: string | null; body: string };

/**
 * A message of a conversation the viewer is in (not removed, not deleted for themselves), or null: reporting it is a
 * 404. A block, either way, does not stop it: the conversation is hidden while it stands, but what made someone block
 * (or what the blocked one wrote before blocking) can still be reported (decision 0090). `shown` says whether the
 * thread itself is open to the viewer now, for the report page's way back.
 */
export async function getWhisperForReport(
  viewer: Viewer,
  messageId: string,
): Promise<{ authorId: string | null; body: string; conversationId: string; shown: boolean } | null> {
  const [row] = await queryRows<ReportedRow>(sql`
    SELECT m.id, m.conversation_id, m.author_id, m.body FROM whisper_messages m
      JOIN whisper_participants p ON p.conversation_id = m.conversation_id AND p.user_id = ${viewer.id}
    WHERE m.id = ${messageId} AND m.removed_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM whisper_hidden_messages h WHERE h.message_id = m.id AND h.user_id = ${viewer.id})`);
  if (!row) return null;
  const shown = await conversationAccess(viewer, row.conversation_id).then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') return false;
      throw error;
    },
  );
  return { authorId: row.author_id, body: row.body, conversationId: row.conversation_id, shown };
}

/**
 * Whether the staff member is one of the reported message's two readers (its author or the one who reported it): they
 * neither open its context nor act on it — another admin does (decision 0090).
 */
export async function inWhisperConversation(viewerId: string, messageId: string): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(sql`
    SELECT m.id FROM whisper_messages m JOIN whisper_participants p ON p.conversation_id = m.conversation_id AND p.user_id = ${viewerId}
    WHERE m.id = ${messageId}`);
  return row !== undefined;
}

/** The queue's rows of reported whispers: never their text — that is only on the context page, where each look is logged. */
export async function loadWhispersForQueue(list: SQL): Promise<{ id: string; authorId: string | null; hidden: boolean }[]> {
  return queryRows(sql`SELECT id, author_id AS "authorId", removed_at IS NOT NULL AS hidden FROM whisper_messages WHERE id IN (${list})`);
}

/**
 * The moderation removes a reported message (or shows it again): it becomes "mensagem removida" on both sides, leaves
 * the unread counts, and the conversation's clock goes back to its newest message left; both open threads reload. A
 * message whose author deleted their account is already a mark with no text: null, as for one that is gone.
 */
export async function setWhisperRemoved(tx: Tx, messageId: string, removed: boolean): Promise<readonly string[] | null> {
  const [row] = await queryRows<{ conversation_id: string }>(
    sql`UPDATE whisper_messages SET removed_at = ${removed ? sql`coalesce(removed_at, now())` : sql`NULL`}
      WHERE id = ${messageId} AND author_id IS NOT NULL RETURNING conversation_id`,
    tx,
  );
  if (!row) return null;
  await resetConversationClock(tx, sql`c.id = ${row.conversation_id}`);
  await publish(conversationChannel(row.conversation_id), { kind: 'message' }, tx);
  const readers = await queryRows<{ user_id: string }>(sql`SELECT user_id FROM whisper_participants WHERE conversation_id = ${row.conversation_id}`, tx);
  for (const r of readers) await publish(inboxChannel(r.user_id), { kind: 'message' }, tx);
  return [];
}

/**
 * A conversation's clock is its newest message still shown (removed marks are not news), or when it started; each
 * side's copy of it (decision 0091) follows. The rows are locked first, in a statement of their own: a send holds its
 * conversation's row until it commits, and the UPDATE then reads with a snapshot taken after that commit, so the
 * message being sent is counted (not lost from the badge).
 */
export async function resetConversationClock(tx: Tx, which: SQL): Promise<void> {
  await tx.execute(sql`SELECT c.id FROM whisper_conversations c WHERE ${which} ORDER BY c.id FOR UPDATE`);
  await tx.execute(sql`UPDATE whisper_conversations c
    SET last_message_at = coalesce((SELECT max(m.created_at) FROM whisper_messages m WHERE m.conversation_id = c.id AND m.removed_at IS NULL), c.created_at)
    WHERE ${which}`);
  await tx.execute(sql`UPDATE whisper_participants p SET last_message_at = c.last_message_at FROM whisper_conversations c
    WHERE c.id = p.conversation_id AND (${which})`);
}

type ContextRow = { id: string; body: string; author: string | null; removed: boolean; deleted: boolean; createdAt: string };

/**
 * /gerenciar/denuncias/sussurro/{messageId}: a reported message with REPORT_CONTEXT_SIZE messages before it and up to
 * as many after it written by the time it was reported (what the reporter put forward; later messages are not part of
 * it), both readers' usernames, and who looked before. Admins only, and only for a message someone reported; anyone
 * else, any other message, and an admin who is one of the conversation's two readers, get not found. The look is
 * written first: nothing is read unlogged.
 */
export async function openWhisperReport(viewer: Viewer, messageId: string): Promise<WhisperReportContext> {
  if (viewer.role !== 'admin') throw new AppError('not_found');
  const [report] = await queryRows<{ id: string; conversation_id: string }>(sql`
    SELECT r.id, m.conversation_id FROM reports r JOIN whisper_messages m ON m.id = r.target_id
    WHERE r.target_kind = 'whisper' AND r.target_id = ${messageId}
      AND NOT EXISTS (SELECT 1 FROM whisper_participants p WHERE p.conversation_id = m.conversation_id AND p.user_id = ${viewer.id})
    ORDER BY r.created_at DESC, r.id LIMIT 1`);
  if (!report) throw new AppError('not_found');
  await getDb()
    .insert(whisperReportViews)
    .values({ id: newId(), reportId: report.id, messageId, conversationId: report.conversation_id, viewerId: viewer.id, viewerUsername: viewer.username });
  const columns = sql`m.id, m.body, u.username AS author, m.removed_at IS NOT NULL AS removed, m.author_id IS NULL AS deleted,
    to_json(m.created_at) #>> '{}' AS "createdAt"`;
  const from = sql`whisper_messages m LEFT JOIN users u ON u.id = m.author_id
    CROSS JOIN (SELECT created_at, id FROM whisper_messages WHERE id = ${messageId}) t
    WHERE m.conversation_id = ${report.conversation_id} AND m.created_at <= (SELECT created_at FROM reports WHERE id = ${report.id})`;
  const [before, after, readers, views] = await Promise.all([
    queryRows<ContextRow>(
      sql`SELECT ${columns} FROM ${from} AND (m.created_at, m.id) <= (t.created_at, t.id) ORDER BY m.created_at DESC, m.id DESC LIMIT ${REPORT_CONTEXT_SIZE + 1}`,
    ),
    queryRows<ContextRow>(
      sql`SELECT ${columns} FROM ${from} AND (m.created_at, m.id) > (t.created_at, t.id) ORDER BY m.created_at, m.id LIMIT ${REPORT_CONTEXT_SIZE}`,
    ),
    queryRows<{ username: string | null }>(sql`
      SELECT u.username FROM whisper_conversations c LEFT JOIN users u ON u.id IN (c.low_reader_id, c.high_reader_id)
      WHERE c.id = ${report.conversation_id} ORDER BY u.username NULLS LAST`),
    queryRows<{ viewer: string | null; viewerGone: boolean; viewedAt: string }>(sql`
      SELECT coalesce(u.username, v.viewer_username) AS viewer, v.viewer_id IS NULL AS "viewerGone", to_json(v.viewed_at) #>> '{}' AS "viewedAt" FROM whisper_report_views v LEFT JOIN users u ON u.id = v.viewer_id
      WHERE v.message_id = ${messageId} ORDER BY v.viewed_at DESC, v.id DESC`),
  ]);
  const shown = (r: ContextRow) => ({
    id: r.id,
    // What a deleted reader left has no text; what the moderation removed keeps it here, for the report and "Reexibir".
    body: r.deleted ? '' : r.body,
    author: r.author,
    removed: r.removed,
    createdAt: r.createdAt,
    reported: r.id === messageId,
  });
  const usernames = readers.map((r) => r.username);
  while (usernames.length < 2) usernames.push(null);
  return {
    messageId,
    conversationId: report.conversation_id,
    readers: usernames,
    messages: [...before.reverse(), ...after].map(shown),
    views,
  };
}

import { type SQL, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { blockedEitherWay, offeredToOthers } from '~/features/social/audience.server';
import { AppError } from '~/server/errors';
import { containsEveryWord } from '~/server/name-search.server';
import type { Viewer } from '~/server/viewer.server';
import { CONVERSATIONS_PAGE, type Recipient, WHISPERS_PAGE, whisperRefusal } from './policy';
import type { ConversationCard, WhisperCounterpart, WhisperMessage, WhisperTarget, WhisperThread } from './types';

/**
 * Reading whispers (PRODUCT.md §I, decision 0088). Only the two participants ever read a conversation: anyone else —
 * staff included — gets `not_found`, as for one that does not exist. A conversation is hidden from both while a
 * block stands between them, and while the other reader is suspended; a deleted reader's side shows "leitor removido".
 */

/** The live channel of a conversation: a new message, a read mark. Payloads carry only a kind: pages load the rest. */
export const conversationChannel = (conversationId: string) => `whispers:${conversationId}`;
/** A reader's whispers as a whole (the header's unread badge): something arrived or was read on any of their conversations. */
export const inboxChannel = (userId: string) => `whispers-inbox:${userId}`;

/** SQL: the other participant `o` (a users row, or nulls once deleted) may be shown to the viewer. */
const counterpartShown = (viewerId: string) => sql`(o.id IS NULL OR (o.suspended_at IS NULL AND NOT ${blockedEitherWay(sql`o.id`, sql`${viewerId}`)}))`;

/** The conversation's rows, joined: `me` the viewer's side, `op`/`o` the other's (none once their account went). */
const conversationFrom = (viewerId: string) => sql`whisper_participants me JOIN whisper_conversations c ON c.id = me.conversation_id
  LEFT JOIN whisper_participants op ON op.conversation_id = c.id AND op.user_id <> ${viewerId}
  LEFT JOIN users o ON o.id = op.user_id`;

const counterpartJson = sql`CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('id', o.id, 'username', o.username, 'name', o.name, 'image', o.image) END`;

/** SQL: the text of a message `m` as its readers see it: none for a "mensagem removida" mark (decision 0090). */
const shownBody = sql`CASE WHEN m.removed_at IS NULL THEN m.body ELSE '' END`;

/** SQL: a message `m` the viewer did not remove from their side. */
const notHiddenFrom = (viewerId: string) => sql`NOT EXISTS (SELECT 1 FROM whisper_hidden_messages h WHERE h.message_id = m.id AND h.user_id = ${viewerId})`;

/**
 * SQL: the messages of conversation `c` the viewer `me` has not read: the other's, still shown, newer than their read
 * mark. The list counts them and the badge asks whether there are any, so the two always agree (decision 0090).
 */
const unreadMessages = (viewerId: string) => sql`whisper_messages m WHERE m.conversation_id = c.id AND m.author_id <> ${viewerId} AND m.removed_at IS NULL
  AND m.created_at > coalesce(me.read_up_to, '-infinity') AND ${notHiddenFrom(viewerId)}`;

export type ConversationAccess = { id: string; counterpartId: string | null; otherReadUpTo: string | null; unread: boolean };

/** The conversation if the viewer is one of its two readers and may see it now; otherwise not_found. */
export async function conversationAccess(viewer: Viewer, conversationId: string, tx?: Tx): Promise<ConversationAccess> {
  const [row] = await queryRows<ConversationAccess>(
    sql`SELECT c.id, o.id AS "counterpartId", to_json(op.read_up_to) #>> '{}' AS "otherReadUpTo",
        c.last_message_at > coalesce(me.read_up_to, '-infinity') AS unread
      FROM ${conversationFrom(viewer.id)}
      WHERE me.user_id = ${viewer.id} AND c.id = ${conversationId} AND ${counterpartShown(viewer.id)}`,
    tx,
  );
  if (!row) throw new AppError('not_found');
  return row;
}

/** What decides whether the viewer may whisper the reader `r` (a users row), as columns of one statement. */
const recipientColumns = (viewerId: string) => sql`r.id, r.username, r.whisper_audience AS audience, NOT ${offeredToOthers(sql`r`)} AS minor,
  EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = r.id AND f.followee_id = ${viewerId} AND f.status = 'accepted') AS "followsViewer",
  EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${viewerId} AND b.blocked_id = r.id) AS "blockedByViewer",
  EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = r.id AND b.blocked_id = ${viewerId}) AS "blockedByThem"`;

/** The reader as a recipient, or null when they are not there for the viewer: missing, suspended, or blocked by them. */
const recipientRow = (viewerId: string, recipientId: string, extra: SQL = sql``) =>
  sql`SELECT ${recipientColumns(viewerId)} ${extra} FROM users r WHERE r.id = ${recipientId} AND r.suspended_at IS NULL AND r.username IS NOT NULL`;

function toRecipient(row: (Recipient & { blockedByThem: boolean }) | undefined): Recipient | null {
  if (!row || row.blockedByThem) return null;
  return {
    id: row.id,
    username: row.username,
    audience: row.audience,
    minor: row.minor,
    followsViewer: row.followsViewer,
    blockedByViewer: row.blockedByViewer,
  };
}

/**
 * What decides whether the viewer may whisper `recipientId`, or null when that reader is not there for them: missing,
 * suspended, or blocked by them (the viewer's own block is a reason they are told).
 */
export async function recipientOf(viewer: Viewer, recipientId: string, tx?: Tx): Promise<Recipient | null> {
  const [row] = await queryRows<Recipient & { blockedByThem: boolean }>(recipientRow(viewer.id, recipientId), tx);
  return toRecipient(row);
}

/**
 * /sussurrar/{username} and the profile's "Sussurrar" button, in one statement: the reader, the conversation the viewer
 * already has with them, and why a whisper would be refused. Null when the reader is not there for the viewer (or is
 * the viewer).
 */
export async function getWhisperTarget(viewer: Viewer, userId: string): Promise<WhisperTarget | null> {
  if (userId === viewer.id) return null;
  const [low, high] = [viewer.id, userId].sort() as [string, string];
  const [row] = await queryRows<Recipient & { blockedByThem: boolean; name: string; image: string | null; conversationId: string | null }>(
    recipientRow(
      viewer.id,
      userId,
      sql`, r.name, r.image, (SELECT c.id FROM whisper_conversations c WHERE c.low_reader_id = ${low} AND c.high_reader_id = ${high}) AS "conversationId"`,
    ),
  );
  const recipient = toRecipient(row);
  if (!row || !recipient) return null;
  // The viewer's own block hides the conversation as it does everywhere: /sussurrar says why instead of leading to a 404.
  const conversationId = recipient.blockedByViewer ? null : row.conversationId;
  return { id: userId, username: recipient.username, name: row.name, image: row.image, conversationId, refusal: whisperRefusal(recipient) };
}

/**
 * /sussurros: the viewer's conversations, most recent first, each with the newest message they still see and the
 * other's messages they have not read; `q` keeps those whose other reader's name or username has every word typed.
 */
export async function listConversations(viewer: Viewer, q = ''): Promise<ConversationCard[]> {
  const search = containsEveryWord(sql`(o.name || ' ' || o.username)`, q);
  return queryRows<ConversationCard>(sql`
    SELECT c.id, ${counterpartJson} AS counterpart,
      (SELECT json_build_object('body', ${shownBody}, 'mine', coalesce(m.author_id = ${viewer.id}, false), 'removed', m.removed_at IS NOT NULL,
          'createdAt', to_json(m.created_at) #>> '{}')
        FROM whisper_messages m WHERE m.conversation_id = c.id AND ${notHiddenFrom(viewer.id)} ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS "lastMessage",
      (SELECT count(*)::int FROM ${unreadMessages(viewer.id)}) AS unread
    FROM ${conversationFrom(viewer.id)}
    WHERE me.user_id = ${viewer.id} AND ${counterpartShown(viewer.id)}
      ${search.length > 0 ? sql`AND o.id IS NOT NULL AND ${sql.join(search, sql` AND `)}` : sql``}
    ORDER BY c.last_message_at DESC, c.id LIMIT ${CONVERSATIONS_PAGE}`);
}

/**
 * Whether the viewer blocks the reader with this username: /sussurros says "Você bloqueou @x" only then, never from a
 * crafted link. With it, the newest message of theirs the viewer can still report (decision 0090), or null.
 */
export async function viewerBlocks(viewer: Viewer, username: string): Promise<{ reportable: string | null } | null> {
  const [row] = await queryRows<{ reportable: string | null }>(sql`
    SELECT (SELECT m.id FROM whisper_messages m JOIN whisper_participants me ON me.conversation_id = m.conversation_id AND me.user_id = ${viewer.id}
        WHERE m.author_id = u.id AND m.removed_at IS NULL AND ${notHiddenFrom(viewer.id)} ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS reportable
    FROM blocks b JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = ${viewer.id} AND u.username = ${username}`);
  return row ?? null;
}

/**
 * The header's badge: the viewer's conversations with a message they have not read, by the list's own count. The
 * clock only narrows the search: a conversation whose newest news is older than the read mark has nothing new.
 */
export async function countUnreadConversations(viewer: Viewer): Promise<number> {
  const [row] = await queryRows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM ${conversationFrom(viewer.id)}
    WHERE me.user_id = ${viewer.id} AND c.last_message_at > coalesce(me.read_up_to, '-infinity') AND ${counterpartShown(viewer.id)}
      AND EXISTS (SELECT 1 FROM ${unreadMessages(viewer.id)})`);
  return row?.n ?? 0;
}

/**
 * A page of a thread, newest page first: WHISPERS_PAGE messages before `before` (a message id of this conversation;
 * none: the latest), returned oldest first, with the cursor of the page before it when there is one.
 */
export async function getThread(viewer: Viewer, conversationId: string, before?: string): Promise<WhisperThread> {
  const access = await conversationAccess(viewer, conversationId);
  const cursor: SQL = before
    ? sql`AND (m.created_at, m.id) < (SELECT b.created_at, b.id FROM whisper_messages b WHERE b.id = ${before} AND b.conversation_id = ${conversationId})`
    : sql``;
  const [rows, [head], recipient] = await Promise.all([
    queryRows<WhisperMessage>(sql`
      SELECT m.id, m.client_id AS "clientId", ${shownBody} AS body, coalesce(m.author_id = ${viewer.id}, false) AS mine,
        to_json(m.created_at) #>> '{}' AS "createdAt", m.removed_at IS NOT NULL AS removed,
        (m.author_id = ${viewer.id} AND m.removed_at IS NULL AND m.created_at <= coalesce(${access.otherReadUpTo}::timestamptz, '-infinity')) AS read
      FROM whisper_messages m
      WHERE m.conversation_id = ${conversationId} AND ${notHiddenFrom(viewer.id)} ${cursor}
      ORDER BY m.created_at DESC, m.id DESC LIMIT ${WHISPERS_PAGE + 1}`),
    queryRows<{ counterpart: WhisperCounterpart }>(sql`SELECT ${counterpartJson} AS counterpart FROM users o WHERE o.id = ${access.counterpartId ?? ''}`),
    access.counterpartId ? recipientOf(viewer, access.counterpartId) : null,
  ]);
  const more = rows.length > WHISPERS_PAGE;
  const page = rows.slice(0, WHISPERS_PAGE).reverse();
  return {
    id: access.id,
    counterpart: head?.counterpart ?? null,
    messages: page,
    olderCursor: more ? (page[0]?.id ?? null) : null,
    unread: access.unread,
    refusal: recipient ? whisperRefusal(recipient) : 'Esta pessoa excluiu a conta: a conversa fica só para você ler.',
  };
}

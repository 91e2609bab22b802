import { type SQL, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { blockedEitherWay, offeredToOthers } from '~/features/social/audience.server';
import { AppError, isAppError } from '~/server/errors';
import { readPrivateImage } from '~/server/images.server';
import { containsEveryWord } from '~/server/name-search.server';
import type { Viewer } from '~/server/viewer.server';
import { CONVERSATIONS_PAGE, HOME_WHISPERS_MAX, type Recipient, WHISPERS_PAGE, whisperImageAlt, whisperImagePath, whisperRefusal } from './policy';
import type { ConversationCard, HomeWhisper, HomeWhispers, WhisperCounterpart, WhisperMessage, WhisperTarget, WhisperThread } from './types';

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
const counterpartShown = (viewerId: string | SQL) => sql`(o.id IS NULL OR (o.suspended_at IS NULL AND NOT ${blockedEitherWay(sql`o.id`, sql`${viewerId}`)}))`;

/** The conversation's rows, joined: `me` the viewer's side, `op`/`o` the other's (none once their account went). */
const conversationFrom = (viewerId: string | SQL) => sql`whisper_participants me JOIN whisper_conversations c ON c.id = me.conversation_id
  LEFT JOIN whisper_participants op ON op.conversation_id = c.id AND op.user_id <> ${viewerId}
  LEFT JOIN users o ON o.id = op.user_id`;

/**
 * SQL: the other reader of the side `me` is hidden from `readerId` — suspended, or a block either way (a deleted one
 * is shown, as "leitor removido"): counterpartShown's opposite, asked per side so a reader's list and counts walk
 * their own sides by index and stop at the page's end (decision 0091).
 */
const counterpartHidden = (readerId: string | SQL) => sql`EXISTS (SELECT 1 FROM whisper_participants hp JOIN users ho ON ho.id = hp.user_id
    WHERE hp.conversation_id = me.conversation_id AND hp.user_id <> ${readerId}
      AND (ho.suspended_at IS NOT NULL OR ${blockedEitherWay(sql`ho.id`, sql`${readerId}`)}))`;

/** SQL: the other reader of the side `me` as the lists show them (null once their account went). */
const sideCounterpartJson = (readerId: string | SQL) => sql`(SELECT json_build_object('id', o.id, 'username', o.username, 'name', o.name, 'image', o.image)
    FROM whisper_participants op JOIN users o ON o.id = op.user_id WHERE op.conversation_id = me.conversation_id AND op.user_id <> ${readerId})`;

/**
 * The reader's sides with something unread that they may see, as FROM … WHERE: read from the partial index of unread
 * sides (`whisper_participants_unread_idx`, its predicate written as here), so a reader with thousands of
 * conversations pays for the unread ones only.
 */
const unreadFrom = (readerId: string | SQL) => sql`whisper_participants me
  WHERE me.user_id = ${readerId} AND me.last_message_at > coalesce(me.read_up_to, '-infinity'::timestamptz) AND NOT ${counterpartHidden(readerId)}
    AND EXISTS (SELECT 1 FROM ${unreadMessages(readerId)})`;

const counterpartJson = sql`CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('id', o.id, 'username', o.username, 'name', o.name, 'image', o.image) END`;

/** SQL: the text of a message `m` as its readers see it: none for a "mensagem removida" mark (decision 0090). */
const shownBody = sql`CASE WHEN m.removed_at IS NULL THEN m.body ELSE '' END`;

/** SQL: a message `m` the viewer did not remove from their side. */
const notHiddenFrom = (viewerId: string | SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM whisper_hidden_messages h WHERE h.message_id = m.id AND h.user_id = ${viewerId})`;

/**
 * SQL: the messages of the side `me`'s conversation its reader has not read: the other's, still shown, newer than the
 * read mark. The list counts them, and the badge and /home ask whether there are any, so they always agree (decision 0090).
 */
const unreadMessages = (viewerId: string | SQL) => sql`whisper_messages m WHERE m.conversation_id = me.conversation_id AND m.author_id <> ${viewerId}
  AND m.removed_at IS NULL AND m.created_at > coalesce(me.read_up_to, '-infinity') AND ${notHiddenFrom(viewerId)}`;

/**
 * `imagesHeld`: the viewer is under 18 and does not follow the other reader, whose images are then held from them
 * (decision 0089), read with the birth date and the follow every time.
 */
export type ConversationAccess = { id: string; counterpartId: string | null; otherReadUpTo: string | null; unread: boolean; imagesHeld: boolean };

/** The conversation if the viewer is one of its two readers and may see it now; otherwise not_found. */
export async function conversationAccess(viewer: Viewer, conversationId: string, tx?: Tx): Promise<ConversationAccess> {
  const [row] = await queryRows<ConversationAccess>(
    sql`SELECT c.id, o.id AS "counterpartId", to_json(op.read_up_to) #>> '{}' AS "otherReadUpTo",
        c.last_message_at > coalesce(me.read_up_to, '-infinity') AS unread,
        (SELECT NOT ${offeredToOthers(sql`v`)} FROM users v WHERE v.id = me.user_id)
          AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = me.user_id AND f.followee_id = o.id AND f.status = 'accepted') AS "imagesHeld"
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
  const searched =
    search.length > 0
      ? sql`AND EXISTS (SELECT 1 FROM whisper_participants op JOIN users o ON o.id = op.user_id
          WHERE op.conversation_id = me.conversation_id AND op.user_id <> ${viewer.id} AND ${sql.join(search, sql` AND `)})`
      : sql``;
  // Walks the viewer's sides newest first (whisper_participants_user_idx: the order says NULLS LAST as the index does) and stops at the page's end.
  return queryRows<ConversationCard>(sql`
    SELECT me.conversation_id AS id, ${sideCounterpartJson(viewer.id)} AS counterpart,
      (SELECT json_build_object('body', ${shownBody}, 'mine', coalesce(m.author_id = ${viewer.id}, false), 'removed', m.removed_at IS NOT NULL,
          'createdAt', to_json(m.created_at) #>> '{}', 'images', (SELECT count(*) FROM whisper_images i WHERE i.message_id = m.id AND m.removed_at IS NULL))
        FROM whisper_messages m WHERE m.conversation_id = me.conversation_id AND ${notHiddenFrom(viewer.id)} ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS "lastMessage",
      (SELECT count(*)::int FROM ${unreadMessages(viewer.id)}) AS unread
    FROM whisper_participants me
    WHERE me.user_id = ${viewer.id} AND NOT ${counterpartHidden(viewer.id)} ${searched}
    ORDER BY me.last_message_at DESC NULLS LAST, me.conversation_id LIMIT ${CONVERSATIONS_PAGE}`);
}

/**
 * /home's "Sussurros" (decision 0091): the viewer's conversations with something unread, newest first, up to
 * HOME_WHISPERS_MAX — who and when and how many, never the text (the home page is read over a shoulder more than
 * /sussurros is). No statement when the session's count says there is nothing (Viewer.unreadWhispers).
 */
export async function listHomeWhispers(viewer: Viewer): Promise<HomeWhispers> {
  if (viewer.unreadWhispers === 0) return { conversations: [], total: 0 };
  const conversations = await queryRows<HomeWhisper>(sql`
    SELECT me.conversation_id AS id, ${sideCounterpartJson(viewer.id)} AS counterpart, to_json(me.last_message_at) #>> '{}' AS "lastMessageAt",
      (SELECT count(*)::int FROM ${unreadMessages(viewer.id)}) AS unread
    FROM ${unreadFrom(viewer.id)}
    ORDER BY me.last_message_at DESC NULLS LAST, me.conversation_id LIMIT ${HOME_WHISPERS_MAX}`);
  return { conversations, total: Math.max(viewer.unreadWhispers, conversations.length) };
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
 * The header's badge as a SQL expression: the reader's conversations with something they have not read. The session's
 * statement reads it for every signed-in page (decision 0091, registered in app/services.server.ts).
 */
export const unreadConversationsCount = (readerId: SQL) => sql`(SELECT count(*)::int FROM ${unreadFrom(readerId)})`;

/** The header's badge, live: the stream recounts it when the reader's inbox changes. */
export async function countUnreadConversations(viewer: Viewer): Promise<number> {
  const [row] = await queryRows<{ n: number }>(sql`SELECT ${unreadConversationsCount(sql`${viewer.id}`)} AS n`);
  return row?.n ?? 0;
}

/**
 * One of a message's images, for the conversation's two readers only (a message one of them deleted for themselves
 * is gone for them, images included; a removed message — decision 0090 — shows none; a minor's held image is not
 * theirs to see): anyone else, staff included, gets
 * null, answered as 404.
 */
export async function getWhisperImage(viewer: Viewer | null, conversationId: string, messageId: string, position: number, ifNoneMatch?: string) {
  if (!viewer) return null;
  const access = await conversationAccess(viewer, conversationId).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'not_found') return null;
    throw error;
  });
  if (!access) return null;
  const [image] = await queryRows<{ key: string; mine: boolean }>(
    sql`SELECT i.storage_key AS key, m.author_id = ${viewer.id} AS mine FROM whisper_images i JOIN whisper_messages m ON m.id = i.message_id
      WHERE m.id = ${messageId} AND m.conversation_id = ${conversationId} AND i.position = ${position} AND m.removed_at IS NULL
        AND ${notHiddenFrom(viewer.id)}`,
  );
  if (!image || (!image.mine && access.imagesHeld)) return null;
  return readPrivateImage(image.key, ifNoneMatch);
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
    queryRows<Omit<WhisperMessage, 'images'> & { images: { position: number; width: number; height: number }[] | null }>(sql`
      SELECT m.id, m.client_id AS "clientId", ${shownBody} AS body, coalesce(m.author_id = ${viewer.id}, false) AS mine,
        to_json(m.created_at) #>> '{}' AS "createdAt", m.removed_at IS NOT NULL AS removed,
        (m.author_id = ${viewer.id} AND m.removed_at IS NULL AND m.created_at <= coalesce(${access.otherReadUpTo}::timestamptz, '-infinity')) AS read,
        (SELECT json_agg(json_build_object('position', i.position, 'width', i.width, 'height', i.height) ORDER BY i.position)
          FROM whisper_images i WHERE i.message_id = m.id AND m.removed_at IS NULL) AS images
      FROM whisper_messages m
      WHERE m.conversation_id = ${conversationId} AND ${notHiddenFrom(viewer.id)} ${cursor}
      ORDER BY m.created_at DESC, m.id DESC LIMIT ${WHISPERS_PAGE + 1}`),
    queryRows<{ counterpart: WhisperCounterpart }>(sql`SELECT ${counterpartJson} AS counterpart FROM users o WHERE o.id = ${access.counterpartId ?? ''}`),
    access.counterpartId ? recipientOf(viewer, access.counterpartId) : null,
  ]);
  const more = rows.length > WHISPERS_PAGE;
  const counterpart = head?.counterpart ?? null;
  const page = rows
    .slice(0, WHISPERS_PAGE)
    .reverse()
    .map(({ images, ...message }): WhisperMessage => {
      const held = !message.mine && access.imagesHeld;
      const alt = whisperImageAlt(message.mine ? viewer.username : (counterpart?.username ?? null));
      return {
        ...message,
        images: (images ?? []).map((image) => ({ ...image, alt, url: held ? null : whisperImagePath(conversationId, message.id, image.position) })),
      };
    });
  return {
    id: access.id,
    counterpart,
    messages: page,
    olderCursor: more ? (page[0]?.id ?? null) : null,
    unread: access.unread,
    refusal: recipient ? whisperRefusal(recipient) : 'Esta pessoa excluiu a conta: a conversa fica só para você ler.',
  };
}

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { whisperConversations, whisperHiddenMessages, whisperImages, whisperParticipants } from '~/db/schema';
import { blockReader } from '~/features/social/blocks.server';
import { notify } from '~/features/social/mutations.server';
import { newId } from '~/lib/ids';
import { removeFiles } from '~/integrations/storage/storage.server';
import { AppError, RateLimitError } from '~/server/errors';
import { checkUploadSizes, normaliseUploads, storePrivateImage } from '~/server/images.server';
import { formatWait, hitRateLimit } from '~/server/rate-limit.server';
import { publish } from '~/server/realtime.server';
import type { Viewer } from '~/server/viewer.server';
import {
  NEW_ACCOUNT_HOURS,
  NEW_CONVERSATIONS_PER_DAY,
  NEW_CONVERSATIONS_PER_DAY_NEW_ACCOUNT,
  type Recipient,
  WHISPER_EMPTY,
  WHISPER_IMAGES_INPUT,
  WHISPER_IMAGES_MAX,
  WHISPER_TOO_MANY_IMAGES,
  whisperRefusal,
} from './policy';
import { conversationAccess, conversationChannel, inboxChannel, recipientOf } from './queries.server';
import { scheduleUnreadEmail } from './unread-email.server';

/**
 * Writing whispers (PRODUCT.md §I, decision 0088). Every function checks the viewer against the conversation itself;
 * a send is idempotent by the id the sender's browser made (`clientId`), so a retry never makes a second message.
 */

/** A message: its text (may be empty with images) and up to four images as uploaded, checked and re-encoded here. */
export type WhisperInput = { clientId: string; body: string; images?: readonly Blob[] };
/** A message as its client id names it: the text and the SHA-256 of each image as uploaded, in order. */
type SendKey = { clientId: string; body: string; digests: readonly string[] };
type StoredImage = { storageKey: string; width: number; height: number; sourceDigest: string };

const EMAIL_FIRST = 'Confirme seu e-mail para sussurrar: procure o link que enviamos para você (ou peça outro em Configurações).';
const SAME_ID_OTHER_TEXT = 'Esta mensagem já foi enviada com outro texto. Recarregue a página para ver a conversa.';
const SAME_ID_OTHER_IMAGES = 'Esta mensagem já foi enviada com outras imagens. Recarregue a página para ver a conversa.';

/**
 * A message the sender already sent with this client id: the same one again (its text and images) is the earlier
 * send; other text or other images are refused.
 */
async function earlierSend(viewer: Viewer, key: SendKey, tx?: Tx): Promise<{ conversationId: string } | null> {
  const [row] = await queryRows<{ conversationId: string; body: string; digests: string[] }>(
    sql`SELECT m.conversation_id AS "conversationId", m.body,
        coalesce((SELECT json_agg(i.source_digest ORDER BY i.position) FROM whisper_images i WHERE i.message_id = m.id), '[]'::json) AS digests
      FROM whisper_messages m WHERE m.author_id = ${viewer.id} AND m.client_id = ${key.clientId}`,
    tx,
  );
  if (!row) return null;
  if (row.body !== key.body) throw new AppError('conflict', SAME_ID_OTHER_TEXT, 'body');
  if (row.digests.join() !== key.digests.join()) throw new AppError('conflict', SAME_ID_OTHER_IMAGES, WHISPER_IMAGES_INPUT);
  return { conversationId: row.conversationId };
}

const digestOf = async (file: Blob) =>
  createHash('sha256')
    .update(Buffer.from(await file.arrayBuffer()))
    .digest('hex');

/**
 * Refuses a message the recipient does not take from the viewer now (the setting, a block). A reader under 18 takes
 * whispers only from the readers they follow, so nobody they do not follow sends them an image either; one whose
 * follow ended later has their images held on the minor's side (queries.server, decision 0089).
 */
function refuseUnlessAllowed(recipient: Recipient | null): void {
  if (!recipient) throw new AppError('not_found');
  const refusal = whisperRefusal(recipient);
  if (refusal) throw new AppError('forbidden', refusal, 'body');
}

/**
 * The images of a message the recipient takes (asked first, so a refused send reads and counts nothing), checked and
 * re-encoded under the upload rules (PRODUCT.md §1.5, as atts' photos) and stored under the private prefix.
 */
async function storeMessageImages(viewer: Viewer, recipientId: string, images: readonly Blob[], digests: readonly string[]): Promise<StoredImage[]> {
  if (images.length === 0) return [];
  refuseUnlessAllowed(await recipientOf(viewer, recipientId));
  const normalised = await normaliseUploads(viewer, images, 'imagem', WHISPER_IMAGES_INPUT);
  const stored: StoredImage[] = [];
  try {
    for (const [i, image] of normalised.entries()) {
      const storageKey = await storePrivateImage(`whispers/${viewer.id}`, image.body, image.contentType);
      stored.push({ storageKey, width: image.width, height: image.height, sourceDigest: digests[i]! });
    }
  } catch (error) {
    await removeFiles(stored.map((image) => image.storageKey));
    throw error;
  }
  return stored;
}

/**
 * Writes the message, moves the conversation's clock and the sender's read mark, tells both sides (on commit) and
 * schedules the look that e-mails the recipient if it stays unread (unread-email.server).
 */
async function insertMessage(tx: Tx, viewer: Viewer, conversationId: string, recipientId: string, key: SendKey, images: readonly StoredImage[]): Promise<void> {
  const id = newId();
  const [row] = await queryRows<{ at: string }>(
    sql`INSERT INTO whisper_messages (id, conversation_id, author_id, client_id, body) VALUES (${id}, ${conversationId}, ${viewer.id}, ${key.clientId}, ${key.body})
      ON CONFLICT (author_id, client_id) DO NOTHING
      RETURNING created_at AS at`,
    tx,
  );
  // Same-conversation retries were answered under the pair's lock; an id racing into another conversation is not this message.
  if (!row) throw new AppError('conflict', SAME_ID_OTHER_TEXT, 'body');
  if (images.length) await tx.insert(whisperImages).values(images.map((image, i) => ({ messageId: id, position: i + 1, ...image })));
  await tx.execute(sql`UPDATE whisper_conversations SET last_message_at = greatest(last_message_at, ${row.at}) WHERE id = ${conversationId}`);
  // Both sides' copy of the clock (the lists' index, decision 0091), and the sender's read mark.
  await tx.execute(
    sql`UPDATE whisper_participants SET last_message_at = greatest(last_message_at, ${row.at}),
      read_up_to = CASE WHEN user_id = ${viewer.id} THEN greatest(coalesce(read_up_to, '-infinity'), ${row.at}) ELSE read_up_to END
      WHERE conversation_id = ${conversationId}`,
  );
  await publish(conversationChannel(conversationId), { kind: 'message' }, tx);
  await publish(inboxChannel(recipientId), { kind: 'message' }, tx);
  await scheduleUnreadEmail(tx, conversationId, recipientId);
}

/**
 * Whispers the recipient: in the conversation the pair already has, or in a new one — counted against the viewer's
 * new-conversation limit (PRODUCT.md §1.5) only when it is new, in the transaction that makes it. Answers the
 * conversation's id. The recipient's setting and blocks are asked here, on every message.
 */
export async function whisperTo(viewer: Viewer, recipientId: string, input: WhisperInput): Promise<{ conversationId: string }> {
  if (!viewer.emailVerified) throw new AppError('email_not_verified', EMAIL_FIRST);
  if (recipientId === viewer.id) throw new AppError('invalid_input', 'Você não pode sussurrar para si mesmo.');
  const images = input.images ?? [];
  if (images.length > WHISPER_IMAGES_MAX) throw new AppError('invalid_input', WHISPER_TOO_MANY_IMAGES, WHISPER_IMAGES_INPUT);
  if (!input.body && images.length === 0) throw new AppError('invalid_input', WHISPER_EMPTY, 'body');
  checkUploadSizes(images, 'imagem', WHISPER_IMAGES_INPUT);
  const key: SendKey = { clientId: input.clientId, body: input.body, digests: await Promise.all(images.map(digestOf)) };
  // A retry of a send that went is answered before its images are read, counted or stored again.
  const sent = images.length ? await earlierSend(viewer, key) : null;
  if (sent) return sent;
  const stored = await storeMessageImages(viewer, recipientId, images, key.digests);
  // Files first, so a row never points at an image that is not stored; a send that wrote nothing removes them.
  let wrote = false;
  try {
    const { conversationId, written } = await sendInTransaction(viewer, recipientId, key, stored);
    wrote = written;
    return { conversationId };
  } finally {
    if (!wrote) await removeFiles(stored.map((image) => image.storageKey));
  }
}

/** whisperTo's transaction: the pair's conversation (made when new), the message and its images; `written` unless an earlier send answered. */
async function sendInTransaction(
  viewer: Viewer,
  recipientId: string,
  key: SendKey,
  images: readonly StoredImage[],
): Promise<{ conversationId: string; written: boolean }> {
  const [low, high] = [viewer.id, recipientId].sort() as [string, string];
  return getDb().transaction(async (tx) => {
    const earlier = await earlierSend(viewer, key, tx);
    if (earlier) return { ...earlier, written: false };
    refuseUnlessAllowed(await recipientOf(viewer, recipientId, tx));
    const created = await tx
      .insert(whisperConversations)
      .values({ id: newId(), lowReaderId: low, highReaderId: high })
      .onConflictDoNothing({ target: [whisperConversations.lowReaderId, whisperConversations.highReaderId] })
      .returning({ id: whisperConversations.id });
    let conversationId = created[0]?.id;
    if (conversationId) {
      await newConversationAllowed(tx, viewer);
      await tx.insert(whisperParticipants).values([
        { conversationId, userId: viewer.id },
        { conversationId, userId: recipientId },
      ]);
      await notify(
        {
          userId: recipientId,
          actorId: viewer.id,
          kind: 'whisper_started',
          text: `@${viewer.username} começou uma conversa de sussurros com você.`,
          link: `/sussurros/${conversationId}`,
        },
        tx,
      );
    } else {
      const [pair] = await queryRows<{ id: string }>(
        sql`SELECT id FROM whisper_conversations WHERE low_reader_id = ${low} AND high_reader_id = ${high} FOR UPDATE`,
        tx,
      );
      conversationId = pair!.id;
      // A send racing this one with the same client id (a double tap) may have written it while we waited for the lock.
      const racing = await earlierSend(viewer, key, tx);
      if (racing) return { ...racing, written: false };
    }
    await insertMessage(tx, viewer, conversationId, recipientId, key, images);
    return { conversationId, written: true };
  });
}

/** PRODUCT.md §1.5: 20 new conversations a day, 5 for an account younger than a day; the hit counts only on commit. */
async function newConversationAllowed(tx: Tx, viewer: Viewer): Promise<void> {
  const [account] = await queryRows<{ young: boolean }>(
    sql`SELECT created_at > now() - make_interval(hours => ${NEW_ACCOUNT_HOURS}) AS young FROM users WHERE id = ${viewer.id}`,
    tx,
  );
  const limit = account?.young ? NEW_CONVERSATIONS_PER_DAY_NEW_ACCOUNT : NEW_CONVERSATIONS_PER_DAY;
  const hit = await hitRateLimit({ name: 'whispers-new-conversation', limit, windowSeconds: 86_400 }, viewer.id, 1, tx);
  if (!hit.ok)
    throw new RateLimitError(
      hit.retryAfterSeconds,
      `Você já começou ${limit} conversas hoje. Continue as que tem, ou comece outra em ${formatWait(hit.retryAfterSeconds)}.`,
      'body',
    );
}

/** A message in a conversation the viewer is in (the thread's form): the same rules as whisperTo, for its other reader. */
export async function sendWhisper(viewer: Viewer, conversationId: string, input: WhisperInput): Promise<void> {
  const access = await conversationAccess(viewer, conversationId);
  if (!access.counterpartId) throw new AppError('invalid_input', 'Esta pessoa excluiu a conta: não dá mais para responder.', 'body');
  const sent = await whisperTo(viewer, access.counterpartId, input);
  // A client id first used in another conversation is not this message.
  if (sent.conversationId !== conversationId) throw new AppError('conflict', SAME_ID_OTHER_TEXT, 'body');
}

/** The viewer has seen the conversation up to its newest message: their read mark moves (never back), the other sees it. */
export async function markConversationRead(viewer: Viewer, conversationId: string): Promise<void> {
  await conversationAccess(viewer, conversationId);
  await getDb().transaction(async (tx) => {
    const moved = await queryRows<{ id: string }>(
      sql`UPDATE whisper_participants p SET read_up_to = p.last_message_at
        WHERE p.conversation_id = ${conversationId} AND p.user_id = ${viewer.id} AND p.last_message_at > coalesce(p.read_up_to, '-infinity')
        RETURNING p.conversation_id AS id`,
      tx,
    );
    if (moved.length === 0) return;
    await publish(conversationChannel(conversationId), { kind: 'read' }, tx);
    await publish(inboxChannel(viewer.id), { kind: 'read' }, tx);
  });
}

/** "Apagar para mim": the message leaves the viewer's side only. A message they cannot see is not found. */
export async function hideWhisper(viewer: Viewer, conversationId: string, messageId: string): Promise<void> {
  await conversationAccess(viewer, conversationId);
  const [message] = await queryRows<{ id: string }>(sql`SELECT id FROM whisper_messages WHERE id = ${messageId} AND conversation_id = ${conversationId}`);
  if (!message) throw new AppError('not_found', 'Esta mensagem não está mais na conversa.');
  await getDb().insert(whisperHiddenMessages).values({ messageId, userId: viewer.id }).onConflictDoNothing();
}

/**
 * "Bloquear" on a thread: blocks the other reader (social's block: follows end both ways), and the conversation is
 * gone for both while the block stands; the other's open page learns it (`closed`) and reloads into a 404.
 */
export async function blockFromThread(viewer: Viewer, conversationId: string): Promise<{ username: string }> {
  const access = await conversationAccess(viewer, conversationId);
  if (!access.counterpartId) throw new AppError('invalid_input', 'Esta pessoa já excluiu a conta.');
  const recipient = await recipientOf(viewer, access.counterpartId);
  await blockReader(viewer, access.counterpartId);
  await publish(conversationChannel(conversationId), { kind: 'closed' });
  return { username: recipient?.username ?? '' };
}

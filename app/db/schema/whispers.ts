import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { reports } from './moderation';

/**
 * A conversation between exactly two readers (decision 0088): one per pair, whoever started it — the pair is kept in
 * id order (`low_reader_id` < `high_reader_id`) so a unique index makes a second one impossible. The CHECK compares
 * with `COLLATE "C"` (code points), the order the code sorts the pair in, whatever the database's collation. A deleted account's
 * side becomes null: the other reader keeps the conversation, shown with "leitor removido".
 */
export const whisperConversations = pgTable(
  'whisper_conversations',
  {
    id: text().primaryKey(),
    lowReaderId: text().references(() => users.id, { onDelete: 'set null' }),
    highReaderId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The newest message's time: lists sort by it, and a side whose read mark is older has something unread. */
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whisper_conversations_pair_key').on(t.lowReaderId, t.highReaderId),
    index('whisper_conversations_high_idx').on(t.highReaderId),
    check('whisper_conversations_pair_check', sql`low_reader_id IS NULL OR high_reader_id IS NULL OR low_reader_id COLLATE "C" < high_reader_id COLLATE "C"`),
  ],
);

/**
 * A reader's side of a conversation: how far they have read (the newest message's time when they last looked), and
 * when they were last e-mailed about a whisper left unread (decision 0091: at most one a São Paulo day, never twice
 * for the same message). `last_message_at` is the conversation's clock, copied on each side (decision 0091) so a
 * reader's list walks an index of their own rows, newest first, and their unread count reads only the unread rows.
 */
export const whisperParticipants = pgTable(
  'whisper_participants',
  {
    conversationId: text()
      .notNull()
      .references(() => whisperConversations.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readUpTo: timestamp({ withTimezone: true }),
    unreadEmailedAt: timestamp({ withTimezone: true }),
    /** The conversation's `last_message_at`, kept equal by every write of it. */
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('whisper_participants_user_idx').on(t.userId, t.lastMessageAt.desc(), t.conversationId),
    index('whisper_participants_unread_idx')
      .on(t.userId)
      .where(sql`last_message_at > coalesce(read_up_to, '-infinity'::timestamptz)`),
  ],
);

/**
 * A message. `client_id` is made by the sender's browser before it sends: a send retried with the same id (a lost
 * answer, a connection back after a drop) finds the message already there instead of making a second one.
 * A removed message (decision 0090) stays as a mark, "mensagem removida" on both sides: `removed_at` is set when its
 * author deleted their account (then `author_id` is null and `body` empty) or the moderation removed it after a report
 * (the text is kept for the report and "Reexibir" until the author's account goes).
 * The text may be empty when the message carries images (decision 0089: text or at least one image, checked on
 * send), so only the length is the table's; a deleted author's message must still be a removed, emptied mark.
 */
export const whisperMessages = pgTable(
  'whisper_messages',
  {
    id: text().primaryKey(),
    conversationId: text()
      .notNull()
      .references(() => whisperConversations.id, { onDelete: 'cascade' }),
    /** Null once the author deleted their account: the message is a mark then. */
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    clientId: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('whisper_messages_body_check', sql`char_length(body) <= 2000`),
    check('whisper_messages_author_check', sql`author_id IS NOT NULL OR (removed_at IS NOT NULL AND body = '')`),
    uniqueIndex('whisper_messages_client_key').on(t.authorId, t.clientId),
    index('whisper_messages_conversation_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** "Apagar para mim": a message one participant removed from their own side; the other still sees it. */
export const whisperHiddenMessages = pgTable(
  'whisper_hidden_messages',
  {
    messageId: text()
      .notNull()
      .references(() => whisperMessages.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('whisper_hidden_messages_user_idx').on(t.userId)],
);

/**
 * The audit log of the moderation's looks at whispers (decision 0090): a row each time staff open a reported message
 * with its context in /gerenciar/denuncias. Never updated; kept when the report closes or goes (the reporter's account
 * deleted), as the moderation log is. It names no text, only who looked, when, and at what.
 */
export const whisperReportViews = pgTable(
  'whisper_report_views',
  {
    id: text().primaryKey(),
    reportId: text().references(() => reports.id, { onDelete: 'set null' }),
    /** The reported message and its conversation: null once they are gone (both readers left). */
    messageId: text().references(() => whisperMessages.id, { onDelete: 'set null' }),
    conversationId: text().references(() => whisperConversations.id, { onDelete: 'set null' }),
    /** Null once the staff member deleted their account: the log is never rewritten. */
    viewerId: text().references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's username when they looked: "Vista por @x" outlives their account (decision 0090). */
    viewerUsername: text(),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('whisper_report_views_message_idx').on(t.messageId, t.viewedAt),
    index('whisper_report_views_report_idx').on(t.reportId),
    index('whisper_report_views_conversation_idx').on(t.conversationId),
    index('whisper_report_views_viewer_idx').on(t.viewerId),
  ],
);

/**
 * An image of a message (decision 0089), up to four. Stored under the private uploads prefix, never served by
 * /arquivos: only /sussurros/{id}/imagens/{message}/{position}, to the conversation's two readers. `source_digest` is
 * the SHA-256 of the file as uploaded: a send retried with the same client id is the same message only with the same
 * images.
 */
export const whisperImages = pgTable(
  'whisper_images',
  {
    messageId: text()
      .notNull()
      .references(() => whisperMessages.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    storageKey: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    sourceDigest: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.position] }), check('whisper_images_position_check', sql`${t.position} BETWEEN 1 AND 4`)],
);

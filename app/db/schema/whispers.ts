import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

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
 */
export const whisperMessages = pgTable(
  'whisper_messages',
  {
    id: text().primaryKey(),
    conversationId: text()
      .notNull()
      .references(() => whisperConversations.id, { onDelete: 'cascade' }),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('whisper_messages_body_check', sql`char_length(body) BETWEEN 1 AND 2000`),
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

/** The other reader of a conversation as the viewer sees them; null once they deleted their account ("leitor removido"). */
export type WhisperCounterpart = { id: string; username: string; name: string; image: string | null } | null;

/** A conversation in /sussurros: who, the newest message the viewer still sees, how many of the other's are unread. */
export type ConversationCard = {
  id: string;
  counterpart: WhisperCounterpart;
  /**
   * `removed`: a "mensagem removida" mark (its author left, or the moderation removed it); its body is empty.
   * `images`: how many the message carries (a message without text shows "📷 Imagem").
   */
  lastMessage: { body: string; mine: boolean; removed: boolean; createdAt: string; images: number } | null;
  unread: number;
};

/** An image of a message as the viewer gets it: `url` is null when it is held from them (a minor, decision 0089). */
export type WhisperImage = { position: number; width: number; height: number; url: string | null; alt: string };

/**
 * A message in a thread. `read`: a message of the viewer's that the other reader has seen. `removed`: a "mensagem
 * removida" mark (decision 0090) — its author deleted their account or the moderation removed it; the body is empty
 * and it has no images.
 */
export type WhisperMessage = {
  id: string;
  clientId: string;
  body: string;
  mine: boolean;
  createdAt: string;
  read: boolean;
  removed: boolean;
  images: WhisperImage[];
};

/** A thread page: the conversation, a page of messages (oldest first) and whether older ones remain. */
export type WhisperThread = {
  id: string;
  counterpart: WhisperCounterpart;
  messages: WhisperMessage[];
  olderCursor: string | null;
  /** The other reader wrote something the viewer has not marked read: the page marks it once it shows it. */
  unread: boolean;
  /** Why the viewer cannot write here now (the other reader's setting, a deleted account), or null. */
  refusal: string | null;
};

/**
 * /sussurrar/{username}: the reader, the conversation the viewer already has with them (none while the viewer blocks
 * them: it is hidden), or why they may not start one.
 */
export type WhisperTarget = {
  id: string;
  username: string;
  name: string;
  image: string | null;
  conversationId: string | null;
  refusal: string | null;
};

/**
 * A reported whisper as the moderation sees it (decision 0090): the message among the ones around it, the two readers
 * (null: "leitor removido") and every look staff took, newest first. `body` is empty for what a deleted reader left.
 */
export type WhisperReportContext = {
  messageId: string;
  conversationId: string;
  readers: (string | null)[];
  messages: { id: string; body: string; author: string | null; removed: boolean; createdAt: string; reported: boolean }[];
  /** `viewer`: the username they had when they looked; `viewerGone` once their account was deleted. */
  views: { viewer: string | null; viewerGone: boolean; viewedAt: string }[];
};
/** A conversation with something unread on /home: who, when its newest message came, how many unread; never the text. */
export type HomeWhisper = { id: string; counterpart: WhisperCounterpart; lastMessageAt: string; unread: number };
/** /home's "Sussurros": up to HOME_WHISPERS_MAX conversations and how many have something unread in all. */
export type HomeWhispers = { conversations: HomeWhisper[]; total: number };

import { imageFileProblem } from '~/lib/image-rules';
import type { WhisperAudience } from './vocabulary';

/** PRODUCT.md §1.5: a whisper's text, in characters. */
export const WHISPER_MAX = 2000;
/**
 * A whisper's length as the table's CHECK counts it (`char_length`: code points), so "2.000 caracteres" means that —
 * an emoji is one, not the two UTF-16 units of `String.length` (nor of the browser's `maxlength`).
 */
export const whisperLength = (text: string) => [...text].length;
/** The message a whisper over WHISPER_MAX gets, next to its text. */
export const WHISPER_TOO_LONG = `Uma mensagem tem até ${WHISPER_MAX.toLocaleString('pt-BR')} caracteres.`;
/** Images one message may carry (PRODUCT.md §I), each under the upload rules of §1.5 (decision 0089). */
export const WHISPER_IMAGES_MAX = 4;
/** The form field that carries a message's images (repeated, multipart). */
export const WHISPER_IMAGES_INPUT = 'imagens';
/** A message needs text or at least one image (decision 0089). */
export const WHISPER_EMPTY = 'Escreva uma mensagem ou anexe uma imagem.';
export const WHISPER_TOO_MANY_IMAGES = `Anexe no máximo ${WHISPER_IMAGES_MAX} imagens por mensagem.`;
/**
 * The composer adding the files a reader chose to those already attached: a file the browser already knows is
 * refused (its type, over 5 MB) is left out and named; past WHISPER_IMAGES_MAX none of the new ones is added. What
 * was attached before always stays.
 */
export function attachImages<F extends { name: string; type: string; size: number }>(
  attached: readonly F[],
  chosen: readonly F[],
): { files: F[]; error: string | null } {
  const problems = chosen.map(imageFileProblem);
  const fine = chosen.filter((_, i) => problems[i] === null);
  if (attached.length + fine.length > WHISPER_IMAGES_MAX) return { files: [...attached], error: WHISPER_TOO_MANY_IMAGES };
  return { files: [...attached, ...fine], error: problems.find((problem) => problem !== null) ?? null };
}

/** Where one of a message's images is served, to the conversation's two readers only: n is its position, 1–4. */
export const whisperImagePath = (conversationId: string, messageId: string, position: number) =>
  `/sussurros/${conversationId}/imagens/${messageId}/${position}`;
/** The alt text of an image in a thread: who sent it (the sender chose no description). */
export const whisperImageAlt = (username: string | null) => (username ? `Imagem enviada por @${username}` : 'Imagem enviada');

/** Messages a thread page shows at once; "Mensagens anteriores" loads as many older ones. */
export const WHISPERS_PAGE = 30;
/** A reported whisper's context for the moderation (decision 0090): the messages shown on each side of it. */
export const REPORT_CONTEXT_SIZE = 5;
/** Conversations a list page shows, most recent first. */
export const CONVERSATIONS_PAGE = 50;

/** Conversations with something unread that /home's "Sussurros" shows (decision 0091). */
export const HOME_WHISPERS_MAX = 3;
/** A message of the other reader left unread this long gets the recipient an e-mail (decision 0091). */
export const UNREAD_EMAIL_AFTER_MINUTES = 15;
/** The unread e-mail's "at most one a day" counts days here (PRODUCT.md: dates in São Paulo time). */
export const WHISPER_TIME_ZONE = 'America/Sao_Paulo';

/**
 * PRODUCT.md §1.5: whispers that start a new conversation, per reader and day — fewer for an account younger than a
 * day (the spam accounts' first hours). Continuing a conversation is not counted.
 */
export const NEW_CONVERSATIONS_PER_DAY = 20;
export const NEW_CONVERSATIONS_PER_DAY_NEW_ACCOUNT = 5;
export const NEW_ACCOUNT_HOURS = 24;

/**
 * The audience that holds (decision 0088): a reader under 18 is whispered only by the readers they follow, whatever
 * is stored (an account made before the setting existed, a birthday not yet reached). Narrower choices hold as made.
 */
export function effectiveWhisperAudience(stored: WhisperAudience, minor: boolean): WhisperAudience {
  return minor && stored === 'everyone' ? 'following' : stored;
}

/** Whether `sender` may whisper a reader with this audience: `followedByRecipient` is an accepted follow from them. */
export function mayWhisper(audience: WhisperAudience, followedByRecipient: boolean): boolean {
  return audience === 'everyone' || (audience === 'following' && followedByRecipient);
}

/** A reader under 18 may not open their whispers to everyone. */
export const MINOR_AUDIENCE_MESSAGE = 'Até os 18 anos, só quem você segue pode sussurrar para você.';

/** What decides whether a reader may be whispered by the viewer, read in one statement (queries.server recipientOf). */
export type Recipient = {
  id: string;
  username: string;
  audience: WhisperAudience;
  minor: boolean;
  /** The recipient follows the viewer (accepted). */
  followsViewer: boolean;
  /** The viewer blocked the recipient. */
  blockedByViewer: boolean;
};

/**
 * Why the viewer may not whisper this reader now, in Portuguese, or null when they may. Asked on every message, not
 * only the first: a reader who narrows their setting stops new whispers at once (decision 0088). A block the other
 * made, and a suspended account, never get here: those readers are not found at all.
 */
export function whisperRefusal(recipient: Recipient): string | null {
  if (recipient.blockedByViewer) return `Você bloqueou @${recipient.username}. Para sussurrar, desbloqueie no perfil.`;
  const audience = effectiveWhisperAudience(recipient.audience, recipient.minor);
  if (mayWhisper(audience, recipient.followsViewer)) return null;
  return audience === 'nobody' ? `@${recipient.username} não está recebendo sussurros.` : `@${recipient.username} só recebe sussurros de quem segue.`;
}

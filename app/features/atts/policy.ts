/** Atts (PRODUCT.md §C "Att", §1.5): the kinds' labels, the limits and the reactions — pure, so the UI may import them. */
import type { AttKind, Reaction } from './vocabulary';

export const ATT_KIND_LABELS: Record<AttKind, string> = { progress: 'atualizou o progresso', finished: 'terminou de ler', review: 'publicou uma resenha' };

export const ATT_TEXT_MAX = 1000;
export const COMMENT_TEXT_MAX = 2000;
export const ATT_IMAGES_MAX = 4;
export const ATTS_PER_HOUR = 60;
/** Atts per page of a feed; "Carregar mais" follows with the cursor. */
export const ATTS_PAGE_SIZE = 20;
/** Atts of the `seguindo` feed on /home; "Ver mais" leads to /atts for the rest. */
export const HOME_ATTS_MAX = 5;
/** The form field that carries an att's photos (repeated, multipart). */
export const ATT_IMAGES_INPUT = 'fotos';

export const REACTION_EMOJI: Record<Reaction, string> = { heart: '❤️', laugh: '😂', wow: '😮', sad: '😢', clap: '👏' };
export const REACTION_LABELS: Record<Reaction, string> = { heart: 'Amei', laugh: 'Haha', wow: 'Uau', sad: 'Triste', clap: 'Palmas' };
/** Reactions in forms and URLs, in Portuguese. */
export const REACTION_SLUGS: Record<Reaction, string> = { heart: 'amei', laugh: 'haha', wow: 'uau', sad: 'triste', clap: 'palmas' };

/** The att's author deletes any comment on it; anyone else only their own. */
/** A comment whose author deleted their account (null) can still be removed by the att's author. */
export function canDeleteComment(viewerId: string, comment: { authorId: string | null }, att: { authorId: string }): boolean {
  return viewerId === comment.authorId || viewerId === att.authorId;
}

/** Where one of an att's images is served (after the audience check): n is its position, 1–4. */
export const attImagePath = (attId: string, position: number) => `/att/${attId}/imagens/${position}`;

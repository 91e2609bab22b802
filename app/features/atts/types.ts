import type { AuthorRef } from '~/features/catalog/types';
import type { Visibility } from '~/features/social/vocabulary';
import type { Emotion, ProgressUnit } from '~/features/reading/vocabulary';
import type { AttKind, Reaction } from './vocabulary';

export type AttImage = { position: number; width: number; height: number; url: string };

export type ReactionCount = { kind: Reaction; count: number; mine: boolean };

/** An att as a feed, the edition tab and its own page show it. */
export type AttCard = {
  id: string;
  kind: AttKind;
  text: string;
  spoiler: boolean;
  visibility: Visibility;
  createdAt: string;
  mine: boolean;
  /** Taken down by the moderation: only its author is shown it, with a notice. */
  hidden: boolean;
  author: { id: string; username: string; name: string; image: string | null };
  edition: { id: string; title: string; coverUrl: string | null; authors: AuthorRef[] };
  progress: { value: number; unit: ProgressUnit; emotion: Emotion | null } | null;
  images: AttImage[];
  reactions: ReactionCount[];
  commentCount: number;
};

/** A comment as its reader is shown it, under an att or a club post (one list draws both: CommentSection). */
export type ShownComment = {
  id: string;
  text: string;
  createdAt: string;
  /** null once the author deleted their account: the comment stays, signed "leitor removido". */
  author: { username: string; name: string; image: string | null } | null;
  mine: boolean;
  /** Taken down by the moderation: only its author is shown it, with a notice. */
  hidden: boolean;
  mayDelete: boolean;
};

export type AttDetail = AttCard & { comments: ShownComment[] };

export type AttPage = { items: AttCard[]; nextCursor: string | null };

/**
 * Which atts a list shows: the `seguindo` and `todos` feeds, one edition's, one reader's (their profile), or a
 * marathon's (its active participants' atts posted inside its days).
 */
export type AttScope =
  | { kind: 'following' }
  | { kind: 'all' }
  | { kind: 'edition'; editionId: string }
  | { kind: 'author'; authorId: string }
  | { kind: 'marathon'; marathonId: string };

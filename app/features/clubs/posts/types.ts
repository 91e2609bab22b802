import type { ReaderLinkTarget } from '~/features/profiles/components/reader-link';
import type { ShownComment } from '~/features/atts/types';
import type { Reaction } from '~/features/atts/vocabulary';
import type { ClubRole, PostKind, PostVisibility } from '../vocabulary';

/** A post or thread in a list: its title, who wrote it and when, and how much it was answered (decision 0066). */
export type ClubPostCard = {
  id: string;
  kind: PostKind;
  title: string;
  author: ReaderLinkTarget;
  createdAt: string;
  visibility: PostVisibility;
  /** For `plano`: the lowest plan that reads it (null once that plan was deleted). */
  minPlan: { id: string; name: string } | null;
  pinned: boolean;
  /** When it was last edited — only for staff and the author (the others read the text as it is). */
  editedAt: string | null;
  /** Taken down by the moderation: only its author is shown it, with a notice. */
  hidden: boolean;
  /** The comments the viewer is shown. */
  commentCount: number;
  reactionCount: number;
};

/** An earlier text of the post, saved when it was edited. */
export type ClubPostRevision = { id: string; title: string; body: string; createdAt: string; editor: ReaderLinkTarget };

/** One post or thread opened on its own, with everything the viewer may do to it. */
/** A pinned post, above the list: with an excerpt of its text (rendered safe Markdown). */
export type PinnedClubPost = ClubPostCard & {
  excerptHtml: string;
  /** The excerpt cut the text: the list links to the whole post. */
  truncated: boolean;
};

export type ClubPostDetail = ClubPostCard & {
  body: string;
  bodyHtml: string;
  /** Written by the viewer (who may not report it). */
  mine: boolean;
  reactions: { kind: Reaction; count: number; mine: boolean }[];
  /** A page of comments: the newest, or those before the page's cursor; oldest first. */
  comments: ShownComment[];
  /** The cursor of the comments before these ("Ver comentários anteriores"), or null when these are the first. */
  olderComments: string | null;
  /** Whether these are the newest comments (no cursor asked). */
  latestComments: boolean;
  /** null unless the viewer is staff or the author. */
  revisions: ClubPostRevision[] | null;
  may: { edit: boolean; delete: boolean; pin: boolean; comment: boolean; react: boolean };
  /** The plans the post may be set for, when the viewer may edit it (a club post; none for a thread). */
  plans: PlanChoice[];
};

export type ClubPostPage = {
  /** Pinned posts, on the first page only. */
  pinned: PinnedClubPost[];
  items: ClubPostCard[];
  /** The "Carregar mais" cursor, or null on the last page. */
  nextCursor: string | null;
  /** The plans a new post may be written for, when the viewer may publish (a club's posts; none for threads). */
  plans: PlanChoice[];
};

export type ClubMemberCard = {
  reader: NonNullable<ReaderLinkTarget>;
  role: ClubRole;
  plan: string | null;
  joinedAt: string;
};

export type ClubMemberPage = { items: ClubMemberCard[]; nextCursor: string | null };

/** A plan a post may be written for, in the publishing form. */
export type PlanChoice = { id: string; name: string };

import type { CoverCard } from '~/features/catalog/types';
import type { GroupReadStanding } from './policy';
import type { GroupReadPhase, GroupReadVisibility, MaterialKind, ParticipantStatus, StageUnit } from './vocabulary';

/** Who hosts an LC, as its pages name it. */
export type GroupReadHost = { kind: 'reader'; name: string; username: string } | { kind: 'club'; name: string; slug: string };

/** An LC as a card of /lcs and /lc. */
export type GroupReadCard = {
  id: string;
  slug: string;
  title: string;
  /** The description's words without Markdown, cut for a card. */
  summary: string;
  visibility: GroupReadVisibility;
  phase: GroupReadPhase;
  startsOn: string;
  endsOn: string;
  participantCount: number;
  participantCap: number | null;
  /** The LC's own cover, else null (the card shows its first book's). */
  coverUrl: string | null;
  book: CoverCard | null;
  host: GroupReadHost;
};

/** An LC's page as the viewer may see it, with their standing in it. */
export type GroupReadDetail = GroupReadCard & {
  /** Markdown, as the host wrote it. */
  description: string;
  hostClubId: string | null;
  closedEarlyAt: string | null;
  standing: GroupReadStanding;
};

/** An etapa of the schedule (cronograma). */
export type GroupReadStage = {
  id: string;
  position: number;
  editionId: string;
  editionTitle: string;
  unit: StageUnit;
  fromNumber: number;
  toNumber: number;
  startsOn: string;
  endsOn: string;
};

export type GroupReadBook = CoverCard & { position: number; pages: number | null };
/** A link (its https address) or a file (served at /lc/{identificador}/materiais/{id}, a PDF or an image). */
export type GroupReadMaterial = { id: string; kind: MaterialKind; title: string; url: string; fileKind: 'pdf' | 'image' | null };
export type GroupReadParticipant = { userId: string; username: string; name: string; status: ParticipantStatus; waitingPlace: number | null };

export type GroupReadDirectoryPage = { groupReads: GroupReadCard[]; total: number; page: number; pageSize: number };
export type MyGroupReads = {
  hosting: GroupReadCard[];
  joined: GroupReadCard[];
  invitations: GroupReadCard[];
  waiting: (GroupReadCard & { waitingPlace: number })[];
};

/** discussao (discussion.server.ts): a thread per etapa, as the viewer may see it. */
export type DiscussionThread = Pick<GroupReadStage, 'editionTitle' | 'unit' | 'fromNumber' | 'toNumber' | 'startsOn' | 'endsOn'> & {
  stageId: string;
  /** 1-based, as the page names it ("Etapa 2"). */
  number: number;
  /** Comments and replies (counts are no spoiler: every viewer of the LC sees them). */
  commentCount: number;
  /** The viewer may read this thread's comments. */
  open: boolean;
  /** The viewer passed this etapa (as opposed to revealing it). */
  passed: boolean;
};

export type DiscussionOverview = {
  threads: DiscussionThread[];
  may: { comment: boolean; reveal: boolean; moderate: boolean };
};

export type DiscussionComment = {
  id: string;
  body: string;
  createdAt: string;
  author: { username: string; name: string; image: string | null } | null;
  mine: boolean;
  pinned: boolean;
  /** Hidden by the moderation: only its author is shown it, with the notice (decision 0072). */
  hidden: boolean;
  mayDelete: boolean;
  replies: DiscussionComment[];
};

export type DiscussionThreadPage = {
  thread: DiscussionThread;
  /** Empty while the thread is closed to the viewer. */
  comments: DiscussionComment[];
  /** Top-level comments in the thread (for the pages). */
  topLevelCount: number;
  page: number;
  pageSize: number;
  may: { comment: boolean; reveal: boolean; moderate: boolean };
};

/** /u/{username}/lcs: the LCs a reader hosts and those they read along in. */
export type ReaderGroupReads = { hosting: GroupReadCard[]; joined: GroupReadCard[] };

/**
 * An LC on /home's card: the etapa to read today (`today`), or the next one when none runs today. The discussion's
 * "who commented" joins this card as its own field once the discussion exists.
 */
export type HomeGroupRead = {
  id: string;
  slug: string;
  title: string;
  stage: {
    number: number;
    unit: StageUnit;
    fromNumber: number;
    toNumber: number;
    startsOn: string;
    endsOn: string;
    /** The etapa's book, named only when the LC reads more than one. */
    editionTitle: string | null;
    today: boolean;
  } | null;
};

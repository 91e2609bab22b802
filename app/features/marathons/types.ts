import type { CoverCard } from '~/features/catalog/types';
import type { MarathonStanding, RegistrationState } from './policy';
import type { ChallengeKind, MarathonMode, MarathonPhase, MarathonVisibility } from './vocabulary';

/** A marathon as lists show it. Dates are calendar days in `timeZone`. */
export type MarathonCard = {
  id: string;
  slug: string;
  name: string;
  official: boolean;
  visibility: MarathonVisibility;
  mode: MarathonMode;
  timeZone: string;
  startsOn: string;
  endsOn: string;
  registrationOpensOn: string;
  registrationClosesOn: string;
  participantCount: number;
  organizer: { kind: 'oficial' | 'clube' | 'leitor'; name: string; href: string | null };
  /** The visitors' cache tag of who organises it (a reader's or a club's), so a rename, suspension or club turned private drops the copy. */
  organizerCacheTag: string | null;
  phase: MarathonPhase;
  registration: RegistrationState;
};

/** A marathon's page: its card, texts, levels or teams in order, and the viewer's standing and chosen group. */
export type MarathonDetail = MarathonCard & {
  description: string;
  rules: string;
  /** The organisers' cover (/arquivos/…), or null. */
  coverUrl: string | null;
  groups: { id: string; name: string }[];
  standing: MarathonStanding;
  myGroupId: string | null;
};

export type ChallengeView = {
  id: string;
  kind: ChallengeKind;
  description: string;
  points: number;
  revealsOn: string | null;
  /** leitura: done by itself when a linked book is finished. */
  completesOnFinish: boolean;
  levelId: string | null;
  levelName: string | null;
  levelPosition: number | null;
};

export type MarathonParticipantView = {
  userId: string;
  username: string | null;
  name: string;
  status: 'active' | 'banned';
  joinedAt: string;
  group: string | null;
  /** Their level's or team's id (Gerenciar's "mudar"). */
  groupId: string | null;
};

/** An edition linked to a leitura challenge on a board ("vinculado"). Rating in stars (quarters / 4). */
export type BoardLink = {
  id: string;
  edition: CoverCard;
  progress: number;
  complete: boolean;
  rating: number | null;
  comment: string | null;
  markedOn: string | null;
  /** When the reader last saved it: a new value means the card's form has done its work. */
  updatedAt: string;
};

export type BoardChallenge = {
  id: string;
  kind: ChallengeKind;
  description: string;
  points: number;
  completesOnFinish: boolean;
  levelName: string | null;
  done: boolean;
  links: BoardLink[];
};

/** /m/{identificador}/progresso: the participant's challenges by category, and their scores and position. */
export type Board = {
  phase: MarathonPhase;
  totals: { challengesDone: number; points: number; pages: number; minutes: number; position: number; participants: number };
  categories: { id: string; name: string; challenges: BoardChallenge[] }[];
};

/** A shelf entry offered by the board's "vincular" search. */
export type BoardShelfMatch = { edition: CoverCard; status: string };
/** The scores a ranking shows, a participant's or a team's. */
export type Scores = { challengesDone: number; points: number; pages: number; minutes: number };

/** A participant's row on the ranking: their position (every row its own: ties go to who reached the score first). */
export type RankingRow = Scores & {
  position: number;
  userId: string;
  username: string | null;
  name: string;
  image: string | null;
  group: string | null;
  mine: boolean;
};

export type TeamRankingRow = Scores & { position: number; id: string; name: string; mine: boolean };

export type MarathonRanking = {
  rows: RankingRow[];
  /** The viewer's own row, on this page or not (null when they are not an active participant, or not in the level shown). */
  me: RankingRow | null;
  /** Teams mode: the teams' ranking, all of them. */
  teams: TeamRankingRow[];
  total: number;
  page: number;
  pageSize: number;
};

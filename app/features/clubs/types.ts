import type { MembershipStanding } from './policy';
import type { ClubCategory, ClubVisibility } from './vocabulary';

/** A club as a card of the directory, /clube and /u/{username}/clubes. */
export type ClubCard = {
  id: string;
  slug: string;
  name: string;
  /** The description's words without Markdown, cut for a card. */
  summary: string;
  visibility: ClubVisibility;
  categories: ClubCategory[];
  avatarUrl: string | null;
  primaryColor: string;
  memberCount: number;
};

/** A club's page as the viewer may see it, with their standing in it. */
export type ClubDetail = ClubCard & {
  /** Markdown, as the owner wrote it. */
  description: string;
  welcomeText: string;
  rules: string;
  bannerUrl: string | null;
  accentColor: string;
  memberCap: number | null;
  membersCanPost: boolean;
  createdAt: string;
  /** null: the viewer is no one in the club (or a visitor). */
  standing: MembershipStanding | null;
  /** Why a banned viewer is out, shown to them alone. */
  banReason: string | null;
};

export type ClubDirectoryPage = { clubs: ClubCard[]; total: number; page: number; pageSize: number };

export type MyClubs = { active: (ClubCard & { role: MembershipStanding['role'] })[]; invitations: ClubCard[]; requests: ClubCard[] };

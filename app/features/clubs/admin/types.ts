import type { ClubRole, MembershipStatus } from '../vocabulary';

/** One week of /admin's members chart: who joined that week and the members the club had at its end. */
export type MemberWeek = { weekStart: string; joined: number; total: number };

export type ClubDashboard = {
  weeks: MemberWeek[];
  pendingRequests: number;
  engagement: { posts: number; threads: number; comments: number; reactions: number };
  /** Active members holding each plan (payments are not enabled yet, so no revenue). */
  planHolders: { planId: string; name: string; priceCents: number; archived: boolean; holders: number }[];
  activeMembers: number;
};

/** A row of /admin/membros and of its CSV. */
export type ClubMemberRow = {
  userId: string;
  username: string;
  name: string;
  image: string | null;
  role: ClubRole;
  status: MembershipStatus;
  planId: string | null;
  planName: string | null;
  banReason: string | null;
  joinedAt: string | null;
  statusAt: string;
};

/** `total` is null for a search's page with more after it (searches are not counted: see listClubMembers). */
export type ClubMemberPage = { members: ClubMemberRow[]; total: number | null; hasNext: boolean; page: number; pageSize: number };

export type PlanOption = { id: string; name: string; archived: boolean };

import type { ProgressUnit } from '~/features/reading/vocabulary';
import type { FocusRoomVisibility, FocusSessionStatus, SpeciesSlug } from '../vocabulary';

/** A room in the lists of /foca/salas. */
export type FocusRoomCard = {
  id: string;
  name: string;
  visibility: FocusRoomVisibility;
  host: { username: string; name: string };
  members: number;
  present: number;
  sprintRunning: boolean;
};

/** A member as the room page shows them: who, whether they are in the room now, the book they chose, their companion. */
export type FocusRoomMember = {
  id: string;
  username: string;
  name: string;
  image: string | null;
  host: boolean;
  present: boolean;
  edition: { id: string; title: string } | null;
  companion: { species: SpeciesSlug; name: string | null } | null;
};

/** A member's session in a sprint: running while the sprint runs; closed, their minutes and the page reached. */
export type FocusSprintResult = {
  sessionId: string;
  userId: string;
  username: string;
  name: string;
  edition: { id: string; title: string };
  status: FocusSessionStatus;
  creditedMinutes: number;
  progressValue: number | null;
  progressUnit: ProgressUnit | null;
};

/** The latest sprint of a room, running (until `endsAt`) or ended, with its members' sessions. */
export type FocusRoomSprint = { id: string; plannedMinutes: number; startedAt: string; endsAt: string; running: boolean; results: FocusSprintResult[] };

/** A room page: the room, its members, the latest sprint, and the database's clock for the countdown. */
export type FocusRoomPage = {
  id: string;
  name: string;
  visibility: FocusRoomVisibility;
  /** Only for members: the code others join with. */
  code: string | null;
  host: { id: string; username: string; name: string };
  viewerIsMember: boolean;
  viewerIsHost: boolean;
  members: FocusRoomMember[];
  /** The book the viewer brings to the sprints (a member), or null. */
  viewerEditionId: string | null;
  sprint: FocusRoomSprint | null;
  serverNow: string;
};

import type { ProgressUnit } from '~/features/reading/vocabulary';
import type { FocusSessionStatus } from './vocabulary';

/** A session as the reader's pages show it; instants as ISO strings from the server's clock. */
export type FocusSessionRow = {
  id: string;
  edition: { id: string; title: string };
  plannedMinutes: number;
  status: FocusSessionStatus;
  startedAt: string;
  endsAt: string;
  finishedAt: string | null;
  creditedMinutes: number;
  progressValue: number | null;
  progressUnit: ProgressUnit | null;
};

/** The running session, with what the finish form needs: the unit to record and where the reading is. */
export type RunningFocusSession = FocusSessionRow & {
  /** The unit the finish form asks in (pages when the edition has them), its whole-book length, the current value. */
  unit: ProgressUnit;
  length: number;
  currentValue: number | null;
};

/** A reader's line in a focus ranking: their place among those the viewer may see, and their minutes in the period. */
export type FocusRankingRow = {
  position: number;
  userId: string;
  username: string;
  name: string;
  image: string | null;
  minutes: number;
  mine: boolean;
};

export type FocusRanking = { rows: FocusRankingRow[]; me: FocusRankingRow | null; total: number; page: number; pageSize: number };

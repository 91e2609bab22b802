import type { ModerationAction, ReportReason, ReportStatus, ReportableKind } from './reasons';

/** A reader the queue names (an author, a reporter, an admin): their name links to their profile unless suspended. */
type ModerationReader = { name: string; username: string; suspended: boolean };

/** `admin` is null once the admin deleted their account ("leitor removido"). */
export type ModerationLogEntry = { action: ModerationAction; note: string; admin: ModerationReader | null; createdAt: string };

/** A reported thing in the queue: its open (or closed) reports together, with what was done about it. */
export type ReportGroup = {
  kind: ReportableKind;
  targetId: string;
  /** The report the queue's forms act from. */
  reportId: string;
  /** Null when the target no longer exists. */
  target: { excerpt: string; link: string; hidden: boolean } | null;
  /** null when the author deleted their account ("leitor removido"): only hiding or dismissing is left. */
  author: ModerationReader | null;
  /** `reporter` is null when the reporter has no username (an account still in its sign-up step). */
  reports: {
    id: string;
    reason: ReportReason;
    details: string;
    reporter: ModerationReader | null;
    status: ReportStatus;
    createdAt: string;
    resolvedAt: string | null;
  }[];
  history: ModerationLogEntry[];
  hideable: boolean;
};

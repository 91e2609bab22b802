import type { ModerationAction, ReportReason, ReportStatus, ReportableKind } from './reasons';

type ReportedReader = { name: string; username: string; suspended: boolean };

export type ModerationLogEntry = { action: ModerationAction; note: string; admin: string; createdAt: string };

/** A reported thing in the queue: its open (or closed) reports together, with what was done about it. */
export type ReportGroup = {
  kind: ReportableKind;
  targetId: string;
  /** The report the queue's forms act from. */
  reportId: string;
  /** Null when the target no longer exists. */
  target: { excerpt: string; link: string; hidden: boolean } | null;
  /** null when the author deleted their account ("leitor removido"): only hiding or dismissing is left. */
  author: ReportedReader | null;
  /** `reporter` is null when the reporter has no username (an account still in its sign-up step). */
  reports: {
    id: string;
    reason: ReportReason;
    details: string;
    reporter: ReportedReader | null;
    status: ReportStatus;
    createdAt: string;
    resolvedAt: string | null;
  }[];
  history: ModerationLogEntry[];
  hideable: boolean;
};

export type NotificationItem = {
  id: string;
  kind: string;
  /** Whose act it tells of (a follow, a comment…), as they are now; null for the site's own notices. */
  actor: { name: string; username: string; image: string | null; suspended: boolean } | null;
  text: string;
  link: string | null;
  read: boolean;
  createdAt: string;
};

/** A reader /home suggests following, with why (in Portuguese). */
export type ReaderSuggestion = { id: string; username: string; name: string; image: string | null; reason: string };

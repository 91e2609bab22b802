/**
 * What the header shows of the reader: the root loader's data (typed by this) and /api/me's answer for cached
 * pages. Declared here rather than taken from the root route, so the shell depends on nothing above it.
 */
export type ShellData = {
  viewer: { id: string; username: string; name: string; image: string | null; role: 'reader' | 'curator' | 'admin'; emailVerified: boolean } | null;
  unread: number;
  /** Conversations with something unread: the whispers badge (decision 0091). */
  whispers: number;
};

import { sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { getShelf } from '~/features/reading/shelf-queries.server';
import { setShelfHidden } from '~/features/reading/shelves.server';
import type { Viewer } from '~/server/viewer.server';
import type { ReportableKind } from './reasons';

/** What the queue shows of a reported thing, whoever may see it. */
export type ReportTarget = { authorId: string; excerpt: string; link: string; hidden: boolean };

/**
 * One reportable kind (docs/decisions/0024). `loadForReporter` answers null when the reporter cannot see
 * the target — reporting it then answers 404, exactly like a missing one. Content kinds have `hide`,
 * written by the domain that owns the content; an account is dealt with by warning or suspending its owner.
 */
export type ReportTargetKind = {
  loadForReporter: (viewer: Viewer, id: string) => Promise<ReportTarget | null>;
  load: (ids: readonly string[]) => Promise<Map<string, ReportTarget>>;
  hide?: (tx: Tx, id: string, hidden: boolean) => Promise<boolean>;
};

const EXCERPT_MAX = 280;
const excerpt = (...parts: (string | null | undefined)[]) => {
  const text = parts.filter(Boolean).join(' — ').replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;
};

type UserRow = { id: string; name: string; username: string | null; bio: string | null };
const userTarget = (u: UserRow): ReportTarget => ({ authorId: u.id, excerpt: excerpt(`${u.name} (@${u.username ?? ''})`, u.bio), link: `/u/${u.username ?? ''}`, hidden: false });

type ShelfRow = { id: string; user_id: string; name: string; description: string; hidden: boolean };
const shelfTarget = (s: ShelfRow): ReportTarget => ({ authorId: s.user_id, excerpt: excerpt(s.name, s.description), link: `/estante/${s.id}`, hidden: s.hidden });
const selectShelves = (ids: readonly string[]) =>
  queryRows<ShelfRow>(sql`SELECT id, user_id, name, description, hidden_at IS NOT NULL AS hidden FROM shelves WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);

/** Atts, reviews and comments join as one entry each, with their domain's loader and hide. */
export const REPORT_TARGETS: Record<ReportableKind, ReportTargetKind> = {
  user: {
    async loadForReporter(_viewer, id) {
      // A suspended account is already out of sight; blocked readers may still report who they blocked.
      const [row] = await queryRows<UserRow>(sql`SELECT id, name, username, bio FROM users WHERE id = ${id} AND suspended_at IS NULL AND username IS NOT NULL`);
      return row ? userTarget(row) : null;
    },
    async load(ids) {
      if (!ids.length) return new Map();
      const rows = await queryRows<UserRow>(sql`SELECT id, name, username, bio FROM users WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      return new Map(rows.map((r) => [r.id, userTarget(r)]));
    },
  },
  shelf: {
    async loadForReporter(viewer, id) {
      if (!(await getShelf(viewer, id))) return null;
      const [row] = await selectShelves([id]);
      return row ? shelfTarget(row) : null;
    },
    async load(ids) {
      if (!ids.length) return new Map();
      return new Map((await selectShelves(ids)).map((r) => [r.id, shelfTarget(r)]));
    },
    hide: setShelfHidden,
  },
};

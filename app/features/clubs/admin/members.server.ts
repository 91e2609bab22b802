import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { clubMembers, clubPlans, users } from '~/db/schema';
import { toCsv } from '~/lib/csv';
import type { Viewer } from '~/server/viewer.server';
import { ROLE_LABELS, STATUS_LABELS } from '../policy';
import { requireClubAccess } from '../standing.server';
import { MEMBERS_PAGE_SIZE, REQUESTS_SHOWN } from './limits';
import type { ClubMemberPage, ClubMemberRow, PlanOption } from './types';
import { type MemberListQuery, statusOfFilter } from './validation';

const rowColumns = {
  userId: clubMembers.userId,
  username: sql<string>`coalesce(${users.username}, '')`,
  name: users.name,
  image: users.image,
  role: clubMembers.role,
  status: clubMembers.status,
  planId: clubMembers.planId,
  planName: clubPlans.name,
  banReason: clubMembers.banReason,
  joinedAt: clubMembers.joinedAt,
  statusAt: clubMembers.statusAt,
};

type Row = Omit<ClubMemberRow, 'joinedAt' | 'statusAt'> & { joinedAt: Date | null; statusAt: Date };
const toRow = (row: Row): ClubMemberRow => ({ ...row, joinedAt: row.joinedAt?.toISOString() ?? null, statusAt: row.statusAt.toISOString() });

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word must appear in the name or the username, without accents or case. */
function searchWhere(q: string) {
  const words = q
    .toLowerCase()
    .replace(/@/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 5);
  return words.map((word) => {
    const pattern = sql`'%' || immutable_unaccent(${escapeLike(word)}) || '%'`;
    return sql`(immutable_unaccent(lower(${users.name})) LIKE ${pattern} OR ${users.username} LIKE ${pattern})`;
  });
}

/** The members' index order (club_members_club_status_idx), so a page is an index walk, not a sort of the club. */
const newestFirst = [sql`${clubMembers.joinedAt} DESC NULLS LAST`, asc(clubMembers.userId)];

/**
 * /admin/membros' list (manage_members): active members (newest first, in the members index's order),
 * invitations or bans (latest first), searched by name or username without accents or case. A search is not
 * counted: counting its matches would read every member of a large club on each keystroke's page (measured:
 * 70–200 ms at 20,000 members, against under 20 ms for a page), so it reads one row past the page to know
 * whether there is a next one.
 */
export async function listClubMembers(viewer: Viewer, clubId: string, query: MemberListQuery): Promise<ClubMemberPage> {
  const db = getDb();
  await requireClubAccess(db, viewer, clubId, 'manage_members');
  const status = statusOfFilter(query.situacao);
  const where = and(eq(clubMembers.clubId, clubId), eq(clubMembers.status, status), ...searchWhere(query.q));
  const order = status === 'active' ? newestFirst : [desc(clubMembers.statusAt), asc(clubMembers.userId)];
  const offset = (query.pagina - 1) * MEMBERS_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    db
      .select(rowColumns)
      .from(clubMembers)
      .innerJoin(users, eq(users.id, clubMembers.userId))
      .leftJoin(clubPlans, eq(clubPlans.id, clubMembers.planId))
      .where(where)
      .orderBy(...order)
      .limit(MEMBERS_PAGE_SIZE + 1)
      .offset(offset),
    query.q ? null : db.select({ n: count() }).from(clubMembers).where(where),
  ]);
  const hasNext = rows.length > MEMBERS_PAGE_SIZE;
  const members = rows.slice(0, MEMBERS_PAGE_SIZE).map(toRow);
  return {
    members,
    // A search's last page knows its count; an earlier one does not.
    total: total ? (total[0]?.n ?? 0) : hasNext ? null : offset + members.length,
    hasNext,
    page: query.pagina,
    pageSize: MEMBERS_PAGE_SIZE,
  };
}

/** The join requests waiting for an answer, the oldest first, and how many there are. */
export async function listJoinRequests(viewer: Viewer, clubId: string): Promise<{ requests: ClubMemberRow[]; total: number }> {
  const db = getDb();
  await requireClubAccess(db, viewer, clubId, 'manage_members');
  const where = and(eq(clubMembers.clubId, clubId), eq(clubMembers.status, 'pending'));
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(clubMembers)
      .innerJoin(users, eq(users.id, clubMembers.userId))
      .leftJoin(clubPlans, eq(clubPlans.id, clubMembers.planId))
      .where(where)
      .orderBy(asc(clubMembers.statusAt), asc(clubMembers.userId))
      .limit(REQUESTS_SHOWN),
    db.select({ n: count() }).from(clubMembers).where(where),
  ]);
  return { requests: rows.map(toRow), total: total?.n ?? 0 };
}

/** The plans an admin may hand out by hand (run_club), archived ones marked. */
export async function listPlanOptions(viewer: Viewer, clubId: string): Promise<PlanOption[]> {
  const db = getDb();
  await requireClubAccess(db, viewer, clubId, 'run_club');
  return db
    .select({ id: clubPlans.id, name: clubPlans.name, archived: sql<boolean>`${clubPlans.archivedAt} IS NOT NULL` })
    .from(clubPlans)
    .where(eq(clubPlans.clubId, clubId))
    .orderBy(clubPlans.position, clubPlans.createdAt);
}

/** The reader a username names, for the ownership transfer; null when there is none. */
export async function findUserIdByUsername(username: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username.trim().replace(/^@/, '').toLowerCase()));
  return row?.id ?? null;
}

/** YYYY-MM-DD in São Paulo time, as spreadsheets read a date. */
const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' });

const CSV_HEADER = ['usuario', 'nome', 'papel', 'situacao', 'plano', 'entrou_em', 'motivo_do_banimento'];

/**
 * The members' CSV (run_club): every row of the club but open requests, cells defused against formulas by
 * toCsv (a name such as `=HYPERLINK(…)` stays text in a spreadsheet).
 */
export async function clubMembersCsv(viewer: Viewer, clubId: string): Promise<{ filename: string; body: string }> {
  const db = getDb();
  const { club } = await requireClubAccess(db, viewer, clubId, 'run_club');
  const rows = await db
    .select(rowColumns)
    .from(clubMembers)
    .innerJoin(users, eq(users.id, clubMembers.userId))
    .leftJoin(clubPlans, eq(clubPlans.id, clubMembers.planId))
    .where(and(eq(clubMembers.clubId, clubId), sql`${clubMembers.status} <> 'pending'`))
    .orderBy(...newestFirst);
  const body = toCsv([
    CSV_HEADER,
    ...rows.map((row) => [
      row.username,
      row.name,
      ROLE_LABELS[row.role],
      STATUS_LABELS[row.status],
      row.planName,
      row.joinedAt ? day.format(row.joinedAt) : null,
      row.banReason,
    ]),
  ]);
  return { filename: `membros-${club.slug}.csv`, body };
}

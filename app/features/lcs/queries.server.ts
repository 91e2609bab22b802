import { type SQL, and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb, queryRows } from '~/db/client.server';
import { clubMembers, clubs, editions, groupReadParticipants, groupReadSlugRedirects, groupReadStages, groupReads, users } from '~/db/schema';
import { type CoverCardRow, coverCardColumns, toCoverCard } from '~/features/catalog/cards.server';
import { blockedEitherWay } from '~/features/social/audience.server';
import { markdownPlainText } from '~/lib/markdown';
import { containsEveryWord } from '~/server/name-search.server';
import { type SlugStore, findSlugRedirect } from '~/server/slugs.server';
import type { Viewer } from '~/server/viewer.server';
import { DIRECTORY_PAGE_SIZE, can, phaseOf, saoPauloToday } from './policy';
import { type GroupReadReader, effectiveVisibility, rememberGroupReadAccess, standingColumns, standingJoins, toStanding } from './standing.server';
import type { GroupReadBook, GroupReadCard, GroupReadDetail, GroupReadDirectoryPage, GroupReadParticipant, GroupReadStage, MyGroupReads } from './types';
import type { GroupReadPhase } from './vocabulary';
import { storedFileUrl } from '~/integrations/storage/storage.server';

export const hostUsers = alias(users, 'host_users');
export const hostClubs = alias(clubs, 'host_clubs');

/** The columns of an LC's card (select from group_reads left-joined to hostUsers and hostClubs): see toCard. */
export const cardColumns = {
  id: groupReads.id,
  slug: groupReads.slug,
  title: groupReads.title,
  description: groupReads.description,
  visibility: effectiveVisibility(),
  startsOn: groupReads.startsOn,
  endsOn: groupReads.endsOn,
  closedEarlyAt: groupReads.closedEarlyAt,
  participantCount: groupReads.participantCount,
  participantCap: groupReads.participantCap,
  coverKey: groupReads.coverKey,
  hostUserName: hostUsers.name,
  hostUsername: hostUsers.username,
  hostClubName: hostClubs.name,
  hostClubSlug: hostClubs.slug,
  // The first book rides along as JSON: a list never costs one query per LC.
  book: sql<CoverCardRow | null>`(SELECT row_to_json(b) FROM (SELECT ${coverCardColumns} FROM group_read_editions ge JOIN editions e ON e.id = ge.edition_id
    WHERE ge.group_read_id = ${groupReads.id} ORDER BY ge.position LIMIT 1) b)`,
};

export type CardRow = {
  id: string;
  slug: string;
  title: string;
  description: string;
  visibility: GroupReadCard['visibility'];
  startsOn: string;
  endsOn: string;
  closedEarlyAt: Date | null;
  participantCount: number;
  participantCap: number | null;
  coverKey: string | null;
  hostUserName: string | null;
  hostUsername: string | null;
  hostClubName: string | null;
  hostClubSlug: string | null;
  book: CoverCardRow | null;
};

/** Characters of a description on an LC's card. */
const SUMMARY_MAX = 200;

export function toCard(row: CardRow, today: string): GroupReadCard {
  const summary = markdownPlainText(row.description);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX).trimEnd()}…` : summary,
    visibility: row.visibility,
    phase: phaseOf(row, today),
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    participantCount: row.participantCount,
    participantCap: row.participantCap,
    coverUrl: storedFileUrl(row.coverKey),
    book: row.book ? toCoverCard(row.book) : null,
    host:
      row.hostClubSlug !== null
        ? { kind: 'club', name: row.hostClubName ?? '', slug: row.hostClubSlug }
        : { kind: 'reader', name: row.hostUserName ?? '', username: row.hostUsername ?? '' },
  };
}

/**
 * Whether the LC's host reader may be shown to the viewer (a club's LC always is): not suspended (the site hides
 * a suspended reader's content), and no block either way between them (PRODUCT.md §1.3). The host sees their own.
 */
export function hostShownTo(viewer: GroupReadReader | null): SQL<boolean> {
  const host = sql`${groupReads.hostUserId}`;
  const unblocked = viewer ? sql`AND (${host} = ${viewer.id} OR NOT ${blockedEitherWay(host, sql`${viewer.id}`)})` : sql``;
  return sql<boolean>`(${host} IS NULL OR (${hostUsers.suspendedAt} IS NULL ${unblocked}))`;
}

/**
 * hostShownTo for raw SQL, where the reader is a column (a participant told of an etapa) or a parameter: whether
 * the LC whose `host_user_id` is `hostUserId` may be shown to `readerId` — a club's LC always; a reader's while
 * they are not suspended and not in a block with the reader (they see their own).
 */
export function hostShownToSql(hostUserId: SQL, readerId: SQL): SQL {
  return sql`(${hostUserId} IS NULL OR EXISTS (SELECT 1 FROM users hu WHERE hu.id = ${hostUserId} AND hu.suspended_at IS NULL
    AND (hu.id = ${readerId} OR NOT ${blockedEitherWay(sql`hu.id`, readerId)})))`;
}

/**
 * For raw SQL over an LC aliased `g`: a club's LC reaches `readerId` (a card, a notice) only while they are an active
 * member of its club, as its pages answer; any other LC always.
 */
export function inHostClubSql(readerId: SQL): SQL {
  return sql`(g.visibility <> 'clube' OR EXISTS (SELECT 1 FROM club_members m WHERE m.club_id = g.host_club_id AND m.user_id = ${readerId} AND m.status = 'active'))`;
}

const cardsFrom = () =>
  getDb()
    .select(cardColumns)
    .from(groupReads)
    .leftJoin(hostUsers, eq(hostUsers.id, groupReads.hostUserId))
    .leftJoin(hostClubs, eq(hostClubs.id, groupReads.hostClubId));

/**
 * The LC behind /lc/{identificador} as the viewer may see it, with their standing, in one round trip; null when
 * missing or hidden from them (a private LC, a club's LC to a non-member, the banned), so it answers 404.
 */
export async function getGroupReadBySlug(viewer: GroupReadReader | null, slug: string): Promise<GroupReadDetail | null> {
  const joins = standingJoins(viewer);
  const [row] = await getDb()
    .select({
      ...cardColumns,
      hostClubId: groupReads.hostClubId,
      hostUserId: groupReads.hostUserId,
      hostShown: hostShownTo(viewer),
      ...standingColumns(viewer),
    })
    .from(groupReads)
    .leftJoin(hostUsers, eq(hostUsers.id, groupReads.hostUserId))
    .leftJoin(hostClubs, eq(hostClubs.id, groupReads.hostClubId))
    .leftJoin(groupReadParticipants, joins.participant)
    .leftJoin(clubMembers, joins.club)
    .where(eq(groupReads.slug, slug));
  if (!row) return null;
  const { status, waitingPlace, clubRole, clubStatus, hostUserIsViewer, hostClubId, hostUserId, hostShown, ...card } = row;
  const standing = toStanding(viewer, { status, waitingPlace, clubRole, clubStatus, hostUserIsViewer });
  // The data functions this request calls next authorize with the same row (requireGroupReadAccess).
  const { id, slug: current, title, visibility, startsOn, endsOn, participantCap, participantCount, closedEarlyAt } = card;
  rememberGroupReadAccess(
    viewer,
    { id, slug: current, title, visibility, hostUserId, hostClubId, startsOn, endsOn, participantCap, participantCount, closedEarlyAt },
    standing,
  );
  if (!can(card, standing, 'see') || (!hostShown && !standing.siteAdmin)) return null;
  return {
    ...toCard(card, saoPauloToday()),
    description: card.description,
    hostClubId,
    closedEarlyAt: card.closedEarlyAt?.toISOString() ?? null,
    standing,
  };
}

/** LCs' identificadores: the current one on `group_reads`, the old ones redirecting (PRODUCT.md §1.1). */
export const GROUP_READ_SLUGS: SlugStore = {
  kind: 'group-read',
  owners: groupReads,
  ownerId: groupReads.id,
  ownerSlug: groupReads.slug,
  redirects: groupReadSlugRedirects,
  redirectSlug: groupReadSlugRedirects.slug,
  redirectOwnerId: groupReadSlugRedirects.groupReadId,
};

/** Where an old identificador moved to (308), or null. */
export const findGroupReadRedirect = (slug: string) => findSlugRedirect(GROUP_READ_SLUGS, slug);

/** The etapas in order: call it only for an LC the viewer may see (the page resolved it with getGroupReadBySlug). */
export async function listStages(groupReadId: string): Promise<GroupReadStage[]> {
  return getDb()
    .select({
      id: groupReadStages.id,
      position: groupReadStages.position,
      editionId: groupReadStages.editionId,
      editionTitle: editions.title,
      unit: groupReadStages.unit,
      fromNumber: groupReadStages.fromNumber,
      toNumber: groupReadStages.toNumber,
      startsOn: groupReadStages.startsOn,
      endsOn: groupReadStages.endsOn,
    })
    .from(groupReadStages)
    .innerJoin(editions, eq(editions.id, groupReadStages.editionId))
    .where(eq(groupReadStages.groupReadId, groupReadId))
    .orderBy(asc(groupReadStages.position));
}

/** The LC's books in order (for an LC the viewer may see). */
export async function listBooks(groupReadId: string): Promise<GroupReadBook[]> {
  const rows = await queryRows<CoverCardRow & { position: number; pages: number | null }>(
    sql`SELECT ${coverCardColumns}, ge.position, e.pages FROM group_read_editions ge JOIN editions e ON e.id = ge.edition_id
      WHERE ge.group_read_id = ${groupReadId} ORDER BY ge.position`,
  );
  return rows.map((row) => ({ ...toCoverCard(row), position: row.position, pages: row.pages }));
}

/** Host tools: everyone with a row in the LC (places, waiting list in order, invitations, bans). */
export async function listParticipants(viewer: Viewer, detail: Pick<GroupReadDetail, 'id' | 'visibility' | 'standing'>): Promise<GroupReadParticipant[]> {
  if (!can(detail, detail.standing, 'manage') || detail.standing.signedIn === false || !viewer) return [];
  const rows = await getDb()
    .select({
      userId: groupReadParticipants.userId,
      username: users.username,
      name: users.name,
      status: groupReadParticipants.status,
      waitingPosition: groupReadParticipants.waitingPosition,
    })
    .from(groupReadParticipants)
    .innerJoin(users, eq(users.id, groupReadParticipants.userId))
    .where(eq(groupReadParticipants.groupReadId, detail.id))
    .orderBy(asc(groupReadParticipants.status), asc(groupReadParticipants.waitingPosition), asc(groupReadParticipants.statusAt))
    .limit(2000);
  let place = 0;
  return rows.map(({ waitingPosition, username, ...row }) => ({ ...row, username: username ?? '', waitingPlace: waitingPosition === null ? null : ++place }));
}

function phaseWhere(phase: GroupReadPhase, today: string): SQL | undefined {
  if (phase === 'aberta') return and(isNull(groupReads.closedEarlyAt), sql`${groupReads.startsOn} > ${today}`);
  if (phase === 'em-andamento') return and(isNull(groupReads.closedEarlyAt), sql`${groupReads.startsOn} <= ${today}`, sql`${groupReads.endsOn} >= ${today}`);
  return or(isNotNull(groupReads.closedEarlyAt), sql`${groupReads.endsOn} < ${today}`);
}

/**
 * /lcs: public LCs (never a club's or a private one) of a phase, searched by title without accents or case,
 * hosted by a club when asked; open ones by their first day, running ones by their last, finished ones latest first.
 */
export async function listGroupReadDirectory(
  viewer: Viewer | null,
  options: {
    q: string;
    fase: GroupReadPhase;
    clube?: string | undefined;
    pagina: number;
  },
): Promise<GroupReadDirectoryPage> {
  const today = saoPauloToday();
  const where = and(
    // A private club's LCs never show in the directory (one made public before the club went private included).
    eq(effectiveVisibility(), 'publico'),
    hostShownTo(viewer),
    phaseWhere(options.fase, today),
    options.clube ? eq(hostClubs.slug, options.clube) : undefined,
    ...containsEveryWord(groupReads.title, options.q),
  );
  const order =
    options.fase === 'aberta'
      ? [asc(groupReads.startsOn), asc(groupReads.id)]
      : options.fase === 'em-andamento'
        ? [asc(groupReads.endsOn), asc(groupReads.id)]
        : [desc(groupReads.endsOn), asc(groupReads.id)];
  const [rows, [total]] = await Promise.all([
    cardsFrom()
      .where(where)
      .orderBy(...order)
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((options.pagina - 1) * DIRECTORY_PAGE_SIZE),
    getDb()
      .select({ n: count() })
      .from(groupReads)
      .leftJoin(hostUsers, eq(hostUsers.id, groupReads.hostUserId))
      .leftJoin(hostClubs, eq(hostClubs.id, groupReads.hostClubId))
      .where(where),
  ]);
  return { groupReads: rows.map((row) => toCard(row, today)), total: total?.n ?? 0, page: options.pagina, pageSize: DIRECTORY_PAGE_SIZE };
}

/** The clubs /lcs may filter by: those hosting a public LC, by name. */
export async function listDirectoryClubs(): Promise<{ slug: string; name: string }[]> {
  return getDb()
    .selectDistinct({ slug: clubs.slug, name: clubs.name })
    .from(groupReads)
    .innerJoin(clubs, eq(clubs.id, groupReads.hostClubId))
    .where(eq(effectiveVisibility(), 'publico'))
    .orderBy(asc(clubs.name))
    .limit(200);
}

/** /lc: the LCs the viewer hosts (themself or as staff of the host club), is in, is invited to, or waits for. */
export async function listMyGroupReads(viewer: Viewer): Promise<MyGroupReads> {
  const today = saoPauloToday();
  const staffClubs = getDb()
    .select({ clubId: clubMembers.clubId })
    .from(clubMembers)
    .where(and(eq(clubMembers.userId, viewer.id), eq(clubMembers.status, 'active'), inArray(clubMembers.role, ['owner', 'admin'])));
  const [hosted, places] = await Promise.all([
    cardsFrom()
      .where(or(eq(groupReads.hostUserId, viewer.id), inArray(groupReads.hostClubId, staffClubs)))
      .orderBy(desc(groupReads.startsOn), asc(groupReads.id))
      .limit(200),
    getDb()
      .select({ ...cardColumns, status: groupReadParticipants.status, waitingPlace: standingColumns(viewer).waitingPlace })
      .from(groupReadParticipants)
      .innerJoin(groupReads, eq(groupReads.id, groupReadParticipants.groupReadId))
      .leftJoin(hostUsers, eq(hostUsers.id, groupReads.hostUserId))
      .leftJoin(hostClubs, eq(hostClubs.id, groupReads.hostClubId))
      .where(and(eq(groupReadParticipants.userId, viewer.id), ne(groupReadParticipants.status, 'banned')))
      .orderBy(desc(groupReads.startsOn), asc(groupReads.id))
      .limit(500),
  ]);
  const mine: MyGroupReads = { hosting: hosted.map((row) => toCard(row, today)), joined: [], invitations: [], waiting: [] };
  for (const { status, waitingPlace, ...row } of places) {
    const card = toCard(row, today);
    if (status === 'active') mine.joined.push(card);
    else if (status === 'invited') mine.invitations.push(card);
    else mine.waiting.push({ ...card, waitingPlace: waitingPlace ?? 0 });
  }
  return mine;
}

/** The clubs the viewer may host an LC for: those they own or run as admin. */
export async function listHostableClubs(viewer: Viewer): Promise<{ id: string; name: string }[]> {
  return getDb()
    .select({ id: clubs.id, name: clubs.name })
    .from(clubMembers)
    .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
    .where(and(eq(clubMembers.userId, viewer.id), eq(clubMembers.status, 'active'), inArray(clubMembers.role, ['owner', 'admin'])))
    .orderBy(asc(clubs.name));
}

/** The wizard's chosen books as the catalogue has them (title and page count), by id; unknown ids are left out. */
export async function lookUpBooks(ids: readonly string[]): Promise<Record<string, { title: string; pages: number | null }>> {
  if (ids.length === 0) return {};
  const rows = await getDb()
    .select({ id: editions.id, title: editions.title, pages: editions.pages })
    .from(editions)
    .where(inArray(editions.id, [...ids]));
  return Object.fromEntries(rows.map((row) => [row.id, { title: row.title, pages: row.pages }]));
}

/**
 * The id each edition goes by now: its own, or, for one merged into another, the one that stayed (following a
 * chain of merges). Ids the catalogue never had are left out.
 */
export async function currentEditionIds(ids: readonly string[], db: Parameters<typeof queryRows>[1] = getDb()): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; current: string }>(
    sql`WITH RECURSIVE hops(id, current, n) AS (
        SELECT r.from_id, r.to_id, 1 FROM catalog_redirects r WHERE r.kind = 'edition' AND r.from_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        UNION ALL
        SELECT h.id, r.to_id, h.n + 1 FROM hops h JOIN catalog_redirects r ON r.kind = 'edition' AND r.from_id = h.current WHERE h.n < 10)
      SELECT DISTINCT ON (h.id) h.id, h.current FROM hops h JOIN editions e ON e.id = h.current ORDER BY h.id, h.n DESC`,
    db,
  );
  return new Map(rows.map((row) => [row.id, row.current]));
}

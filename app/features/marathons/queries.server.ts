import { type SQL, and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '~/db/client.server';
import {
  clubMembers,
  clubs,
  marathonCategories,
  marathonChallenges,
  marathonLevels,
  marathonNoticeAcceptances,
  marathonParticipants,
  marathonSlugRedirects,
  marathonTeams,
  marathons,
  users,
} from '~/db/schema';
import { clubCacheTag } from '~/features/clubs/cache';
import { storedFileUrl } from '~/integrations/storage/storage.server';
import { readerCacheTag } from '~/features/profiles/cache';
import { listAtts } from '~/features/atts/queries.server';
import type { AttPage } from '~/features/atts/types';
import type { AttCursor } from '~/features/atts/validation';
import { AppError, isAppError } from '~/server/errors';
import { containsEveryWord } from '~/server/name-search.server';
import { type SlugStore, findSlugRedirect } from '~/server/slugs.server';
import type { Viewer } from '~/server/viewer.server';
import { effectiveVisibility, organizerShownSql, requireMarathonAccess, seeSql, standingColumns, standingJoins, toStanding } from './access.server';
import { DIRECTORY_PAGE_SIZE, PARTICIPANTS_PAGE_SIZE, can, phaseOf, registrationState } from './policy';
import { todayIn } from '~/lib/calendar';
import type { ChallengeView, MarathonCard, MarathonDetail, MarathonParticipantView } from './types';
import type { MARATHON_DIRECTORY_SECTIONS } from './validation';

const organizerUsers = alias(users, 'organizer_users');
const organizerClubs = alias(clubs, 'organizer_clubs');

/** Marathons' identificadores: the current one on `marathons`, the old ones redirecting (PRODUCT.md §1.1). */
export const MARATHON_SLUGS: SlugStore = {
  kind: 'marathon',
  owners: marathons,
  ownerId: marathons.id,
  ownerSlug: marathons.slug,
  redirects: marathonSlugRedirects,
  redirectSlug: marathonSlugRedirects.slug,
  redirectOwnerId: marathonSlugRedirects.marathonId,
};

export const findMarathonRedirect = (slug: string) => findSlugRedirect(MARATHON_SLUGS, slug);

const cardColumns = {
  id: marathons.id,
  slug: marathons.slug,
  name: marathons.name,
  official: marathons.official,
  visibility: effectiveVisibility(),
  mode: marathons.mode,
  timeZone: marathons.timeZone,
  startsOn: marathons.startsOn,
  endsOn: marathons.endsOn,
  registrationOpensOn: marathons.registrationOpensOn,
  registrationClosesOn: marathons.registrationClosesOn,
  participantCount: marathons.participantCount,
  organizerUserId: marathons.organizerUserId,
  organizerClubId: marathons.organizerClubId,
  organizerUsername: organizerUsers.username,
  organizerUserName: organizerUsers.name,
  organizerClubSlug: organizerClubs.slug,
  organizerClubName: organizerClubs.name,
};

type ColumnData<C> = C extends SQL<infer T> ? T : C extends { _: { data: infer D } } ? D : never;
type CardRow = { [K in keyof typeof cardColumns]: ColumnData<(typeof cardColumns)[K]> | (K extends `organizer${string}` ? null : never) };

function toCard(row: CardRow, now: Date): MarathonCard {
  const organizer = row.official
    ? { kind: 'oficial' as const, name: 'Maratona (oficial)', href: null }
    : row.organizerClubSlug
      ? { kind: 'clube' as const, name: row.organizerClubName ?? '', href: `/clube/${row.organizerClubSlug}` }
      : {
          kind: 'leitor' as const,
          name: row.organizerUserName ?? row.organizerUsername ?? 'leitor removido',
          href: row.organizerUsername ? `/u/${row.organizerUsername}` : null,
        };
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    official: row.official,
    visibility: row.visibility,
    mode: row.mode,
    timeZone: row.timeZone,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    registrationOpensOn: row.registrationOpensOn,
    registrationClosesOn: row.registrationClosesOn,
    participantCount: row.participantCount,
    organizer,
    organizerCacheTag: row.organizerUserId ? readerCacheTag(row.organizerUserId) : row.organizerClubId ? clubCacheTag(row.organizerClubId) : null,
    phase: phaseOf(row, now),
    registration: registrationState(row, now),
  };
}

const cardsFrom = () =>
  getDb()
    .select(cardColumns)
    .from(marathons)
    .leftJoin(organizerUsers, eq(organizerUsers.id, marathons.organizerUserId))
    .leftJoin(organizerClubs, eq(organizerClubs.id, marathons.organizerClubId));

/**
 * The marathon behind /m/{identificador} as the viewer may see it, with their standing, levels and teams; null when
 * missing or hidden from them (private, a club's to a non-member, the banned from a non-public one): 404.
 */
export async function getMarathonBySlug(viewer: Viewer | null, slug: string, now: Date = new Date()): Promise<MarathonDetail | null> {
  const joins = standingJoins(viewer);
  const [row] = await getDb()
    .select({
      ...cardColumns,
      description: marathons.description,
      rules: marathons.rules,
      coverKey: marathons.coverKey,
      ...standingColumns(viewer),
      organizerShown: organizerShownSql(viewer),
      levelId: marathonParticipants.levelId,
      teamId: marathonParticipants.teamId,
    })
    .from(marathons)
    .leftJoin(organizerUsers, eq(organizerUsers.id, marathons.organizerUserId))
    .leftJoin(organizerClubs, eq(organizerClubs.id, marathons.organizerClubId))
    .leftJoin(marathonParticipants, joins.participant)
    .leftJoin(clubMembers, joins.club)
    .where(eq(marathons.slug, slug));
  if (!row) return null;
  const { status, clubRole, organizerIsViewer, organizerShown, description, rules, coverKey, levelId, teamId, ...card } = row;
  const standing = toStanding(viewer, card, { status, clubRole, organizerIsViewer });
  if (!organizerShown || !can(card, standing, 'see')) return null;
  const groupTable = card.mode === 'teams' ? marathonTeams : marathonLevels;
  const groups =
    card.mode === 'none'
      ? []
      : await getDb()
          .select({ id: groupTable.id, name: groupTable.name, position: groupTable.position })
          .from(groupTable)
          .where(eq(groupTable.marathonId, card.id))
          .orderBy(asc(groupTable.position));
  return {
    ...toCard(card, now),
    description,
    rules,
    coverUrl: storedFileUrl(coverKey),
    groups: groups.map(({ id, name }) => ({ id, name })),
    standing,
    myGroupId: card.mode === 'teams' ? teamId : card.mode === 'levels' ? levelId : null,
  };
}

export type DirectorySection = (typeof MARATHON_DIRECTORY_SECTIONS)[number];

/**
 * /maratonas: public marathons only (the page is the same for everyone, so visitors get it from the cache), by
 * section (acontecendo, próximas, encerradas in each marathon's own time zone), kind and name search.
 */
export async function listMarathons(
  viewer: Viewer | null,
  query: { q: string; fase: DirectorySection; tipo: 'todas' | 'oficiais' | 'comunidade'; pagina: number },
  now: Date = new Date(),
): Promise<{ marathons: MarathonCard[]; total: number; page: number; pageSize: number }> {
  const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${marathons.timeZone})::date`;
  const section: Record<DirectorySection, SQL> = {
    acontecendo: sql`${marathons.startsOn} <= ${today} AND ${marathons.endsOn} >= ${today}`,
    proximas: sql`${marathons.startsOn} > ${today}`,
    encerradas: sql`${marathons.endsOn} < ${today}`,
  };
  const kind = query.tipo === 'oficiais' ? [eq(marathons.official, true)] : query.tipo === 'comunidade' ? [eq(marathons.official, false)] : [];
  const order =
    query.fase === 'encerradas'
      ? [desc(marathons.endsOn)]
      : query.fase === 'proximas'
        ? [asc(marathons.startsOn)]
        : [desc(marathons.official), asc(marathons.endsOn)];
  // A private club's marathons never show here, nor a suspended reader's or one in a block with the viewer.
  const where = and(
    eq(effectiveVisibility(), 'publico'),
    organizerShownSql(viewer),
    section[query.fase],
    ...kind,
    ...containsEveryWord(marathons.name, query.q),
  );
  const [rows, [counted]] = await Promise.all([
    cardsFrom()
      .where(where)
      .orderBy(...order, asc(marathons.id))
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((query.pagina - 1) * DIRECTORY_PAGE_SIZE),
    getDb().select({ n: count() }).from(marathons).where(where),
  ]);
  return { marathons: rows.map((row) => toCard(row, now)), total: counted?.n ?? 0, page: query.pagina, pageSize: DIRECTORY_PAGE_SIZE };
}

/** How many official marathons /gerenciar/maratonas lists, newest first. */
export const OFFICIAL_MARATHONS_MAX = 100;

/** /gerenciar/maratonas: the official marathons, the newest start first; site admins only (they run them). */
export async function listOfficialMarathons(viewer: Viewer, now: Date = new Date()): Promise<MarathonCard[]> {
  if (viewer.role !== 'admin') throw new AppError('forbidden');
  const rows = await cardsFrom().where(eq(marathons.official, true)).orderBy(desc(marathons.startsOn), asc(marathons.id)).limit(OFFICIAL_MARATHONS_MAX);
  return rows.map((row) => toCard(row, now));
}

/** How many marathons the header's typeahead suggests. */
export const MARATHON_SUGGESTIONS_MAX = 3;

/**
 * The header's typeahead (public, briefly cached, the same for everyone): public marathons whose name has every word
 * typed and whose organiser is shown to visitors — running ones first, then upcoming, then ended; the largest first.
 */
export async function suggestMarathons(q: string, now: Date = new Date()): Promise<MarathonCard[]> {
  if (q.trim().length < 2) return [];
  const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${marathons.timeZone})::date`;
  const rows = await cardsFrom()
    .where(and(eq(effectiveVisibility(), 'publico'), organizerShownSql(null), ...containsEveryWord(marathons.name, q)))
    .orderBy(
      sql`CASE WHEN ${marathons.endsOn} < ${today} THEN 2 WHEN ${marathons.startsOn} > ${today} THEN 1 ELSE 0 END`,
      desc(marathons.participantCount),
      asc(marathons.id),
    )
    .limit(MARATHON_SUGGESTIONS_MAX);
  return rows.map((row) => toCard(row, now));
}

/** /m: the marathons the viewer organises (their own, their clubs', official ones for site admins) and the ones they joined. */
export async function listMyMarathons(viewer: Viewer, now: Date = new Date()): Promise<{ organizing: MarathonCard[]; joined: MarathonCard[] }> {
  const runs = sql`EXISTS (SELECT 1 FROM club_members cm WHERE cm.club_id = ${marathons.organizerClubId} AND cm.user_id = ${viewer.id}
    AND cm.status = 'active' AND cm.role IN ('owner', 'admin'))`;
  const [organizing, joined] = await Promise.all([
    cardsFrom()
      .where(or(eq(marathons.organizerUserId, viewer.id), runs, ...(viewer.role === 'admin' ? [eq(marathons.official, true)] : [])))
      .orderBy(desc(marathons.startsOn), asc(marathons.id))
      .limit(100),
    cardsFrom()
      .innerJoin(marathonParticipants, standingJoins(viewer).participant)
      .leftJoin(clubMembers, standingJoins(viewer).club)
      // Only the ones they may still open: a club's once they left the club, or a hidden organiser's, drop out.
      .where(and(eq(marathonParticipants.status, 'active'), seeSql(viewer)))
      .orderBy(desc(marathons.startsOn), asc(marathons.id))
      .limit(100),
  ]);
  return { organizing: organizing.map((r) => toCard(r, now)), joined: joined.map((r) => toCard(r, now)) };
}

/**
 * The challenges of a marathon the viewer may see, by category: only those revealed by `now` in the marathon's
 * time zone. The filter is in the query, so nothing unrevealed reaches a page, its `.data` or anyone's view.
 */
export async function listRevealedChallenges(viewer: Viewer | null, marathonId: string, now: Date = new Date()) {
  const { marathon } = await requireMarathonAccess(getDb(), viewer, marathonId, 'see');
  return challengesOf(marathonId, sql`(${marathonChallenges.revealsOn} IS NULL OR ${marathonChallenges.revealsOn} <= ${todayIn(marathon.timeZone, now)})`);
}

/** The organisers' edit tool: challenges still waiting for their reveal day ("agendado para …"). */
export async function listScheduledChallenges(viewer: Viewer, marathonId: string, now: Date = new Date()) {
  const { marathon } = await requireMarathonAccess(getDb(), viewer, marathonId, 'manage');
  const list = await challengesOf(marathonId, sql`${marathonChallenges.revealsOn} > ${todayIn(marathon.timeZone, now)}`);
  return list.flatMap((c) => c.challenges.map((challenge) => ({ ...challenge, category: c.name })));
}

/** The organisers' edit tool: every challenge by category, and the marathon's today (what is later is scheduled). */
export async function listManagedChallenges(viewer: Viewer, marathonId: string, now: Date = new Date()) {
  const { marathon } = await requireMarathonAccess(getDb(), viewer, marathonId, 'manage');
  return { today: todayIn(marathon.timeZone, now), categories: await challengesOf(marathonId, sql`true`) };
}

async function challengesOf(marathonId: string, where: SQL): Promise<{ id: string; name: string; challenges: ChallengeView[] }[]> {
  const [categories, challenges] = await Promise.all([
    getDb()
      .select({ id: marathonCategories.id, name: marathonCategories.name })
      .from(marathonCategories)
      .where(eq(marathonCategories.marathonId, marathonId))
      .orderBy(asc(marathonCategories.position)),
    getDb()
      .select({
        id: marathonChallenges.id,
        categoryId: marathonChallenges.categoryId,
        kind: marathonChallenges.kind,
        description: marathonChallenges.description,
        points: marathonChallenges.points,
        revealsOn: marathonChallenges.revealsOn,
        completesOnFinish: marathonChallenges.completesOnFinish,
        levelId: marathonChallenges.levelId,
        levelName: marathonLevels.name,
        levelPosition: marathonLevels.position,
      })
      .from(marathonChallenges)
      .leftJoin(marathonLevels, eq(marathonLevels.id, marathonChallenges.levelId))
      .where(and(eq(marathonChallenges.marathonId, marathonId), where))
      .orderBy(asc(marathonChallenges.position)),
  ]);
  return categories
    .map((category) => ({ ...category, challenges: challenges.filter((c) => c.categoryId === category.id).map(({ categoryId: _, ...c }) => c) }))
    .filter((category) => category.challenges.length > 0);
}

/** The categories and levels of a marathon, for the organisers' "add a challenge" form. */
export async function listChallengeOptions(viewer: Viewer, marathonId: string) {
  await requireMarathonAccess(getDb(), viewer, marathonId, 'manage');
  const [categories, levels] = await Promise.all([
    getDb()
      .select({ id: marathonCategories.id, name: marathonCategories.name })
      .from(marathonCategories)
      .where(eq(marathonCategories.marathonId, marathonId))
      .orderBy(asc(marathonCategories.position)),
    getDb()
      .select({ id: marathonLevels.id, name: marathonLevels.name })
      .from(marathonLevels)
      .where(eq(marathonLevels.marathonId, marathonId))
      .orderBy(asc(marathonLevels.position)),
  ]);
  return { categories, levels };
}

/**
 * A page of a marathon's participants in the order they registered (PARTICIPANTS_PAGE_SIZE a page, so 15,000 fit),
 * with their level or team; suspended readers left out. `withBanned` (Gerenciar) adds the banned, for organisers
 * and site admins only.
 */
export async function listParticipants(
  viewer: Viewer | null,
  marathonId: string,
  options: { page?: number; withBanned?: boolean } = {},
): Promise<{ items: MarathonParticipantView[]; total: number; page: number; pageSize: number }> {
  const { standing } = await requireMarathonAccess(getDb(), viewer, marathonId, 'see');
  const withBanned = options.withBanned === true && (standing.organizer || standing.siteAdmin);
  const page = options.page ?? 1;
  const where = and(
    eq(marathonParticipants.marathonId, marathonId),
    withBanned ? undefined : eq(marathonParticipants.status, 'active'),
    sql`${users.suspendedAt} IS NULL`,
  );
  const [rows, [counted]] = await Promise.all([
    getDb()
      .select({
        userId: users.id,
        username: users.username,
        name: users.name,
        status: marathonParticipants.status,
        joinedAt: marathonParticipants.joinedAt,
        level: marathonLevels.name,
        team: marathonTeams.name,
        groupId: sql<string | null>`coalesce(${marathonParticipants.levelId}, ${marathonParticipants.teamId})`,
      })
      .from(marathonParticipants)
      .innerJoin(users, eq(users.id, marathonParticipants.userId))
      .leftJoin(marathonLevels, eq(marathonLevels.id, marathonParticipants.levelId))
      .leftJoin(marathonTeams, eq(marathonTeams.id, marathonParticipants.teamId))
      .where(where)
      .orderBy(asc(marathonParticipants.joinedAt), asc(users.id))
      .limit(PARTICIPANTS_PAGE_SIZE)
      .offset((page - 1) * PARTICIPANTS_PAGE_SIZE),
    getDb().select({ n: count() }).from(marathonParticipants).innerJoin(users, eq(users.id, marathonParticipants.userId)).where(where),
  ]);
  const items = rows.map(({ level, team, joinedAt, ...r }) => ({ ...r, group: level ?? team, joinedAt: joinedAt.toISOString() }));
  return { items, total: counted?.n ?? 0, page, pageSize: PARTICIPANTS_PAGE_SIZE };
}

/** Whether the reader accepted /maratonas/aviso. */
export async function hasAcceptedNotice(viewer: Viewer): Promise<boolean> {
  const [row] = await getDb()
    .select({ at: marathonNoticeAcceptances.acceptedAt })
    .from(marathonNoticeAcceptances)
    .where(eq(marathonNoticeAcceptances.userId, viewer.id));
  return row !== undefined;
}

/** The identificador of a marathon the viewer may see, by its id (/m/id/{id}); null when missing or hidden. */
export async function marathonSlugById(viewer: Viewer | null, id: string): Promise<string | null> {
  const found = await requireMarathonAccess(getDb(), viewer, id, 'see').catch((error: unknown) => {
    if (isAppError(error) && error.code === 'not_found') return null;
    throw error;
  });
  return found?.marathon.slug ?? null;
}

const ownerRows = alias(marathonParticipants, 'owner_rows');

/**
 * /u/{username}/maratonas: the marathons a reader organises and those they take part in, as the viewer may see
 * each one (the policy's 'see' in SQL, before the limit). The profile's own rules are the tab's, checked before this.
 */
export async function listReaderMarathons(
  viewer: Viewer | null,
  userId: string,
  now: Date = new Date(),
): Promise<{ organizing: MarathonCard[]; joined: MarathonCard[] }> {
  const joins = standingJoins(viewer);
  const rows = await cardsFrom()
    .leftJoin(ownerRows, and(eq(ownerRows.marathonId, marathons.id), eq(ownerRows.userId, userId)))
    .leftJoin(marathonParticipants, joins.participant)
    .leftJoin(clubMembers, joins.club)
    .where(and(or(eq(marathons.organizerUserId, userId), eq(ownerRows.status, 'active')), seeSql(viewer)))
    .orderBy(desc(marathons.startsOn), asc(marathons.id))
    .limit(100);
  const result = { organizing: [] as MarathonCard[], joined: [] as MarathonCard[] };
  for (const row of rows) (row.organizerUserId === userId ? result.organizing : result.joined).push(toCard(row, now));
  return result;
}

/**
 * /m/{identificador}/feed: the atts of the marathon's active participants posted during it, newest first, a page at
 * a time, each one as the atts' own audience rule lets the viewer see it (blocks, suspensions, private atts).
 */
export async function listMarathonFeed(viewer: Viewer | null, marathonId: string, cursor: AttCursor | null): Promise<AttPage> {
  await requireMarathonAccess(getDb(), viewer, marathonId, 'see');
  return listAtts(viewer, { kind: 'marathon', marathonId }, { cursor });
}

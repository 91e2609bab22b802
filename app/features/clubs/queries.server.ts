import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { clubMembers, clubPlans, clubSlugRedirects, clubs } from '~/db/schema';
import { markdownPlainText } from '~/lib/markdown';
import { containsEveryWord } from '~/server/name-search.server';
import { type SlugStore, findSlugRedirect } from '~/server/slugs.server';
import type { Viewer } from '~/server/viewer.server';
import { DIRECTORY_PAGE_SIZE, type MembershipStanding, canSeeClub } from './policy';
import { rememberClubAccess, standingPlanPosition } from './standing.server';
import type { ClubCard, ClubDetail, ClubDirectoryPage, MyClubs } from './types';
import type { ClubCategory } from './vocabulary';
import { storedFileUrl } from '~/integrations/storage/storage.server';

const cardColumns = {
  id: clubs.id,
  slug: clubs.slug,
  name: clubs.name,
  description: clubs.description,
  visibility: clubs.visibility,
  categories: clubs.categories,
  avatarKey: clubs.avatarKey,
  primaryColor: clubs.primaryColor,
  memberCount: clubs.memberCount,
};

type CardRow = Omit<ClubCard, 'avatarUrl' | 'categories' | 'summary'> & { avatarKey: string | null; categories: string[]; description: string };

/** Characters of a description on a club's card. */
const SUMMARY_MAX = 200;

const toCard = ({ avatarKey, categories, description, ...row }: CardRow): ClubCard => {
  const summary = markdownPlainText(description);
  return {
    ...row,
    summary: summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX).trimEnd()}…` : summary,
    categories: categories as ClubCategory[],
    avatarUrl: storedFileUrl(avatarKey),
  };
};

/** The club behind /clube/{identificador} as the viewer may see it; null when missing or private to them. */
export async function getClubBySlug(viewer: Viewer | null, slug: string): Promise<ClubDetail | null> {
  const [row] = await getDb()
    .select({
      ...cardColumns,
      welcomeText: clubs.welcomeText,
      rules: clubs.rules,
      bannerKey: clubs.bannerKey,
      accentColor: clubs.accentColor,
      memberCap: clubs.memberCap,
      membersCanPost: clubs.membersCanPost,
      createdAt: clubs.createdAt,
      // The viewer's membership rides along (one round trip for the page's club and standing).
      role: clubMembers.role,
      status: clubMembers.status,
      planPosition: standingPlanPosition,
      memberBanReason: clubMembers.banReason,
    })
    .from(clubs)
    .leftJoin(clubMembers, and(eq(clubMembers.clubId, clubs.id), eq(clubMembers.userId, viewer?.id ?? '')))
    .leftJoin(clubPlans, eq(clubPlans.id, clubMembers.planId))
    .where(eq(clubs.slug, slug));
  if (!row) return null;
  const { role, status, planPosition, memberBanReason, ...club } = row;
  const standing: MembershipStanding | null = role && status ? { role, status, planPosition } : null;
  rememberClubAccess(
    viewer,
    { id: club.id, slug: club.slug, name: club.name, visibility: club.visibility, membersCanPost: club.membersCanPost, memberCap: club.memberCap },
    standing,
  );
  if (!canSeeClub(club, standing)) return null;
  const banReason = status === 'banned' ? memberBanReason : null;
  const { bannerKey, welcomeText, rules, accentColor, memberCap, membersCanPost, createdAt, ...card } = club;
  return {
    ...toCard(card),
    description: card.description,
    welcomeText,
    rules,
    bannerUrl: storedFileUrl(bannerKey),
    accentColor,
    memberCap,
    membersCanPost,
    createdAt: createdAt.toISOString(),
    standing,
    banReason,
  };
}

/** Clubs' identificadores: the current one on `clubs`, the old ones redirecting (PRODUCT.md §1.1). */
export const CLUB_SLUGS: SlugStore = {
  kind: 'club',
  owners: clubs,
  ownerId: clubs.id,
  ownerSlug: clubs.slug,
  redirects: clubSlugRedirects,
  redirectSlug: clubSlugRedirects.slug,
  redirectOwnerId: clubSlugRedirects.clubId,
};

/** Where an old identificador moved to (308), or null. */
export const findClubRedirect = (slug: string) => findSlugRedirect(CLUB_SLUGS, slug);

/**
 * /clubes: open and moderated clubs (never private ones), searched by name without accents or case, in a
 * category, by members or by latest activity.
 */
export async function listClubDirectory(options: {
  q: string;
  ordem: 'membros' | 'atividade';
  categoria?: ClubCategory;
  pagina: number;
}): Promise<ClubDirectoryPage> {
  const where = and(
    ne(clubs.visibility, 'privado'),
    options.categoria ? sql`${clubs.categories} @> ARRAY[${options.categoria}]::text[]` : undefined,
    ...containsEveryWord(clubs.name, options.q),
  );
  const order = options.ordem === 'atividade' ? [desc(clubs.lastActivityAt), asc(clubs.id)] : [desc(clubs.memberCount), asc(clubs.id)];
  const [rows, [total]] = await Promise.all([
    getDb()
      .select(cardColumns)
      .from(clubs)
      .where(where)
      .orderBy(...order)
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((options.pagina - 1) * DIRECTORY_PAGE_SIZE),
    getDb().select({ n: count() }).from(clubs).where(where),
  ]);
  return { clubs: rows.map(toCard), total: total?.n ?? 0, page: options.pagina, pageSize: DIRECTORY_PAGE_SIZE };
}

/**
 * /u/{username}/clubes: the clubs a reader is an active member of and shows on their profile; a private club
 * only to a viewer who is in it too (to anyone else it does not exist).
 */
export async function listReaderClubs(viewer: Viewer | null, userId: string): Promise<ClubCard[]> {
  const rows = await getDb()
    .select(cardColumns)
    .from(clubMembers)
    .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
    .where(
      and(
        eq(clubMembers.userId, userId),
        eq(clubMembers.status, 'active'),
        eq(clubMembers.showOnProfile, true),
        viewer
          ? sql`(${clubs.visibility} <> 'privado' OR EXISTS (SELECT 1 FROM club_members vm WHERE vm.club_id = ${clubs.id} AND vm.user_id = ${viewer.id} AND vm.status IN ('active', 'invited')))`
          : ne(clubs.visibility, 'privado'),
      ),
    )
    .orderBy(desc(clubs.memberCount), asc(clubs.id))
    .limit(100);
  return rows.map(toCard);
}

/** The header search's clubs: open and moderated ones whose name has every word typed, the largest first. */
export const CLUB_SUGGESTIONS_MAX = 3;
export async function suggestClubs(q: string): Promise<ClubCard[]> {
  if (q.trim().length < 2) return [];
  return (await listClubDirectory({ q, ordem: 'membros', pagina: 1 })).clubs.slice(0, CLUB_SUGGESTIONS_MAX);
}

/** /clube: the viewer's clubs, the invitations waiting for them and the requests they sent. */
export async function listMyClubs(viewer: Viewer): Promise<MyClubs> {
  const rows = await getDb()
    .select({ ...cardColumns, role: clubMembers.role, status: clubMembers.status })
    .from(clubMembers)
    .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
    .where(and(eq(clubMembers.userId, viewer.id), inArray(clubMembers.status, ['active', 'invited', 'pending'])))
    .orderBy(desc(clubs.lastActivityAt), asc(clubs.id));
  const mine: MyClubs = { active: [], invitations: [], requests: [] };
  for (const { role, status, ...card } of rows) {
    if (status === 'active') mine.active.push({ ...toCard(card), role });
    else if (status === 'invited') mine.invitations.push(toCard(card));
    else mine.requests.push(toCard(card));
  }
  return mine;
}
